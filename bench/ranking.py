"""National-scale Rangliste in PostgreSQL (issue 13 "Performance").

Builds, by bulk SQL (``INSERT … SELECT generate_series``, no services), five years of
rated tournaments (300 closed Ranglistenturniere of 32 players and 3 rounds: 28,800 player
rounds, every list with its 24 games and score lines) plus 200 clubs' weekly evenings (one
24-game list an evening: about 1.25 million games and 5 million score lines at
``--scale 1``). Then it measures, on a warm cache, the median of ``--runs``:

- the Rangliste (``league.rankings.selectors.rangliste``) against the raw SQL aggregate
  over the same rows (score lines summed by player and tournament), and its queries;
- a player's page (``league.rankings.selectors.player_record``, a club regular who also
  plays rated tournaments) against the raw SQL aggregate over his rows, and its queries;
- both pages through the Django test client (queries, time);
- a club regular's statistics (``league.rankings.statistics``, 130 lists) against the raw
  aggregate over his score lines and against a plain sum of his derived rows
  (``lists.StatLine``, which the loader writes as the services would), its queries, and
  its page through the client (issue 25: within 3x, under 10 queries, under 150 ms).

Goal: each within 3x its raw aggregate and under 10 queries. The player's page is also
compared with hand-written SQL that reads, besides the sums, what each list is (its title,
date, tournament round or club evening): ``player_ratio_with_lists``. The figures are
printed as one JSON object on the last line; ``--measure-only`` measures the database the
last run built, ``--statistics-only`` measures only the statistics there. Not part of
``make test``; it uses its own database (``rankingbench``, or ``RANKING_BENCH_DB``) on
127.0.0.1:5432 and rebuilds it on every run.

Last measured (scale 1, 1.42 million games, runs 15, a 2-core machine shared with other
work; issue 25): the statistics of a club regular (130 lists) 2.2 ms against 1.1 ms raw
(2.0x), 1 query, its page 7.3 ms in 2 queries; his points page's selector 1.4 ms against
0.8 ms (1.75x), the busiest tournament regular's 1.3 ms against 0.8 ms (1.6x), 1 query;
the Rangliste 0.94x. Before the statistics rows said where their list stands (owner,
date, round or table) and the statements were prepared: 7-11x, 3 queries; 4.5-5.4x.

The Spielstärke (issue 34, ``--strength``, on the database the last run built): every club
switched "Vereinsabende zählen zur Spielstärke" on, so that every list counts; a whole
rebuild (``lists.strength.rating_rebuild``: seconds, lists a second), then the
``/spielstaerke/`` page's selector and page against a raw SQL read of the stored figures
(goal: within 3x, under 10 queries): the page rendered (the shared copy dropped before each
visit) and served from the shared copy strangers get until the next write.

Last measured (scale 1: 59,200 rated lists, 1.42 million games, 3,250 players, 2,113 of
them listed; runs 15; 2 cores shared with other work at a load average of 11): a rebuild
188 s (315 lists a second; 236,800 steps), the page rendered 44.7 ms in 4 queries against
21.5 ms raw (2.1x), from the shared copy 5.8 ms in 1 query, the selector of every row
35.4 ms (1.65x). Before the page read one page of rows and made its rows in one go (a
template tag a cell), 70-107 ms (2.5-4.8x); before the evenings' rule read the club's
setting along instead of filtering on it, the rebuild took 271 s (90 s of it that filter).

Usage: python bench/ranking.py [--scale 1.0] [--runs 7]
       [--measure-only | --statistics-only | --strength]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DB = os.environ.get("RANKING_BENCH_DB", "rankingbench")  # another name: a second copy
PG_URL = f"postgres://postgres@127.0.0.1:5432/{DB}"

TOURNAMENTS = 300
PER_TOURNAMENT = 32
ROUNDS = 3
TABLES = PER_TOURNAMENT // 4
CORE = 150  # regulars of the rated tournaments (half of every field)
CASUAL = 1500
CLUBS = 200
MEMBERS = 8  # per club; four play each week
WEEKS = 260
GAMES = 24
START = "2021-12-01"


def _reset_database() -> None:
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {DB}")


def _timed(label: str, sql: str, cursor: Any, params: Any = None) -> float:
    start = time.perf_counter()
    cursor.execute(sql, params if params is not None else [])
    took = time.perf_counter() - start
    print(f"  {label}: {took:.1f} s", flush=True)
    return took


def _drop_indexes(cursor: Any, tables: tuple[str, ...]) -> list[tuple[str, str]]:
    """Bulk loading: drop the secondary indexes and the FK triggers of ``tables`` (the
    loader's rows are consistent by construction); returns how to restore them."""
    restore = []
    for table in tables:
        cursor.execute(
            "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = %s "
            "AND indexname NOT LIKE %s",
            [table, "%pkey"],
        )
        for name, definition in cursor.fetchall():
            constraint = "_uniq" in name or "unique" in name
            if constraint:
                continue
            cursor.execute(f'DROP INDEX "{name}"')
            restore.append((table, definition))
        cursor.execute(f"ALTER TABLE {table} DISABLE TRIGGER ALL")
    return restore


# Seat ``st`` is in the Re party of game ``gm`` (the loader's Re pair).
_RE = "st.position IN (gm.number %% 4 + 1, (gm.number + 1) %% 4 + 1)"


def build(scale: float) -> dict[str, Any]:
    from django.db import connection

    weeks = max(1, round(WEEKS * scale))
    rated_lists = TOURNAMENTS * ROUNDS * TABLES
    people = CORE + CASUAL + CLUBS * MEMBERS
    figures: dict[str, Any] = {"weeks": weeks}
    with connection.cursor() as c:
        t0 = time.perf_counter()
        _timed(
            "clubs",
            "INSERT INTO clubs_club (id, name, city, members_only, rules, landesverband, "
            "rating_evenings) SELECT g, 'Club ' || g, '', false, '{}', 'Landesverband ' || "
            "(g %% 16 + 1), false FROM generate_series(1, %s) g",
            c,
            [CLUBS],
        )
        # Players 1..CORE+CASUAL: tournament players; then MEMBERS per club.
        _timed(
            "players",
            "INSERT INTO clubs_player (id, name, club_id, ddv_number, hide_name, name_key, "
            "name_skeleton) "
            "SELECT g, 'Spieler ' || g, CASE WHEN g > %(t)s THEN (g - %(t)s - 1) / %(m)s + 1 "
            "ELSE (g %% %(clubs)s) + 1 END, 'D' || g, false, 'spieler ' || g, 'spieler ' || g "
            "FROM generate_series(1, %(n)s) g",
            c,
            {"t": CORE + CASUAL, "m": MEMBERS, "clubs": CLUBS, "n": people},
        )
        _timed(
            "tournaments",
            "INSERT INTO tournaments_tournament (id, name, date, venue, rounds_planned, official, "
            "tie_breaks, require_confirmation, double_entry, separate_clubs, round_minutes, "
            "members_only, rated, bundesland, closed_at, created_at, rating_note, "
            "rating_approved_at, silent_rounds, uid, published_digest, people_open) "
            "SELECT g, 'RLT ' || g, DATE %(start)s + g * 6, '', 3, true, '[]', false, false, "
            "true, NULL, false, true, "
            "(ARRAY['BW','BY','BE','BB','HB','HH','HE','MV','NI','NW','RP',"
            "'SL','SN','ST','SH','TH'])[g %% 16 + 1], now(), now(), '', now(), 0, "
            "md5('t' || g)::uuid, '', 0 "
            "FROM generate_series(1, %(n)s) g",
            c,
            {"start": START, "n": TOURNAMENTS},
        )
        # Participant i of tournament t: half regulars, half casual players (distinct).
        _timed(
            "participants",
            "INSERT INTO tournaments_participant (tournament_id, player_id, number, withdrawn, "
            "created_here, pin) "
            "SELECT t, CASE WHEN i < 16 THEN (t * 7 + i * 11) %% %(core)s + 1 "
            "ELSE %(core)s + (t * 131 + (i - 16) * 17) %% %(casual)s + 1 END, i + 1, false, "
            "false, '' "
            "FROM generate_series(1, %(n)s) t, generate_series(0, %(per)s - 1) i",
            c,
            {"core": CORE, "casual": CASUAL, "n": TOURNAMENTS, "per": PER_TOURNAMENT},
        )
        _timed(
            "rounds",
            "INSERT INTO tournaments_tournamentround (id, tournament_id, number, status, seeded, "
            "seed, repeat_meetings, time_called, started_at) "
            "SELECT (t - 1) * %(r)s + r, t, r, 'closed', false, 0, 0, false, NULL "
            "FROM generate_series(1, %(n)s) t, generate_series(1, %(r)s) r",
            c,
            {"r": ROUNDS, "n": TOURNAMENTS},
        )
        # Lists 1..rated_lists: the tournaments' tables; then one list per club evening.
        evening_lists = CLUBS * weeks
        _timed(
            "lists",
            "INSERT INTO lists_spielliste (id, title, club_id, table_size, "
            "listenfuehrer_position, time_up_after, version, games_played, complete, frozen, "
            "code, created_by_id, confirmed_at, confirmed_seat, last_writer, totals_only, "
            "ended_early, added_minutes, added_by, rules, closed, redeals, created_at, "
            "updated_at, next_seating) "
            "SELECT g, 'Liste ' || g, CASE WHEN g > %(rated)s THEN (g - %(rated)s - 1) %% "
            "%(clubs)s + 1 END, 4, 4, NULL, %(games)s, %(games)s, true, g <= %(rated)s, "
            "lpad(to_hex(g), 8, '0'), NULL, NULL, NULL, '', false, false, 0, '', '{}', false, "
            "'[]', now(), now(), '[]' "
            "FROM generate_series(1, %(n)s) g",
            c,
            {
                "rated": rated_lists,
                "clubs": CLUBS,
                "games": GAMES,
                "n": rated_lists + evening_lists,
            },
        )
        _timed(
            "round tables",
            "INSERT INTO tournaments_roundtable (tournament_round_id, number, spielliste_id) "
            "SELECT (g - 1) / %(tables)s + 1, (g - 1) %% %(tables)s + 1, g "
            "FROM generate_series(1, %(n)s) g",
            c,
            {"tables": TABLES, "n": rated_lists},
        )
        # Seat s (0..3) of table k (0..7) in round r: participant ((k*4 + s) + r*5) mod 32.
        _timed(
            "rated seats",
            "INSERT INTO lists_seat (spielliste_id, position, player_id, name) "
            "SELECT rt.spielliste_id, s + 1, p.player_id, 'Spieler ' || p.player_id "
            "FROM tournaments_roundtable rt "
            "JOIN tournaments_tournamentround tr ON tr.id = rt.tournament_round_id "
            "CROSS JOIN generate_series(0, 3) s "
            "JOIN tournaments_participant p ON p.tournament_id = tr.tournament_id "
            "AND p.number = ((rt.number - 1) * 4 + s + tr.number * 5) %% 32 + 1",
            c,
        )
        _timed(
            "evenings",
            "INSERT INTO clubs_clubevening (id, club_id, date, note, created_at) "
            "SELECT g, (g - 1) %% %(clubs)s + 1, DATE %(start)s + ((g - 1) / %(clubs)s) * 7, "
            "'', now() FROM generate_series(1, %(n)s) g",
            c,
            {"clubs": CLUBS, "start": START, "n": evening_lists},
        )
        _timed(
            "evening tables",
            "INSERT INTO clubs_eveningtable (evening_id, number, spielliste_id, imported_from) "
            "SELECT g, 1, %(rated)s + g, '' FROM generate_series(1, %(n)s) g",
            c,
            {"rated": rated_lists, "n": evening_lists},
        )
        # Four of the club's eight members a week (every member every other week).
        _timed(
            "evening seats",
            "INSERT INTO lists_seat (spielliste_id, position, player_id, name) "
            "SELECT %(rated)s + g, s + 1, m, 'Spieler ' || m FROM generate_series(1, %(n)s) g, "
            "generate_series(0, 3) s, LATERAL (SELECT %(first)s + ((g - 1) %% %(clubs)s) * "
            "%(members)s + ((g - 1) / %(clubs)s + s * 2) %% %(members)s AS m) x",
            c,
            {
                "rated": rated_lists,
                "n": evening_lists,
                "first": CORE + CASUAL + 1,
                "clubs": CLUBS,
                "members": MEMBERS,
            },
        )
        n_lists = rated_lists + evening_lists
        dropped = _drop_indexes(c, ("lists_game", "lists_scoreline"))
        _timed(
            "games",
            "INSERT INTO lists_game (id, spielliste_id, number, players, re, kind, solo, "
            "pflicht, re_augen, schwarz, ann_re, ann_kontra, dk_re, dk_kontra, fuchs_re, "
            "fuchs_kontra, karlchen, karlchen_gefangen, herz_re, herz_kontra, dealer_position, "
            "sitting_out_position, vorfuehrung, winner, value, bock, bock_triggers, "
            "quick_winners, quick_value, quick_soloist) "
            "SELECT (l - 1) * %(games)s + g, l, g, '[1, 2, 3, 4]', "
            "jsonb_build_array(g %% 4 + 1, (g + 1) %% 4 + 1), 'normal', '', false, 121, '', "
            "'none', 'none', 0, 0, 0, 0, '', '', 0, 0, (g - 1) %% 4 + 1, NULL, false, 're', "
            "(l * 31 + g * 17) %% 7 - 3, 1, 0, '[]', 0, NULL "
            "FROM generate_series(1, %(lists)s) l, generate_series(1, %(games)s) g",
            c,
            {"games": GAMES, "lists": n_lists},
        )
        _timed(
            "score lines",
            "INSERT INTO lists_scoreline (spielliste_id, player_id, game_id, penalty_id, points) "
            "SELECT gm.spielliste_id, st.player_id, gm.id, NULL, CASE WHEN "
            "st.position IN (gm.number %% 4 + 1, (gm.number + 1) %% 4 + 1) THEN gm.value "
            "ELSE -gm.value END FROM lists_game gm JOIN lists_seat st "
            "ON st.spielliste_id = gm.spielliste_id",
            c,
        )
        # The derived statistics rows the write path keeps (lists.StatLine), as the
        # services would have written them for these games: per player and list his rows,
        # Re/Kontra, won/lost and his partners (``manage.py stats_rebuild`` does the same
        # by replaying every list — far slower at this scale); where the list stands is
        # its placement (below).
        _timed(
            "stat lines",
            "INSERT INTO lists_statline (spielliste_id, player_id, total, games, won, lost, "
            "points, re, re_won, kontra, kontra_won, pflicht, announced, announced_won, solos, "
            "partners) "
            "SELECT x.spielliste_id, x.player_id, x.points, x.games, x.won, x.lost, "
            "x.points, x.re, x.re_won, x.games - x.re, x.kontra_won, 0, 0, 0, '{}', "
            "coalesce(p.partners, '{}') FROM ("
            "SELECT gm.spielliste_id, st.player_id, count(*) AS games, "
            f"sum(CASE WHEN {_RE} THEN gm.value ELSE -gm.value END) AS points, "
            f"count(*) FILTER (WHERE ({_RE}) = (gm.winner = 're')) AS won, "
            f"count(*) FILTER (WHERE ({_RE}) <> (gm.winner = 're')) AS lost, "
            f"count(*) FILTER (WHERE {_RE}) AS re, "
            f"count(*) FILTER (WHERE {_RE} AND gm.winner = 're') AS re_won, "
            f"count(*) FILTER (WHERE NOT ({_RE}) AND gm.winner = 'kontra') AS kontra_won "
            "FROM lists_game gm JOIN lists_seat st ON st.spielliste_id = gm.spielliste_id "
            "GROUP BY 1, 2) x LEFT JOIN ("
            "SELECT spielliste_id, player_id, "
            "jsonb_object_agg(partner_id::text, jsonb_build_array(n, w)) AS partners FROM ("
            "SELECT gm.spielliste_id, st.player_id, b.player_id AS partner_id, count(*) AS n, "
            f"count(*) FILTER (WHERE ({_RE}) = (gm.winner = 're')) AS w "
            "FROM lists_game gm JOIN lists_seat st ON st.spielliste_id = gm.spielliste_id "
            "JOIN lists_seat b ON b.spielliste_id = gm.spielliste_id "
            "AND b.position <> st.position "
            f"WHERE ({_RE}) = ({_RE.replace('st.', 'b.')}) GROUP BY 1, 2, 3) q GROUP BY 1, 2"
            ") p ON p.spielliste_id = x.spielliste_id AND p.player_id = x.player_id",
            c,
        )
        # Where each list stands (``lists.Placement``), as the owners write it when they
        # make their lists: what the Spielstärke reads to find and order the rated lists.
        _timed(
            "placements",
            "INSERT INTO lists_placement (spielliste_id, owner, event_id, event, day, number, "
            "table_number, members_only, season, vouched) "
            "SELECT rt.spielliste_id, 'tournament', t.id, t.name, t.date, tr.number, rt.number, "
            "false, '', true FROM tournaments_roundtable rt "
            "JOIN tournaments_tournamentround tr ON tr.id = rt.tournament_round_id "
            "JOIN tournaments_tournament t ON t.id = tr.tournament_id "
            "UNION ALL SELECT et.spielliste_id, 'evening', e.club_id, c.name, e.date, NULL, "
            "et.number, false, extract(year FROM e.date)::text, true "
            "FROM clubs_eveningtable et JOIN clubs_clubevening e ON e.id = et.evening_id "
            "JOIN clubs_club c ON c.id = e.club_id",
            c,
        )
        t1 = time.perf_counter()
        for table, definition in dropped:
            c.execute(definition)
            c.execute(f"ALTER TABLE {table} ENABLE TRIGGER ALL")
        print(f"  indexes rebuilt: {time.perf_counter() - t1:.1f} s", flush=True)
        for table in ("clubs_club", "clubs_player", "lists_spielliste", "lists_game"):
            c.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"(SELECT max(id) FROM {table}))"
            )
        _timed("analyze", "ANALYZE", c)
        figures["build_s"] = round(time.perf_counter() - t0, 1)
        c.execute("SELECT count(*) FROM lists_game")
        figures["games"] = c.fetchone()[0]
        c.execute("SELECT count(*) FROM lists_scoreline")
        figures["score_lines"] = c.fetchone()[0]
    figures["rated_player_rounds"] = TOURNAMENTS * PER_TOURNAMENT * ROUNDS
    figures["tournaments"] = TOURNAMENTS
    figures["club_evenings"] = CLUBS * weeks
    return figures


RAW_RANGLISTE = """
SELECT sl.player_id, tr.tournament_id, SUM(sl.points), COUNT(DISTINCT sl.spielliste_id)
FROM lists_scoreline sl
JOIN tournaments_roundtable rt ON rt.spielliste_id = sl.spielliste_id
JOIN tournaments_tournamentround tr ON tr.id = rt.tournament_round_id
JOIN tournaments_tournament t ON t.id = tr.tournament_id
WHERE t.rated AND t.closed_at IS NOT NULL AND t.date >= %s AND t.date <= %s
GROUP BY sl.player_id, tr.tournament_id
"""

RAW_PLAYER = """
SELECT sl.spielliste_id, SUM(sl.points), COUNT(sl.game_id)
FROM lists_scoreline sl WHERE sl.player_id = %s GROUP BY sl.spielliste_id
"""


def _medians(raw: Any, ours: Any, runs: int) -> tuple[float, float]:
    """Median times (ms) of ``raw`` and ``ours``, run alternately (the machine's load
    hits both alike)."""
    raw()
    ours()
    a, b = [], []
    for _ in range(runs):
        start = time.perf_counter()
        raw()
        a.append(time.perf_counter() - start)
        start = time.perf_counter()
        ours()
        b.append(time.perf_counter() - start)
    return round(statistics.median(a) * 1000, 1), round(statistics.median(b) * 1000, 1)


def measure(runs: int) -> dict[str, Any]:
    import datetime as dt

    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from league.clubs.models import Player
    from league.rankings.selectors import player_record, rangliste
    from scoring.rangliste import window_start

    with connection.cursor() as c:
        c.execute("SELECT max(date) FROM tournaments_tournament")
        as_of: dt.date = c.fetchone()[0]
    start = window_start(as_of)

    def raw_rangliste() -> None:
        with connection.cursor() as c:
            c.execute(RAW_RANGLISTE, [start, as_of])
            c.fetchall()

    # A regular of the rated tournaments who also plays in his club every other week.
    with connection.cursor() as c:
        c.execute(
            "SELECT player_id, count(*) FROM lists_scoreline WHERE player_id <= %s "
            "GROUP BY player_id ORDER BY 2 DESC LIMIT 1",
            [CORE],
        )
        busiest, _n = c.fetchone()
    player = Player.objects.get(pk=busiest)
    with connection.cursor() as c:
        c.execute("SELECT count(*) FROM lists_scoreline WHERE player_id = %s", [player.pk])
        player_lines = c.fetchone()[0]

    def raw_player() -> None:
        with connection.cursor() as c:
            c.execute(RAW_PLAYER, [player.pk])
            c.fetchall()

    out: dict[str, Any] = {"stichtag": as_of.isoformat(), "player_score_lines": player_lines}
    out["rangliste_raw_ms"], out["rangliste_ms"] = _medians(
        raw_rangliste, lambda: rangliste(as_of=as_of), runs
    )
    with CaptureQueriesContext(connection) as q:
        view = rangliste(as_of=as_of)
    out["rangliste_queries"] = len(q)
    out["rangliste_rows"] = len(view.rangliste)
    out["unter_36_rows"] = len(view.unter_36)
    out["bundeslaender_rows"] = len(view.bundeslaender)
    out["player_raw_ms"], out["player_ms"] = _medians(
        raw_player, lambda: player_record(player=player, as_of=as_of), runs
    )
    with CaptureQueriesContext(connection) as q:
        record = player_record(player=player, as_of=as_of)
    out["player_queries"] = len(q)
    out["player_lists"] = len(record.lists)
    client = Client(HTTP_HOST="localhost")
    for name, url in (
        ("rangliste_page", f"/rangliste/?stichtag={as_of.isoformat()}"),
        ("player_page", f"/spieler/{player.pk}/?stichtag={as_of.isoformat()}"),
    ):
        client.get(url)
        with CaptureQueriesContext(connection) as q:
            t0 = time.perf_counter()
            response = client.get(url)
            out[f"{name}_ms"] = round((time.perf_counter() - t0) * 1000, 1)
        assert response.status_code == 200, (url, response.status_code)
        out[f"{name}_queries"] = len(q)
    out["rangliste_ratio"] = round(out["rangliste_ms"] / out["rangliste_raw_ms"], 2)
    out["player_ratio"] = round(out["player_ms"] / out["player_raw_ms"], 2)

    # The same figures by hand-written SQL that also reads what each list is (title, date,
    # tournament round or club evening): the part of the page's time the database needs.
    def raw_player_with_lists() -> None:
        with connection.cursor() as c:
            c.execute(_PLAYER_SUMS, [player.pk])
            ids = [row[0] for row in c.fetchall()]
            c.execute(_PLAYER_LISTS, [ids])
            c.fetchall()

    out["player_raw_with_lists_ms"], _ours = _medians(
        raw_player_with_lists, lambda: player_record(player=player, as_of=as_of), runs
    )
    out["player_ratio_with_lists"] = round(_ours / out["player_raw_with_lists_ms"], 2)
    member = Player.objects.get(pk=CORE + CASUAL + 1)  # a club regular (evenings only)

    def raw_member() -> None:
        with connection.cursor() as c:
            c.execute(RAW_PLAYER, [member.pk])
            c.fetchall()

    out["member_raw_ms"], out["member_ms"] = _medians(
        raw_member, lambda: player_record(player=member, as_of=as_of), runs
    )
    out["member_lists"] = len(player_record(player=member, as_of=as_of).lists)
    out["member_ratio"] = round(out["member_ms"] / out["member_raw_ms"], 2)
    out |= _measure_statistics(member, runs)
    out["goal_met"] = (
        out["rangliste_ratio"] <= 3
        and out["player_ratio"] <= 3
        and out["member_ratio"] <= 3
        and out["rangliste_page_queries"] < 10
        and out["player_page_queries"] < 10
        and out["stats_ratio"] <= 3
        and out["stats_queries"] < 10
        and out["stats_page_ms"] < 150
    )
    return out


# By hand: his sums per list, then what each list is (its title, date, tournament round or
# club evening), by the lists' ids.
_PLAYER_SUMS = (
    "SELECT spielliste_id, SUM(points), COUNT(game_id) FROM lists_scoreline "
    "WHERE player_id = %s GROUP BY spielliste_id"
)
_PLAYER_LISTS = (
    "SELECT l.id, l.title, l.created_at, l.complete, l.totals_only, "
    "tr.number, t.id, t.name, t.date, (t.rated AND t.rating_approved_at IS NOT NULL), "
    "t.closed_at, t.bundesland, et.number, e.date, e.club_id, c.name FROM lists_spielliste l "
    "LEFT JOIN tournaments_roundtable rt ON rt.spielliste_id = l.id "
    "LEFT JOIN tournaments_tournamentround tr ON tr.id = rt.tournament_round_id "
    "LEFT JOIN tournaments_tournament t ON t.id = tr.tournament_id "
    "LEFT JOIN clubs_eveningtable et ON et.spielliste_id = l.id "
    "LEFT JOIN clubs_clubevening e ON e.id = et.evening_id "
    "LEFT JOIN clubs_club c ON c.id = e.club_id "
    "WHERE l.id IN (SELECT unnest(%s::bigint[]))"
)
# His rows as a plain aggregate: points, games and won games per list, from the score lines.
RAW_STATS = """
SELECT sl.spielliste_id, SUM(sl.points), COUNT(sl.game_id), COUNT(*) FILTER (WHERE sl.points > 0)
FROM lists_scoreline sl WHERE sl.player_id = %s GROUP BY sl.spielliste_id
"""
# The same figures summed from the derived rows (what the page reads, without the lists).
RAW_STAT_LINES = """
SELECT SUM(games), SUM(won), SUM(lost), SUM(points), SUM(re), SUM(re_won), SUM(kontra),
SUM(kontra_won), SUM(pflicht), SUM(announced), SUM(announced_won), COUNT(*)
FROM lists_statline WHERE player_id = %s
"""


def measure_statistics(runs: int) -> dict[str, Any]:
    """Only the statistics figures (``--statistics-only``), with their goal."""
    from league.clubs.models import Player

    out = _measure_statistics(Player.objects.get(pk=CORE + CASUAL + 1), runs)
    out["goal_met"] = (
        out["stats_ratio"] <= 3 and out["stats_queries"] < 10 and out["stats_page_ms"] < 150
    )
    return out


def _measure_statistics(member: Any, runs: int) -> dict[str, Any]:
    """A club regular's statistics (issue 25): the selector against the raw aggregates,
    its queries, and the page through the test client."""
    from django.contrib.auth.models import AnonymousUser
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from league.rankings.statistics import player_statistics

    anonymous = AnonymousUser()

    def raw(sql: str) -> Any:
        def run() -> None:
            with connection.cursor() as c:
                c.execute(sql, [member.pk])
                c.fetchall()

        return run

    def ours() -> None:
        player_statistics(player=member, reader=anonymous)

    out: dict[str, Any] = {}
    out["stats_raw_ms"], out["stats_ms"] = _medians(raw(RAW_STATS), ours, runs)
    out["stats_raw_stat_lines_ms"], _ours = _medians(raw(RAW_STAT_LINES), ours, runs)
    with CaptureQueriesContext(connection) as q:
        view = player_statistics(player=member, reader=anonymous)
    out["stats_queries"] = len(q)
    out["stats_lists"] = len(view.lists)
    out["stats_games"] = view.stats.games
    out["stats_ratio"] = round(out["stats_ms"] / out["stats_raw_ms"], 2)
    out["stats_ratio_stat_lines"] = round(_ours / out["stats_raw_stat_lines_ms"], 2)
    client = Client(HTTP_HOST="localhost")
    url = f"/spieler/{member.pk}/statistik/"
    client.get(url)
    times = []
    for _ in range(runs):
        with CaptureQueriesContext(connection) as q:
            t0 = time.perf_counter()
            response = client.get(url)
            times.append(time.perf_counter() - t0)
        assert response.status_code == 200, (url, response.status_code)
    out["stats_page_ms"] = round(statistics.median(times) * 1000, 1)
    out["stats_page_queries"] = len(q)
    return out


RAW_STRENGTH = """
SELECT r.player_id, p.name, c.name, r.rating, r.mu, r.sigma, r.lists
FROM lists_playerrating r JOIN clubs_player p ON p.id = r.player_id
LEFT JOIN clubs_club c ON c.id = p.club_id
WHERE r.lists >= 10 AND NOT p.hide_name ORDER BY r.rating DESC, r.mu DESC, p.name
"""


def measure_strength(runs: int) -> dict[str, Any]:
    """The Spielstärke over the whole built history: a rebuild, then the list."""
    from django.contrib.auth.models import AnonymousUser
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from league.clubs.models import Club
    from league.lists.models import PlayerRating, RatingStep
    from league.lists.strength import rating_rebuild
    from league.rankings.strength import strength_rows

    Club.objects.update(rating_evenings=True)
    with connection.cursor() as c:
        c.execute("ANALYZE clubs_club")  # as autovacuum would after the change
    out: dict[str, Any] = {}
    t0 = time.perf_counter()
    out["strength_lists_rated"] = rating_rebuild()
    out["strength_rebuild_s"] = round(time.perf_counter() - t0, 1)
    out["strength_lists_per_s"] = round(out["strength_lists_rated"] / out["strength_rebuild_s"])
    out["strength_steps"] = RatingStep.objects.count()
    out["strength_players"] = PlayerRating.objects.count()
    anonymous = AnonymousUser()

    def raw() -> None:
        with connection.cursor() as c:
            c.execute(RAW_STRENGTH)
            c.fetchall()

    def ours() -> None:
        strength_rows(reader=anonymous)

    out["strength_raw_ms"], out["strength_ms"] = _medians(raw, ours, runs)
    out["strength_ratio"] = round(out["strength_ms"] / out["strength_raw_ms"], 2)
    with CaptureQueriesContext(connection) as q:
        rows = strength_rows(reader=anonymous)
    out["strength_rows"] = len(rows)
    out["strength_queries"] = len(q)
    # The page as a stranger gets it: rendered (the shared copy dropped before each visit:
    # the first stranger after a change), and served from the shared copy
    # (league/core/shared_pages.py: every stranger after him until the next write).
    client = Client(HTTP_HOST="localhost")
    client.get("/spielstaerke/")
    for shared in (False, True):
        times = []
        for _ in range(runs):
            if not shared:
                cache.clear()
            with CaptureQueriesContext(connection) as q:
                t0 = time.perf_counter()
                response = client.get("/spielstaerke/")
                times.append(time.perf_counter() - t0)
            assert response.status_code == 200, response.status_code
        name = "strength_page_shared" if shared else "strength_page"
        out[f"{name}_ms"] = round(statistics.median(times) * 1000, 1)
        out[f"{name}_queries"] = len(q)
        out[f"{name}_ratio"] = round(out[f"{name}_ms"] / out["strength_raw_ms"], 2)
    out["strength_goal_met"] = (
        out["strength_ratio"] <= 3
        and out["strength_page_ratio"] <= 3
        and out["strength_page_queries"] < 10
    )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="share of the club evenings")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument(
        "--measure-only", action="store_true", help="measure the database the last run built"
    )
    parser.add_argument(
        "--statistics-only",
        action="store_true",
        help="measure only the statistics (issue 25) on the database the last run built",
    )
    parser.add_argument(
        "--strength",
        action="store_true",
        help="rebuild and measure the Spielstärke on the database the last run built",
    )
    args = parser.parse_args()
    args.measure_only = args.measure_only or args.statistics_only or args.strength
    if not args.measure_only:
        _reset_database()
    os.environ["DATABASE_URL"] = PG_URL
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0)
    figures: dict[str, Any] = {}
    if not args.measure_only:
        print("building …", flush=True)
        figures = build(args.scale)
    print("measuring …", flush=True)
    if args.strength:
        figures |= measure_strength(args.runs)
    elif args.statistics_only:
        figures |= measure_statistics(args.runs)
    else:
        figures |= measure(args.runs)
    if args.measure_only:  # the scale of the database the last run built
        with connection.cursor() as c:
            c.execute("SELECT count(*) FROM clubs_clubevening")
            figures["scale"] = round(c.fetchone()[0] / CLUBS / WEEKS, 3)
            c.execute("SELECT count(*) FROM lists_game")
            figures["games"] = c.fetchone()[0]
    else:
        figures["scale"] = args.scale
    for key, value in figures.items():
        print(f"{key:>28}: {value}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
