"""An export of one tournament or league: the object asked for must exist (ScopeNotFound,
which the command turns into its refusal); an export of everything holds every one."""

from __future__ import annotations

import datetime as dt

import pytest

from league.backup.services import ScopeNotFound, backup_export
from league.leagues.models import League
from league.tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("arg", "kind"), [("tournament_id", "tournament"), ("league_id", "league")]
)
def test_an_export_of_a_missing_object_is_refused(arg, kind):
    with pytest.raises(ScopeNotFound) as missing:
        backup_export(**{arg: 999999})
    assert (missing.value.kind, missing.value.pk) == (kind, 999999)


def test_everything_and_one_hold_what_they_should():
    first = Tournament.objects.create(name="Eins", date=dt.date(2026, 5, 1))
    second = Tournament.objects.create(name="Zwei", date=dt.date(2026, 5, 2))
    league = League.objects.create(name="Liga", season=2026)
    everything = backup_export()
    assert sorted(t["id"] for t in everything["tournaments"]) == [first.pk, second.pk]
    assert [lg["id"] for lg in everything["leagues"]] == [league.pk]
    one = backup_export(tournament_id=second.pk)
    assert [t["id"] for t in one["tournaments"]] == [second.pk]
    assert one["leagues"] == []
