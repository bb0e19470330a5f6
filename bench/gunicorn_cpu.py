"""Gunicorn server hooks for bench/cluster.py ``--by-kind``: each request's CPU time in its
worker (user + system of the thread that served it: gunicorn's sync workers serve one
request at a time) as a line ``<unix time> <method> <path> <status> <cpu ms>`` in a file
per worker under ``$BENCH_CPU_DIR``, so the bench can say which pages the server's CPU went
to in each phase. Only the bench loads it (``gunicorn -c bench/gunicorn_cpu.py``)."""

from __future__ import annotations

import os
import time
from typing import Any

_started: dict[int, float] = {}
_files: dict[int, Any] = {}


def pre_request(worker: Any, req: Any) -> None:
    _started[worker.pid] = time.thread_time()


def post_request(worker: Any, req: Any, environ: dict[str, Any], resp: Any) -> None:
    began = _started.pop(worker.pid, None)
    if began is None:
        return
    cpu_ms = (time.thread_time() - began) * 1000
    out = _files.get(worker.pid)
    if out is None:
        folder = os.environ["BENCH_CPU_DIR"]
        out = _files[worker.pid] = open(  # noqa: SIM115  # kept open for the worker's life
            os.path.join(folder, f"cpu-{worker.pid}.txt"), "a", buffering=1 << 16
        )
    status = str(getattr(resp, "status", "") or "").split(" ", 1)[0]
    out.write(f"{time.time():.3f} {req.method} {req.path} {status} {cpu_ms:.3f}\n")


def worker_exit(server: Any, worker: Any) -> None:
    out = _files.pop(worker.pid, None)
    if out is not None:
        out.close()
