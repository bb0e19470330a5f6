"""An export written by main 2df3d1c (before backup was cut into sections) imports
unchanged: the same standings, league table, lists, season tables and counts as that
version's own import gave (``fixtures/build_old_export.py`` made both files), and today's
export of the imported data is the same document again, but for its new ids."""

from __future__ import annotations

import gzip
import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from league.backup.services import backup_export
from tests.backup.figures import figures

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).parent / "fixtures"
NAME = "demo-2df3d1c"

# Keys whose values are ids (references inside one document): they differ after an import.
_IDS = {"id", "club", "player", "list", "team", "teams", "roster", "players", "tournament"}


# Keys added since 2df3d1c (issue 21: the Rangliste's approval, the participants' PINs and
# desk records; a tournament's uid, made on import for an old document): today's export
# carries them; the old document has none.
_ADDED = {
    "rating_approved_at",
    "rating_note",
    "pin",
    "created_here",
    "uid",
    "published_at",
    "published_digest",
    # issue 36: a participant's personal link and check-in
    "link",
    "checked_in_at",
}


def _without_added(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_added(v) for k, v in value.items() if k not in _ADDED}
    if isinstance(value, list):
        return [_without_added(v) for v in value]
    return value


def _old_doc() -> dict[str, Any]:
    with gzip.open(FIXTURES / f"{NAME}.json.gz", "rt", encoding="utf-8") as source:
        doc: dict[str, Any] = json.load(source)
    return doc


def _without_ids(value: Any) -> Any:
    """``value`` with every id blanked and without the import's own history entries."""
    if isinstance(value, dict):
        out = {k: (None if k in _IDS else _without_ids(v)) for k, v in value.items()}
        if isinstance(out.get("history"), list):
            out["history"] = [e for e in out["history"] if e.get("role_label") != "Import"]
        return out
    if isinstance(value, list):
        return [_without_ids(v) for v in value]
    return value


# Keys the format gained since 2df3d1c, with the value an old document's row gets: today's
# export writes them, an old document has none (the league season's dates and places).
_GAINED: dict[str, dict[str, Any]] = {
    "leagues": {"double_entry": False, "lineup_deadline_hours": None},
    "spieltage": {
        "date": None,
        "start_time": None,
        "venue": "",
        "host": None,
        "sequence": 0,
        "reports": [],
        "decision": None,
        "availability": [],
        "moves": [],
    },
}


def _without_gained(value: Any, key: str = "") -> Any:
    """``value`` without the gained keys where they hold what an old row gets."""
    if isinstance(value, dict):
        return {
            k: _without_gained(v, k)
            for k, v in value.items()
            if not (k in _GAINED.get(key, {}) and _GAINED[key][k] == v)
        }
    if isinstance(value, list):
        return [_without_gained(v, key) for v in value]
    return value


def test_an_export_of_main_2df3d1c_imports_to_the_same_figures(tmp_path):
    old = _old_doc()
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    out = StringIO()
    call_command("import", str(path), stdout=out, stderr=StringIO())
    assert "Spiellisten: 551, Turniere: 14, Ligen: 1, Protokolleinträge: 2994" in out.getvalue()
    with gzip.open(FIXTURES / f"{NAME}.figures.json.gz", "rt", encoding="utf-8") as source:
        expected = json.load(source)
    got = figures()
    assert got["counts"] == expected["counts"]
    assert got["standings"] == expected["standings"]
    assert got["leagues"] == expected["leagues"]
    assert got["seasons"] == expected["seasons"]
    assert got["lists"] == expected["lists"]

    # Today's export of what was imported is the old document again (new ids aside).
    new = _without_gained(backup_export())
    for doc in (old, new):
        doc.pop("exported_at")
    assert new.keys() == old.keys()
    for key in old:
        assert _without_ids(_without_added(new[key])) == _without_ids(old[key]), key
