"""Silent rounds leak nowhere (issue 29, major 2): every public way to a silent round's
result — the player's page and statistics, the lists (pages, PDF, history, the index), the
round board and its PDF, the API (a list, the round, a player's statistics, the standings) —
shows nothing of it to anybody but the organisers until the ceremony (silent rounds set to
0) or the tournament's close; the organisers see all throughout. The table's code still
opens its own list: the players enter their games there."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from league.lists.models import Seat, Spielliste
from league.tournaments import services as ts
from league.tournaments.models import Tournament
from tests.prebuilt import Prebuilt
from tests.tournaments.helpers import make_tournament, play_round

pytestmark = pytest.mark.django_db

SILENT = 3  # three rounds, the last one silent


@dataclass
class World:
    tournament: Tournament
    organiser: User
    player_account: User  # a participant's own account (no organiser)
    player_id: int  # his record: he sat at a silent table
    silent_lists: list[int]
    open_list: int  # a list of round 1 at his table


def _build_world() -> tuple[Tournament, User, User, int, list[int], int]:
    organiser = User.objects.create_user("leitung", password="x" * 12)
    # Official: its games count in the public statistics (the vouched-events decision).
    tournament = make_tournament(8, rounds=3, official=True)
    tournament.organisers.add(organiser)
    for seed in (1, 2, 3):
        rnd, _ = ts.round_draw(tournament=tournament, seed=seed)
        play_round(rnd, seed=seed)
        ts.round_close(tournament_round=rnd)
    ts.tournament_set_silent(tournament=tournament, rounds=1, user=organiser)
    tournament.refresh_from_db()
    silent = list(
        Spielliste.objects.filter(
            round_table__tournament_round__tournament=tournament,
            round_table__tournament_round__number=SILENT,
        ).values_list("pk", flat=True)
    )
    seat = Seat.objects.filter(spielliste_id=silent[0]).select_related("player").first()
    assert seat is not None
    account = User.objects.create_user("spieler", password="x" * 12)
    seat.player.account = account
    seat.player.save(update_fields=["account"])
    first = Spielliste.objects.get(
        round_table__tournament_round__tournament=tournament,
        round_table__tournament_round__number=1,
        seats__player=seat.player,
    )
    return tournament, organiser, account, seat.player_id, silent, first.pk


# Three rounds through the services cost seconds; the 52 ways × readers below read the same
# world, so it is built once per test process and copied into each test (tests/prebuilt.py).
_world = Prebuilt(_build_world)


@pytest.fixture
def world() -> World:
    return World(*_world())


def _links_a_silent_list(body: str, w: World) -> bool:
    return any(f"/listen/{pk}/" in body for pk in w.silent_lists)


# --- the ways, each answering: does this answer show anything of the silent round? -------


def player_page(c: Client, w: World) -> bool:
    r = c.get(f"/spieler/{w.player_id}/")
    assert r.status_code == 200
    rounds = [i.round_number for t in r.context["record"].tournaments for i in t.rounds]
    assert 1 in rounds  # the rounds before the silence stay
    return SILENT in rounds or _links_a_silent_list(r.content.decode(), w)


def statistics_page(c: Client, w: World) -> bool:
    r = c.get(f"/spieler/{w.player_id}/statistik/")
    assert r.status_code == 200
    kept = {i.liste_id for i in r.context["view"].lists}
    assert w.open_list in kept
    return bool(kept & set(w.silent_lists)) or _links_a_silent_list(r.content.decode(), w)


def list_page(c: Client, w: World) -> bool:
    return all(c.get(f"/listen/{pk}/").status_code == 200 for pk in w.silent_lists)


def list_history(c: Client, w: World) -> bool:
    return c.get(f"/listen/{w.silent_lists[0]}/verlauf/").status_code == 200


def list_pdf(c: Client, w: World) -> bool:
    return c.get(f"/listen/{w.silent_lists[0]}/liste.pdf").status_code == 200


def list_index(c: Client, w: World) -> bool:
    r = c.get(f"/listen/?turnier={w.tournament.pk}")
    assert r.status_code == 200
    assert f"/listen/{w.open_list}/" in r.content.decode()
    return _links_a_silent_list(r.content.decode(), w)


def round_board(c: Client, w: World) -> bool:
    r = c.get(f"/turniere/{w.tournament.pk}/runde/{SILENT}/")
    assert r.status_code == 200
    body = r.content.decode()
    return _links_a_silent_list(body, w) or "data-status" in body


def round_lists_pdf(c: Client, w: World) -> bool:
    # The blank sheets (names, no games) stay for everybody.
    assert c.get(f"/turniere/{w.tournament.pk}/runde/{SILENT}/listen.pdf?leer=1").status_code == 200
    return c.get(f"/turniere/{w.tournament.pk}/runde/{SILENT}/listen.pdf").status_code == 200


def tournament_player_page(c: Client, w: World) -> bool:
    participant = w.tournament.participants.get(player_id=w.player_id)
    r = c.get(f"/turniere/{w.tournament.pk}/spieler/{participant.pk}/")
    return SILENT in [x.round_number for x in r.context["rounds"]]


def standings_page(c: Client, w: World) -> bool:
    r = c.get(f"/turniere/{w.tournament.pk}/wertung/")
    return SILENT in r.context["standings"].counted


def api_list(c: APIClient, w: World) -> bool:
    return c.get(f"/api/v1/listen/{w.silent_lists[0]}/").status_code == 200


def api_round(c: APIClient, w: World) -> bool:
    r = c.get(f"/api/v1/turniere/{w.tournament.pk}/runden/{SILENT}/")
    assert r.status_code == 200
    return any(t["state"] is not None for t in r.json()["tables"])


def api_statistics(c: APIClient, w: World) -> bool:
    r = c.get(f"/api/v1/spieler/{w.player_id}/statistik/")
    assert r.status_code == 200
    kept = {i["liste_id"] for i in r.json()["lists"]}
    assert w.open_list in kept
    return bool(kept & set(w.silent_lists))


def api_standings(c: APIClient, w: World) -> bool:
    r = c.get(f"/api/v1/turniere/{w.tournament.pk}/wertung/")
    return SILENT in r.json()["counted_rounds"]


PAGES: list[Callable[[Client, World], bool]] = [
    player_page,
    statistics_page,
    list_page,
    list_history,
    list_pdf,
    list_index,
    round_board,
    round_lists_pdf,
    tournament_player_page,
    standings_page,
]
API: list[Callable[[APIClient, World], bool]] = [
    api_list,
    api_round,
    api_statistics,
    api_standings,
]


def page_client(who: str, w: World) -> Client:
    c = Client()
    if who == "player":
        c.force_login(w.player_account)
    elif who == "organiser":
        c.force_login(w.organiser)
    elif who == "staff":
        c.force_login(User.objects.create_user("staff", password="x" * 12, is_staff=True))
    return c


def api_client(who: str, w: World) -> APIClient:
    c = APIClient()
    account = {"player": w.player_account, "organiser": w.organiser}.get(who)
    if account is not None:
        token, _ = Token.objects.get_or_create(user=account)
        c.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return c


@pytest.mark.parametrize("way", PAGES, ids=lambda f: f.__name__)
@pytest.mark.parametrize("who", ["anonymous", "player"])
def test_no_page_shows_a_silent_round(world, way, who):
    assert not way(page_client(who, world), world)


@pytest.mark.parametrize("way", API, ids=lambda f: f.__name__)
@pytest.mark.parametrize("who", ["anonymous", "player"])
def test_no_api_answer_shows_a_silent_round(world, way, who):
    assert not way(api_client(who, world), world)


@pytest.mark.parametrize("way", PAGES, ids=lambda f: f.__name__)
@pytest.mark.parametrize("who", ["organiser", "staff"])
def test_the_organisers_see_the_silent_round(world, way, who):
    assert way(page_client(who, world), world)


@pytest.mark.parametrize("way", API, ids=lambda f: f.__name__)
def test_the_organiser_sees_it_through_the_api(world, way):
    assert way(api_client("organiser", world), world)


@pytest.mark.parametrize("way", PAGES, ids=lambda f: f.__name__)
def test_after_the_ceremony_every_page_shows_it(world, way):
    ts.tournament_set_silent(tournament=world.tournament, rounds=0, user=world.organiser)
    world.tournament.refresh_from_db()
    assert way(page_client("anonymous", world), world)


@pytest.mark.parametrize("way", API, ids=lambda f: f.__name__)
def test_after_the_ceremony_the_api_shows_it(world, way):
    ts.tournament_set_silent(tournament=world.tournament, rounds=0, user=world.organiser)
    world.tournament.refresh_from_db()
    assert way(api_client("player", world), world)


def test_closing_the_tournament_ends_the_silence_everywhere(world):
    Tournament.objects.filter(pk=world.tournament.pk).update(closed_at="2026-11-21T20:00:00Z")
    world.tournament.refresh_from_db()
    c = page_client("anonymous", world)
    assert player_page(c, world)
    assert list_page(c, world)


# --- while the silent round is played -------------------------------------------------


@pytest.fixture
def playing():
    """Round 1 of 2 closed; round 2, the silent one, drawn and 2 games in at each table."""
    organiser = User.objects.create_user("leitung", password="x" * 12)
    tournament = make_tournament(8, rounds=2, official=True)
    tournament.organisers.add(organiser)
    rnd, _ = ts.round_draw(tournament=tournament, seed=1)
    play_round(rnd, seed=1)
    ts.round_close(tournament_round=rnd)
    ts.tournament_set_silent(tournament=tournament, rounds=1, user=organiser)
    rnd, _ = ts.round_draw(tournament=tournament, seed=2)
    play_round(rnd, seed=2, stop=2)
    tournament.refresh_from_db()
    return tournament, organiser, list(rnd.lists.order_by("pk"))


def test_the_tables_code_still_opens_and_writes_its_own_list(client, playing):
    _tournament, _organiser, (own, other) = playing
    refused = client.get(f"/listen/{own.pk}/")  # anonymous: nothing, and why
    assert refused.status_code == 403
    assert "Stille Runde" in refused.content.decode()
    assert "Siegerehrung" in refused.content.decode()
    opened = client.get(f"/t/{own.code}/", follow=True)
    assert opened.status_code == 200
    assert b"data-outbox" in opened.content  # the entry form: the table writes its list
    assert client.get(f"/listen/{own.pk}/").status_code == 200
    assert client.get(f"/listen/{own.pk}/liste.pdf").status_code == 200
    # ... but no other silent table's list.
    assert client.get(f"/listen/{other.pk}/").status_code == 403
    # The API with the table's code reads its list (and writes it: the same access).
    api = APIClient()
    answer = api.get(f"/api/v1/listen/{own.pk}/", HTTP_X_TISCH_CODE=own.code)
    assert answer.status_code == 200
    assert answer.json()["id"] == own.pk
    elsewhere = api.get(f"/api/v1/listen/{other.pk}/", HTTP_X_TISCH_CODE=own.code)
    assert elsewhere.status_code in (401, 403)


def test_a_silent_tables_game_changes_no_public_poll(client, playing):
    """The standings, board and projector polls of the public answer 304 while games go
    in at the silent tables: a new answer would tell them something happened there. The
    organiser's change."""
    from tests.live.test_polls import poll, save_one

    tournament, organiser, lists = playing
    t = tournament.pk
    urls = [
        f"/turniere/{t}/wertung/?vorlaeufig=1",
        f"/turniere/{t}/runde/2/",
        f"/turniere/{t}/beamer/",
    ]
    public = {url: poll(client, url)["ETag"] for url in urls}
    leitung = Client()
    leitung.force_login(organiser)
    theirs = {url: poll(leitung, url)["ETag"] for url in urls[:2]}
    save_one(lists[0], seed=7)
    for url, tag in public.items():
        assert poll(client, url, tag).status_code == 304, url
    for url, tag in theirs.items():
        assert poll(leitung, url, tag).status_code == 200, url


def test_the_projectors_e_legend_only_above_an_e(client, playing):
    """A substitute at a silent table: the projector (silent even for the organiser)
    shows neither the E nor its legend; after the ceremony both."""
    from league.lists import services as list_services

    tournament, organiser, lists = playing
    liste = lists[0]
    seat = liste.seats.get(position=2)
    gone = tournament.participants.get(player=seat.player)
    ts.participant_set_withdrawn(participant=gone, withdrawn=True)
    erna = ts.participant_add(tournament=tournament, name="Erna Ersatz")
    list_services.seat_substitute(spielliste=liste, position=2, player=erna.player, from_game=3)
    play_round(tournament.rounds.get(number=2), seed=3)
    url = f"/turniere/{tournament.pk}/beamer/"
    screen = client.get(url).content.decode()
    assert "data-shared" not in screen
    assert "data-sub-legend" not in screen
    ts.tournament_set_silent(tournament=tournament, rounds=0, user=organiser)
    screen = client.get(url).content.decode()
    assert "data-shared" in screen
    assert "data-sub-legend" in screen


def test_the_player_page_as_a_page(client, world):
    """The page itself (issue 29 saw "R5: −3 … −19"): the rounds before the silence with
    their points, the silent round nowhere — nor in his totals; after the ceremony it is."""
    html = client.get(f"/spieler/{world.player_id}/").content.decode()
    line = html.split(f'data-tournament="{world.tournament.pk}"')[1].split("</tr>")[0]
    assert ">R1</a>" in line
    assert ">R2</a>" in line
    assert f">R{SILENT}</a>" not in line
    rounds = line.split('class="num">')[1].split("<")[0]
    assert rounds == "2"
    stats = client.get(f"/spieler/{world.player_id}/statistik/").content.decode()
    assert f"Runde {SILENT}" not in stats
    assert "Runde 1" in stats
    ts.tournament_set_silent(tournament=world.tournament, rounds=0, user=world.organiser)
    html = client.get(f"/spieler/{world.player_id}/").content.decode()
    assert f">R{SILENT}</a>" in html
    assert (
        f"Runde {SILENT}" in client.get(f"/spieler/{world.player_id}/statistik/").content.decode()
    )
