"""Fully offline (issue 11): the one request the API docs still made to the internet.

drf-spectacular-sidecar ships Redoc locally, but Redoc's bundle shows its vendor's logo
from ``cdn.redoc.ly`` (the CSP refused it, yet the page asked). ``OfflineRedocFinder``, a
static files finder listed before Django's own, provides the bundle under the sidecar's
own path with that address replaced by an empty inline image (``img-src`` allows
``data:``): ``collectstatic`` collects it instead of the original (whitenoise serves it,
hashed and compressed) and the development server finds it first. The patched copy is
written once per sidecar version into the temp folder.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, Literal, overload

import drf_spectacular_sidecar
from django.contrib.staticfiles.finders import BaseFinder
from django.contrib.staticfiles.utils import matches_patterns
from django.core.files.storage import FileSystemStorage

BUNDLE_PATH = "drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js"
SOURCE = Path(drf_spectacular_sidecar.__file__).parent / "static" / BUNDLE_PATH
LOGO = b"https://cdn.redoc.ly/redoc/logo-mini.svg"
EMPTY_IMAGE = b"data:image/svg+xml,%3Csvg%20xmlns=%27http://www.w3.org/2000/svg%27/%3E"


def offline_root() -> Path:
    """The folder holding the patched bundle (made on first use)."""
    stat = SOURCE.stat()
    root = Path(tempfile.gettempdir()) / f"doko-liste-offline-{stat.st_size}-{int(stat.st_mtime)}"
    target = root / BUNDLE_PATH
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        temp = target.with_suffix(f".{os.getpid()}.tmp")
        temp.write_bytes(SOURCE.read_bytes().replace(LOGO, EMPTY_IMAGE))
        os.replace(temp, target)
    return root


class OfflineRedocFinder(BaseFinder):
    def check(self, **kwargs: Any) -> list[Any]:
        return []

    @overload
    def find(self, path: str, find_all: Literal[False] = False) -> str | None: ...
    @overload
    def find(self, path: str, find_all: Literal[True]) -> list[str]: ...
    def find(self, path: str, find_all: bool = False, **kwargs: Any) -> Any:  # [] for "none"
        every = find_all or bool(kwargs.get("all"))
        if path != BUNDLE_PATH:
            # [] as Django's own finders answer: a None would count as a match in
            # ``finders.find`` (it collects every finder's answer into one list).
            return []
        found = str(offline_root() / BUNDLE_PATH)
        return [found] if every else found

    def list(
        self, ignore_patterns: Iterable[str] | None
    ) -> Iterator[tuple[str, FileSystemStorage]]:
        if not matches_patterns(BUNDLE_PATH, list(ignore_patterns or [])):
            yield BUNDLE_PATH, FileSystemStorage(location=str(offline_root()))
