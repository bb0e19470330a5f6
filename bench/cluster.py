"""The federation's site on this machine: two instances behind nginx, on PostgreSQL through
PgBouncer (transaction mode) and a shared Redis (federation.md "More than one machine";
README "Betrieb für einen Verband").

Builds the DEM-size tournament of bench/load.py in the database ``loadbench``, starts two
gunicorn instances (each its own cache folder, both ``DJANGO_CACHE_URL``), nginx in front
(``deploy/nginx/doko-liste.conf``'s shape, plain HTTP on loopback, ``DJANGO_PROXY_COUNT=1``),
and through the proxy runs bench/load.py's phases — floor, quiet, live ×R — with its 300
phones and 42 writing tables, plus **1,000 anonymous followers**: strangers who open a public
page (standings, round board, a player's page, the projector) afresh every 30 s, as people
following the event from home do. Then checks that the login lockout and the table-code
throttle hold across the instances.

Prints per phase and kind p50/p95/p99 (ms) and, as one JSON object on the last line, every
figure and the goals at 10x: 0 errors, entry p95 < 150 ms, public page p95 < 300 ms,
save-to-page p95 < 5 s, server CPU per request (both instances) ≤ 2x the floor's, lockout and
throttle holding. Needs root once to install Debian's nginx and pgbouncer (as .ci/run does
for pgbouncer); not part of make test.

Usage: python bench/cluster.py [--seconds 20] [--rates 10] [--followers 1000] [--out F.json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import load  # noqa: E402  # bench/load.py: its phones, writers, phases and figures

PROXY_PORT = 8160
INSTANCE_PORTS = (8161, 8162)
POOLER_PORT = 6433
FOLLOW_EVERY_S = 30.0
REDIS = "redis://127.0.0.1:6379/3"

NGINX = """
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/nginx-error.log warn;
user root;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    upstream doko_instances {{
        server 127.0.0.1:{a};
        server 127.0.0.1:{b};
        keepalive 32;
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://doko_instances;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_next_upstream error timeout;
        }}
    }}
}}
"""


def _need(binary: str, package: str) -> str:
    found = shutil.which(binary) or (
        f"/usr/sbin/{binary}" if Path(f"/usr/sbin/{binary}").exists() else ""
    )
    if found:
        return found
    if os.geteuid() != 0:
        sys.exit(f"{binary} missing: sudo apt-get install {package}")
    subprocess.run(["apt-get", "install", "-y", "-qq", package], check=True,
                   env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})  # fmt: skip
    return shutil.which(binary) or f"/usr/sbin/{binary}"


async def _follower(
    host: str, port: int, path: str, due: float, stop: float, stats: load.Stats
) -> None:
    """A stranger opening a public page afresh (no cookie, no ETag) every 30 s."""
    while due < stop:
        await asyncio.sleep(max(0.0, due - time.monotonic()))
        start = time.perf_counter()
        try:
            status, _ = await load._get(host, port, path, {})
        except (TimeoutError, OSError, ValueError, IndexError) as exc:
            stats.add("public", (time.perf_counter() - start) * 1000, False, repr(exc))
        else:
            stats.add("public", (time.perf_counter() - start) * 1000, status == 200, str(status))
            stats.count(f"public_{status}")
        due += FOLLOW_EVERY_S


def _followers(base: str, paths: list[str], stop: float, stats: load.Stats) -> None:
    host, port = base.removeprefix("http://").split(":")
    rng = random.Random(7)

    async def run() -> None:
        now = time.monotonic()
        await asyncio.gather(
            *(_follower(host, int(port), p, now + rng.uniform(0, FOLLOW_EVERY_S), stop, stats)
              for p in paths)
        )  # fmt: skip

    asyncio.run(run())


def _public_paths(setup: dict[str, Any], count: int) -> list[str]:
    t = setup["tournament"]
    kinds = [
        f"/turniere/{t}/wertung/",
        f"/turniere/{t}/wertung/?vorlaeufig=1",
        f"/turniere/{t}/runde/{setup['round']}/",
        f"/turniere/{t}/beamer/",
    ]
    people = [f"/turniere/{t}/spieler/{p}/" for p in setup["participants"]]
    return [(kinds[n % 4] if n % 2 else people[n % len(people)]) for n in range(count)]


def _phase_with_followers(
    base: str, setup: dict[str, Any], phones: list[load.Phone], paths: list[str], rate: float,
    seconds: float, server: int, *, floor: bool = False, name: str = "",
) -> dict[str, Any]:  # fmt: skip
    """bench/load.py's phase with the followers reading beside it (their own figures)."""
    stats = load.Stats()
    stop = time.monotonic() + seconds
    thread = threading.Thread(target=_followers, args=(base, paths, stop, stats), daemon=True)
    if paths:
        thread.start()
    out = load._phase(base, setup, phones, rate, seconds, server, floor=floor, name=name)
    if paths:
        thread.join(timeout=90)
        followed = stats.summary(seconds)
        out["public"] = followed.get("public", {"n": 0, "errors": 0, "p50": 0, "p95": 0})
        out["all"]["errors"] += out["public"].get("errors", 0)
        out["public_statuses"] = followed["statuses"]
        # The server's CPU in the phase served the followers too: per request means per
        # request of the phones, the tables and the followers together.
        requests = out["all"]["n"] + out["public"]["n"]
        out["requests"] = requests
        out["cpu_ms_per_request"] = round(out["server_cpu_s"] * 1000 / requests, 3)
    return out


_KINDS = (
    ("entry", re.compile(r"^/api/v1/listen/\d+/spiele/")),
    ("floor", re.compile(r"^/live/ping/")),
    ("list", re.compile(r"^/listen/\d+/")),
    ("standings", re.compile(r"^/turniere/\d+/wertung/")),
    ("board", re.compile(r"^/turniere/\d+/runde/")),
    ("player", re.compile(r"^/turniere/\d+/spieler/")),
    ("projector", re.compile(r"^/turniere/\d+/beamer/")),
)


def _by_kind(folder: Path, began: float, ended: float) -> dict[str, dict[str, float]]:
    """The server CPU (ms, in Django and the worker's request handling) per kind of request
    and status within one phase, from bench/gunicorn_cpu.py's lines."""
    out: dict[str, dict[str, float]] = {}
    for file in folder.glob("cpu-*.txt"):
        for line in file.read_text().splitlines():
            when, _method, path, status, cpu = line.split(" ")
            if not began <= float(when) <= ended:
                continue
            kind = next((k for k, rx in _KINDS if rx.match(path)), "other")
            entry = out.setdefault(f"{kind}_{status}", {"n": 0, "cpu_ms": 0.0})
            entry["n"] += 1
            entry["cpu_ms"] += float(cpu)
    for entry in out.values():
        entry["cpu_ms"] = round(entry["cpu_ms"], 1)
        entry["ms_each"] = round(entry["cpu_ms"] / entry["n"], 3)
    return dict(sorted(out.items(), key=lambda kv: -kv[1]["cpu_ms"]))


def _holds_across(base: str, setup: dict[str, Any]) -> dict[str, Any]:
    """Wrong table codes through the proxy land on both instances in turn: the limit of 10
    must hold for all of them together."""
    statuses = []
    for n in range(12):
        try:
            status, _, _ = load._request(f"{base}/t/FALSCH{n:02d}/")
        except OSError:
            status = 0
        statuses.append(status)
    try:
        last, _, _ = load._request(f"{base}/t/NOCHEINER/")
    except OSError:
        last = 0
    return {"code_statuses": statuses, "code_throttle_holds": last == 429}


def run(args: argparse.Namespace) -> dict[str, Any]:
    nginx = _need("nginx", "nginx-light")
    subprocess.run([str(ROOT / "deploy/pgbouncer/local.sh"), "start", str(POOLER_PORT)], check=True)
    if not load._pg_reset():
        sys.exit("PostgreSQL does not answer on 127.0.0.1:5432")
    workdir = Path(tempfile.mkdtemp(prefix="clusterbench-"))
    base_env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")},
        "PYTHONPATH": str(ROOT),
        "DJANGO_CACHE_URL": REDIS,
        "DJANGO_CACHE_PREFIX": f"cluster-{uuid.uuid4().hex[:8]}",
    }
    built = subprocess.run(
        [sys.executable, str(ROOT / "bench/load.py"), "--setup"],
        env={**base_env, "DATABASE_URL": load.PG_URL}, cwd=ROOT, capture_output=True, text=True,
        check=True,
    )  # fmt: skip
    setup = json.loads(built.stdout.strip().splitlines()[-1])
    for table in setup["tables"]:
        table["version"], table["games"] = 0, []
    env = {
        **base_env,
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:{POOLER_PORT}/loadbench",
        "DATABASE_POOL": "transaction",
        "DJANGO_PROXY_COUNT": "1",
    }
    gunicorn = str(Path(sys.executable).parent / "gunicorn")
    if args.by_kind:
        (workdir / "cpu").mkdir()
        env["BENCH_CPU_DIR"] = str(workdir / "cpu")
    # One parent for both instances, so that the server CPU counts both (load._server_cpu).
    script = (
        " & ".join(
            f"DJANGO_CACHE_DIR={workdir}/cache-{port} {gunicorn} league.wsgi"
            f" --workers {args.workers} --bind 127.0.0.1:{port} --timeout 30 --log-level warning"
            + (f" -c {ROOT / 'bench/gunicorn_cpu.py'}" if args.by_kind else "")
            for port in INSTANCE_PORTS
        )
        + " & wait"
    )
    servers = subprocess.Popen(
        ["sh", "-c", script], env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
        stderr=open(workdir / "gunicorn.log", "w"), start_new_session=True,  # noqa: SIM115
    )  # fmt: skip
    (workdir / "nginx.conf").write_text(
        NGINX.format(dir=workdir, a=INSTANCE_PORTS[0], b=INSTANCE_PORTS[1], port=PROXY_PORT)
    )
    proxy = subprocess.Popen(
        [nginx, "-p", str(workdir), "-c", str(workdir / "nginx.conf"), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    base = f"http://127.0.0.1:{PROXY_PORT}"
    try:
        for _ in range(150):
            try:
                status, _, _ = load._request(
                    f"{base}/api/v1/turniere/{setup['tournament']}/wertung/"
                )
                if status == 200:
                    break
            except OSError:
                pass
            time.sleep(0.2)
        phones = [load.Phone(n, setup) for n in range(load.PHONES)]
        paths = _public_paths(setup, args.followers)
        pid = servers.pid
        load._phase(base, setup, phones, 0, load.POLL_EVERY_S + 1, pid, name="open")
        windows: list[tuple[float, float]] = []

        def timed(phase: Any, *a: Any, **kw: Any) -> dict[str, Any]:
            began = time.time()
            out = phase(*a, **kw)
            windows.append((began, time.time()))
            return dict(out)

        phases = [
            timed(load._phase, base, setup, phones, 0, args.seconds, pid, floor=True,
                  name="floor"),
            timed(_phase_with_followers, base, setup, phones, paths, 0, args.seconds, pid,
                  name="quiet"),
        ]  # fmt: skip
        phases += [
            timed(_phase_with_followers, base, setup, phones, paths, rate, args.seconds, pid,
                  name=f"live x{rate:g}")
            for rate in args.rates
        ]  # fmt: skip
        across = _holds_across(base, setup)
    finally:
        os.killpg(proxy.pid, signal.SIGTERM)
        os.killpg(servers.pid, signal.SIGTERM)
        servers.wait(timeout=120)
        proxy.wait(timeout=30)
        subprocess.run([str(ROOT / "deploy/pgbouncer/local.sh"), "stop", str(POOLER_PORT)])
    log = (workdir / "gunicorn.log").read_text()[-2000:]
    if args.by_kind:
        for phase, window in zip(phases, windows, strict=True):
            phase["cpu_by_kind"] = _by_kind(workdir / "cpu", *window)
    shutil.rmtree(workdir, ignore_errors=True)
    floor, quiet, *live = phases
    floor_cpu = floor["cpu_ms_per_request"] or 1e-9
    result: dict[str, Any] = {
        "instances": len(INSTANCE_PORTS),
        "workers_per_instance": args.workers,
        "followers": args.followers,
        "phases": phases,
        "across_instances": across,
        "server_log_tail": log if "Traceback" in log or "ERROR" in log else "",
    }
    at10 = next((p for p in live if p["rate"] == 10), None)
    if at10:
        goals = {
            "errors": at10["all"]["errors"] + quiet["all"]["errors"] + floor["all"]["errors"],
            "entry_p95_ms": at10["entry"]["p95"],
            "public_p95_ms": at10.get("public", {}).get("p95", 0.0),
            "save_to_page_p95_ms": at10["save_to_page_ms"]["p95"],
            "cpu_per_request_vs_floor": round(at10["cpu_ms_per_request"] / floor_cpu, 2),
            "code_throttle_holds": across["code_throttle_holds"],
            "floor_p50_ms": floor["all"]["p50"],
        }
        goals["met"] = (
            goals["errors"] == 0
            and goals["entry_p95_ms"] < 150
            and goals["public_p95_ms"] < 300
            and goals["save_to_page_p95_ms"] < 5000
            and goals["cpu_per_request_vs_floor"] <= 2
            and goals["code_throttle_holds"]
        )
        result["goals_at_10x"] = goals
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--rates", default="10")
    parser.add_argument("--followers", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers per instance")
    parser.add_argument("--out", default="")
    parser.add_argument(
        "--by-kind", action="store_true",
        help="server CPU per kind of request and phase (bench/gunicorn_cpu.py's hooks)",
    )  # fmt: skip
    args = parser.parse_args()
    args.rates = [float(r) for r in args.rates.split(",")]
    out = run(args)
    for phase in out["phases"]:
        print(
            f"{phase['phase']}: {phase['rate_rps']} req/s, server CPU "
            f"{phase['cpu_ms_per_request']} ms/request",
            file=sys.stderr,
        )
        for kind in ("entry", "floor", "list", "standings", "board", "player", "projector",
                     "public", "all"):  # fmt: skip
            s = phase.get(kind)
            if s and s.get("n"):
                print(
                    f"  {kind:10} p50 {s['p50']:7.1f}  p95 {s['p95']:7.1f}  n={s['n']}"
                    f"  errors={s.get('errors', 0)}",
                    file=sys.stderr,
                )
        for kind, spent in phase.get("cpu_by_kind", {}).items():
            print(f"    cpu {kind:18} n={spent['n']:5} {spent['cpu_ms']:9.1f} ms"
                  f"  {spent['ms_each']:7.2f} ms each", file=sys.stderr)  # fmt: skip
        if "save_to_page_ms" in phase:
            s = phase["save_to_page_ms"]
            print(f"  save->page p50 {s['p50']:7.1f}  p95 {s['p95']:7.1f}", file=sys.stderr)
    print(f"goals at 10x: {out.get('goals_at_10x')}", file=sys.stderr)
    if args.out:
        Path(args.out).write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
