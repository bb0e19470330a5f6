"""A seat shared with a substitute on the standings and the projector (issue 20's
leftovers): each person's round points are his own games (the score lines), and both
pages say whose round was shared — the standings with the list page's sentence, the
projector with a mark on the round's cell and its legend."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.db.models import Sum
from django.urls import reverse

from league.lists import services as list_services
from league.lists.models import ScoreLine
from league.lists.selectors import spielliste_snapshot
from league.tournaments import services as ts
from tests.prebuilt import Prebuilt
from tests.tournaments.helpers import make_tournament, play_round

pytestmark = pytest.mark.django_db


def _build_shared():
    """Round 1 of 8 players: at table 1 the player of seat 2 withdraws after game 4 and
    Erna (entered late) plays his seat from game 5 to the end of the round."""
    organiser = User.objects.create_user("org", password="pw-secret-123")
    t = make_tournament(8, rounds=2, user=organiser)
    rnd, _ = ts.round_draw(tournament=t, seed=5)
    play_round(rnd, stop=4)
    liste = rnd.lists.order_by("round_table__number").first()
    seat = liste.seats.get(position=2)
    gone = t.participants.get(player=seat.player)
    ts.participant_set_withdrawn(participant=gone, withdrawn=True)
    erna = ts.participant_add(tournament=t, name="Erna Ersatz")
    list_services.seat_substitute(spielliste=liste, position=2, player=erna.player, from_game=5)
    play_round(rnd, seed=2)
    return t, liste, seat, gone, erna


_shared = Prebuilt(_build_shared)  # built once per test process, copied (tests/prebuilt.py)


@pytest.fixture
def shared(db):
    return _shared()


def _own(liste, player) -> int:
    return ScoreLine.objects.filter(spielliste=liste, player=player).aggregate(s=Sum("points"))["s"]


def test_the_standings_name_the_substitute_and_count_each_his_own_games(client, shared):
    t, liste, seat, gone, erna = shared
    page = client.get(reverse("standings", args=[t.pk]), {"vorlaeufig": "1"}).content.decode()
    note = page.split("data-substitutes>")[1].split("</div>")[0]
    assert f"Runde 1, Tisch 1, Platz 2: ab Spiel 5 spielt Erna Ersatz für {seat.name}." in note
    for who in (gone, erna):
        row = page.split(f'data-player="{who.player.name}"')[1].split("</tr>")[0]
        total = re.search(r'total-col"><strong>(-?\d+)<', row)
        assert total is not None
        assert int(total.group(1)) == _own(liste, who.player)
    # together the seat's total in the engine's replay of the list
    replay = spielliste_snapshot(pk=liste.pk).counted_totals[seat.name]
    assert _own(liste, gone.player) + _own(liste, erna.player) == replay


def test_the_projector_marks_the_shared_rounds(client, shared):
    t, liste, _seat, gone, erna = shared
    page = client.get(reverse("projector", args=[t.pk])).content.decode()
    assert "data-sub-legend" in page
    marked = set()
    for row in page.split("<tbody>")[1].split("</tbody>")[0].split("</tr>")[:-1]:
        name = row.split('data-name="')[1].split('"')[0]
        cells = row.split('<td class="num"')[2:-1]  # the round cells
        if any(c.startswith(" data-shared") for c in cells):
            marked.add(name)
            value = re.search(r">(-?\d+)<sup", row)
            assert value is not None
            player = gone.player if name == gone.player.name else erna.player
            assert int(value.group(1)) == _own(liste, player)
    assert marked == {gone.player.name, "Erna Ersatz"}


def test_no_substitute_no_note(client):
    t = make_tournament(8, rounds=1)
    rnd, _ = ts.round_draw(tournament=t, seed=5)
    play_round(rnd, stop=2)
    page = client.get(reverse("standings", args=[t.pk]), {"vorlaeufig": "1"}).content.decode()
    assert "data-substitutes" not in page
    assert "data-sub-legend" not in client.get(reverse("projector", args=[t.pk])).content.decode()


def test_the_standings_pdf_marks_the_shared_rounds_and_names_the_substitute(client, shared):
    import io

    from pypdf import PdfReader

    t, liste, seat, gone, erna = shared
    response = client.get(reverse("standings-pdf", args=[t.pk]), {"vorlaeufig": "1"})
    pdf = PdfReader(io.BytesIO(response.content))
    text = " ".join(" ".join(p.extract_text() for p in pdf.pages).split())
    assert f"Runde 1, Tisch 1, Platz 2: ab Spiel 5 spielt Erna Ersatz für {seat.name}." in text
    assert f"{_own(liste, erna.player)} E" in text
    assert f"{_own(liste, gone.player)} E" in text
    assert "E: Platz ab einem Spiel mit Ersatzspieler geteilt" in text


def test_a_hidden_player_stays_hidden_in_the_note(client, shared):
    t, _liste, _seat, gone, _erna = shared
    gone.player.hide_name = True
    gone.player.save()
    page = client.get(reverse("standings", args=[t.pk]), {"vorlaeufig": "1"}).content.decode()
    note = page.split("data-substitutes>")[1].split("</div>")[0]
    assert gone.player.name not in note
    assert f"für {gone.player.public_alias}." in note
