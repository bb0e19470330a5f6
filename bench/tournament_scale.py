"""DEM-size tournament: build it, then time the standings page against raw SQL.

Fills a fresh SQLite database (or the one DATABASE_URL names — it must be empty) with
168 players in 8 rounds of full lists (42 tables a round, 336 lists, ~8,000 games) and
prints, as one JSON object on its last line:
  build_s                       draws + all games through the services + closing rounds
  standings_page_s              GET of the standings page (best of 10)
  raw_sql_aggregate_s           the bare SUM ... GROUP BY over the same score lines (best of 20)
  standings_over_raw_sql        the ratio (target <= 3)
  standings_queries, player_page_queries, export_csv_queries
  round_lists_pdf_s             all 42 Spiellisten of one round as one PDF (target < 5 s)
Usage: python bench/tournament_scale.py [players] [rounds]
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from timing import best_of  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")
if "DATABASE_URL" not in os.environ:
    os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import reverse  # noqa: E402

from league.lists import services  # noqa: E402
from league.tournaments import services as ts  # noqa: E402
from league.tournaments.models import Participant  # noqa: E402
from league.tournaments.pdf import round_lists_pdf  # noqa: E402
from scoring.simulate import random_round  # noqa: E402


def main(players: int = 168, rounds: int = 8) -> None:
    import datetime as dt

    call_command("migrate", verbosity=0)
    rng = random.Random(2026)
    start = time.perf_counter()
    tournament = ts.tournament_create(
        name="Deutsche Einzelmeisterschaft (Bench)",
        date=dt.date(2026, 6, 1),
        rounds_planned=rounds,
    )
    for i in range(players):
        ts.participant_add(
            tournament=tournament,
            name=f"Spieler {i:03d}",
            club_name=f"Verein {i % 40}",
            ddv_number=str(10000 + i),
        )
    games = 0
    for n in range(1, rounds + 1):
        rnd, _ = ts.round_draw(tournament=tournament, seed=n)
        for liste in rnd.lists.all():
            seats = [s.player.name for s in liste.seats.select_related("player")]
            records = random_round(rng, seats)
            services.games_import(spielliste=liste, records=records)
            games += len(records)
        ts.round_close(tournament_round=rnd)
    build = time.perf_counter() - start
    print(f"built: {players} players, {rounds} rounds, {games} games in {build:.1f} s")

    client = Client()
    url = reverse("standings", args=[tournament.pk])
    client.get(url)  # warm caches (templates, connection)
    page = best_of(10, lambda: client.get(url))
    with CaptureQueriesContext(connection) as q:
        response = client.get(url)
    assert response.status_code == 200
    standings_queries = len(q.captured_queries)

    sql = (
        "SELECT sl.player_id, r.number, SUM(sl.points) FROM league_scoreline sl "
        "JOIN league_spielliste l ON l.id = sl.spielliste_id "
        "JOIN league_tournamentround r ON r.id = l.tournament_round_id "
        "WHERE r.tournament_id = %s GROUP BY sl.player_id, r.number"
    )

    def raw() -> None:
        with connection.cursor() as cursor:
            cursor.execute(sql, [tournament.pk])
            cursor.fetchall()

    raw_s = best_of(20, raw)

    participant = Participant.objects.filter(tournament=tournament).first()
    player_url = reverse("tournament-player", args=[tournament.pk, participant.pk])
    with CaptureQueriesContext(connection) as q:
        client.get(player_url)
    player_queries = len(q.captured_queries)
    player_s = best_of(3, lambda: client.get(player_url))
    with CaptureQueriesContext(connection) as q:
        client.get(url, {"_export": "csv"})
    export_queries = len(q.captured_queries)

    last = tournament.rounds.get(number=rounds)
    pdf_s = best_of(2, lambda: round_lists_pdf(last, blank=False))

    figures = {
        "players": players,
        "rounds": rounds,
        "lists": players // 4 * rounds,
        "games": games,
        "database": connection.vendor,
        "build_s": round(build, 2),
        "standings_page_s": round(page, 4),
        "raw_sql_aggregate_s": round(raw_s, 4),
        "standings_over_raw_sql": round(page / raw_s, 2),
        "standings_queries": standings_queries,
        "player_page_s": round(player_s, 4),
        "player_page_queries": player_queries,
        "export_csv_queries": export_queries,
        "round_lists_pdf_s": round(pdf_s, 2),
    }
    print(
        f"standings page {page * 1000:.1f} ms = {page / raw_s:.2f} x raw SQL "
        f"({raw_s * 1000:.1f} ms), {standings_queries} queries"
    )
    print(f"42 Spiellisten as one PDF: {pdf_s:.2f} s")
    print(json.dumps(figures))


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    main(*args)
