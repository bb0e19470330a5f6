"""The write path every change to a list takes: lock the list row, check ``frozen`` and
``version`` on the locked row, replay the whole list through the round state machine
(``scoring.round``), and store what the replay derived (dealer, Bock, points per player)."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import Any

from league.core.audit import Actor, User, audit_record
from league.core.errors import ConflictError, ServiceError
from league.lists.models import Game, PenaltyRow, ScoreLine, Spielliste, WriteKey
from league.lists.owners import owner_of, quick_rows_allowed
from league.lists.selectors import ListeSnapshot, replay_stored
from league.lists.stats import stats_store
from scoring import GameRecord
from scoring.errors import RulesError
from scoring.penalties import PenaltyError
from scoring.quick import QuickGame
from scoring.round import NextGame, RoundError, RoundState


def lock(spielliste: Spielliste) -> Spielliste:
    return Spielliste.objects.select_for_update().get(pk=spielliste.pk)


def check_open(liste: Spielliste, expected_version: int | None) -> None:
    if liste.frozen:
        raise ServiceError("round_closed")
    if expected_version is not None and liste.version != expected_version:
        raise ConflictError("conflict", {"version": liste.version})


def same_form_key(fields: Iterable[tuple[str, str]]) -> str:
    """A key of a posted entry form's content (every field but the CSRF token and the
    idempotency key, the version it was filled on included): the same filled form sent
    twice — a double click, a resend under a new key — has the same key; a game entered
    again on purpose is filled on a later version and has another."""
    content = sorted(
        (k, v)
        for k, v in fields
        if k != "csrfmiddlewaretoken" and k.rsplit("-", 1)[-1] != "key"  # "key", "quick-key"
    )
    digest = hashlib.sha256(json.dumps(content).encode()).hexdigest()
    return f"{WriteKey.SAME_FORM}{digest}"[:64]


def earlier_write(liste: Spielliste, key: str) -> WriteKey | None:
    """The write this idempotency key already made on this (locked) list, if any."""
    if not key:
        return None
    return WriteKey.objects.filter(spielliste=liste, key=key[:64]).first()


def remember_write(liste: Spielliste, key: str, action: str, item: int) -> None:
    if key:
        WriteKey.objects.create(
            spielliste=liste, key=key[:64], action=action, item=item, version=liste.version
        )


class Context:
    """A list locked for writing, with its seats, games and penalty rows in memory."""

    def __init__(self, liste: Spielliste, user: User) -> None:
        self.liste = liste
        self.user = user
        seats = list(liste.seats.all())
        self.seats = seats
        self.names = {s.position: s.name for s in seats}  # position -> name at the table
        self.positions = {s.name: s.position for s in seats}
        self.player_names = {s.player_id: s.name for s in seats}
        self.player_ids = {s.name: s.player_id for s in seats}
        self.games = list(liste.games.all())
        self.penalties = list(liste.penalty_rows.all())
        self.substitutions = {s.position: s for s in liste.substitutions.all()}
        # What each stored game looked like, so that only changed games are written.
        self.stored = {g.pk: _game_values(g) for g in self.games}

    @classmethod
    def load(cls, spielliste: Spielliste, expected_version: int | None, user: User) -> Context:
        return cls.checked(lock(spielliste), expected_version, user)

    @classmethod
    def checked(cls, liste: Spielliste, expected_version: int | None, user: User) -> Context:
        """A locked list that takes games: open, not from paper, not ended early."""
        check_open(liste, expected_version)
        if liste.totals_only:
            raise ServiceError("list_totals_only")
        if liste.ended_early:
            raise ServiceError("list_ended_early")
        return cls(liste, user)

    def game(self, number: int) -> Game:
        for game in self.games:
            if game.number == number:
                return game
        raise ServiceError("no_such_game", {"number": number})

    def append(self, records: Sequence[GameRecord | QuickGame]) -> tuple[list[Game], ListeSnapshot]:
        """Add games at the end, replay, store: the new games and the list so replayed."""
        added = []
        for record in records:
            game = Game(spielliste=self.liste, number=len(self.games) + 1)
            self.set_facts(game, record)
            self.games.append(game)
            added.append(game)
        return added, self.replay_and_store()

    def set_facts(self, game: Game, record: GameRecord | QuickGame) -> None:
        strangers = [n for n in record.players if n not in self.positions]
        if strangers:
            raise ServiceError(
                "not_at_table", {"name": strangers[0]}, field="players", game=game.number
            )
        if isinstance(record, QuickGame):
            if not self.quick_allowed:
                raise ServiceError("quick_rows_not_allowed", field="kind", game=game.number)
            game.set_quick(record, self.positions)
        else:
            game.set_facts(record, self.positions)

    @cached_property
    def quick_allowed(self) -> bool:
        """Quick rows only where the list's owner takes them (not tournaments, leagues)."""
        return quick_rows_allowed(owner_of(self.liste))

    def credited(self, name: str, game: int) -> int:
        """The player credited with a seat's points in a row of game ``game``: the seat's
        player, or from the substitution's first game on the substitute."""
        sub = self.substitutions.get(self.positions[name])
        if sub is not None and game >= sub.from_game:
            return sub.player_id
        return self.player_ids[name]

    def replay(self) -> tuple[RoundState, dict[int, PenaltyRow]]:
        try:
            return replay_stored(
                self.seats, self.games, self.penalties, self.liste.time_up_after, liste=self.liste
            )
        except (RoundError, PenaltyError, RulesError) as err:
            raise ServiceError.from_scoring(err) from None

    def snapshot(self, state: RoundState, penalty_of: dict[int, PenaltyRow]) -> ListeSnapshot:
        """The list as in memory now, with the state its replay gave."""
        return ListeSnapshot(
            self.liste,
            tuple(self.seats),
            tuple(self.games),
            tuple(self.penalties),
            state,
            penalty_of=penalty_of,
        )

    def as_stored(self) -> ListeSnapshot:
        """The list replayed as it is stored, nothing written: the answer to a write that
        has nothing to do (a retried write, a list already closed)."""
        return self.snapshot(*self.replay())

    def replay_and_store(self) -> ListeSnapshot:
        """Replay the list as changed in memory and store what the replay derived; the
        list (new version) with that replay, for the write's answer."""
        return self.store(*self.replay())

    def store(self, state: RoundState, penalty_of: dict[int, PenaltyRow]) -> ListeSnapshot:
        """Store what a replay of the list in memory derived (dealers, Bock, values, score
        lines) and save the list with a new version."""
        positions = self.positions
        by_number = {g.number: g for g in self.games}
        for row in state.rows:
            if row.is_game:
                game = by_number[row.game]
                game.bock = row.bock
                game.dealer_position = positions[row.dealer]
                game.sitting_out_position = positions[row.sitting_out] if row.sitting_out else None
                game.vorfuehrung = row.vorfuehrung
                game.bock_triggers = row.bock_triggers
                result = row.result
                if row.quick is not None:  # a quick row: the value the table counted
                    game.winner = ""
                    game.value = 0 if row.voided else row.quick.value_with_bock(row.bock)
                    continue
                assert result is not None  # full game rows always carry their result
                game.winner = result.winner.value if result.winner and not row.voided else ""
                game.value = 0 if row.voided else result.value
        new = [g for g in self.games if g.pk is None]
        changed = [
            g for g in self.games if g.pk is not None and _game_values(g) != self.stored[g.pk]
        ]
        Game.objects.bulk_create(new)
        if changed:
            Game.objects.bulk_update(changed, _GAME_FIELDS)
        for penalty_row in self.penalties:
            if penalty_row.pk is None:
                penalty_row.save()
        wanted: list[Line] = []
        for row in state.rows:
            if row.redeal:
                continue  # "neu gegeben": no points, no row of its own in the table
            # A row belongs to its game or to the penalty row it was replayed from.
            game_id, penalty_id = (
                (by_number[row.game].pk, None)
                if row.penalty is None
                else (None, penalty_of[id(row.penalty)].pk)
            )
            wanted.extend(
                (game_id, penalty_id, self.credited(name, row.game), pts)
                for name, pts in row.points.items()
                if pts or name in row.players
            )
        lines_store(self.liste, wanted)
        stats_store(self.liste, state, self.seats, self.substitutions.values(), totals_of(wanted))
        self.liste.games_played = state.games_played
        self.liste.complete = state.complete
        self.liste.next_seating = seating_of(state.next_game, positions)
        touch(self.liste, self.user)
        return self.snapshot(state, penalty_of)


# A score line as stored: (game id, penalty row id, player id, points).
Line = tuple[int | None, int | None, int, int]


def lines_store(liste: Spielliste, wanted: Sequence[Line]) -> None:
    """Make the list's score lines ``wanted``, writing only the difference: a game appended
    adds its own lines and leaves the others be (they were deleted and written again, every
    line of the list, on each save), a correction rewrites the lines it changed. Totals from
    paper are lines of neither a game nor a penalty row (None, None, player, points)."""
    missing = Counter(wanted)
    stale = []
    stored = ScoreLine.objects.filter(spielliste=liste).values_list(
        "pk", "game_id", "penalty_id", "player_id", "points"
    )
    for pk, game, penalty, player, points in stored:
        key = (game, penalty, player, points)
        if missing[key] > 0:
            missing[key] -= 1
        else:
            stale.append(pk)
    if stale:
        ScoreLine.objects.filter(pk__in=stale).delete()
    ScoreLine.objects.bulk_create(
        ScoreLine(spielliste=liste, game_id=game, penalty_id=penalty, player_id=player, points=pts)
        for (game, penalty, player, pts), count in missing.items()
        for _ in range(count)
    )


def totals_of(lines: Iterable[Line]) -> dict[int, int]:
    """Each player's Stand: the sum of his lines' points."""
    totals: dict[int, int] = {}
    for _game, _penalty, player, points in lines:
        totals[player] = totals.get(player, 0) + points
    return totals


def seating_of(upcoming: NextGame | None, positions: dict[str, int]) -> list[int]:
    """The positions of who plays ``upcoming`` (none: [])."""
    return [] if upcoming is None else [positions[name] for name in upcoming.players]


_GAME_FIELDS = [
    f.name for f in Game._meta.concrete_fields if f.name not in ("id", "spielliste", "number")
]


def _game_values(game: Game) -> tuple[Any, ...]:
    return tuple(getattr(game, name) for name in _GAME_FIELDS)


def touch(liste: Spielliste, user: User) -> None:
    """Save a changed list: new version, last writer, and any confirmation removed."""
    liste.last_writer = writer_key(user)
    if liste.confirmed_at is not None:  # any change removes the confirmation
        audit_record(
            user=user, action="unconfirm", target=liste, before={"seat": liste.confirmed_seat}
        )
        liste.confirmed_at = liste.confirmed_seat = None
    liste.version += 1
    liste.save()


def writer_key(user: User) -> str:
    """Who wrote, for "confirmed from another session": a code session or an account."""
    actor = user if isinstance(user, Actor) else Actor(user)
    if actor.session:
        return f"code:{actor.session}"
    if actor.user is not None and actor.user.is_authenticated:
        return f"user:{actor.user.pk}"
    return ""
