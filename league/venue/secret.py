"""The venue's secret key: made once, kept in a file outside the repository (mode 0600).

Without Django (settings read it). Two processes starting at the same moment both end up
with the same key: the file is created exclusively and the loser reads the winner's.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path


def default_secret_path() -> Path:
    """``$XDG_CONFIG_HOME/doko-liste/secret_key`` (``~/.config/…`` by default)."""
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(Path.home(), ".config")
    return Path(base) / "doko-liste" / "secret_key"


def secret_key_from_file(path: Path) -> str:
    """The key in ``path``; a new random one written there (0600) when it does not exist."""
    try:
        key = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        key = ""
    if key:
        return key
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    key = secrets.token_urlsafe(50)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text(encoding="ascii").strip()
    with os.fdopen(fd, "w", encoding="ascii") as out:
        out.write(key + "\n")
    return key
