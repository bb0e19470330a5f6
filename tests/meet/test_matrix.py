"""Where features meet: every owner of a list (free list, club evening, tournament round,
league Spieltag) × every way a result arrives (phone game, quick row, redeal, paper totals
single and double entry, API, correction, deletion, substitute, withdrawal, penalty row,
time-up, reopen) × every rule profile (TSR, each preset, a club's own) × every place that
shows it. Each cell checks that the place shows the figures of the engine's replay of that
list (paper totals: the totals typed), or that the way was refused cleanly — a code, and
nothing written. The README's table "what works where" summarises the matrix.

The lists are built once per module (``tests/meet/worlds.py``, through services, forms
and the API) inside a transaction rolled back at the end; each cell only reads (pages,
PDF, exports, API) and its own writes, if any, are rolled back after it.
"""

from __future__ import annotations

import csv
import io
import re
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from league.core.models import AuditEntry
from league.lists.history import change_lines
from league.lists.models import Game, ScoreLine, Spielliste
from league.lists.selectors import replay_stored, spielliste_changes, spielliste_snapshot
from scoring.totals import games_counted
from tests.meet.worlds import WAYS, Cell, build, cells

PLACES = (
    "liste",
    "pdf",
    "spieler_im_event",
    "spieler_gesamt",
    "verein_saison",
    "wertung_export",
    "beamer",
    "liga",
    "api",
    "verlauf",
    "rangliste",
    "halle",
)
# Where a place shows a list of that owner ("–" in the README: the place has no such list).
PLACE_OWNERS = {
    "liste": {"frei", "abend", "turnier", "liga"},
    "pdf": {"frei", "abend", "turnier", "liga"},
    "spieler_im_event": {"abend", "turnier"},  # the season's member lists; the player page
    "spieler_gesamt": {"frei", "abend", "turnier", "liga"},
    "verein_saison": {"abend"},
    "wertung_export": {"turnier"},
    "beamer": {"turnier"},  # the hall's projector: the provisional standings
    "liga": {"liga"},
    "api": {"frei", "abend", "turnier", "liga"},
    "verlauf": {"frei", "abend", "turnier", "liga"},
    # the Rangliste counts approved, closed Ranglistenturniere only: the tournament's lists
    "rangliste": {"turnier"},
    # the venue's health page: the running rounds' tables and today's other open lists
    "halle": {"frei", "abend", "turnier", "liga"},
}
# Refusals the matrix expects: (owner, way, profile) → code. Everything else must work.
NO_REDEAL = "option_not_enabled"


def expected_refusal(owner: str, way: str, profile: str) -> set[str]:
    """The clean refusals: no quick rows at tournaments and leagues, no redeal without
    "schmeissen", no time-up on an open list, no "Runde beenden" on a fixed one."""
    from tests.meet.worlds import PROFILES

    rules = PROFILES[profile]
    if way == "schnell" and owner in ("turnier", "liga"):
        return {"Turniere und Ligen tragen jedes Spiel voll ein: keine Schnelleingabe."}
    if way == "neu_gegeben" and not rules.schmeissen:
        return {"*"}  # the engine's refusal, in the reader's language
    if way == "zeit" and rules.games_open:
        return {"invalid_time_up"}
    if way == "wieder_offen" and owner in ("frei", "abend") and not rules.games_open:
        return {"option_not_enabled"}
    return set()


# Cells for features other helpers build on their branches (issue 20): marked, with why.
PENDING: dict[tuple[str, str], str] = {}


TIMES: dict[tuple[str, str, str], float] = {}


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """Every cell's list, built once; rolled back when the module is done."""
    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            from django.contrib.auth.models import User

            manager = User.objects.create_user("matrix", password="pw-secret-123")
            built = {}
            for key in cells():
                started = time.perf_counter()
                built[key] = build(*key, manager)
                TIMES[key] = time.perf_counter() - started
            yield built
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


# --- the engine's replay, per seat and per player ------------------------------------------


def replayed(liste: Spielliste) -> tuple[dict[str, int], dict[int, int]]:
    """(totals by seat name, points by player id) as the engine replays the stored list
    — or, for a list typed from paper, as the paper totals count."""
    snap = spielliste_snapshot(pk=liste.pk, reveal=True)
    seats = list(snap.seats)
    if liste.totals_only:
        lines = dict(
            ScoreLine.objects.filter(spielliste=liste, game=None, penalty=None).values_list(
                "player_id", "points"
            )
        )
        return (
            {s.name: lines[s.player_id] for s in seats if s.player_id in lines},
            dict(lines),
        )
    state, _ = replay_stored(
        seats, list(snap.games), list(snap.penalty_rows), liste.time_up_after, liste=liste
    )
    by_seat = dict(state.totals)
    subs = {s.position: s for s in liste.substitutions.all()}
    by_player: dict[int, int] = defaultdict(int)
    for row in state.rows:
        for seat in seats:
            points = row.points.get(seat.name)
            if not points:
                continue
            sub = subs.get(seat.position)
            taken = sub is not None and row.game >= sub.from_game and row.penalty is None
            by_player[sub.player_id if taken and sub else seat.player_id] += points
    for seat in seats:
        by_player.setdefault(seat.player_id, 0)
    return by_seat, dict(by_player)


def _lines_by_player(liste: Spielliste) -> dict[int, int]:
    out: dict[int, int] = defaultdict(int)
    for player, points in ScoreLine.objects.filter(spielliste=liste).values_list(
        "player_id", "points"
    ):
        out[player] += points
    return dict(out)


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _get(url: str, user: Any = None, **params: str) -> Any:
    client = Client()
    if user is not None:
        client.force_login(user)
    response = client.get(url, params)
    assert response.status_code == 200, (url, response.status_code)
    return response


# --- the places ----------------------------------------------------------------------------


def place_liste(cell: Cell, liste: Spielliste, by_seat: dict[str, int], **_: Any) -> None:
    html = _get(liste.get_absolute_url(), cell.manager).content.decode()
    foot = re.findall(r'data-total="([^"]*)">(-?\d+)<', html)
    assert {name: int(v) for name, v in foot} == by_seat
    if liste.totals_only:
        assert "Ergebnis vom Papier" in html
        assert "Nächstes" not in html
        assert "Pflichtsolo fehlt" not in html


def place_pdf(
    cell: Cell, liste: Spielliste, by_seat: dict[str, int], by_player: dict[int, int], **_: Any
) -> None:
    response = _get(reverse("liste-pdf", args=[liste.pk]), cell.manager)
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages)
    end = text[text.index("Endstand") :]
    for name, total in by_seat.items():
        shown = re.escape(f"{total:+d}" if total else "0")
        # a seat a substitute plays: "Ersatz 3 (für Matrix B) +6"
        pattern = rf"{re.escape(name)}\)?\s*{shown}\b"
        assert re.search(pattern, end), (name, total, end[:300])
    flat = " ".join(text.split())
    for sub in liste.substitutions.select_related("player"):
        seat = liste.seats.get(position=sub.position)
        line = f"Platz {sub.position}: ab Spiel {sub.from_game} spielt {sub.player.name} für"
        assert f"{line} {seat.name}." in flat
        assert f"{sub.player.name} (für {seat.name})" in flat
        # the seat's total split as every reader counts it (each person's own games)
        old, new = by_player.get(seat.player_id, 0), by_player.get(sub.player_id, 0)
        split = (
            f"Platz {sub.position}: {seat.name} {old:+d} bis Spiel {sub.from_game - 1}, "
            f"{sub.player.name} {new:+d} ab Spiel {sub.from_game}"
        )
        assert split.replace("+0", "0") in flat, (split, flat)


def place_spieler_im_event(
    cell: Cell, liste: Spielliste, by_player: dict[int, int], **_: Any
) -> None:
    if cell.owner == "turnier":
        for player, points in by_player.items():
            participant = cell.participant_ids.get(player)
            if participant is None:
                continue  # a substitute from outside the tournament: no participant page
            url = reverse("tournament-player", args=[cell.tournament_id, participant])
            html = _get(url, cell.manager).content.decode()
            shown = re.findall(r"data-round-points>\+?(-?\d+)<", html)
            assert [int(v) for v in shown] == [points], (player, shown)
        return
    url = reverse("club-season", args=[cell.club_id])
    for player, points in by_player.items():
        html = _get(url, cell.manager, jahr="2026", spieler=str(player)).content.decode()
        row = html[html.index(f'data-liste="{liste.pk}"') :]
        cells_ = re.findall(r'<td class="num">(-?\d+)</td>', row[: row.index("</tr>")])
        assert int(cells_[-1]) == points


def place_spieler_gesamt(cell: Cell, liste: Spielliste, by_player: dict[int, int], **_: Any):
    for player, points in by_player.items():
        html = _get(reverse("player-record", args=[player]), cell.manager).content.decode()
        if cell.owner == "turnier":
            assert re.search(rf"R1\s*:\s*{points}\b", _text(html)), (player, points)
            continue
        row = html[html.index(f'data-liste="{liste.pk}"') :]
        values = re.findall(r'class="num[^"]*">(-?\d+)</td>', row[: row.index("</tr>")])
        games = games_counted(liste.games_played, totals_only=liste.totals_only)
        assert [int(v) for v in values][-1] == points
        if player in {s.player_id for s in liste.seats.all()} and not liste.substitutions.exists():
            assert int(values[0]) == games


def place_verein_saison(cell: Cell, liste: Spielliste, by_player: dict[int, int], **_: Any):
    club_page = _get(reverse("club-detail", args=[cell.club_id])).content.decode()
    row = club_page[club_page.index(f'data-liste="{liste.pk}"') :]
    row = _text(row[: row.index("</li>")])
    games = games_counted(liste.games_played, totals_only=liste.totals_only)
    assert f"{games} Spiel" in row
    counted = liste.complete or liste.games_played > 0
    response = _get(reverse("club-season", args=[cell.club_id]), jahr="2026", _export="csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    head = rows[0]
    table = {r[head.index("Mitglied")]: r for r in rows[1:]}
    names = dict(liste.seats.values_list("player_id", "player__name"))
    for player, points in by_player.items():
        name = names.get(player)
        if name is None:
            continue  # a substitute who is no member of the club: not in the table
        if not counted:
            assert name not in table
            continue
        assert int(table[name][head.index("Punkte")]) == points


def place_wertung_export(cell: Cell, liste: Spielliste, by_player: dict[int, int], **_: Any):
    url = reverse("standings", args=[cell.tournament_id])
    response = _get(url, vorlaeufig="1", _export="csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    head = rows[0]
    table = {r[head.index("Name")]: int(r[head.index("Punkte")]) for r in rows[1:]}
    xlsx = _get(url, vorlaeufig="1", _export="xlsx")
    sheet = load_workbook(io.BytesIO(xlsx.content)).active
    values = [[c.value for c in row] for row in sheet.iter_rows()]
    book = {r[values[0].index("Name")]: r[values[0].index("Punkte")] for r in values[1:]}
    names = {p: n for p, n in liste.seats.values_list("player_id", "player__name")}
    for player, points in by_player.items():
        name = names.get(player)
        if name is None:
            continue
        assert table[name] == points, (name, table[name], points)
        assert book[name] == points


def place_beamer(cell: Cell, liste: Spielliste, by_player: dict[int, int], **_: Any) -> None:
    html = _get(reverse("projector", args=[cell.tournament_id])).content.decode()
    shown = {
        name: int(total)
        for name, total in re.findall(
            r'<tr data-name="([^"]+)">.*?<strong>(-?\d+)</strong></td></tr>', html, flags=re.S
        )
    }
    names = {p: n for p, n in liste.seats.values_list("player_id", "player__name")}
    for player, points in by_player.items():
        name = names.get(player)
        if name is not None:
            assert shown[name] == points, (name, shown.get(name), points)


def place_liga(cell: Cell, liste: Spielliste, by_player: dict[int, int], **_: Any) -> None:
    from league.leagues.models import Spieltag

    spieltag = Spieltag.objects.get(pk=cell.spieltag_id)
    url = reverse("spieltag-detail", args=[cell.league_id, spieltag.pk])
    html = _get(url).content.decode()
    assert liste.get_absolute_url() in html
    if liste.totals_only:
        assert "Papier" in html
    response = _get(reverse("league-detail", args=[cell.league_id]), vorlaeufig="1")
    assert response.status_code == 200
    export = _get(reverse("league-detail", args=[cell.league_id]), vorlaeufig="1", _export="csv")
    assert export.content.decode().splitlines()[0].startswith("Platz")


def place_api(cell: Cell, liste: Spielliste, by_seat: dict[str, int], **_: Any) -> None:
    data = _get(f"/api/v1/listen/{liste.pk}/", cell.manager).json()
    totals = {k: v for k, v in data["totals"].items()}
    if liste.totals_only:
        assert {k: v for k, v in totals.items() if k in by_seat} == by_seat
        assert all(v == 0 for k, v in totals.items() if k not in by_seat)
    else:
        assert totals == by_seat


def place_verlauf(cell: Cell, liste: Spielliste, **_: Any) -> None:
    _get(reverse("liste-history", args=[liste.pk]), cell.manager)
    entries = list(spielliste_changes(liste=liste))
    for entry, line in zip(entries, change_lines(entries), strict=True):
        assert line.text != entry.action, f"no sentence for {entry.action!r}"
    assert AuditEntry.objects.filter(target="lists.spielliste", target_id=liste.pk).exists()


def place_rangliste(cell: Cell, liste: Spielliste, by_player: dict[int, int], **_: Any) -> None:
    """The cell's tournament made a closed Ranglistenturnier a Ranglistenwart approved
    (flags set directly: the matrix's 8 players and 2 rounds are below the RLT minimum
    that ``tournament_close`` checks; rolled back after the cell). Every player who has
    points in the tournament's lists — a substitute from outside the tournament too: the
    Rangliste sums its score lines — stands "unter 36 Runden" with one round and the
    points of the lists' replays (page and CSV), a positive result in the
    Bundesländerwertung; nobody else."""
    from django.utils import timezone

    from league.clubs.models import Player
    from league.tournaments.models import Tournament
    from tests.meet.worlds import DAY

    now = timezone.now()
    Tournament.objects.filter(pk=cell.tournament_id).update(
        rated=True, bundesland="NW", closed_at=now, rating_approved_at=now
    )
    url = reverse("rangliste")
    html = _get(url, stichtag=DAY.isoformat()).content.decode()
    # every list of the tournament replayed (paper results fill the round's other tables)
    expected: dict[int, int] = defaultdict(int)
    for other in Spielliste.objects.filter(
        round_table__tournament_round__tournament_id=cell.tournament_id
    ):
        replay = by_player if other.pk == liste.pk else replayed(other)[1]
        for player in _lines_by_player(other):
            expected[player] += replay[player]
    lines = {p: expected[p] for p in _lines_by_player(liste)}
    names = dict(Player.objects.filter(pk__in=expected).values_list("pk", "name"))

    def section(anchor: str) -> dict[str, list[str]]:
        part = html.split(f'id="{anchor}"')[1].split("</table>")[0]
        return {
            name: re.findall(r'<(?:td class="num[^"]*"|strong)>(-?\d+)<', row)
            for name, row in re.findall(r'<tr data-player="([^"]+)">(.*?)</tr>', part, re.S)
        }

    below, laender = section("unter36"), section("laender")
    assert set(below) == {names[p] for p in expected}, (sorted(below), expected)
    export = _get(url, stichtag=DAY.isoformat(), _export="csv", liste="unter36")
    rows = list(csv.reader(io.StringIO(export.content.decode())))
    head = rows[0]
    csv_points = {r[head.index("Name")]: int(r[head.index("Punkte")]) for r in rows[1:]}
    for player, points in expected.items():
        name = names[player]
        if player in lines:  # this cell's list: the replay's figure
            assert points == by_player[player], (name, points, by_player[player])
        assert [int(v) for v in below[name]] == [1, points], (name, below[name])
        assert csv_points[name] == points
        if points > 0:
            assert [int(v) for v in laender[name]] == [points], (name, laender)
        else:
            assert name not in laender


def place_halle(cell: Cell, liste: Spielliste, **_: Any) -> None:
    """The health page as the organiser (a tournament), the club's manager (an evening) or
    staff (free and league lists: nobody else sees them there): the list's table shows the
    games of the replay, "Papier" for totals typed from paper, "fertig" when complete; an
    open list outside tournaments written today stands among "Spiellisten ohne Turnier"."""
    from django.contrib.auth.models import User

    snap = spielliste_snapshot(pk=liste.pk, reveal=True)
    games = snap.state.games_played if snap.state is not None else 0
    viewer = cell.manager
    if cell.owner in ("frei", "liga"):
        viewer = User.objects.create_user("matrix-staff", password="pw-secret-123", is_staff=True)
    html = _get(reverse("venue-health"), viewer).content.decode()
    if cell.owner == "turnier":
        rnd = liste.round_table.tournament_round
        part = html.split(f'data-round="{rnd.pk}"')[1].split("</section>")[0]
        row = part.split(f'data-table="{liste.round_table.number}"')[1].split("</tr>")[0]
    else:
        if liste.complete:  # done: no longer among the open lists
            assert f'data-list="{liste.pk}"' not in html
            return
        row = html.split(f'data-list="{liste.pk}"')[1].split("</tr>")[0]
    cells_ = re.findall(r'<td class="num"[^>]*>(.*?)</td>', row, re.S)
    shown = cells_[0].strip()
    if liste.totals_only:
        assert shown == "Papier", (shown, row)
    else:
        assert shown == str(games), (shown, games, row)
    assert ("fertig" in row) == liste.complete, row


PLACE_CHECK: dict[str, Callable[..., None]] = {
    "liste": place_liste,
    "pdf": place_pdf,
    "spieler_im_event": place_spieler_im_event,
    "spieler_gesamt": place_spieler_gesamt,
    "verein_saison": place_verein_saison,
    "wertung_export": place_wertung_export,
    "beamer": place_beamer,
    "liga": place_liga,
    "api": place_api,
    "verlauf": place_verlauf,
    "rangliste": place_rangliste,
    "halle": place_halle,
}


def _params() -> list[Any]:
    out = []
    for owner, way, profile in cells():
        for place in PLACES:
            if owner not in PLACE_OWNERS[place]:
                continue
            marks = []
            if (place, way) in PENDING:
                marks.append(pytest.mark.xfail(reason=PENDING[(place, way)], strict=False))
            elif (owner, way) in PENDING:
                marks.append(pytest.mark.xfail(reason=PENDING[(owner, way)], strict=False))
            out.append(
                pytest.param(
                    owner, way, profile, place, marks=marks, id=f"{owner}-{way}-{profile}-{place}"
                )
            )
    return out


@pytest.mark.django_db
@pytest.mark.parametrize(("owner", "way", "profile", "place"), _params())
def test_cell(world, owner, way, profile, place):
    cell: Cell = world[(owner, way, profile)]
    liste = cell.liste
    refusals = expected_refusal(owner, way, profile)
    if refusals:
        assert cell.refused in refusals or ("*" in refusals and cell.refused), (
            f"expected a refusal {refusals}, got {cell.refused!r}"
        )
        if way not in ("wieder_offen",):  # closing first wrote nothing either
            assert (liste.version, liste.games.count(), liste.penalty_rows.count()) == cell.before
    else:
        assert not cell.refused, f"refused: {cell.refused}"
    by_seat, by_player = replayed(liste)
    # What every reader sums: the stored score lines agree with the replay.
    lines = _lines_by_player(liste)
    assert set(lines) <= set(by_player)
    assert {p: lines.get(p, 0) for p in by_player} == by_player
    PLACE_CHECK[place](cell, liste, by_seat=by_seat, by_player=by_player)


def test_the_matrix_has_every_way_and_owner():
    keys = cells()
    assert {w for _o, w, _p in keys} == set(WAYS)
    assert len(keys) == len(set(keys))
    assert Game  # the engine's rows are the ones read above


@pytest.mark.django_db
def test_backup_round_trip_of_every_cell(world):
    """Place "backup": the whole site exported, wiped and imported again — every cell's
    list shows the same totals (replay or paper) and its players the same points."""
    from league.backup.services import backup_export, backup_import
    from league.clubs.models import Club, Player
    from league.leagues.models import League
    from league.tournaments.models import Tournament

    def figures() -> dict[str, Any]:
        out = {}
        for liste in Spielliste.objects.all():
            by_seat, by_player = replayed(liste)
            names = dict(Player.objects.filter(pk__in=by_player).values_list("pk", "name"))
            out[liste.title] = (
                by_seat,
                {names[p]: v for p, v in by_player.items()},
                liste.complete,
                liste.totals_only,
                list(liste.redeals),
            )
        return out

    before = figures()
    assert len(before) == Spielliste.objects.count() >= len(world)  # titles name the lists
    doc = backup_export()
    League.objects.all().delete()  # first: its line-ups hold (protected) players
    Tournament.objects.all().delete()
    Spielliste.objects.all().delete()
    Player.objects.all().delete()
    Club.objects.all().delete()
    AuditEntry.objects.all().delete()
    backup_import(doc=doc)
    assert figures() == before
