"""Issue 36 item 4, the Probelauf: a rehearsal of 32 generated players runs three rounds
with generated results (and a dropout) and leaves no trace in any figure outside it; a
copy of a real tournament leaves its real players' pages and statistics as they were;
deleting removes every row it made, counted. (Permissions: tests/accounts/
test_permissions.py, the REHEARSAL rows.)"""

from __future__ import annotations

import datetime as dt
import io
import json
import random
import re

import pytest
from django.apps import apps
from django.contrib.auth.models import AnonymousUser, User
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from league.clubs.models import Player
from league.core.errors import ServiceError
from league.lists import services
from league.lists.models import Game, Placement, PlayerRating, RatingStep, StatLine
from league.lists.selectors import spielliste_snapshot
from league.lists.strength import rating_rebuild
from league.opendata.selectors import FILES, Named
from league.rankings import selectors as rs
from league.rankings.people import head_to_head
from league.rankings.statistics import player_statistics
from league.start.selectors import running_events
from league.tournaments import services as ts
from league.tournaments.models import Tournament
from league.tournaments.pdf import standings_pdf
from league.tournaments.selectors import standings
from league.tournaments.services import PaperTable
from scoring.simulate import next_random_game, random_round

pytestmark = pytest.mark.django_db

DAY = dt.date(2026, 6, 6)


def _real_world():
    """A real, closed and approved Ranglistenturnier of 32 players, 3 rounds (fast path:
    each table's games imported at once), its organiser, and one of its players with an
    account."""
    organiser = User.objects.create_user("leitung", password="pw-secret-123")
    t = ts.tournament_create(name="Stadtmeisterschaft", date=DAY, user=organiser)
    for i in range(32):
        ts.participant_add(tournament=t, name=f"Spieler {i:02d}", club_name=f"Club {i % 4}")
    rng = random.Random(7)
    for n in range(1, 4):
        rnd, _ = ts.round_draw(tournament=t, seed=n)
        for liste in rnd.lists.all():
            seats = [s.name for s in liste.seats.order_by("position")]
            services.games_import(spielliste=liste, records=random_round(rng, seats))
        ts.round_close(tournament_round=rnd)
    ts.tournament_set_rating(tournament=t, rated=True, bundesland="NW")
    ts.tournament_close(tournament=t)
    ts.tournament_rating_decide(tournament=t, approve=True)
    return t, organiser


def _by_hand(liste, rng):
    """A table's games entered one by one, as its phone does (what the state asks next)."""
    state = spielliste_snapshot(pk=liste.pk).state
    while state.next_game is not None:
        state = services.game_record(
            spielliste=liste, record=next_random_game(rng, state)
        ).snapshot.state


def _rows(model):
    fields = [f.attname for f in model._meta.concrete_fields if not f.primary_key]
    return sorted(model.objects.values_list(*fields))  # a rebuild writes new keys


def _figures(t, organiser, players):
    """Every figure outside a rehearsal that it could touch, as plain data."""
    as_of = dt.date(2026, 12, 31)
    anonymous = AnonymousUser()
    out = {
        "rangliste": rs.rangliste(as_of=as_of),
        "ratings": _rows(PlayerRating),
        "rating_steps": _rows(RatingStep),
        "open_data": {f.name: list(f.rows(Named())) for f in FILES},
        "home_anonymous": running_events(anonymous, today=DAY),
        "home_organiser": running_events(organiser, today=DAY),
        "standings": standings(tournament=t),
    }
    for p in players:
        for who, reader in (("anonymous", anonymous), ("organiser", organiser)):
            out[f"stats {p.pk} {who}"] = player_statistics(player=p, reader=reader)
            out[f"page {p.pk} {who}"] = rs.player_record(player=p, as_of=as_of, reader=reader)
        out[f"h2h {p.pk}"] = head_to_head(players[0], p, reader=organiser)
    client = Client()
    out["api_list"] = json.loads(client.get("/api/v1/turniere/").content)
    out["index"] = _page(client.get(reverse("tournament-index")))
    out["player_find"] = _page(client.get(reverse("player-find"), {"q": "Probe"}))
    return out


def _page(response):
    """A page's HTML without its CSRF tokens (new for every answer)."""
    return re.sub(r"[A-Za-z0-9]{64}", "TOKEN", response.content.decode())


def _counts():
    return {
        m._meta.label_lower: m._default_manager.count()
        for m in apps.get_models(include_auto_created=True)
    }


def _changed(before, after):
    return {k: after[k] - before[k] for k in after if after[k] != before.get(k, 0)}


def test_rehearsal_of_32_runs_three_rounds_and_counts_nowhere():
    real, organiser = _real_world()
    players = [p.player for p in real.participants.order_by("number")[:3]]
    rating_rebuild()
    before = _figures(real, organiser, players)
    rows_before = _counts()

    rehearsal = ts.tournament_rehearsal_generate(players=32, rounds=3, account=organiser)
    assert rehearsal.rehearsal
    assert not rehearsal.rated
    ts.rehearsal_set_manual(tournament=rehearsal, tables="1-2")
    for n in range(1, 4):
        rnd, _ = ts.round_draw(tournament=rehearsal, seed=n)
        ts.round_start(tournament_round=rnd)
        assert ts.rehearsal_play(tournament=rehearsal, games=1, seed=n) == len(rnd.lists) - 2
        if n == 2:  # time up at every table, as in the hall
            ts.round_call_time(tournament_round=rnd)
        ts.rehearsal_play(tournament=rehearsal, games=None, seed=n)
        lists = list(rnd.lists)
        assert [li.games_played for li in lists[:2]] == [0, 0]  # entered by hand: untouched
        assert all(li.complete for li in lists[2:])
        if n == 3:
            ts.rehearsal_set_manual(tournament=rehearsal, tables="")
            ts.rehearsal_play(tournament=rehearsal, games=None, seed=n)
        else:  # the hand-entered tables: done by hand before the close
            by_hand = lists[:2]
            if n == 1:  # table 1 from its paper list, as the desk types it
                ts.round_paper_results(
                    tournament_round=rnd,
                    entry=1,
                    tables=[PaperTable(1, {1: 30, 2: -10, 3: -5, 4: -15})],
                )
                by_hand = lists[1:2]
            for liste in by_hand:
                _by_hand(liste, random.Random(n))
        ts.round_close(tournament_round=rnd)
        if n == 1:  # a dropout after round 1: the next draw goes on without him
            gone = rehearsal.participants.get(number=5)
            ts.participant_set_withdrawn(participant=gone, withdrawn=True)
    table = standings(tournament=rehearsal)
    assert len(table.rows) == 32
    assert table.rows[0].total > 0
    tables = [len(r.lists) for r in rehearsal.rounds.all()]
    assert tables == [8, 7, 7]  # 31 after the dropout: four tables of 4, three of 5
    assert Placement.objects.filter(rehearsal=True).count() == 22
    assert not RatingStep.objects.filter(spielliste__placement__rehearsal=True).exists()
    rating_rebuild()  # a rebuild skips it too

    assert _figures(real, organiser, players) == before

    # Its printouts say so on every page.
    pdf = PdfReader(io.BytesIO(standings_pdf(rehearsal, table)))
    assert all("PROBELAUF" in page.extract_text() for page in pdf.pages)

    peak = _counts()
    deleted = ts.rehearsal_delete(tournament=rehearsal)
    after = _counts()
    # Every row it made is gone; one audit entry says it was deleted, and with what.
    assert _changed(rows_before, after) == {"core.auditentry": 1}
    made = _changed(after, peak)
    made["core.auditentry"] += 1  # the deletion's own entry
    assert made == deleted
    assert deleted["clubs.player"] == 32
    assert deleted["lists.spielliste"] == 22
    assert deleted["tournaments.tournamentround"] == 3
    assert deleted["lists.paperentry"] == 1
    assert _figures(real, organiser, players) == before


def test_copy_of_a_real_tournament_leaves_its_players_as_they_were():
    real, organiser = _real_world()
    account = User.objects.create_user("spieler", password="pw-secret-123")
    players = [p.player for p in real.participants.order_by("number")[:4]]
    Player.objects.filter(pk=players[0].pk).update(account=account)
    players[0].refresh_from_db()
    rating_rebuild()
    before = _figures(real, organiser, players)
    own_before = player_statistics(player=players[0], reader=account)
    rows_before = _counts()

    copy = ts.tournament_rehearsal_copy(tournament=real, account=organiser)
    assert copy.rehearsal
    assert not copy.rated
    assert copy.rounds_planned == real.rounds_planned
    assert list(copy.participants.values_list("player_id", flat=True)) == list(
        real.participants.values_list("player_id", flat=True)
    )
    assert list(copy.organisers.all()) == [organiser]
    for n in (1, 2):
        rnd, _ = ts.round_draw(tournament=copy, seed=n)
        ts.rehearsal_play(tournament=copy, games=None, seed=n)
        ts.round_close(tournament_round=rnd)
    assert StatLine.objects.filter(player=players[0], spielliste__placement__rehearsal=True)
    rating_rebuild()

    assert _figures(real, organiser, players) == before
    assert player_statistics(player=players[0], reader=account) == own_before
    # Nobody is registered in a rehearsal: no new person, no new club.
    with pytest.raises(ServiceError) as err:
        ts.participant_add(tournament=copy, name="Neuer Name")
    assert err.value.code == "rehearsal_registration"
    # Never for the Rangliste.
    with pytest.raises(ServiceError):
        ts.tournament_set_rating(tournament=copy, rated=True, bundesland="NW")

    deleted = ts.rehearsal_delete(tournament=copy)
    assert _changed(rows_before, _counts()) == {"core.auditentry": 1}
    assert "clubs.player" not in deleted  # the real players stay
    assert _figures(real, organiser, players) == before


def test_pages_are_marked_and_the_pace_works():
    organiser = User.objects.create_user("leitung", password="pw-secret-123")
    client = Client()
    client.force_login(organiser)
    response = client.post(reverse("rehearsal-new"), {"players": "8", "rounds": "2"})
    rehearsal = Tournament.objects.get(rehearsal=True)
    assert response.status_code == 302
    assert list(rehearsal.organisers.all()) == [organiser]
    page = client.get(rehearsal.get_absolute_url()).content.decode()
    assert "data-probelauf" in page
    assert "data-rehearsal-box" in page
    client.post(reverse("round-draw", args=[rehearsal.pk]))
    url = reverse("rehearsal-play", args=[rehearsal.pk])
    answer = client.post(url, {"spiele": "1"}, HTTP_ACCEPT="application/json")
    assert answer.json() == {"games": 2}
    client.post(url, {"spiele": "alle"})
    assert Game.objects.filter(spielliste__round_table__tournament_round__tournament=rehearsal)
    for name, args in (
        ("round-board", [rehearsal.pk, 1]),
        ("standings", [rehearsal.pk]),
        ("projector", [rehearsal.pk]),
        ("tournament-participants", [rehearsal.pk]),
    ):
        assert "data-probelauf" in client.get(reverse(name, args=args)).content.decode(), name
    people = client.get(reverse("tournament-participants", args=[rehearsal.pk])).content.decode()
    assert "data-rehearsal-no-registration" in people
    liste = rehearsal.rounds.get().lists.first()
    phone = Client()
    phone.get(reverse("table-code-open", args=[liste.code]))
    assert "data-probelauf" in phone.get(liste.get_absolute_url()).content.decode()
    # Anyone else: no such list (as in the API), not a login page that says it exists.
    other = Client()
    other.force_login(User.objects.create_user("fremd", password="pw-secret-123"))
    for stranger in (Client(), other):
        for address in (liste.get_absolute_url(), reverse("liste-pdf", args=[liste.pk])):
            assert stranger.get(address).status_code == 404, address
    participant = rehearsal.participants.first()
    own = Client().get(reverse("participant-self", args=[rehearsal.pk, participant.link]))
    assert "data-probelauf" in own.content.decode()
    api = client.get(f"/api/v1/turniere/{rehearsal.pk}/")
    assert api.json()["probelauf"] is True
    assert Client().get(f"/api/v1/turniere/{rehearsal.pk}/").status_code == 404
    # A widget is for other sites, which a rehearsal has none of: not there (its
    # organiser included: the widget reads as the public does).
    assert client.get(reverse("embed-tournament", args=[rehearsal.pk])).status_code == 404
    # Every printout, on every page.
    for name, args in (
        ("participant-slips", [rehearsal.pk]),
        ("standings-pdf", [rehearsal.pk]),
        ("draw-pdf", [rehearsal.pk, 1]),
        ("round-lists-pdf", [rehearsal.pk, 1]),
        ("codes-pdf", [rehearsal.pk, 1]),
        ("liste-pdf", [liste.pk]),
        ("liste-blank-pdf", [liste.pk]),
    ):
        pages = PdfReader(io.BytesIO(client.get(reverse(name, args=args)).content)).pages
        assert all("PROBELAUF" in page.extract_text() for page in pages), name
    # Deleting: the page counts, the message repeats the counts.
    ask = client.get(reverse("rehearsal-delete", args=[rehearsal.pk])).content.decode()
    assert "data-rehearsal-rows" in ask
    counts = ts.rehearsal_rows(tournament=rehearsal)
    assert f"<strong>{counts['lists.game']}</strong>" in ask
    done = client.post(reverse("rehearsal-delete", args=[rehearsal.pk]), follow=True)
    assert "gelöscht" in done.content.decode()
    assert f"{counts['lists.game']} Spiele" in done.content.decode()
    assert not Tournament.objects.filter(pk=rehearsal.pk).exists()
    assert not Player.objects.filter(rehearsal=True).exists()


def test_refusals():
    real = ts.tournament_create(name="Echt", date=DAY)
    with pytest.raises(ServiceError) as err:
        ts.rehearsal_play(tournament=real)
    assert err.value.code == "rehearsal_only"
    with pytest.raises(ServiceError) as err:
        ts.rehearsal_delete(tournament=real)
    assert err.value.code == "rehearsal_only"
    with pytest.raises(ServiceError) as err:
        ts.tournament_rehearsal_generate(players=7)
    assert err.value.code == "rehearsal_players"
    rehearsal = ts.tournament_rehearsal_generate(players=8)
    with pytest.raises(ServiceError) as err:
        ts.rehearsal_set_manual(tournament=rehearsal, tables="eins")
    assert err.value.code == "rehearsal_manual"
    with pytest.raises(ServiceError) as err:
        ts.tournament_rehearsal_copy(tournament=rehearsal)
    assert err.value.code == "rehearsal_of_rehearsal"
    assert ts.rehearsal_play(tournament=rehearsal) == 0  # nothing drawn: nothing to play


def test_never_published_nor_backed_up():
    """A Probelauf never leaves the site: the federation's box refuses it, and no backup
    carries it (a restore would make it a real tournament, its generated people real)."""
    from django.core.exceptions import ObjectDoesNotExist

    from league.backup.services import backup_export
    from league.federation import services as fs

    staff = User.objects.create_user("staff", password="pw", is_staff=True)
    real = ts.tournament_create(name="Echt", date=DAY)
    ts.participant_add(tournament=real, name="Echte Spielerin")
    rehearsal = ts.tournament_rehearsal_generate(players=8)
    ts.round_draw(tournament=rehearsal, seed=1)
    ts.rehearsal_play(tournament=rehearsal, games=2, seed=1)
    with pytest.raises(ServiceError) as err:
        fs.tournament_send(tournament=rehearsal, user=staff)
    assert err.value.code == "rehearsal_not_published"
    doc = backup_export()
    assert [t["name"] for t in doc["tournaments"]] == ["Echt"]
    assert {p["name"] for p in doc["players"]} == {"Echte Spielerin"}
    assert doc["lists"] == []
    with pytest.raises(ObjectDoesNotExist):
        backup_export(tournament_id=rehearsal.pk)
