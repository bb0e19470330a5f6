"""Writing the open-data export (docs/open-data.md) and finding the latest one.

- **Decision** (a reader never sees a half export): each export is its own folder
  ``<DIR>/<stamp>/`` (``20261128T033000Z``, UTC), written whole as ``.<stamp>-<pid>.tmp``
  beside it and renamed into place (``os.replace``: atomic on one file system);
  ``manifest.json`` and the zip of all are written last, so a folder without a manifest is
  no export. The newest folder with a manifest is the latest export; the older ones are
  removed after a new one is in place, all but ``KEEP`` (a download that began on the
  previous one finishes). Temporary folders of writers that died are removed once stale.
- **Decision** (licence): the data are published under Creative Commons Attribution 4.0
  (CC BY 4.0): anyone may use them with the source named — what the DDV's results are
  for; no share-alike, so a club's website or a federation's tool may mix them freely.
"""

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import json
import os
import re
import shutil
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings

from league.core.errors import ServiceError
from league.opendata.selectors import FILES, Named

FORMAT = "doko-liste-open-data"
VERSION = 1
LICENCE = "CC BY 4.0"
LICENCE_URL = "https://creativecommons.org/licenses/by/4.0/"
LICENCE_LINE = (
    "Creative Commons Attribution 4.0 International (CC BY 4.0): "
    "Quelle nennen / attribute the source"
)
MANIFEST = "manifest.json"
ZIP = "open-data.zip"
STAMP = "%Y%m%dT%H%M%SZ"
STAMP_RE = re.compile(r"^\d{8}T\d{6}Z$")
KEEP = 2
STALE_S = 6 * 3600  # a temporary export this old belongs to no writer still running


@dataclass(frozen=True)
class FileEntry:
    name: str
    columns: tuple[str, ...]
    rows: int
    bytes: int
    sha256: str


@dataclass(frozen=True)
class Export:
    path: Path
    stamp: str
    created: dt.datetime
    licence: str
    licence_url: str
    version: int
    files: tuple[FileEntry, ...]
    zip_bytes: int


def open_data_dir() -> Path:
    return Path(settings.OPEN_DATA_DIR)


def _digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def _write_files(folder: Path) -> list[FileEntry]:
    named = Named()
    entries = []
    for data in FILES:
        path = folder / data.name
        count = 0
        with path.open("w", encoding="utf-8", newline="") as out:
            writer = csv.writer(out)
            writer.writerow(data.columns)
            for row in data.rows(named):
                writer.writerow(row)
                count += 1
        entries.append(
            FileEntry(data.name, data.columns, count, path.stat().st_size, _digest(path))
        )
    return entries


def _manifest(created: dt.datetime, entries: list[FileEntry]) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "created": created.isoformat().replace("+00:00", "Z"),
        "site": settings.SITE_URL,
        "licence": LICENCE,
        "licence_url": LICENCE_URL,
        "licence_line": LICENCE_LINE,
        "documentation": "docs/open-data.md",
        "files": [
            {
                "name": e.name,
                "columns": list(e.columns),
                "rows": e.rows,
                "bytes": e.bytes,
                "sha256": e.sha256,
            }
            for e in entries
        ],
    }


def _prepare(directory: Path) -> None:
    """The export folder, made if missing; a folder that cannot be made or written is
    refused (``opendata_dir_bad``)."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise ServiceError(
            "opendata_dir_bad", {"dir": str(directory), "error": err.strerror or str(err)}
        ) from None
    if not directory.is_dir() or not os.access(directory, os.W_OK | os.X_OK):
        raise ServiceError("opendata_dir_bad", {"dir": str(directory), "error": "—"})


def open_data_write(*, directory: Path, now: dt.datetime | None = None) -> Export:
    """One export into ``directory`` (see the module): returns it. Reads the database
    only; refuses a folder it cannot write (``ServiceError``)."""
    _prepare(directory)
    created = (now or dt.datetime.now(dt.UTC)).astimezone(dt.UTC).replace(microsecond=0)
    stamp = created.strftime(STAMP)
    stem = f".{stamp}-"
    temps_clean_folders(directory)
    temp = directory / f"{stem}{os.getpid()}.tmp"
    try:
        temp.mkdir()
        entries = _write_files(temp)
        manifest = _manifest(created, entries)
        (temp / MANIFEST).write_text(
            json.dumps(manifest, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )
        with zipfile.ZipFile(temp / ZIP, "w", zipfile.ZIP_DEFLATED) as bundle:
            for name in [MANIFEST, *(e.name for e in entries)]:
                bundle.write(temp / name, arcname=name)
        for path in temp.iterdir():
            with path.open("rb") as f:
                os.fsync(f.fileno())
        target = directory / stamp
        if target.exists():  # a second export within the same second: the newer wins
            shutil.rmtree(target)
        os.replace(temp, target)
    except OSError as err:
        shutil.rmtree(temp, ignore_errors=True)
        raise ServiceError(
            "opendata_dir_bad", {"dir": str(directory), "error": err.strerror or str(err)}
        ) from None
    except BaseException:
        shutil.rmtree(temp, ignore_errors=True)
        raise
    exports_prune(directory)
    found = export_read(target)
    if found is None:  # removed at once by another writer's prune: ours was older
        raise ServiceError("opendata_dir_bad", {"dir": str(directory), "error": "—"})
    return found


def temps_clean_folders(directory: Path) -> None:
    """Remove temporary exports whose writer is gone or that are stale (``core.files``'
    rule, for folders)."""
    now = dt.datetime.now(dt.UTC).timestamp()
    for temp in directory.glob(".*.tmp"):
        try:
            stale = temp.stat().st_mtime < now - STALE_S
        except FileNotFoundError:
            continue
        pid = temp.name.rsplit("-", 1)[-1].removesuffix(".tmp")
        gone = pid.isdigit() and int(pid) != os.getpid() and not _running(int(pid))
        if temp.is_dir() and (stale or gone):
            shutil.rmtree(temp, ignore_errors=True)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True


def exports_list(directory: Path) -> list[Path]:
    """The finished exports in ``directory``, newest first."""
    try:
        entries = list(directory.iterdir())
    except OSError:
        return []
    found = [p for p in entries if STAMP_RE.match(p.name) and (p / MANIFEST).is_file()]
    return sorted(found, key=lambda p: p.name, reverse=True)


def exports_prune(directory: Path) -> list[Path]:
    """Remove all but the ``KEEP`` newest exports; returns them."""
    removed = exports_list(directory)[KEEP:]
    for path in removed:
        shutil.rmtree(path, ignore_errors=True)
    return removed


def export_read(path: Path) -> Export | None:
    """The export in ``path`` as its manifest says (None: not a readable export)."""
    try:
        manifest = json.loads((path / MANIFEST).read_text(encoding="utf-8"))
        files = tuple(
            FileEntry(
                str(f["name"]),
                tuple(str(c) for c in f["columns"]),
                int(f["rows"]),
                int(f["bytes"]),
                str(f["sha256"]),
            )
            for f in manifest["files"]
        )
        created = dt.datetime.fromisoformat(str(manifest["created"]).replace("Z", "+00:00"))
        zip_bytes = (path / ZIP).stat().st_size
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return Export(
        path=path,
        stamp=path.name,
        created=created,
        licence=str(manifest.get("licence", "")),
        licence_url=str(manifest.get("licence_url", "")),
        version=int(manifest.get("version", 0)),
        files=files,
        zip_bytes=zip_bytes,
    )


def export_latest(directory: Path | None = None) -> Export | None:
    """The newest finished export (None: none yet)."""
    for path in exports_list(directory or open_data_dir()):
        found = export_read(path)
        if found is not None:
            return found
    return None
