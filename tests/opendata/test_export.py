"""The open-data export of the demo (issue 35 item 3, docs/open-data.md): every file
parses and says what its manifest says, the figures are the pages' (their selectors), and
nothing private is in it — no account name, e-mail, table code or hidden player's name;
nothing of a members-only event or a silent round. The world: the demo with a hidden
player in each kind of table, a members-only tournament and a tournament whose last two
rounds are silent (the demo has none of them)."""

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import io
import json
import zipfile
from collections import defaultdict
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import ManagementUtility, call_command
from django.core.management.base import CommandError
from django.db import connection
from django.db.models import Sum
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from league.clubs.models import Club, Player, public_alias
from league.evenings.selectors import club_season, season_years
from league.leagues.models import League
from league.leagues.selectors import league_standings
from league.lists.models import ScoreLine, Seat, Spielliste
from league.lists.placement import places_rebuild
from league.opendata import selectors
from league.opendata.export import MANIFEST, ZIP, export_latest, open_data_write
from league.rankings.selectors import rangliste
from league.tournaments.models import Participant, Tournament
from league.tournaments.selectors import standings
from league.tournaments.services import tournament_set_silent

pytestmark = pytest.mark.django_db

SILENT = "Kölner Stadtmeisterschaft 2026"  # 4 rounds, 3 closed: rounds 3 and 4 go silent
MEMBERS_ONLY = "Kölner Ranglistenturnier 1"


def _hide(player: Player) -> None:
    Player.objects.filter(pk=player.pk).update(hide_name=True)


@pytest.fixture
def world(demo):
    silent = Tournament.objects.get(name=SILENT)
    tournament_set_silent(tournament=silent, rounds=2)
    closed = Tournament.objects.get(name=MEMBERS_ONLY)
    Tournament.objects.filter(pk=closed.pk).update(members_only=True)
    places_rebuild(
        Spielliste.objects.filter(round_table__tournament_round__tournament=closed).values_list(
            "pk", flat=True
        )
    )
    # A hidden player in a tournament's standings, in a league's lists, in a club's season
    # table and in the Rangliste.
    hidden = {
        Participant.objects.filter(tournament=silent).order_by("number").first().player,
        Seat.objects.filter(spielliste__placement__owner="league").order_by("pk").first().player,
        Seat.objects.filter(spielliste__placement__owner="evening").order_by("pk").first().player,
    }
    top = rangliste(as_of=timezone.localdate()).rangliste[0]
    hidden.add(Player.objects.get(pk=int(top.player)))
    for player in hidden:
        _hide(player)
    return {"silent": silent, "closed": closed, "hidden": hidden}


@pytest.fixture
def exported(world, tmp_path):
    export = open_data_write(directory=tmp_path / "daten")
    return export


def _rows(export, name: str) -> list[dict[str, str]]:
    with (export.path / name).open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def test_every_file_parses_as_its_manifest_says(exported):
    manifest = json.loads((exported.path / MANIFEST).read_text(encoding="utf-8"))
    assert manifest["format"] == "doko-liste-open-data"
    assert manifest["version"] == 1
    assert manifest["licence"] == "CC BY 4.0"
    assert manifest["created"].endswith("Z")
    names = [f["name"] for f in manifest["files"]]
    assert names == [d.name for d in selectors.FILES]
    for entry in manifest["files"]:
        data = (exported.path / entry["name"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"]
        assert len(data) == entry["bytes"]
        reader = csv.reader(io.StringIO(data.decode("utf-8"), newline=""))
        header, *rows = list(reader)
        assert header == entry["columns"]
        assert len(rows) == entry["rows"]
        assert all(len(r) == len(header) for r in rows), entry["name"]
    for name in ("tournaments.csv", "standings.csv", "lists.csv", "league_table.csv",
                 "spieltage.csv", "club_seasons.csv", "rangliste.csv", "players.csv"):  # fmt: skip
        assert _rows(exported, name), f"{name} is empty in the demo"
    with zipfile.ZipFile(exported.path / ZIP) as bundle:
        assert sorted(bundle.namelist()) == sorted([MANIFEST, *names])
        assert bundle.read("standings.csv") == (exported.path / "standings.csv").read_bytes()


def test_standings_are_the_public_standings(world, exported):
    by_tournament = defaultdict(list)
    for row in _rows(exported, "standings.csv"):
        by_tournament[int(row["tournament_id"])].append(row)
    public = Tournament.objects.filter(members_only=False)
    assert set(by_tournament) == set(public.values_list("pk", flat=True))
    for t in public:
        page = standings(tournament=t, silent=True)
        got = by_tournament[t.pk]
        assert [(int(r["rank"]), r["name"], int(r["total"])) for r in got] == [
            (s.rank, s.name, s.total) for s in page.rows
        ]
    silent_rows = by_tournament[world["silent"].pk]
    assert all(len(r["round_points"].split(";")) == 2 for r in silent_rows)  # rounds 1-2


def test_list_totals_are_the_score_lines_and_add_up_to_the_standings(world, exported):
    rows = _rows(exported, "lists.csv")
    sums = {
        (liste, player): points
        for liste, player, points in ScoreLine.objects.values_list("spielliste_id", "player_id")
        .annotate(p=Sum("points"))
        .values_list("spielliste_id", "player_id", "p")
    }
    for r in rows:
        assert int(r["points"]) == sums[(int(r["list_id"]), int(r["player_id"]))]
    silent = world["silent"]
    per_player: dict[int, int] = defaultdict(int)
    for r in rows:
        if r["owner"] == "tournament" and int(r["event_id"]) == silent.pk:
            assert int(r["number"]) <= 2, "a silent round's list is in the export"
            per_player[int(r["player_id"])] += int(r["points"])
    participants = dict(Participant.objects.filter(tournament=silent).values_list("pk", "player"))
    for s in standings(tournament=silent, silent=True).rows:
        assert per_player[participants[s.participant_id]] == s.total


def test_league_club_and_rangliste_are_the_pages(exported):
    table = _rows(exported, "league_table.csv")
    for league in League.objects.all():
        page = league_standings(league=league).rows
        got = [r for r in table if int(r["league_id"]) == league.pk]
        assert [(int(r["rank"]), r["team"], int(r["spielpunkte"])) for r in got] == [
            (row.rank, row.team, row.spielpunkte) for row in page
        ]
    seasons = _rows(exported, "club_seasons.csv")
    for club in Club.objects.filter(members_only=False):
        for year in season_years(club=club):
            season = club_season(club=club, year=year)
            got = [r for r in seasons if int(r["club_id"]) == club.pk and int(r["season"]) == year]
            assert [(r["name"], int(r["points"]), int(r["lists"])) for r in got] == [
                (season.shown_name(row.player, row.name, reveal=False), row.points, row.lists)
                for row in season.table.rows
            ]
    view = rangliste(as_of=timezone.localdate())
    got = [r for r in _rows(exported, "rangliste.csv") if r["table"] == "rangliste"]
    assert [(int(r["rank"]), r["name"], int(r["points"])) for r in got] == [
        (row.rank, view.players[row.player].name, row.points) for row in view.rangliste
    ]
    assert got
    assert len(got) == len(view.rangliste)


def test_nothing_private_is_in_any_file(world, exported):
    text = "\n".join(
        (exported.path / name).read_text(encoding="utf-8")
        for name in [MANIFEST, *(f.name for f in exported.files)]
    )
    secrets: set[str] = set()
    for username, email in User.objects.values_list("username", "email"):
        secrets.add(username)
        if email:
            secrets.add(email)
    secrets |= set(Spielliste.objects.values_list("code", flat=True))
    shown = set(Player.objects.filter(hide_name=False).values_list("name", flat=True))
    hidden_names = {p.name for p in world["hidden"]} | set(
        Seat.objects.filter(player__in=world["hidden"]).values_list("name", flat=True)
    )
    assert hidden_names - shown, "the world hides no name of its own"
    secrets |= hidden_names - shown
    assert secrets
    found = sorted(s for s in secrets if s in text)
    assert found == []
    players = {int(r["player_id"]): r for r in _rows(exported, "players.csv")}
    for player in world["hidden"]:
        row = players[player.pk]
        assert (row["name"], row["club"], row["ddv_number"]) == (public_alias(player.pk), "", "")
    # every player the files name is in players.csv
    named = {int(r["player_id"]) for r in _rows(exported, "lists.csv")}
    assert named <= set(players)


def test_members_only_events_and_silent_rounds_are_absent(world, exported):
    closed = world["closed"]
    ids = {int(r["tournament_id"]) for r in _rows(exported, "tournaments.csv")}
    assert closed.pk not in ids
    assert world["silent"].pk in ids
    assert closed.pk not in {int(r["tournament_id"]) for r in _rows(exported, "standings.csv")}
    listed = {
        (r["owner"], int(r["event_id"]), int(r["number"] or 0))
        for r in _rows(exported, "lists.csv")
    }
    assert not any(o == "tournament" and e == closed.pk for o, e, _n in listed)
    assert not any(o == "tournament" and e == world["silent"].pk and n > 2 for o, e, n in listed)
    assert ("tournament", world["silent"].pk, 2) in listed
    assert closed.name not in (exported.path / "lists.csv").read_text(encoding="utf-8")


def test_a_members_only_club_is_absent(demo, tmp_path):
    club = Club.objects.get(name="Doppelkopfclub Herz-Dame Köln")
    Club.objects.filter(pk=club.pk).update(members_only=True)
    places_rebuild(Spielliste.objects.values_list("pk", flat=True))
    export = open_data_write(directory=tmp_path)
    assert _rows(export, "club_seasons.csv") == []
    assert [r for r in _rows(export, "lists.csv") if r["owner"] == "evening"] == []


def test_the_list_rows_take_a_fixed_number_of_queries(demo):
    with CaptureQueriesContext(connection) as few:
        assert list(selectors.list_rows(selectors.Named()))
    assert len(few) == 3


def test_an_export_is_whole_or_absent(world, tmp_path, monkeypatch):
    first = open_data_write(directory=tmp_path)

    def broken(_named):
        yield (1, "x")
        raise RuntimeError("the database went away")

    files = tuple(
        f if f.name != "league_table.csv" else selectors.DataFile(f.name, f.columns, broken)
        for f in selectors.FILES
    )
    monkeypatch.setattr("league.opendata.export.FILES", files)
    with pytest.raises(RuntimeError):
        open_data_write(directory=tmp_path, now=first.created + dt.timedelta(hours=1))
    assert [p.name for p in tmp_path.iterdir()] == [first.stamp]  # no half export, no temp
    latest = export_latest(tmp_path)
    assert latest is not None
    assert latest.stamp == first.stamp


def test_older_exports_are_pruned(demo, tmp_path):
    start = dt.datetime(2026, 11, 1, 3, 0, tzinfo=dt.UTC)
    for n in range(4):
        open_data_write(directory=tmp_path, now=start + dt.timedelta(days=n))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["20261103T030000Z", "20261104T030000Z"]


def test_the_command_writes_and_refuses_a_bad_folder(demo, tmp_path, capsys):
    call_command("open_data", "-o", str(tmp_path / "out"))
    assert "10 Dateien" in capsys.readouterr().out
    assert export_latest(tmp_path / "out") is not None
    bad = tmp_path / "a-file"
    bad.write_text("x")
    with pytest.raises(CommandError, match="a-file"):
        call_command("open_data", "-o", str(bad))
    with pytest.raises(SystemExit) as exited:
        ManagementUtility(["manage.py", "open_data", "-o", str(bad / "below")]).execute()
    assert exited.value.code == 1
    err = capsys.readouterr().err
    assert "kann der Export nicht geschrieben werden" in err
    assert "Traceback" not in err
    assert not list(Path(tmp_path).glob(".*.tmp"))
