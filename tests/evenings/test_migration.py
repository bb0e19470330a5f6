"""The move of club evenings from ``clubs`` to ``evenings`` changes no table: a database
with evenings in it migrates back and forward again with every row, and the audit log's
target names and the content types follow the models."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from league.clubs.models import Club, Player
from league.core.audit import audit_record
from league.core.models import AuditEntry
from league.evenings import services
from league.evenings.models import ClubEvening, EveningTable, SeasonSettings

BEFORE = [("clubs", "0008_club_seasons"), ("evenings", None)]


def _latest(executor: MigrationExecutor) -> list[tuple[str, str]]:
    return executor.loader.graph.leaf_nodes()


@pytest.mark.django_db(transaction=True)
def test_a_database_with_evenings_migrates_back_and_forward():
    club = Club.objects.create(name="Herz-Dame")
    names = ["Anna", "Bernd", "Carla", "Dieter"]
    for name in names:
        Player.objects.create(name=name, club=club)
    evening = services.club_evening_create(club=club, date=dt.date(2026, 3, 12), tables=[names])
    services.season_settings_update(club=club, mode="schnitt_spiel", minimum=10)
    audit_record(user=None, action="note", target=evening)
    liste_id = evening.tables.get().spielliste_id

    executor = MigrationExecutor(connection)
    try:
        executor.migrate(BEFORE)
        # Before the move: the same rows, read through clubs' models of that state.
        old = (
            MigrationExecutor(connection)
            .loader.project_state(
                [n for n in _latest(executor) if n[0] not in ("clubs", "evenings")] + BEFORE[:1]
            )
            .apps
        )
        assert old.get_model("clubs", "ClubEvening").objects.get().date == dt.date(2026, 3, 12)
        assert old.get_model("clubs", "EveningTable").objects.get().spielliste_id == liste_id
        assert old.get_model("clubs", "SeasonSettings").objects.get().mode == "schnitt_spiel"
        assert AuditEntry.objects.filter(target="clubs.clubevening").count() == 2
        assert not AuditEntry.objects.filter(target="evenings.clubevening").exists()
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(_latest(executor))

    # After it: every row through the evenings app, the log under the new name.
    assert ClubEvening.objects.get().pk == evening.pk
    assert EveningTable.objects.get().spielliste_id == liste_id
    assert SeasonSettings.objects.get().minimum == 10
    assert AuditEntry.objects.filter(target="evenings.clubevening").count() == 2
    assert not AuditEntry.objects.filter(target="clubs.clubevening").exists()
    assert ContentType.objects.get_for_model(ClubEvening).app_label == "evenings"
    assert not ContentType.objects.filter(app_label="clubs", model="clubevening").exists()
