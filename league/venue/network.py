"""The laptop's addresses in the hall's network, without Django (settings import it).

Nothing here sends a packet: the "default route" probe only connects a UDP socket, which
asks the kernel for the source address it would use; ``ip``/``ifconfig`` list the rest.
"""

from __future__ import annotations

import contextlib
import ipaddress
import re
import shutil
import socket
import subprocess

LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]"]


def _usable(address: str) -> bool:
    """A private or otherwise reachable IPv4 address a phone could type (no loopback, no
    link-local 169.254.x.x, no unspecified)."""
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def _route_address() -> str | None:
    """The source address of the default route (no packet is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.254.254.254", 9))
            return str(probe.getsockname()[0])
    except OSError:
        return None


def _listed_addresses() -> list[str]:
    """Every IPv4 address of the interfaces, from ``ip -4 -o addr`` (Linux) or
    ``ifconfig`` (macOS, BSD); empty when neither is there."""
    for command in (["ip", "-4", "-o", "addr", "show"], ["ifconfig"]):
        if shutil.which(command[0]) is None:
            continue
        try:
            out = subprocess.run(
                command, capture_output=True, text=True, timeout=3, check=False
            ).stdout
        except (OSError, subprocess.SubprocessError):
            continue
        return re.findall(r"\binet (?:addr:)?(\d+\.\d+\.\d+\.\d+)", out)
    return []


def lan_addresses() -> list[str]:
    """The laptop's IPv4 addresses in its networks, the default route's first."""
    found: list[str] = []
    candidates = [_route_address(), *_listed_addresses()]
    with contextlib.suppress(OSError):
        candidates += [
            str(info[4][0])
            for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        ]
    for address in candidates:
        if address and _usable(address) and address not in found:
            found.append(address)
    return found


def hall_hosts(addresses: list[str] | None = None) -> list[str]:
    """ALLOWED_HOSTS for the hall: the LAN addresses, the machine's name (also as
    ``name.local`` for mDNS) and loopback."""
    hosts = list(lan_addresses() if addresses is None else addresses)
    name = socket.gethostname()
    if name:
        hosts += [name, f"{name}.local"]
    return [*hosts, *(h for h in LOOPBACK_HOSTS if h not in hosts)]


def hall_urls(addresses: list[str], port: int) -> list[str]:
    """The addresses a phone types: ``http://<address>[:port]/``."""
    suffix = "" if port == 80 else f":{port}"
    return [f"http://{address}{suffix}/" for address in addresses]
