"""Reads. Each returns what a page needs in a fixed number of queries."""

from __future__ import annotations

import datetime
import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from django.db.models import Prefetch, Q, QuerySet, Subquery, Sum
from django.utils import timezone

from league.core.compiled import first_row
from league.core.live import organiser_newest
from league.core.models import AuditEntry
from league.lists import replays
from league.lists.models import (
    Game,
    PaperEntry,
    PenaltyRow,
    ScoreLine,
    Seat,
    Spielliste,
    Substitution,
    WriteKey,
)
from league.lists.owners import ListOwner
from scoring import GameRecord
from scoring.errors import ScoringError
from scoring.quick import QuickGame
from scoring.records import REDEAL
from scoring.round import Entry, RoundState, replay_round
from scoring.rules import TSR, RuleProfile


@dataclass(frozen=True)
class ListeSnapshot:
    """A list as stored plus the state machine's view of it."""

    liste: Spielliste
    seats: tuple[Seat, ...]
    games: tuple[Game, ...]
    penalty_rows: tuple[PenaltyRow, ...]
    state: RoundState | None
    error: ScoringError | None = None
    # The penalty row each state row with a penalty was replayed from (by the row's
    # Penalty object): rows are paired by identity, never by position.
    penalty_of: dict[int, PenaltyRow] = field(default_factory=dict)
    # A list typed from paper (``totals_only``): the totals that count, by seat name (what
    # the standings sum: empty while double entry waits or differs); None for other lists.
    paper_totals: dict[str, int] | None = None
    # Whether hidden players are named (the viewer writes the list): what his substitutes'
    # names follow too (``list_substitutions``).
    revealed: bool = False

    @property
    def from_paper(self) -> bool:
        """The list's result is its paper totals: no game rows, no "next game"."""
        return self.paper_totals is not None

    @property
    def counted_totals(self) -> dict[str, int]:
        """Each seat's total as every reader shows it: the paper totals of a list typed
        from paper, else the replay's totals (empty for a list that no longer replays)."""
        if self.paper_totals is not None:
            return self.paper_totals
        return dict(self.state.totals) if self.state is not None else {}

    def replay_with(self, record: GameRecord | QuickGame, number: int | None = None) -> RoundState:
        """The list as it would be with ``record`` appended (or replacing game ``number``)."""
        records: list[GameRecord | QuickGame] = [g.to_entry(self.names) for g in self.games]
        if number is None:
            records.append(record)
        else:
            records[number - 1] = record
        state, _ = replay_stored(
            self.seats,
            self.games,
            self.penalty_rows,
            self.liste.time_up_after,
            records=records,
            liste=self.liste,
        )
        return state

    @property
    def rules(self) -> RuleProfile:
        """The list's house rules (the TSR if its stored profile no longer reads)."""
        if self.state is not None:
            return self.state.rules
        return list_rules(self.liste)

    @property
    def checks_ok(self) -> bool:
        return self.state is not None and all(r.check.ok for r in self.state.rows)

    @property
    def names(self) -> dict[int, str]:
        return {s.position: s.name for s in self.seats}

    @property
    def seat_names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def player_names(self) -> dict[int, str]:
        return {s.player_id: s.name for s in self.seats}


def next_players(liste: Spielliste) -> list[str]:
    """Who plays the next game, by their names at the table, in seat order: the seating
    the last write stored (``Spielliste.next_seating``) — an entry form is read with it
    before the write, whose replay refuses a record of other players. A list stored
    before the seating was kept is replayed once; none: []."""
    names = dict(liste.seats.values_list("position", "name"))
    if liste.next_seating:
        return [names[p] for p in liste.next_seating]
    if liste.complete or liste.frozen or liste.totals_only or liste.ended_early:
        return []
    state = snapshots_of([liste])[0].state
    upcoming = state.next_game if state is not None else None
    return list(upcoming.players) if upcoming is not None else []


def list_rules(liste: Spielliste) -> RuleProfile:
    """The house rules a list is played by, without replaying it (the TSR if its stored
    profile no longer reads: a replay then reports the list as invalid)."""
    try:
        return liste.profile
    except ScoringError:
        return TSR


def spielliste_snapshot(*, pk: int, reveal: bool = False) -> ListeSnapshot:
    """One list with seats, games and penalty rows: 4 queries, whatever its length (one
    more for a list typed from paper: its counted totals)."""
    liste = Spielliste.objects.select_related("club").get(pk=pk)
    return snapshots_of([liste], reveal=reveal)[0]


def snapshots_of(lists: list[Spielliste], *, reveal: bool = False) -> list[ListeSnapshot]:
    """Many lists replayed with 3 queries in all (seats, games, penalty rows), and one more
    when some were typed from paper (their counted totals, ``ListeSnapshot.paper_totals``).

    Unless ``reveal`` (the viewer manages or sits at the list), a player who asked not to
    be named publicly (``Player.hide_name``) appears under his alias everywhere in the
    snapshot — seats, rows, totals — because the replay itself runs on the alias.
    """
    ids = [liste.pk for liste in lists]
    seats: dict[int, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(spielliste_id__in=ids).select_related("player__club"):
        if not reveal and seat.player.hide_name:
            seat.name = seat.player.public_alias  # in memory only: snapshots are never saved
        seats[seat.spielliste_id].append(seat)
    keys = {liste.pk: replays.key(liste, seats[liste.pk], reveal) for liste in lists}
    known = {pk: found for pk, key in keys.items() if (found := replays.get(key)) is not None}
    todo = [pk for pk in ids if pk not in known]
    games: dict[int, list[Game]] = defaultdict(list)
    penalties: dict[int, list[PenaltyRow]] = defaultdict(list)
    if todo:  # no query when every list is replayed already (a board after one save)
        for game in Game.objects.filter(spielliste_id__in=todo).order_by("number"):
            games[game.spielliste_id].append(game)
        for row in PenaltyRow.objects.filter(spielliste_id__in=todo):
            penalties[row.spielliste_id].append(row)
    snaps = []
    for liste in lists:
        found = known.get(liste.pk)
        if found is None:
            found = _snapshot(liste, seats[liste.pk], games[liste.pk], penalties[liste.pk], reveal)
            replays.put(keys[liste.pk], found)
        else:  # the reader's own list row and seats; the replay of the same facts
            seats[liste.pk].sort(key=lambda seat: seat.position)
            found = replace(found, liste=liste, seats=tuple(seats[liste.pk]))
        snaps.append(found)
    paper_ids = [liste.pk for liste in lists if liste.totals_only]
    if not paper_ids:  # no query for lists played game by game
        return snaps
    paper: dict[int, dict[int, int]] = defaultdict(dict)
    for line in ScoreLine.objects.filter(
        spielliste_id__in=paper_ids, game__isnull=True, penalty__isnull=True
    ).values("spielliste_id", "player_id", "points"):
        paper[line["spielliste_id"]][line["player_id"]] = line["points"]
    return [
        replace(
            snap,
            paper_totals={
                s.name: paper[snap.liste.pk][s.player_id]
                for s in snap.seats
                if s.player_id in paper[snap.liste.pk]
            },
        )
        if snap.liste.totals_only
        else snap
        for snap in snaps
    ]


def replay_stored(
    seats: Sequence[Seat],
    games: Sequence[Game],
    penalty_rows: Sequence[PenaltyRow],
    time_up_after: int | None,
    *,
    records: Sequence[GameRecord | QuickGame] | None = None,
    liste: Spielliste | None = None,
) -> tuple[RoundState, dict[int, PenaltyRow]]:
    """Run the round state machine over a stored list (seats in position order).

    ``records`` replaces the stored games' facts (a preview of a new or corrected game).
    ``liste`` brings the list's house rules: its profile, redeals and ``closed`` (without
    it: the TSR). Returns the state and, keyed by ``id()`` of each
    row's Penalty, the penalty row it came from. Raises the engine's ScoringError when a
    row breaks the rules.
    """
    names = {s.position: s.name for s in seats}
    player_names = {s.player_id: s.name for s in seats}
    penalties = [p.to_penalty(player_names) for p in penalty_rows]
    entries: list[Entry] = list([g.to_entry(names) for g in games] if records is None else records)
    rules, closed = TSR, False
    if liste is not None:
        rules, closed = liste.profile, liste.closed
        if liste.redeals:
            entries = with_redeals(entries, liste.redeals)
    state = replay_round(
        [names[p] for p in sorted(names)],
        entries,
        penalties,
        time_up_after,
        rules=rules,
        closed=closed,
    )
    return state, {id(p): row for p, row in zip(penalties, penalty_rows, strict=True)}


def with_redeals(entries: Sequence[Entry], redeals: Sequence[int]) -> list[Entry]:
    """The games with a redeal ("neu gegeben") before each game number in ``redeals``
    (a number past the last game: redeals before the game still to come)."""
    out: list[Entry] = []
    for number in range(1, len(entries) + 2):
        out.extend(REDEAL for n in redeals if n == number)
        if number <= len(entries):
            out.append(entries[number - 1])
    return out


def _snapshot(
    liste: Spielliste,
    seats: list[Seat],
    games: list[Game],
    penalty_rows: list[PenaltyRow],
    reveal: bool = False,
) -> ListeSnapshot:
    seats.sort(key=lambda seat: seat.position)
    try:
        state, penalty_of = replay_stored(
            seats, games, penalty_rows, liste.time_up_after, liste=liste
        )
    except ScoringError as err:  # stored data no longer passes the rules (a rule changed)
        return ListeSnapshot(
            liste, tuple(seats), tuple(games), tuple(penalty_rows), None, err, revealed=reveal
        )
    return ListeSnapshot(
        liste,
        tuple(seats),
        tuple(games),
        tuple(penalty_rows),
        state,
        penalty_of=penalty_of,
        revealed=reveal,
    )


@dataclass(frozen=True)
class SubstitutionView:
    position: int
    seat_name: str
    name: str
    from_game: int
    player_id: int | None = None  # the substitute
    seat_player_id: int | None = None  # the seat's own player


@dataclass(frozen=True)
class PaperView:
    """A list's totals typed from paper: each entry as ``[(seat name, total, deduction)]``."""

    entries: dict[int, list[tuple[str, int, int]]]
    status: str

    @property
    def rows(self) -> list[dict[str, object]]:
        """Per seat: its name, (total, deduction) per entry, whether the entries differ."""
        keys = sorted(self.entries)
        if not keys:
            return []
        out: list[dict[str, object]] = []
        for i, (name, _total, _deduction) in enumerate(self.entries[keys[0]]):
            cells = [self.entries[k][i][1:] for k in keys]
            out.append({"name": name, "cells": cells, "differs": len(set(cells)) > 1})
        return out


@dataclass(frozen=True)
class ListStatus:
    """What the list page says besides its rows: the clock, time-up, substitutes, paper."""

    deadline: datetime.datetime | None
    time_up_after: int | None
    game_in_progress: bool  # time is up, but the game dealt before is still to be entered
    substitutions: tuple[SubstitutionView, ...]
    paper: PaperView | None

    @property
    def time_up(self) -> bool:
        return self.time_up_after is not None

    @property
    def minutes_left(self) -> int | None:
        """Whole minutes of playing time left (negative: over time), None without a clock."""
        if self.deadline is None:
            return None
        return math.floor((self.deadline - timezone.now()).total_seconds() / 60)


def list_status(
    snap: ListeSnapshot, owner: ListOwner | None, *, reveal: bool = False
) -> ListStatus:
    """The list's status lines (2 queries: substitutions, and paper entries if any).
    Substitutes who asked not to be named appear under their alias unless ``reveal``."""
    liste = snap.liste
    names = snap.names
    subs = list_substitutions(snap, reveal=reveal)
    paper = None
    if liste.totals_only:
        entries = list(liste.paper_entries.all())
        paper = PaperView(
            entries={
                e.entry: [
                    (names[p], int(e.totals.get(str(p), 0)), int(e.deduction.get(str(p), 0)))
                    for p in sorted(names)
                ]
                for e in entries
            },
            status=paper_status(entries, double_entry=owner is not None and owner.double_entry),
        )
    return ListStatus(
        deadline=owner.deadline(liste) if owner is not None else None,
        time_up_after=liste.time_up_after,
        game_in_progress=liste.time_up_after is not None
        and liste.time_up_after > liste.games_played,
        substitutions=subs,
        paper=paper,
    )


def list_substitutions(
    snap: ListeSnapshot, *, reveal: bool | None = None
) -> tuple[SubstitutionView, ...]:
    """The list's substitutes by seat (1 query); one who asked not to be named under his
    alias unless ``reveal`` (default: as the snapshot names its seats)."""
    reveal = snap.revealed if reveal is None else reveal
    names = snap.names
    seated = {s.position: s.player_id for s in snap.seats}
    return tuple(
        SubstitutionView(
            s.position,
            names.get(s.position, ""),
            s.player.public_alias if s.player.hide_name and not reveal else s.player.name,
            s.from_game,
            s.player_id,
            seated.get(s.position),
        )
        for s in snap.liste.substitutions.select_related("player")
    )


def person_points(liste: Spielliste) -> dict[int, int]:
    """Each person's points in the list as the standings count them (his score lines: a
    seat shared with a substitute split at the substitute's first game), by player id."""
    rows = (
        ScoreLine.objects.filter(spielliste=liste)
        .values("player_id")
        .annotate(points=Sum("points"))
        .values_list("player_id", "points")
        .order_by()
    )
    return dict(rows)


def paper_status(entries: Sequence[PaperEntry], *, double_entry: bool) -> str:
    """Whether a table's typed totals count: one entry without double entry, two equal
    entries with it (``accepted``), one missing (``waiting``), or two that differ."""
    by_entry = {e.entry: e for e in entries}
    if not double_entry:
        return PAPER_ACCEPTED if 1 in by_entry else PAPER_WAITING
    if 1 not in by_entry or 2 not in by_entry:
        return PAPER_WAITING
    one, two = by_entry[1], by_entry[2]
    same = one.totals == two.totals and one.deduction == two.deduction
    return PAPER_ACCEPTED if same else PAPER_DIFFERS


PAPER_ACCEPTED, PAPER_WAITING, PAPER_DIFFERS = "accepted", "waiting", "differs"


def spielliste_overview(
    *,
    club_id: int | None = None,
    day: datetime.date | None = None,
    owners: Sequence[Q] = (),
) -> QuerySet[Spielliste]:
    """Lists, newest first, with their players (2 queries per page): all of them, or those
    of one club, one day (of creation, local time) and/or one owner (a tournament)."""
    lists = Spielliste.objects.select_related("club").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))
    )
    if club_id:
        lists = lists.filter(club_id=club_id)
    if day is not None:
        lists = lists.filter(created_at__date=day)
    for condition in owners:
        lists = lists.filter(condition)
    return lists.order_by("-created_at", "-pk")


def spielliste_changes(
    *, liste: Spielliste, game_number: int | None = None
) -> QuerySet[AuditEntry]:
    """The list's history from the audit log, newest first."""
    qs = AuditEntry.objects.filter(target="lists.spielliste", target_id=liste.pk)
    if game_number is not None:
        qs = qs.filter(item=game_number)
    return qs.select_related("user")


def substitutes_at(liste: Spielliste, game: int) -> dict[str, str]:
    """Seat name → the substitute who plays that seat in game ``game`` (1 query)."""
    rows = Substitution.objects.filter(spielliste=liste, from_game__lte=game).values_list(
        "position", "player__name"
    )
    seats = dict(liste.seats.values_list("position", "name"))
    return {seats[position]: name for position, name in rows if position in seats}


def list_live_version(pk: int) -> str | None:
    """What a list's page depends on, for its live poll (league.core.live): the list's row
    (its version and last change, frozen, its Kasse's rate — set without a new version) and
    the newest change that is not a list's (an organiser's: a round started, a seat's name
    corrected). None for no such list."""
    if not 0 < pk < 2**63:
        return None
    # One query, compiled once: a poll's whole cost while nothing changed.
    row = first_row("list_live_version", _list_version_query, pk)
    if row is None:
        return None
    return repr((tuple(row[:4]), str(row[4] or 0)))


def _list_version_query(pk: int) -> QuerySet[Spielliste, Any]:
    return (
        Spielliste.objects.filter(pk=pk)
        .annotate(organiser=Subquery(organiser_newest()))
        .values_list("version", "updated_at", "frozen", "kasse_cent", "organiser")[:1]
    )


def recent_write_keys(*, liste_id: int, limit: int = 60) -> list[str]:
    """The idempotency keys of the list's latest writes: a phone's outbox
    (static/js/outbox.js) finds in them the saves whose answer it never got."""
    return list(
        WriteKey.objects.filter(spielliste_id=liste_id)
        .exclude(key__startswith=WriteKey.SAME_FORM)  # a form's content (services.same_form_key)
        .order_by("-pk")
        .values_list("key", flat=True)[:limit]
    )
