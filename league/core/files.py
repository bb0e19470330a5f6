"""Files written whole or not at all, and the temporary files of writers that died.

A writer writes ``.<name>-<pid>-<random>.tmp`` beside its target and renames it into place
(``os.replace``, atomic on one file system). Killed mid-write (``kill -9``, a power cut) it
leaves only that temporary file, never a half target; ``temps_clean`` removes such files
once their writer process is gone, or once older than any write could take.
"""

from __future__ import annotations

import datetime as dt
import os
import tempfile
from pathlib import Path

STALE_S = 3600  # a temporary file this old belongs to no writer still running


def temp_prefix(stem: str) -> str:
    """The temporary files' prefix for targets named after ``stem``, with this process's id."""
    return f"{stem}{os.getpid()}-"


def write_atomically(target: Path, text: str, *, stem: str = "") -> None:
    """Write ``target`` (UTF-8) whole or not at all; ``stem`` starts the temporary file's
    name (default ``.<target name>-``)."""
    stem = stem or f".{target.name}-"
    temps_clean(directory=target.parent, stem=stem)
    fd, temp = tempfile.mkstemp(prefix=temp_prefix(stem), suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _writer_gone(temp: Path, stem: str) -> bool:
    """Whether the temporary file names a writer process that no longer runs."""
    pid_text = temp.name.removeprefix(stem).split("-", 1)[0]
    if not pid_text.isdigit() or int(pid_text) == os.getpid():
        return False
    try:
        os.kill(int(pid_text), 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OverflowError, OSError):  # another user's process, or no pid
        return False
    return False


def temps_clean(
    *, directory: Path, stem: str, now: dt.datetime | None = None, stale_s: int = STALE_S
) -> list[Path]:
    """Delete ``<stem>*.tmp`` in ``directory`` whose writer is gone, or older than
    ``stale_s`` (a writer at work now has a fresh one). Returns them."""
    stale = (now or dt.datetime.now(dt.UTC)).timestamp() - stale_s
    removed = []
    for temp in sorted(directory.glob(f"{stem}*.tmp")):
        try:
            if _writer_gone(temp, stem) or temp.stat().st_mtime < stale:
                temp.unlink(missing_ok=True)
                removed.append(temp)
        except FileNotFoundError:  # finished meanwhile
            continue
    return removed
