"""The Rangliste from the database: same figures as the pure rules, window, pages, API,
exports, query budgets at two sizes."""

import csv
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from league.clubs.models import Player
from league.lists.models import ScoreLine
from league.tournaments import services as ts
from league.tournaments.models import Tournament
from scoring.rangliste import RatedResult, compute_rangliste
from tests.rankings.helpers import D, entrants, rated


def expected(as_of):
    """The pure rules fed with every rated, closed tournament's per-round points."""
    results = []
    for t in Tournament.objects.filter(rated=True, closed_at__isnull=False):
        per_player: dict[str, dict[int, int]] = {}
        for line in ScoreLine.objects.filter(
            spielliste__round_table__tournament_round__tournament=t
        ).values("player_id", "points", "spielliste__round_table__tournament_round__number"):
            rounds = per_player.setdefault(str(line["player_id"]), {})
            n = line["spielliste__round_table__tournament_round__number"]
            rounds[n] = rounds.get(n, 0) + line["points"]
        for player, rounds in per_player.items():
            results.append(
                RatedResult(player, str(t.pk), t.date, t.bundesland, tuple(rounds.values()))
            )
    return compute_rangliste(results, as_of=as_of)


@pytest.fixture
def season(db):
    """Thirteen RLTs: the first 32 play all (39 rounds), 8 more some."""
    tournaments = []
    for i in range(13):
        people = entrants(32 - (i % 2) * 4) + entrants(4 * (i % 2) + 4, offset=32 + i % 4)
        tournaments.append(
            rated(
                name=f"RLT {i}",
                day=D(2025, 1, 10 + i),
                land=("NW", "BY", "SH")[i % 3],
                people=people,
                seed=i,
            )
        )
    return tournaments


@pytest.mark.django_db
def test_database_rangliste_equals_the_pure_rules(season):
    from league.rankings.selectors import rangliste

    as_of = D(2026, 6, 30)
    view = rangliste(as_of=as_of)
    pure = expected(as_of)
    assert [(r.rank, r.player, r.rounds, r.points, r.average) for r in view.rangliste] == [
        (r.rank, r.player, r.rounds, r.points, r.average) for r in pure.rangliste
    ]
    assert {(r.player, r.rounds) for r in view.unter_36} == {
        (r.player, r.rounds) for r in pure.unter_36
    }
    assert [
        (r.player, r.points, [c.tournament for c in r.counted]) for r in view.bundeslaender
    ] == [(r.player, r.points, [c.tournament for c in r.counted]) for r in pure.bundeslaender]
    assert view.rangliste  # both lists filled
    assert view.unter_36


@pytest.mark.django_db
def test_window_boundary_and_only_closed_rated_tournaments():
    """The Rangliste's SQL filter and a player's page (scoring.rangliste.counts_in_rangliste)
    agree on every side of the rule: the window's edges, closed, rated."""
    from league.rankings.selectors import player_record, rangliste

    t = rated(day=D(2024, 6, 30))
    player = Player.objects.get(ddv_number="70000")

    def counted(as_of):
        """(players in "unter 36", his rounds there, his rated rounds on his page)"""
        view = rangliste(as_of=as_of)
        his = [r.rounds for r in view.unter_36 if r.player == str(player.pk)]
        page = player_record(player=player, as_of=as_of)
        return len(view.unter_36), sum(his), page.rated_rounds

    assert counted(D(2026, 6, 30)) == (32, 3, 3)  # exactly 24 months: counts
    assert counted(D(2026, 7, 1)) == (0, 0, 0)  # one day later: gone
    assert counted(D(2024, 6, 29)) == (0, 0, 0)  # before the tournament
    assert counted(D(2024, 6, 30)) == (32, 3, 3)  # on the day itself
    ts.tournament_reopen(tournament=t)
    assert counted(D(2026, 6, 30)) == (0, 0, 0)  # reopened: not counted
    ts.tournament_set_rating(tournament=t, rated=False)
    ts.tournament_close(tournament=t)
    assert counted(D(2026, 6, 30)) == (0, 0, 0)  # closed but not rated: not counted


@pytest.mark.django_db
@pytest.mark.parametrize("tournaments", [1, 3])
def test_pages_and_api_query_budget(client, tournaments, django_assert_max_num_queries):
    for i in range(tournaments):
        rated(name=f"RLT {i}", day=D(2026, 1, 1 + i), seed=i, people=entrants(32 + 4 * i))
    with django_assert_max_num_queries(4):
        page = client.get(reverse("rangliste"), {"stichtag": "2026-06-30"})
    html = page.content.decode()
    unter_36 = html[html.index('id="unter36"') : html.index('id="laender"')]
    assert unter_36.count('data-player="') == 32 + 4 * (tournaments - 1)
    with django_assert_max_num_queries(4):
        api = client.get("/api/v1/rangliste/", {"stichtag": "2026-06-30"})
    assert api.status_code == 200
    body = api.json()
    assert len(body["unter_36"]) == 32 + 4 * (tournaments - 1)
    assert body["window_start"] == "2024-06-30"
    player = Player.objects.get(ddv_number="70000")
    with django_assert_max_num_queries(6):
        page = client.get(reverse("player-record", args=[player.pk]), {"stichtag": "2026-06-30"})
    assert page.status_code == 200
    assert page.content.decode().count('data-tournament="') == tournaments
    with django_assert_max_num_queries(4):
        assert client.get(reverse("rangliste-pdf")).status_code == 200


@pytest.mark.django_db
def test_api_bad_stichtag_is_a_400_with_the_error_object(client):
    for bad in ("2026-02-30", "morgen", "2026-1-1", "0001-01-01"):
        response = client.get("/api/v1/rangliste/", {"stichtag": bad})
        assert response.status_code == 400
        assert response.json()["error"]["code"] == "invalid_value"
        assert response.json()["error"]["field"] == "stichtag"
    for bad in ("kaputt", "0001-01-01", "9999-12-31"):
        page = client.get(reverse("rangliste"), {"stichtag": bad})
        assert page.status_code == 200  # the page shows today's list with a notice


@pytest.mark.django_db
def test_exports_are_formula_safe_and_hold_numbers(client):
    people = [*entrants(31), ("=HYPERLINK(1)", "@evil", "79999")]
    rated(people=people)
    rows = list(
        csv.reader(
            io.StringIO(
                client.get(
                    reverse("rangliste"),
                    {"stichtag": "2026-06-30", "_export": "csv", "liste": "unter36"},
                ).content.decode()
            )
        )
    )
    assert rows[0] == ["Name", "Verein", "Runden", "Punkte"]
    assert len(rows) == 33
    assert next(r for r in rows if "HYPERLINK" in r[0])[:3] == ["'=HYPERLINK(1)", "'@evil", "3"]
    book = load_workbook(
        io.BytesIO(
            client.get(
                reverse("rangliste"),
                {"stichtag": "2026-06-30", "_export": "xlsx", "liste": "bundeslaender"},
            ).content
        )
    )
    sheet = book.active
    values = [[c.value for c in row] for row in sheet.iter_rows()]
    assert values[0][0] == "Platz"
    assert all(isinstance(v[3], int) for v in values[1:])
    assert all(row[1].data_type == "s" for row in sheet.iter_rows())  # names: text only


@pytest.mark.django_db
def test_hidden_players_read_as_alias_in_public(client):
    rated()
    player = Player.objects.get(ddv_number="70001")
    player.hide_name = True
    player.save()
    html = client.get(reverse("rangliste"), {"stichtag": "2026-06-30"}).content.decode()
    assert "Spieler 001" not in html
    assert f"Spieler {player.pk}" in html
