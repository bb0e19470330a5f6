"""Quick rows and redeals are corrected and deleted like games (issue 20): through the
services, the list page (the row is a link, /spiel/<n>/ edits it) and the API; refused
cleanly, nothing written, where quick rows are not allowed (tournament lists)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.clubs import services as club_services
from league.clubs.models import Club, Player
from league.core.errors import ServiceError
from league.core.models import AuditEntry
from league.lists import services
from league.lists.models import Game, ScoreLine, Spielliste
from league.tournaments import services as ts
from scoring.interchange import record_from_dict
from scoring.quick import QuickGame
from scoring.rules import PRESETS
from tests.api.conftest import token_client
from tests.site_helpers import NAMES
from tests.tournaments.helpers import make_tournament

VEREIN = PRESETS["verein-002"]


def quick(winners=("Bernd", "Dieter"), value=3, **kw) -> QuickGame:
    return QuickGame(players=tuple(NAMES), winners=tuple(winners), value=value, **kw)


def rec(liste: Spielliste, **data):
    base = {"kind": "normal", "players": list(NAMES), "re": ["Anna", "Carla"], "re_augen": 130}
    base.update(data)
    return record_from_dict(base, liste.profile)


def points_of(liste: Spielliste, number: int) -> dict[str, int]:
    game = Game.objects.get(spielliste=liste, number=number)
    return dict(ScoreLine.objects.filter(game=game).values_list("player__name", "points"))


@pytest.fixture
def evening(db, user):
    club = Club.objects.create(name="Herz-Dame")
    club.managers.add(user)
    club_services.club_set_rules(club=club, profile=VEREIN, user=user)
    players = [Player.objects.create(name=n, club=club) for n in NAMES]
    return services.spielliste_create(
        title="Clubabend", players=players, club=club, created_by=user, rules=club.profile
    )


@pytest.fixture
def round_list(db, user):
    tournament = make_tournament(4, rounds=1, user=user)
    rnd, _ = ts.round_draw(tournament=tournament, seed=1)
    return rnd.lists.get()


def state(liste: Spielliste) -> tuple:
    liste.refresh_from_db()
    games = list(Game.objects.filter(spielliste=liste).values_list("number", "kind", "value"))
    return liste.version, liste.redeals, games, ScoreLine.objects.filter(spielliste=liste).count()


# --- services ----------------------------------------------------------------------------


def test_a_quick_row_is_corrected_as_a_quick_row_and_as_a_full_game(evening):
    services.game_record(spielliste=evening, record=quick())
    services.game_record(spielliste=evening, record=rec(evening))
    assert points_of(evening, 1) == {"Anna": -3, "Bernd": 3, "Carla": -3, "Dieter": 3}
    services.game_correct(spielliste=evening, number=1, record=quick(("Anna", "Carla"), 2))
    assert points_of(evening, 1) == {"Anna": 2, "Bernd": -2, "Carla": 2, "Dieter": -2}
    # the quick row becomes a full game, and back
    services.game_correct(spielliste=evening, number=1, record=rec(evening))
    game = Game.objects.get(spielliste=evening, number=1)
    assert game.kind == "normal"
    assert game.quick_winners == []
    assert game.quick_value == 0
    services.game_correct(spielliste=evening, number=1, record=quick())
    game.refresh_from_db()
    assert game.kind == "quick"
    assert game.ann_re == "none"
    assert game.re == []
    entry = AuditEntry.objects.filter(action="correct").last()
    assert entry.after["kind"] == "quick"
    # deleted like a game: the last one only
    with pytest.raises(ServiceError) as exc:
        services.game_delete(spielliste=evening, number=1)
    assert exc.value.code == "not_last_game"
    services.game_delete(spielliste=evening, number=2)
    services.game_delete(spielliste=evening, number=1)
    assert not Game.objects.filter(spielliste=evening).exists()


def test_a_refused_quick_correction_writes_nothing(evening):
    services.game_record(spielliste=evening, record=quick())
    before = state(evening)
    with pytest.raises(ServiceError) as exc:
        services.game_correct(spielliste=evening, number=1, record=quick(), expected_version=0)
    assert exc.value.code == "conflict"
    stranger = QuickGame(players=("Anna", "Bernd", "Carla", "Xaver"), winners=(), value=0)
    with pytest.raises(ServiceError) as exc:
        services.game_correct(spielliste=evening, number=1, record=stranger)
    assert exc.value.code == "not_at_table"
    assert state(evening) == before


def test_an_earlier_redeal_is_deleted_as_a_correction(evening):
    services.game_record(spielliste=evening, record=rec(evening))
    services.redeal_record(spielliste=evening)
    services.game_record(spielliste=evening, record=rec(evening))
    services.game_record(spielliste=evening, record=rec(evening))
    evening.refresh_from_db()
    assert evening.redeals == [2]
    dealer = Game.objects.get(spielliste=evening, number=3).dealer_position
    with pytest.raises(ServiceError) as exc:
        services.redeal_undo(spielliste=evening, number=3)
    assert exc.value.code == "no_redeal_before"
    services.redeal_undo(spielliste=evening, number=2)
    evening.refresh_from_db()
    assert evening.redeals == []
    # a redeal is dealt again by the same dealer: the later games keep their dealers
    assert Game.objects.get(spielliste=evening, number=3).dealer_position == dealer
    assert AuditEntry.objects.filter(action="redeal_undo").last().item == 2


def test_tournament_lists_refuse_quick_rows_and_write_nothing(round_list):
    names = list(round_list.seats.values_list("name", flat=True))
    row = QuickGame(players=tuple(names[:4]), winners=tuple(names[:2]), value=1)
    before = state(round_list)
    with pytest.raises(ServiceError) as exc:
        services.game_record(spielliste=round_list, record=row)
    assert exc.value.code == "quick_rows_not_allowed"
    with pytest.raises(ServiceError) as exc:
        services.games_import(spielliste=round_list, records=[row])
    assert exc.value.code == "quick_rows_not_allowed"
    assert state(round_list) == before


# --- the list page -----------------------------------------------------------------------


def test_the_quick_row_is_a_link_and_its_page_corrects_it(lf_client, evening):
    services.game_record(spielliste=evening, record=quick())
    url = reverse("game-edit", args=[evening.pk, 1])
    page = lf_client.get(evening.get_absolute_url()).content.decode()
    assert f'href="{url}"' in page
    response = lf_client.get(url)
    assert response.status_code == 200
    body = response.content.decode()
    assert "Dieses Spiel gibt es nicht" not in body
    assert "data-quick-edit" in body
    assert 'value="3"' in body  # the stored value, pre-filled
    evening.refresh_from_db()
    data = {
        "quick-version": evening.version,
        "quick-winners": ["0", "2"],
        "quick-value": "4",
        "quick-bock_triggers": "0",
    }
    response = lf_client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:1000]
    assert points_of(evening, 1) == {"Anna": 4, "Bernd": -4, "Carla": 4, "Dieter": -4}
    # a refused correction (one winner) shows the form again and writes nothing
    evening.refresh_from_db()
    before = state(evening)
    bad = dict(data, **{"quick-version": evening.version, "quick-winners": ["0"]})
    response = lf_client.post(url, bad)
    assert response.status_code == 422
    assert state(evening) == before
    # the history of the row
    assert "Schnelleingabe" in lf_client.get(url).content.decode()


def test_a_redeal_row_is_deleted_from_the_list_page(lf_client, evening):
    services.game_record(spielliste=evening, record=rec(evening))
    services.redeal_record(spielliste=evening)
    services.game_record(spielliste=evening, record=rec(evening))
    page = lf_client.get(evening.get_absolute_url()).content.decode()
    assert "data-redeal-delete" in page
    assert 'name="number" value="2"' in page
    evening.refresh_from_db()
    response = lf_client.post(
        reverse("redeal-undo", args=[evening.pk]), {"version": evening.version, "number": "2"}
    )
    assert response.status_code == 302
    evening.refresh_from_db()
    assert evening.redeals == []


def test_a_stale_redeal_delete_writes_nothing(lf_client, evening):
    services.redeal_record(spielliste=evening)
    before = state(evening)
    lf_client.post(reverse("redeal-undo", args=[evening.pk]), {"version": 0, "number": "1"})
    assert state(evening) == before


# --- the API -----------------------------------------------------------------------------


def _api(user):
    return token_client(user)


def test_api_enters_corrects_and_deletes_quick_rows_and_redeals(evening, user):
    api = _api(user)
    url = f"/api/v1/listen/{evening.pk}/spiele/"
    row = {"kind": "quick", "players": list(NAMES), "winners": ["Bernd", "Dieter"], "value": 3}
    response = api.post(url, {"version": 0, "game": row}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["kind"] == "quick"
    assert body["number"] == 1
    assert body["result"]["points"] == {"Anna": -3, "Bernd": 3, "Carla": -3, "Dieter": 3}
    assert body["state"]["rows"][0]["quick"] is True
    response = api.post(
        url, {"version": body["version"], "game": {"kind": "geschmissen"}}, format="json"
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["kind"] == "geschmissen"
    assert body["number"] == 2
    assert body["result"] is None
    evening.refresh_from_db()
    assert evening.redeals == [2]
    # correct the quick row
    fixed = dict(row, winners=["Anna", "Carla"], value=1)
    response = api.put(f"{url}1/", {"version": body["version"], "game": fixed}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["result"]["points"]["Anna"] == 1
    # a redeal replaces no game
    version = body["version"]
    response = api.put(
        f"{url}1/", {"version": version, "game": {"kind": "geschmissen"}}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "redeal_not_a_game"
    # take the redeal back, then delete the quick row
    response = api.delete(f"{url}2/?version={version}&kind=geschmissen")
    assert response.status_code == 200, response.content
    version = response.json()["version"]
    evening.refresh_from_db()
    assert evening.redeals == []
    response = api.delete(f"{url}2/?version={version}&kind=geschmissen")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "no_redeal_before"
    response = api.delete(f"{url}1/?version={version}")
    assert response.status_code == 200
    assert not Game.objects.filter(spielliste=evening).exists()


@pytest.mark.parametrize(
    ("game", "code"),
    [
        ({"kind": "quick", "players": list(NAMES), "winners": ["Anna"], "value": 1}, None),
        ({"kind": "quick", "players": list(NAMES), "winners": [], "value": 10**9}, None),
        ({"kind": "quick", "players": list(NAMES), "winners": [], "value": "3"}, None),
        ({"kind": "quick", "players": list(NAMES), "value": 0}, "missing_field"),
        ({"kind": "geschmissen", "x": 1}, "unknown_field"),
    ],
)
def test_api_refuses_bad_quick_rows_and_writes_nothing(evening, user, game, code):
    before = state(evening)
    response = _api(user).post(
        f"/api/v1/listen/{evening.pk}/spiele/", {"version": 0, "game": game}, format="json"
    )
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["field"].startswith("game")
    if code:
        assert error["code"] == code
    assert state(evening) == before


def test_api_refuses_quick_rows_and_redeals_on_tournament_lists(round_list, user):
    names = list(round_list.seats.values_list("name", flat=True))[:4]
    url = f"/api/v1/listen/{round_list.pk}/spiele/"
    before = state(round_list)
    row = {"kind": "quick", "players": names, "winners": names[:2], "value": 1}
    response = _api(user).post(url, {"version": 0, "game": row}, format="json")
    assert response.status_code == 409, response.content
    assert response.json()["error"]["code"] == "quick_rows_not_allowed"
    response = _api(user).post(url, {"version": 0, "game": {"kind": "geschmissen"}}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "option_not_enabled"
    assert state(round_list) == before


def test_the_schema_documents_quick_rows_and_redeals(client):
    schema = client.get("/api/schema/?format=json").json()
    entry = schema["components"]["schemas"]["GameEntry"]
    refs = {item["$ref"].rsplit("/", 1)[1] for item in entry["oneOf"]}
    assert refs == {"GameRecord", "QuickRow", "Redeal"}
    post = schema["paths"]["/api/v1/listen/{id}/spiele/"]["post"]
    assert "quick_rows_not_allowed" in post["responses"]["409"]["description"]
