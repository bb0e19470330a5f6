"""One replay per write (issue 19): a game entered, corrected or deleted through the site or
the API runs the round state machine exactly once — in its service — and the answer (the
flash message, the API's state) is built from that replay."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

import league.lists.selectors as list_selectors
from league.clubs.models import Player
from league.lists import services
from league.lists.models import Game
from scoring.interchange import record_to_dict
from tests.site_helpers import NAMES, normal

FORM = {
    "kind": "normal",
    "solo": "",
    "re_augen": "140",
    "schwarz": "",
    "ann_re": "none",
    "ann_kontra": "none",
    "dk_re": "0",
    "dk_kontra": "0",
    "fuchs_re": "0",
    "fuchs_kontra": "0",
    "karlchen": "",
}


@pytest.fixture
def replays(monkeypatch):
    """Counts the calls of the round machine's replay, through which every list is read."""
    calls: list[int] = []
    real = getattr(list_selectors, "replay_round")  # noqa: B009 (not re-exported)

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(list_selectors, "replay_round", counted)
    return calls


@pytest.fixture
def api(user):
    token, _ = Token.objects.get_or_create(user=user)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def test_the_site_enters_corrects_and_deletes_a_game_with_one_replay_each(
    lf_client, liste, replays
):
    services.game_record(spielliste=liste, record=normal())
    replays.clear()
    response = lf_client.post(
        reverse("game-add", args=[liste.pk]), {**FORM, "re": ["0", "2"], "version": "1"}
    )
    assert response.status_code == 302
    assert len(replays) == 1
    # The flash message's points come from that replay (no second scoring of the game).
    assert [str(m) for m in get_messages(response.wsgi_request)] == [
        "Spiel 2 eingetragen: Anna +1, Bernd -1, Carla +1, Dieter -1."
    ]
    assert Game.objects.get(number=2).re == [1, 3]

    replays.clear()
    response = lf_client.post(
        reverse("game-edit", args=[liste.pk, 2]), {**FORM, "re": ["1", "3"], "version": "2"}
    )
    assert response.status_code == 302
    assert len(replays) == 1
    assert Game.objects.get(number=2).re == [2, 4]

    replays.clear()
    response = lf_client.post(
        reverse("game-delete-last", args=[liste.pk]), {"version": "3", "confirmed": "1"}
    )
    assert response.status_code == 302
    assert len(replays) == 1
    assert list(Game.objects.values_list("number", flat=True)) == [1]


def test_a_quick_row_through_the_site_replays_once(lf_client, liste, replays):
    response = lf_client.post(
        reverse("quick-add", args=[liste.pk]),
        {"quick-version": "0", "quick-winners": ["0", "1"], "quick-value": "2"},
    )
    assert response.status_code == 302
    assert len(replays) == 1
    game = Game.objects.get()
    assert (game.is_quick, game.value) == (True, 2)


def test_a_five_player_table_reads_the_form_with_the_players_the_replay_names(
    lf_client, user, replays
):
    """At five, who plays the next game follows from the replay: the form's boxes are
    read with those players, inside the write's one replay."""
    players = [Player.objects.create(name=n) for n in [*NAMES, "Erna"]]
    liste = services.spielliste_create(title="Fünf", players=players, created_by=user)
    game_1 = normal(players=("Bernd", "Carla", "Dieter", "Erna"), re=("Bernd", "Carla"))
    services.game_record(spielliste=liste, record=game_1)  # Anna dealt and sat out
    replays.clear()
    # Game 2: Bernd deals and sits out; the players are Anna, Carla, Dieter, Erna.
    response = lf_client.post(
        reverse("game-add", args=[liste.pk]), {**FORM, "re": ["0", "3"], "version": "1"}
    )
    assert response.status_code == 302
    assert len(replays) == 1
    game = Game.objects.get(number=2)
    assert game.players == [1, 3, 4, 5]
    assert game.re == [1, 5]  # Anna and Erna
    assert game.sitting_out_position == 2


def test_a_refused_entry_shows_the_list_again_with_the_form(lf_client, liste, replays):
    services.game_record(spielliste=liste, record=normal())
    replays.clear()
    stale = lf_client.post(
        reverse("game-add", args=[liste.pk]), {**FORM, "re": ["0", "2"], "version": "0"}
    )
    assert stale.status_code == 422
    assert "an anderer Stelle geändert" in stale.content.decode()
    # A stale version is refused before any replay; showing the list again replays it.
    assert len(replays) == 1
    assert Game.objects.count() == 1


def test_the_api_enters_corrects_and_deletes_a_game_with_one_replay_each(api, liste, replays):
    base = f"/api/v1/listen/{liste.pk}/spiele/"
    game = record_to_dict(normal())
    response = api.post(base, {"version": 0, "game": game}, format="json")
    assert response.status_code == 201, response.json()
    assert len(replays) == 1
    body = response.json()
    assert (body["number"], body["version"], body["state"]["version"]) == (1, 1, 1)
    assert body["result"]["points"] == {"Anna": 1, "Bernd": 1, "Carla": -1, "Dieter": -1}

    replays.clear()
    corrected = record_to_dict(normal(re=("Carla", "Dieter")))
    response = api.put(f"{base}1/", {"version": 1, "game": corrected}, format="json")
    assert response.status_code == 200, response.json()
    assert len(replays) == 1
    assert response.json()["state"]["totals"] == {"Anna": -1, "Bernd": -1, "Carla": 1, "Dieter": 1}

    replays.clear()
    response = api.delete(f"{base}1/?version=2")
    assert response.status_code == 200, response.json()
    assert len(replays) == 1
    assert response.json() == {"version": 3, "number": 1}


def test_a_retried_api_write_answers_from_one_replay_and_writes_nothing(api, liste, replays):
    base = f"/api/v1/listen/{liste.pk}/spiele/"
    body = {"version": 0, "game": record_to_dict(normal())}
    first = api.post(base, body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    replays.clear()
    again = api.post(base, body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert again.status_code == 201
    assert len(replays) == 1
    assert again.json() == first.json()
    assert Game.objects.count() == 1
