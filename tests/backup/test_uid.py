"""A tournament's uid travels with it (federation.md "An event travels"): in the export,
kept by the import, a second import of the same tournament refused unless ``--replace``,
which replaces it once — its results, and its guests not made twice."""

from __future__ import annotations

import io
import json
import uuid
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from league.backup.services import BackupError, backup_export, backup_import
from league.clubs.models import Player
from league.core.models import AuditEntry
from league.lists.models import Game, Spielliste
from league.tournaments import services as ts
from league.tournaments.models import Participant, Tournament
from tests.tournaments.helpers import make_tournament, play_round

pytestmark = pytest.mark.django_db


def _played(games: int = 2) -> Tournament:
    tournament = make_tournament(8, rounds=2)
    # One of them has a DDV number: he is matched by it, the others are guests.
    Player.objects.filter(name="Spieler 000").update(ddv_number="51234")
    rnd, _ = ts.round_draw(tournament=tournament, seed=3)
    play_round(rnd, stop=games)
    return tournament


def test_a_tournament_has_a_uid_from_its_creation_and_the_export_names_it():
    first, second = _played(), make_tournament(4)
    assert isinstance(first.uid, uuid.UUID)
    assert first.uid != second.uid
    doc = backup_export(tournament_id=first.pk)
    assert doc["tournaments"][0]["uid"] == str(first.uid)


def test_the_same_tournament_again_is_refused_and_nothing_is_written():
    tournament = _played()
    doc = backup_export(tournament_id=tournament.pk)
    counts = (Tournament.objects.count(), Spielliste.objects.count(), Player.objects.count())
    with pytest.raises(BackupError) as refused:
        backup_import(doc=doc)
    assert "Testturnier" in refused.value.messages[0]
    assert "--replace" in refused.value.messages[0]
    assert (
        Tournament.objects.count(),
        Spielliste.objects.count(),
        Player.objects.count(),
    ) == counts


def test_replace_holds_it_once_with_the_later_results_and_the_same_guests(django_user_model):
    tournament = _played(games=2)
    uid = tournament.uid
    earlier = backup_export(tournament_id=tournament.pk)
    play_round(tournament.rounds.get(number=1), seed=9, stop=4)  # the venue played on
    later = backup_export(tournament_id=tournament.pk)
    players_before = set(Player.objects.values_list("pk", flat=True))

    def games() -> int:
        kept = Tournament.objects.get(uid=uid)
        return Game.objects.filter(
            spielliste__round_table__tournament_round__tournament=kept
        ).count()

    assert games() == 2 * 4  # two tables, four games each
    pk = tournament.pk
    tournament.organisers.add(django_user_model.objects.create_user("orga"))
    history = AuditEntry.objects.filter(target="tournaments.tournament", target_id=pk).count()
    summary = backup_import(doc=earlier, replace=True)
    assert summary.tournaments_replaced == 1
    assert any("ersetzt" in line for line in summary.lines())
    assert games() == 2 * 2
    backup_import(doc=later, replace=True)
    assert games() == 2 * 4
    assert Tournament.objects.filter(name="Testturnier").count() == 1
    # Nobody was made twice: the DDV player by his number, the guests by their names.
    assert set(Player.objects.values_list("pk", flat=True)) == players_before
    assert Participant.objects.filter(tournament__uid=uid).count() == 8
    # Its key, organisers and history here stay: the address does not change.
    kept = Tournament.objects.get(uid=uid)
    assert kept.pk == pk
    assert list(kept.organisers.values_list("username", flat=True)) == ["orga"]
    assert (
        AuditEntry.objects.filter(target="tournaments.tournament", target_id=pk).count() > history
    )


def test_an_export_without_uid_gets_one_and_a_bad_uid_is_refused():
    tournament = _played()
    doc = backup_export(tournament_id=tournament.pk)
    del doc["tournaments"][0]["uid"]
    backup_import(doc=doc)  # no uid: a tournament of its own
    assert Tournament.objects.count() == 2
    assert len(set(Tournament.objects.values_list("uid", flat=True))) == 2
    doc["tournaments"][0]["uid"] = "keine-uuid"
    with pytest.raises(BackupError) as refused:
        backup_import(doc=doc)
    assert "keine-uuid" in refused.value.messages[0]
    assert Tournament.objects.count() == 2


def test_the_import_command_offers_and_takes_replace(tmp_path: Path):
    tournament = _played()
    path = tmp_path / "turnier.json"
    path.write_text(json.dumps(backup_export(tournament_id=tournament.pk)))
    err = io.StringIO()
    with pytest.raises(CommandError) as refused:
        call_command("import", str(path), stderr=err)
    assert refused.value.returncode == 1
    assert "--replace" in err.getvalue()
    out = io.StringIO()
    call_command("import", str(path), "--replace", stdout=out)
    assert "1 Turnier(e) ersetzt." in out.getvalue()
    assert Tournament.objects.filter(uid=tournament.uid).count() == 1
