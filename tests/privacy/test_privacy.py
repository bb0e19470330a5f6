"""DSGVO: one person's data exported; forgetting him pseudonymises without breaking lists."""

from __future__ import annotations

import datetime as dt
import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from league.clubs.models import Club, Player, PlayerClaim
from league.core.models import AuditEntry
from league.evenings.services import club_evening_create
from league.lists import services
from league.lists.selectors import spielliste_snapshot
from league.tournaments.selectors import standings
from tests.leagues.helpers import make_league
from tests.site_helpers import normal
from tests.tournaments.helpers import make_tournament, play_round


@pytest.mark.django_db
def test_export_lists_everything_about_one_player(liste, players):
    services.game_record(spielliste=liste, record=normal())
    out = io.StringIO()
    call_command("player_export", str(players[0].pk), stdout=out)
    data = json.loads(out.getvalue())
    assert data["player"]["name"] == "Anna"
    (entry,) = data["lists"]
    assert (entry["seat"], entry["name_at_table"], entry["total"]) == (1, "Anna", 1)
    with pytest.raises(CommandError):
        call_command("player_export", "999999")


@pytest.mark.django_db
def test_forget_pseudonymises_everywhere_and_keeps_every_result(client, liste, players):
    services.game_record(spielliste=liste, record=normal())
    before = spielliste_snapshot(pk=liste.pk).state.totals
    with pytest.raises(CommandError):
        call_command("player_forget", str(players[0].pk))  # asks for --yes
    call_command("player_forget", str(players[0].pk), "--yes", stdout=io.StringIO())
    pseudonym = f"Gelöscht {players[0].pk}"
    state = spielliste_snapshot(pk=liste.pk).state
    assert list(state.totals.values()) == list(before.values())
    assert pseudonym in state.totals
    page = client.get(reverse("liste-detail", args=[liste.pk])).content.decode()
    history = client.get(reverse("liste-history", args=[liste.pk])).content.decode()
    for html in (page, history):
        assert "Anna" not in html
    for entry in AuditEntry.objects.filter(target="lists.spielliste"):
        assert "Anna" not in json.dumps([entry.before, entry.after])
    # The list still takes games under the new name.
    services.game_record(
        spielliste=liste,
        record=normal(players=[pseudonym, "Bernd", "Carla", "Dieter"], re=("Bernd", "Carla")),
    )


@pytest.mark.django_db
def test_forgotten_participant_keeps_his_place_in_the_standings():
    t = make_tournament(8, rounds=1)
    from league.tournaments import services as ts

    rnd, _ = ts.round_draw(tournament=t, seed=3)
    play_round(rnd, seed=3)
    ts.round_close(tournament_round=rnd)
    rows = {r.participant_id: (r.rank, r.total) for r in standings(tournament=t).rows}
    victim = t.participants.first()
    real = victim.player.name
    call_command("player_forget", str(victim.player_id), "--yes", stdout=io.StringIO())
    for entry in AuditEntry.objects.all():  # registration and player entries too
        assert real not in json.dumps([entry.before, entry.after]), entry.action
    after = standings(tournament=t).rows
    assert {r.participant_id: (r.rank, r.total) for r in after} == rows
    assert f"Gelöscht {victim.player_id}" in [r.name for r in after]


@pytest.mark.django_db
def test_a_hidden_name_is_shown_to_nobody_but_organisers_and_his_table(client, django_user_model):
    import io as _io

    from pypdf import PdfReader

    from league.tournaments import services as ts

    org = django_user_model.objects.create_user("org", password="pw")
    t = make_tournament(8, rounds=1, user=org)
    rnd, _ = ts.round_draw(tournament=t, seed=5)
    play_round(rnd, seed=5, stop=3)
    secret = t.participants.first()
    secret.player.hide_name = True
    secret.player.save()
    real = secret.player.name
    alias = f"Spieler {secret.player_id}"
    liste = rnd.lists.get(seats__player=secret.player)
    services.penalty_add(
        spielliste=liste,
        after_game=1,
        kind="unsporting",
        offender=secret.player,
        points=1,
        referee="Wolf",
    )
    pages = [
        reverse("liste-index"),
        reverse("liste-detail", args=[liste.pk]),
        reverse("liste-history", args=[liste.pk]),
        reverse("round-board", args=[t.pk, rnd.number]),
        reverse("standings", args=[t.pk]) + "?vorlaeufig=1",
        reverse("projector", args=[t.pk]),
        reverse("tournament-player", args=[t.pk, secret.pk]),
        reverse("api-liste", args=[liste.pk]),
        reverse("api-standings", args=[t.pk]) + "?vorlaeufig=1",
    ]
    pdfs = [
        reverse("liste-pdf", args=[liste.pk]),
        reverse("draw-pdf", args=[t.pk, rnd.number]),
        reverse("round-lists-pdf", args=[t.pk, rnd.number]),
        reverse("standings-pdf", args=[t.pk]) + "?vorlaeufig=1",
    ]

    def text(c, url):
        body = c.get(url).content
        if url.split("?")[0].endswith(".pdf"):
            return " ".join(p.extract_text() for p in PdfReader(_io.BytesIO(body)).pages)
        return body.decode()

    for url in pages + pdfs:
        shown = text(client, url)
        assert real not in shown, url
    assert alias in text(client, reverse("liste-detail", args=[liste.pk]))
    organiser = Client()
    organiser.force_login(org)
    assert real in text(organiser, reverse("liste-detail", args=[liste.pk]))
    assert real in text(organiser, reverse("standings", args=[t.pk]) + "?vorlaeufig=1")
    table = Client()
    table.get(reverse("table-code-open", args=[liste.code]))
    assert real in text(table, reverse("liste-detail", args=[liste.pk]))


@pytest.mark.django_db
def test_export_and_forget_reach_every_app(django_user_model):
    """A club evening's table, a league line-up and a claim: each app's section adds its
    part to the export, and the evening's history forgets his name too."""
    club = Club.objects.create(name="Herz")
    evening = club_evening_create(
        club=club,
        date=dt.date(2026, 10, 2),
        tables=[["Zora Quast", "Bernd", "Carla", "Dieter"]],
    )
    zora = Player.objects.get(name="Zora Quast")
    PlayerClaim.objects.create(player=zora, account=django_user_model.objects.create_user("z"))
    league = make_league(4, rounds=1, schedule=False)
    team = league.teams.get(number=1)
    team.roster.add(zora)
    out = io.StringIO()
    call_command("player_export", str(zora.pk), stdout=out)
    data = json.loads(out.getvalue())
    (entry,) = data["lists"]
    assert (entry["tournament"], entry["round"], entry["table"]) == (None, None, None)
    assert entry["evening"] == {"club": "Herz", "date": "2026-10-02", "table": 1}
    assert data["leagues"]["rosters"] == [{"league": str(league), "team": team.name}]
    assert data["leagues"]["lineups"] == []
    assert [c["accepted"] for c in data["claims"]] == [False]
    assert data["player"]["hide_name"] is False

    call_command("player_forget", str(zora.pk), "--yes", stdout=io.StringIO())
    history = AuditEntry.objects.filter(target="evenings.clubevening", target_id=evening.pk)
    assert history.exists()
    for row in history:
        assert "Zora Quast" not in json.dumps([row.before, row.after])
    assert f"Gelöscht {zora.pk}" in json.dumps([row.after for row in history], ensure_ascii=False)
