"""manage.py export / import: round trip of the demo, scopes, and refusals that write nothing."""

from __future__ import annotations

import datetime as dt
import json
import time
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from league.backup.services import FORMAT, VERSION
from league.clubs.models import Club, Player
from league.core.models import AuditEntry
from league.demo.management.commands.load_demo import CLUB
from league.evenings.models import ClubEvening
from league.evenings.selectors import club_season
from league.evenings.services import club_evening_create
from league.leagues.models import League, Lineup, Spieltag, SpieltagTable, Team
from league.leagues.selectors import league_page
from league.lists import services as ls
from league.lists.models import Game, ScoreLine, Seat, Spielliste
from league.lists.selectors import snapshots_of
from league.tournaments.models import Tournament
from league.tournaments.selectors import standings
from tests.site_helpers import normal

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module", autouse=True)
def demo(django_db_setup, django_db_blocker):
    """The demo and what it lacks (``_extras``), loaded once for the whole module: each test
    runs in a transaction on top of it that is rolled back afterwards (a test that needs an
    empty database wipes it inside its own transaction)."""
    with django_db_blocker.unblock():
        call_command("load_demo", force=True, stdout=StringIO())
        _extras()
        yield
        call_command("flush", interactive=False, verbosity=0)


def _export(tmp_path: Path, *args: str, name: str = "backup.json") -> dict[str, Any]:
    path = tmp_path / name
    call_command("export", *args, "-o", str(path), stderr=StringIO())
    return json.loads(path.read_text(encoding="utf-8"))


def _import(path: Path, *args: str) -> str:
    out = StringIO()
    call_command("import", str(path), *args, stdout=out, stderr=StringIO())
    return out.getvalue()


def _wipe() -> None:
    League.objects.all().delete()  # first: its line-ups hold (protected) players
    Tournament.objects.all().delete()
    Spielliste.objects.all().delete()
    Player.objects.all().delete()
    Club.objects.all().delete()
    AuditEntry.objects.all().delete()


def _counts() -> dict[str, int]:
    return {
        "clubs": Club.objects.count(),
        "players": Player.objects.count(),
        "lists": Spielliste.objects.count(),
        "games": Game.objects.count(),
        "lines": ScoreLine.objects.count(),
        "tournaments": Tournament.objects.count(),
        "leagues": League.objects.count(),
        "teams": Team.objects.count(),
        "spieltage": Spieltag.objects.count(),
        "lineups": Lineup.objects.count(),
        "spieltag_tables": SpieltagTable.objects.count(),
        "audit": AuditEntry.objects.count(),
    }


def _tables() -> dict[tuple[str, str], Any]:
    """Each list as the public reads it: its replayed rows and totals, keyed by title and
    creation time (titles repeat across tournaments' rounds)."""
    out = {}
    lists = list(Spielliste.objects.order_by("pk"))
    for snap in snapshots_of(lists, reveal=True):
        liste = snap.liste
        rows = None
        if snap.state is not None:
            rows = [(r.game, r.dealer, dict(r.points), r.voided) for r in snap.state.rows]
        lines = sorted(
            (
                line.player.name,
                line.points,
                line.game.number if line.game else 0,
                line.penalty_id is None,
            )
            for line in ScoreLine.objects.filter(spielliste=liste).select_related("player", "game")
        )
        key = (liste.title, liste.created_at.isoformat())
        out[key] = {
            "seats": [s.name for s in snap.seats],
            "rows": rows,
            "totals": dict(snap.state.totals) if snap.state else None,
            "lines": lines,
            "flags": (
                liste.complete,
                liste.games_played,
                liste.frozen,
                liste.totals_only,
                liste.ended_early,
                liste.time_up_after,
                liste.added_minutes,
                liste.added_by,
                liste.confirmed_seat,
                liste.confirmed_at,
                liste.listenfuehrer_position,
                liste.kasse_cent,  # the Kasse's rate (issue 25)
            ),
            "subs": [(s.position, s.from_game, s.player.name) for s in liste.substitutions.all()],
            "paper": [(e.entry, e.totals, e.deduction) for e in liste.paper_entries.all()],
        }
    return out


def _standings() -> list[Any]:
    out = []
    for t in Tournament.objects.order_by("name"):
        for provisional in (False, True):
            result = standings(tournament=t, provisional=provisional, reveal=True)
            out.append(
                [
                    (
                        r.rank,
                        r.number,
                        r.name,
                        r.club,
                        r.ddv_number,
                        r.withdrawn,
                        r.per_round,
                        r.total,
                    )
                    for r in result.rows
                ]
                + [(result.counted, result.final)]
            )
    return out


def _leagues() -> list[Any]:
    """Each league as its page shows it: the table (final and provisional), every
    Spieltag's result and state, and each table's seats by team name; no keys."""
    out: list[Any] = []
    for league in League.objects.order_by("name", "season"):
        rosters = {
            t.name: sorted(p.name for p in t.roster.all())
            for t in league.teams.prefetch_related("roster")
        }
        days: list[Any] = []
        standings_of: list[Any] = []
        for provisional in (False, True):
            table, rounds = league_page(league=league, provisional=provisional)
            days = [
                (
                    rnd.group_round.number,
                    group.number,
                    [t.name for t in group.teams],
                    item.label,
                    item.spieltag.started_at,
                    item.spieltag.closed_at,
                    None
                    if item.result is None
                    else (
                        item.result.rows,
                        item.result.complete,
                        item.result.lists_done,
                        item.result.lists_total,
                    ),
                )
                for rnd in rounds
                for group in rnd.groups
                for item in group.spieltage
            ]
            standings_of.append((table.rows, table.counted, table.running))
        names = {t.pk: t.name for t in Team.objects.filter(league=league)}
        seats = sorted(
            (
                st.spieltag.group.group_round.number,
                st.spieltag.group.number,
                st.spieltag.number,
                st.round,
                st.table,
                [names[t] for t in st.teams],
                st.spielliste.title,
                st.spielliste.complete,
                st.spielliste.frozen,
            )
            for st in SpieltagTable.objects.filter(
                spieltag__group__group_round__league=league
            ).select_related("spieltag__group__group_round", "spielliste")
        )
        lineups = sorted(
            (
                lu.spieltag.group.group_round.number,
                lu.spieltag.group.number,
                lu.spieltag.number,
                lu.team.name,
                lu.absent,
                [e.player.name for e in lu.entries.all()],
            )
            for lu in Lineup.objects.filter(spieltag__group__group_round__league=league)
            .select_related("spieltag__group__group_round", "team")
            .prefetch_related("entries__player")
        )
        out.append(
            {
                "league": (league.name, league.season),
                "table": standings_of,
                "rosters": rosters,
                "days": days,
                "seats": seats,
                "lineups": lineups,
            }
        )
    return out


def _extras() -> None:
    """What the demo lacks: a substitution, a confirmed list, a list ended early, a
    player who hides his name."""
    club = Club.objects.get(name=CLUB)
    players = list(Player.objects.filter(club=club).order_by("pk")[:5])
    liste = ls.spielliste_create(title="Ersatz und Ende", players=players[:4], club=club)
    names = [s.name for s in liste.seats.all()]
    ls.games_import(
        spielliste=liste, records=[normal(players=names, re=names[:2]) for _ in range(3)]
    )
    ls.seat_substitute(spielliste=liste, position=2, player=players[4])
    ls.games_import(spielliste=liste, records=[normal(players=names, re=names[1:3])])
    ls.spielliste_end_early(spielliste=liste)
    Spielliste.objects.filter(pk=liste.pk).update(
        confirmed_at=timezone.now() - dt.timedelta(hours=1), confirmed_seat=3
    )
    Player.objects.filter(pk=players[0].pk).update(hide_name=True)


def _stat_places() -> list[tuple[Any, ...]]:
    """Each statistics row: its list, player, figures and where the list stands (the
    owner's key differs after a restore; its kind, date and number do not)."""
    from league.lists.models import StatLine

    return sorted(
        StatLine.objects.values_list(
            "spielliste__title",
            "player__name",
            "total",
            "games",
            "spielliste__placement__owner",
            "spielliste__placement__day",
            "spielliste__placement__number",
            "spielliste__placement__table",
        )
    )


def test_round_trip_of_the_demo_gives_identical_standings_and_tables(tmp_path):
    tables, table_of_standings, leagues = _tables(), _standings(), _leagues()
    assert any(day[6] for day in leagues[0]["days"])  # results exist
    assert leagues[0]["table"][0][1] > 0  # complete Spieltage counted
    history = sorted(AuditEntry.objects.values_list("action", "target", "item", "at"))
    started = time.perf_counter()
    doc = _export(tmp_path)
    elapsed = time.perf_counter() - started
    assert elapsed < 10  # "a few seconds" (about 1 s alone; this machine is shared)
    assert (doc["format"], doc["version"]) == (FORMAT, VERSION)
    assert [lg["name"] for lg in doc["leagues"]] == ["Doppelkopf-Bundesliga"]
    text = (tmp_path / "backup.json").read_text(encoding="utf-8")
    assert '"code"' not in text  # table codes are secrets
    assert "password" not in text  # no accounts
    assert any(p["hide_name"] for p in doc["players"])

    rated = sorted(
        Tournament.objects.filter(rated=True).values_list("name", "bundesland", "closed_at")
    )
    assert rated  # the demo's Ranglistenturniere
    demo_club = Club.objects.get(name=CLUB)
    season_before = club_season(club=demo_club, reveal=True).table
    places_before = _stat_places()
    assert any(owner != "none" for *_, owner, _day, _n in places_before)
    _wipe()
    assert _counts()["lists"] == 0
    out = _import(tmp_path / "backup.json")
    assert "Import abgeschlossen" in out
    # The derived statistics rows come back placed where their lists stand (the restore
    # writes the lists before their owners link them).
    assert _stat_places() == places_before

    assert _standings() == table_of_standings
    assert (
        sorted(Tournament.objects.filter(rated=True).values_list("name", "bundesland", "closed_at"))
        == rated
    )
    # Club evenings and the season settings come back: the same season table.
    season_after = club_season(club=Club.objects.get(name=CLUB), reveal=True).table
    assert Club.objects.get(name=CLUB).kasse_cent == demo_club.kasse_cent == 5
    assert season_after.settings == season_before.settings
    assert [(r.name, r.rank, r.lists, r.points, r.evenings) for r in season_after.rows] == [
        (r.name, r.rank, r.lists, r.points, r.evenings) for r in season_before.rows
    ]
    assert _tables() == tables
    # The league: the same table, every Spieltag's result, line-ups and seats.
    assert _leagues() == leagues
    assert Spielliste.objects.filter(spieltag_table__isnull=False).count() == sum(
        len(day["tables"])
        for gr in doc["leagues"][0]["group_rounds"]
        for g in gr["groups"]
        for day in g["spieltage"]
    )
    assert Player.objects.filter(hide_name=True).count() == 1
    # history restored (with the original times) plus one "import" entry per object
    restored = AuditEntry.objects.exclude(role_label="Import")
    after = sorted(restored.values_list("action", "target", "item", "at"))
    assert [h for h in history if h not in after] == []
    assert after == history
    assert AuditEntry.objects.filter(action="import", role_label="Import").count() >= 35
    # table codes are new secrets
    assert Spielliste.objects.exclude(code="").count() == Spielliste.objects.count()


def test_players_with_a_ddv_number_are_matched_not_duplicated(tmp_path):
    tournament = Tournament.objects.get(rated=False)
    doc = _export(tmp_path, "--tournament", str(tournament.pk))
    # An export from before uids: a tournament of its own beside the one it came from.
    del doc["tournaments"][0]["uid"]
    (tmp_path / "backup.json").write_text(json.dumps(doc), encoding="utf-8")
    players = Player.objects.count()
    with_number = (
        Player.objects.filter(entries__tournament=tournament)
        .exclude(ddv_number="")
        .distinct()
        .count()
    )
    out = _import(tmp_path / "backup.json")
    assert f"{with_number} nach DDV-Nummer gefunden" in out
    assert Tournament.objects.filter(name=tournament.name).count() == 2
    # clubs are matched by name; players without a number are created anew
    without_number_in_tournament = (
        Player.objects.filter(entries__tournament=tournament, ddv_number="").distinct().count()
    )
    assert Player.objects.count() == players + without_number_in_tournament
    new = Tournament.objects.filter(name=tournament.name).exclude(pk=tournament.pk).get()
    assert [
        (r.rank, r.number, r.name, r.total) for r in standings(tournament=new, reveal=True).rows
    ] == [
        (r.rank, r.number, r.name, r.total)
        for r in standings(tournament=tournament, reveal=True).rows
    ]


def test_one_tournament_only(tmp_path):
    tournament = Tournament.objects.get(rated=False)
    doc = _export(tmp_path, "--tournament", str(tournament.pk))
    assert doc["scope"] == {"kind": "tournament", "tournament": tournament.pk}
    assert [t["id"] for t in doc["tournaments"]] == [tournament.pk]
    round_lists = Spielliste.objects.filter(round_table__tournament_round__tournament=tournament)
    assert {liste["id"] for liste in doc["lists"]} == set(round_lists.values_list("pk", flat=True))
    Tournament.objects.exclude(pk=tournament.pk).delete()  # the demo's rated ones
    expected = _standings()
    _wipe()
    _import(tmp_path / "backup.json")
    assert _standings() == expected
    assert Spielliste.objects.filter(round_table__isnull=True).count() == 0


def test_a_club_season(tmp_path):
    club = Club.objects.get(name=CLUB)
    year = timezone.now().year
    old = Spielliste.objects.filter(club=club).order_by("pk").first()
    assert old is not None
    Spielliste.objects.filter(pk=old.pk).update(created_at=timezone.now().replace(year=year - 1))
    doc = _export(tmp_path, "--club", str(club.pk), "--season", str(year))
    season = Spielliste.objects.filter(club=club, created_at__year=year)
    assert {liste["id"] for liste in doc["lists"]} == set(season.values_list("pk", flat=True))
    assert old.pk not in {liste["id"] for liste in doc["lists"]}
    assert doc["tournaments"] == []
    assert {p["id"] for p in doc["players"]} >= set(
        Player.objects.filter(club=club).values_list("pk", flat=True)
    )
    all_years = _export(tmp_path, "--club", str(club.pk), name="all.json")
    assert len(all_years["lists"]) == len(doc["lists"]) + 1
    expected = {k: v for k, v in _tables().items() if k[0] in {x["title"] for x in doc["lists"]}}
    expected = {k: v for k, v in expected.items() if k[1].startswith(str(year))}
    _wipe()
    _import(tmp_path / "backup.json")
    assert _tables() == expected
    assert Spielliste.objects.filter(club__name=club.name).count() == len(doc["lists"])


def _refused(path: Path, returncode: int, *needles: str) -> None:
    before = _counts()
    err = StringIO()
    with pytest.raises(CommandError) as info:
        call_command("import", str(path), stdout=StringIO(), stderr=err)
    assert info.value.returncode == returncode
    message = err.getvalue() + str(info.value)
    for needle in needles:
        assert needle in message, message
    assert _counts() == before


_TOURNAMENT_DOC: dict[str, Any] = {}


@pytest.fixture
def demo_doc(tmp_path):
    """The export of the demo's (unrated) tournament, made once for the module; a copy
    for each test, also written to ``backup.json``."""
    tournament = Tournament.objects.get(rated=False)
    if not _TOURNAMENT_DOC:
        _TOURNAMENT_DOC.update(_export(tmp_path, "--tournament", str(tournament.pk)))
    doc = json.loads(json.dumps(_TOURNAMENT_DOC))
    _write(tmp_path, doc, "backup.json")
    return doc, tournament


def _write(tmp_path: Path, doc: Any, name: str = "changed.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _table_of(doc: dict[str, Any], round_number: int, table_number: int) -> dict[str, Any]:
    rnd = next(r for r in doc["tournaments"][0]["rounds"] if r["number"] == round_number)
    lid = next(t["list"] for t in rnd["tables"] if t["number"] == table_number)
    return next(liste for liste in doc["lists"] if liste["id"] == lid)


def test_a_game_that_breaks_the_rules_writes_nothing(tmp_path, demo_doc):
    doc, tournament = demo_doc
    liste = _table_of(doc, 2, 4)
    liste["games"][4]["re_augen"] = 300  # Augen beyond 240
    _refused(_write(tmp_path, doc), 1, f"Turnier {tournament.pk}, Runde 2, Tisch 4", "Spiel 5")


def test_a_game_out_of_turn_is_caught_by_the_replay(tmp_path, demo_doc):
    doc, tournament = demo_doc
    liste = _table_of(doc, 1, 2)
    liste["games"][3], liste["games"][4] = liste["games"][4], liste["games"][3]
    liste["games"].append(liste["games"][0])  # and one game too many
    _refused(_write(tmp_path, doc), 1, f"Turnier {tournament.pk}, Runde 1, Tisch 2")


def test_a_dangling_reference_writes_nothing(tmp_path, demo_doc):
    doc, _ = demo_doc
    doc["tournaments"][0]["participants"][0]["player"] = 999_999
    _table_of(doc, 3, 1)["seats"][0]["player"] = 888_888
    _refused(_write(tmp_path, doc), 1, "Spieler 999999 fehlt", "Runde 3, Tisch 1, Platz 1")


def test_wrong_totals_on_paper_write_nothing(tmp_path, demo_doc):
    doc, _ = demo_doc
    paper = next(liste for liste in doc["lists"] if liste["paper_entries"])
    paper["paper_entries"][0]["totals"]["1"] += 7
    _refused(_write(tmp_path, doc), 1, "Papiereingabe 1")


def test_wrong_version_and_not_json(tmp_path, demo_doc):
    doc, _ = demo_doc
    _refused(_write(tmp_path, doc | {"version": 99}), 1, "Formatversion 99")
    _refused(_write(tmp_path, {"format": "x"}), 1, "Keine Sicherung")
    _refused(_write(tmp_path, [1, 2]), 1, "kein JSON-Objekt")
    broken = json.loads(json.dumps(doc))
    broken["tournaments"][0]["rounds_planned"] = "drei"
    broken["lists"][0]["games"][0] = "kein Spiel"
    _refused(_write(tmp_path, broken), 1, "rounds_planned", "Spiel 1")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": ', encoding="utf-8")
    _refused(bad, 2, "kein gültiges JSON")
    bad.write_bytes(b"\xff\xfe\x00")
    _refused(bad, 2)
    _refused(tmp_path / "missing.json", 2)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    _refused(deep, 2)


def test_a_refusal_late_in_the_write_rolls_everything_back(tmp_path, demo_doc):
    """Valid facts the services still refuse (an official tournament with its own playing
    time): the lists written before it are rolled back."""
    doc, tournament = demo_doc
    doc["tournaments"][0]["official"] = True
    doc["tournaments"][0]["round_minutes"] = 90
    _refused(_write(tmp_path, doc), 1, f"Turnier {tournament.pk}")


def test_dry_run_writes_nothing(tmp_path, demo_doc):
    before = _counts()
    # The same database: its tournaments are there already (their uids), so replaced.
    out = _import(tmp_path / "backup.json", "--dry-run", "--replace")
    assert "Probelauf" in out
    assert "Spiellisten: 24" in out
    assert _counts() == before


def test_export_refuses_unknown_scope(tmp_path):
    with pytest.raises(CommandError):
        call_command("export", "--tournament", "12345", stdout=StringIO())
    with pytest.raises(CommandError):
        call_command("export", "--club", "12345", stdout=StringIO())
    with pytest.raises(CommandError):
        call_command("export", "--season", "2025", stdout=StringIO())


def test_export_to_stdout(db):
    _wipe()
    out = StringIO()
    call_command("export", stdout=out)
    doc = json.loads(out.getvalue())
    assert (doc["scope"], doc["lists"], doc["leagues"]) == ({"kind": "all"}, [], [])


def _league_doc(tmp_path: Path) -> tuple[dict[str, Any], League]:
    league = League.objects.get()
    return _export(tmp_path, "--league", str(league.pk)), league


def test_one_league_into_an_empty_database_gives_the_same_table(tmp_path):
    doc, league = _league_doc(tmp_path)
    assert doc["scope"] == {"kind": "league", "league": league.pk}
    assert (doc["tournaments"], doc["evenings"]) == ([], [])
    assert {liste["id"] for liste in doc["lists"]} == set(
        Spielliste.objects.filter(spieltag_table__isnull=False).values_list("pk", flat=True)
    )
    # Rosters and the no-show's substitutes (in no roster) travel with the league.
    substitutes = set(
        Lineup.objects.filter(absent=True).values_list("entries__player_id", flat=True)
    )
    assert substitutes
    assert substitutes <= {p["id"] for p in doc["players"]}
    expected = _leagues()
    lists = {k: v for k, v in _tables().items() if k[0].startswith("Doppelkopf-Bundesliga")}
    _wipe()
    assert _counts()["lists"] == 0
    out = _import(tmp_path / "backup.json")
    assert "Ligen: 1" in out
    assert _leagues() == expected
    assert _tables() == lists
    assert Spielliste.objects.filter(spieltag_table__isnull=True).count() == 0
    # No accounts: the organisers and captains are set again by hand.
    imported = League.objects.get()
    assert not imported.organisers.exists()
    assert not Team.captains.through.objects.exists()


def test_a_league_that_exists_already_is_refused_and_nothing_written(tmp_path):
    _league_doc(tmp_path)
    _refused(tmp_path / "backup.json", 1, "Liga ", "Doppelkopf-Bundesliga")


def _day_with_tables(doc: dict[str, Any]) -> dict[str, Any]:
    return next(
        day
        for gr in doc["leagues"][0]["group_rounds"]
        for g in gr["groups"]
        for day in g["spieltage"]
        if any(
            liste["games"]
            for liste in doc["lists"]
            if liste["id"] in {t["list"] for t in day["tables"]}
        )
    )


_LEAGUE_DOC: dict[str, Any] = {}


@pytest.fixture
def league_doc(tmp_path):
    """The demo league's export (made once for the module) and an empty database."""
    if not _LEAGUE_DOC:
        doc, _ = _league_doc(tmp_path)
        _LEAGUE_DOC.update(doc)
    _wipe()
    return json.loads(json.dumps(_LEAGUE_DOC))


@pytest.mark.parametrize(
    ("corruption", "needles"),
    [
        ("game", ["Spieltag 1, Runde", "Spiel 3"]),
        ("lineup", ["Aufstellung", "Spieler 999999 fehlt"]),
        ("table_team", ["Mannschaft nicht in der Gruppe"]),
        ("list_twice", ["an zwei Tischen"]),
        ("roster", ["in zwei Mannschaften"]),
        ("settings", ["Eine Gruppe hat 4 Mannschaften"]),
        ("shape", ["Gruppenrunde 1", "groups"]),
        ("date", ["Gruppenrunde 1", "Datum ungültig"]),
        ("long_name", ["Mannschaft", "zu lang"]),
        ("number", ["Gruppe ?", "number"]),
    ],
)
def test_a_corrupted_league_part_writes_nothing(tmp_path, league_doc, corruption, needles):
    doc = league_doc
    day = _day_with_tables(doc)
    played = next(
        liste
        for liste in doc["lists"]
        if liste["id"] in {t["list"] for t in day["tables"]} and liste["games"]
    )
    lg = doc["leagues"][0]
    first = lg["group_rounds"][0]
    if corruption == "game":
        played["games"][2]["re_augen"] = 300
    elif corruption == "lineup":
        day["lineups"][0]["players"][1] = 999_999
    elif corruption == "table_team":
        day["tables"][0]["teams"][0] = lg["teams"][-1]["id"] + 1000
    elif corruption == "list_twice":
        day["tables"][1]["list"] = day["tables"][0]["list"]
    elif corruption == "roster":
        lg["teams"][1]["roster"].append(lg["teams"][0]["roster"][0])
    elif corruption == "settings":
        lg["group_size"] = 7
    elif corruption == "shape":
        first["groups"] = 5
    elif corruption == "date":
        first["date"] = "2026-13-45"
    elif corruption == "long_name":
        lg["teams"][0]["name"] = "x" * 500
    else:
        first["groups"][0]["number"] = 40_000
    _refused(_write(tmp_path, doc), 1, f"Liga {lg['id']}", *needles)
    assert _counts() == dict.fromkeys(_counts(), 0)


def test_export_refuses_an_unknown_league(db):
    with pytest.raises(CommandError, match="Liga 12345 gibt es nicht"):
        call_command("export", "--league", "12345", stdout=StringIO())


def test_seat_names_as_played_survive_a_rename(tmp_path):
    _wipe()
    players = [Player.objects.create(name=n) for n in ("Anna", "Bernd", "Carla", "Dieter")]
    liste = ls.spielliste_create(title="Umbenannt", players=players)
    ls.games_import(spielliste=liste, records=[normal()])
    Player.objects.filter(pk=players[0].pk).update(name="Anna Schmidt")
    _export(tmp_path)
    _wipe()
    _import(tmp_path / "backup.json")
    seats = list(Seat.objects.order_by("position").values_list("name", "player__name"))
    assert seats[0] == ("Anna", "Anna Schmidt")


def test_a_whole_export_keeps_an_evening_without_tables(tmp_path):
    """A club evening with no table yet is part of everything (a club's season export
    holds the evenings of its lists)."""
    _wipe()
    club = Club.objects.create(name="Kreuz-Bube")
    club_evening_create(club=club, date=dt.date(2026, 4, 3), note="noch leer")
    club_evening_create(
        club=club, date=dt.date(2026, 4, 10), tables=[["Ada", "Bea", "Cem", "Dora"]]
    )
    doc = _export(tmp_path)
    assert sorted(len(e["tables"]) for e in doc["evenings"]) == [0, 1]
    assert _export(tmp_path, "--club", str(club.pk), name="club.json")["evenings"][0]["tables"]
    _wipe()
    _import(tmp_path / "backup.json")
    evenings = ClubEvening.objects.order_by("date")
    assert [(e.note, e.tables.count()) for e in evenings] == [("noch leer", 0), ("", 1)]
