"""One table's round — the Spielliste's state machine (TSR 3.3, 4.2, 4.3, 8.5, 8.6, 9, 10).

Given the seats, the games so far, the penalty rows and whether time was called, it
knows each game's dealer, who sits out (5 players), running totals, games left, who
still owes a Pflichtsolo, whether the next game is a Vorführung and for whom, and
whether the round is complete. It refuses a game that breaks the procedure.

Rules as implemented (round.md):
- Position 1 deals first; the deal passes clockwise. After a Pflichtsolo the same
  dealer deals again — but not after a vorgeführtes one (3.3.1, 4.2.5).
- 24 games at 4 players, 30 at 5 (8.5.1, 10.1.5). At 5 the dealer sits out (10.1.1).
- Vorführung (4.2.3): when the missing Pflichtsoli equal the games left, the owing
  player next to the left of the dealer (the dealer himself last) must play his
  Pflichtsolo now. After a Vorführung the player after that game's dealer deals.
- **Decision** (round.md, 5-player tables): the search skips the dealer, who sits out.
  If the dealer is the only one still owing, the deal passes to the next player (who
  sits out instead) and the former dealer is vorgeführt.
- Time up after game k (8.5.1, 8.6): no further normal games; games left = missing
  Pflichtsoli, each played as a Vorführung.
- **Decision** (round.md "time-up", 8.5.1): ``time_up_after`` is the number of games
  *dealt* when time was called: the games entered, plus one while a game was in
  progress (dealing had begun). That game is entered under the normal rules, as
  whatever it was — any kind, a Pflichtsolo, and the due Vorführung if one was due; only
  after it do the owed Pflichtsoli follow, each as a Vorführung. ``games_left`` counts
  it; ``RoundState.game_in_progress`` says it is still to be entered.
- **Decision** (round.md, 8.5.3, 9.4.3): after time-up no game is dealt again. A
  ``serious`` row after game k with ``time_up_after == k`` voids the last game started
  before time-up (the first such row after game k): its dealer and players are those the
  normal procedure gives for game k+1, it is not repeated, and the list goes on with the
  owed Vorführungen only, the first dealt by the player after the voided game's dealer
  (complete at once when nobody owes one). 8.5.3 excepts vorgeführte Pflichtsoli: when
  the voided game was a Vorführung (by the normal procedure) or is one dealt after
  time-up, the same dealer deals it again. ``time_up_after == k + 1`` with a ``serious``
  row after the last entered game k means the breach voided a deal *before* time was
  called and the re-deal (game k+1) was in progress: it is played out under the normal
  procedure. (A breach in the game in progress at time-up is recorded with
  ``time_up_after`` lowered to k — the site does that when the penalty is entered.)
- **Decision** (penalty rows, section 9): a ``serious`` row voids the game dealt after
  game k, which the same dealer deals again (9.4.3). Every other penalty row belongs to
  game k and leaves the procedure alone. For ``serious_solo_opponent`` the solo "counts as
  played" (9.4.4): game k is that solo — it keeps its place (deal, Pflichtsolo) but scores
  0 for everybody, because the penalty row (soloist +12+3a, offender −(12+3a)) is its
  result. A second such row for the same game is refused: the game ended at the first.

With a rule profile (``scoring.rules``, house-rules.md) — the TSR profile is the default
and walks exactly as above:
- ``pflichtsolo: none``: nobody owes a Pflichtsolo, no Vorführung, a ``pflicht`` game is
  refused, Lustsoli need no Pflichtsolo first.
- ``repeat_deal_after``: the same dealer deals again after a (not vorgeführt) Pflichtsolo
  (TSR), after every game of kind ``solo`` (``every_solo``), or never.
  **Decision**: a Vorführung is never dealt again, under every profile (4.2.3).
- ``games: open``: no fixed length (``games_left`` None); the list ends when the input says
  ``closed``, allowed only when every player has dealt equally often (``can_close``).
- Bockrunden: a Bockrunde is one deal per player; a repeated deal (and a redeal) does not
  use a Bock deal, so a solo with a repeated deal lengthens it by one game. A trigger's
  Bockrunde starts with the next game — if that is the repeated deal, it is its first
  deal. ``append``: queued after the waiting ones, × 2 (× 4, × 8 for two, three triggers
  in one game); ``multiply``: each trigger doubles the next deals of one Bockrunde at
  once. ``bock_queue``: the factors of the coming deals already in Bock.
- ``schmeissen``: a ``Redeal`` row ("neu gegeben") scores nothing, is no game of the list
  and the same dealer deals again.
- Quick rows (``QuickGame``): points from winners and value, × the Bock factor; the
  table states their Bock triggers.
- **Decision** (history-import.md, a club's old sheets): in a list of open length without
  Pflichtsolo at 5 players, a quick row's players say who sat out: he dealt (10.1.1) and
  the deal goes on from him — a sheet notes who played, never who dealt.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from scoring.checks import RowCheck, check_row
from scoring.errors import GameRecordError
from scoring.errors import RoundError as RoundError  # defined with its siblings; exported
from scoring.game import bock_triggers, score_game
from scoring.penalties import SOLO_KINDS, Penalty, PenaltyKind
from scoring.quick import QuickGame
from scoring.records import GameRecord, Kind, Redeal
from scoring.results import GameResult
from scoring.rules import TSR, RepeatDeal, RuleProfile, Stacking

Entry = GameRecord | QuickGame | Redeal
"""One entry of a list's games: a full record, a quick row, or a redeal (house rules)."""

GAMES_PER_ROUND = {4: 24, 5: 30}
# Playing time of a round in minutes (8.5.1, 10.1.5); a referee may add time per table.
ROUND_MINUTES = {4: 100, 5: 125}
# The most a referee adds for one table that lost time (8.5.1); more than an hour is a typo.
ADDED_MINUTES_MAX = 60
# Who keeps the list unless the table agrees otherwise (3.1.1, 10.1.4).
LISTENFUEHRER_POSITION = {4: 4, 5: 5}


@dataclass(frozen=True, slots=True)
class NextGame:
    """What the table does next."""

    number: int
    dealer: str
    sitting_out: str | None
    players: tuple[str, ...]
    vorfuehrung: str | None


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the list: a game (``penalty`` None) or a penalty row."""

    game: int
    dealer: str
    sitting_out: str | None
    players: tuple[str, ...]
    points: Mapping[str, int]
    totals: Mapping[str, int]
    check: RowCheck
    record: GameRecord | None = None
    result: GameResult | None = None
    pflicht: bool = False
    vorfuehrung: bool = False
    penalty: Penalty | None = None
    voided: bool = False  # 9.4.4: the solo counts as played; only its penalty row scores
    bock: int = 1  # house rules: this game's Bock factor
    quick: QuickGame | None = None  # a quick-entry row
    redeal: bool = False  # "geschmissen": no game, the same dealer deals again
    bock_triggers: int = 0  # how many Bock triggers this game fired (or the table stated)

    @property
    def kind(self) -> str:
        if self.redeal:
            return "geschmissen"
        if self.quick is not None:
            return "quick"
        return "penalty" if self.record is None else self.record.kind.value

    @property
    def is_game(self) -> bool:
        return self.penalty is None and not self.redeal

    @property
    def soloist(self) -> str | None:
        if self.record is not None:
            return self.record.soloist
        return None if self.quick is None else self.quick.soloist

    @property
    def plus(self) -> tuple[str, ...]:
        """Players who scored plus: marked on the list (7.3.3 no. 3)."""
        return tuple(p for p, v in self.points.items() if v > 0)


@dataclass(frozen=True, slots=True)
class RoundState:
    seats: tuple[str, ...]
    rows: tuple[Row, ...]
    totals: Mapping[str, int]
    games_played: int
    games_left: int | None  # None: ``games: open``
    owes_pflichtsolo: tuple[str, ...]
    next_game: NextGame | None
    time_up_after: int | None = None
    pflicht_games: Mapping[str, int] = field(default_factory=dict)
    # Time was called while game ``time_up_after`` was being played and it is not entered
    # yet: ``next_game`` is that game, under the normal rules (round.md, 8.5.1).
    game_in_progress: bool = False
    rules: RuleProfile = TSR
    # House rules: the factors of the coming deals already in Bock (house-rules.md).
    bock_queue: tuple[int, ...] = ()
    closed: bool = False  # ``games: open``: the keeper ended the list
    can_close: bool = False  # ``games: open``: every player has dealt equally often

    @property
    def complete(self) -> bool:
        return self.next_game is None


class _Table:
    """The mutable walk through a round; ``replay_round`` drives it."""

    def __init__(
        self, seats: tuple[str, ...], time_up_after: int | None, rules: RuleProfile = TSR
    ) -> None:
        self.seats = seats
        self.n = len(seats)
        self.rules = rules
        self.total: int | None = None if rules.games_open else GAMES_PER_ROUND[self.n]
        self.turns = 0  # deal turns completed (a repeated deal does not complete one)
        self.repeat_owed = False  # the last dealer deals again: his turn is not complete
        self.bock_queue: list[int] = []
        self.closed = False
        self.dealer = 0
        self.played = 0
        self.pflicht_done: dict[str, int] = {}
        self.time_up_after = time_up_after
        self.totals = dict.fromkeys(seats, 0)
        self.rows: list[Row] = []
        self.entered = 0  # games in the input (replay_round sets it)
        self.time_up_voided = False  # the last game before time-up was voided (8.5.3)

    # --- what comes next ----------------------------------------------------------

    @property
    def time_up(self) -> bool:
        return self.time_up_after is not None and self.played >= self.time_up_after

    def owing(self) -> list[str]:
        if not self.rules.pflicht:
            return []
        return [s for s in self.seats if s not in self.pflicht_done]

    @property
    def can_close(self) -> bool:
        return (
            self.total is None
            and not self.closed
            and not self.repeat_owed
            and self.turns > 0
            and self.turns % self.n == 0
        )

    def games_left(self, *, ignore_time_up: bool = False) -> int | None:
        if self.closed:
            return 0
        if self.total is None:
            return None
        normal = self.total - self.played
        if ignore_time_up or self.time_up_after is None:
            return normal
        if self.time_up:
            return len(self.owing())
        if self.time_up_after == self.played + 1:
            # The game in progress, then the owed Pflichtsoli; when that game is a due
            # Vorführung it is one of them (owing == normal games left).
            return min(normal, 1 + len(self.owing()))
        return normal

    def next_game(self, *, ignore_time_up: bool = False) -> NextGame | None:
        left = self.games_left(ignore_time_up=ignore_time_up)
        if left is not None and left <= 0:
            return None
        owing = set(self.owing())
        dealer = self.dealer
        vorgefuehrt: str | None = None
        if owing and left is not None and len(owing) >= left:
            order = [(dealer + i) % self.n for i in range(1, self.n)]
            if self.n == 4:
                order.append(dealer)  # the dealer himself last (4.2.3)
            found = [i for i in order if self.seats[i] in owing]
            if found:
                vorgefuehrt = self.seats[found[0]]
            else:  # Decision: 5 players, only the dealer owes: the deal passes on
                vorgefuehrt = self.seats[dealer]
                dealer = (dealer + 1) % self.n
        sitting_out = self.seats[dealer] if self.n == 5 else None
        players = tuple(s for s in self.seats if s != sitting_out)
        return NextGame(
            number=self.played + 1,
            dealer=self.seats[dealer],
            sitting_out=sitting_out,
            players=players,
            vorfuehrung=vorgefuehrt,
        )

    # --- applying rows ------------------------------------------------------------

    def _upcoming(self, number: int) -> NextGame:
        upcoming = self.next_game()
        if upcoming is None:
            if self.time_up:
                raise RoundError("game_beyond_round", {"variant": "time_up"}, game=number)
            if self.total is None:
                raise RoundError("game_beyond_round", {"variant": "closed"}, game=number)
            raise RoundError("game_beyond_round", {"total": self.total}, game=number)
        return upcoming

    def redeal(self) -> None:
        """ "Geschmissen" (house rule ``schmeissen``): a row without points; the same
        dealer deals again and no Bock deal is used."""
        number = self.played + 1
        if not self.rules.schmeissen:
            raise RoundError("option_not_enabled", {"name": "schmeissen"}, game=number)
        upcoming = self._upcoming(number)
        points = dict.fromkeys(self.seats, 0)
        self._add_row(
            Row(
                game=self.played,
                dealer=upcoming.dealer,
                sitting_out=upcoming.sitting_out,
                players=upcoming.players,
                points=points,
                totals={},
                check=check_row(points, table_size=self.n),
                redeal=True,
            )
        )

    def play(self, record: GameRecord | QuickGame) -> None:
        number = self.played + 1
        upcoming = self._stated_seating(record, self._upcoming(number))
        self._check_players(record, upcoming)
        if isinstance(record, QuickGame):
            soloist = record.soloist
        else:
            soloist = record.soloist if record.kind is Kind.SOLO else None
        if record.pflicht and not self.rules.pflicht:
            raise RoundError(
                "option_not_enabled", {"name": "pflichtsolo"}, game=number, field="pflicht"
            )
        if upcoming.vorfuehrung is not None:
            who = upcoming.vorfuehrung
            if soloist is None:
                raise RoundError("vorfuehrung_due", {"name": who}, game=number)
            if soloist != who:
                raise RoundError("wrong_soloist", {"name": who, "soloist": soloist}, game=number)
            if not record.pflicht:
                raise RoundError("vorfuehrung_must_be_pflicht", game=number)
        if soloist is not None and record.pflicht and soloist in self.pflicht_done:
            raise RoundError(
                "second_pflichtsolo",
                {"name": soloist, "pflicht_game": self.pflicht_done[soloist]},
                game=number,
            )
        if (
            soloist is not None
            and self.rules.pflicht
            and not record.pflicht
            and soloist not in self.pflicht_done
        ):
            raise RoundError("lustsolo_before_pflichtsolo", {"name": soloist}, game=number)

        rules = self.rules
        factor = self.bock_queue[0] if self.bock_queue else 1
        if record.bock is not None and record.bock != factor:
            if rules.bock is None:
                raise RoundError("option_not_enabled", {"name": "bock"}, game=number, field="bock")
            raise RoundError(
                "bock_mismatch", {"expected": factor, "entered": record.bock}, game=number
            )
        result: GameResult | None
        if isinstance(record, QuickGame):
            if record.bock_triggers and rules.bock is None:
                raise RoundError(
                    "option_not_enabled", {"name": "bock"}, game=number, field="bock_triggers"
                )
            if rules.bock is not None and record.bock_triggers > len(rules.bock.triggers):
                # One game fires each of the profile's triggers at most once.
                raise RoundError(
                    "quick_bock_triggers",
                    {"count": len(rules.bock.triggers)},
                    game=number,
                    field="bock_triggers",
                )
            result = None
            own = record.points(factor)
            triggers = record.bock_triggers
        else:
            try:
                result = score_game(record, rules, bock=factor)
            except GameRecordError as err:  # an option the profile does not enable
                raise RoundError(
                    err.code, err.params, field=err.field, game=number, context="wrap.game"
                ) from None
            own = dict(result.points)
            triggers = len(bock_triggers(record, result, rules)) if rules.bock else 0
        points = dict.fromkeys(self.seats, 0)
        points.update(own)
        pflicht = soloist is not None and record.pflicht
        self._add_row(
            Row(
                game=number,
                dealer=upcoming.dealer,
                sitting_out=upcoming.sitting_out,
                players=record.players,
                points=points,
                totals={},
                check=check_row(own, table_size=4),
                record=record if isinstance(record, GameRecord) else None,
                result=result,
                pflicht=pflicht,
                vorfuehrung=upcoming.vorfuehrung is not None,
                bock=factor,
                quick=record if isinstance(record, QuickGame) else None,
                bock_triggers=triggers,
            )
        )
        self.played = number
        dealer_index = self.seats.index(upcoming.dealer)
        if pflicht and soloist is not None:
            self.pflicht_done[soloist] = number
        repeat = upcoming.vorfuehrung is None and (
            (pflicht and rules.repeat_deal_after is RepeatDeal.PFLICHTSOLO)
            or (soloist is not None and rules.repeat_deal_after is RepeatDeal.EVERY_SOLO)
        )
        self.repeat_owed = repeat
        if not repeat:  # 4.2.5: after a Pflichtsolo the same dealer deals again
            self.dealer = (dealer_index + 1) % self.n
            self.turns += 1
            if self.bock_queue:
                self.bock_queue.pop(0)
        if triggers:
            self._start_bock(triggers)

    def _start_bock(self, triggers: int) -> None:
        """Bockrunden fired by the game just played; the queue starts at the next game's
        deal (house-rules.md "Bockrunden")."""
        bock = self.rules.bock
        if bock is None:
            return
        queue = self.bock_queue
        factor = 2**triggers
        if bock.stacking is Stacking.APPEND:
            queue.extend([factor] * self.n)
            return
        for i in range(self.n):
            if i < len(queue):
                queue[i] *= factor
            else:
                queue.append(factor)

    def close(self) -> None:
        """``games: open``: the keeper ends the list after a full round of deals."""
        if self.total is not None:
            raise RoundError("option_not_enabled", {"name": "games"}, field="closed")
        if not self.can_close:
            raise RoundError("close_not_allowed", {"count": self.n}, field="closed")
        self.closed = True

    def _stated_seating(self, record: GameRecord | QuickGame, upcoming: NextGame) -> NextGame:
        """The module's stated-seating Decision: the next game as the quick row seats it."""
        rules = self.rules
        if (
            not isinstance(record, QuickGame)
            or upcoming.sitting_out is None
            or not rules.games_open
            or rules.pflicht
            or upcoming.vorfuehrung is not None
        ):
            return upcoming
        out = [s for s in self.seats if s not in record.players]
        if len(out) != 1 or out[0] == upcoming.sitting_out:
            return upcoming
        self.dealer = self.seats.index(out[0])
        players = tuple(s for s in self.seats if s != out[0])
        return replace(upcoming, dealer=out[0], sitting_out=out[0], players=players)

    def _check_players(self, record: GameRecord | QuickGame, upcoming: NextGame) -> None:
        number = upcoming.number
        for name in record.players:
            if name not in self.seats:
                raise RoundError("unknown_player", {"name": name}, game=number, field="players")
        if upcoming.sitting_out is not None and upcoming.sitting_out in record.players:
            raise RoundError(
                "sitting_out_player_in_game",
                {"name": upcoming.sitting_out},
                game=number,
                field="players",
            )

    def penalize(self, penalty: Penalty) -> None:
        k = penalty.after_game
        if k > self.played:
            raise RoundError("penalty_after_game_out_of_range", game=k, field="after_game")
        if penalty.kind is PenaltyKind.SERIOUS:
            upcoming = self._voided_game(k)
            if upcoming is None:
                raise RoundError(
                    "penalty_after_game_out_of_range",
                    {"variant": "last"},
                    game=k,
                    field="after_game",
                )
            players, dealer, sitting_out = upcoming.players, upcoming.dealer, upcoming.sitting_out
        elif penalty.kind is PenaltyKind.UNSPORTING and k == 0:
            players, dealer, sitting_out = self.seats, self.seats[0], None
        else:
            game_row = self._game_row(k)
            if game_row is None or (game_row.record is None and game_row.quick is None):
                raise RoundError(
                    "penalty_after_game_out_of_range",
                    {"variant": "zero"},
                    game=k,
                    field="after_game",
                )
            players, dealer, sitting_out = game_row.players, game_row.dealer, game_row.sitting_out
            if penalty.kind in SOLO_KINDS and game_row.voided:
                raise RoundError("game_already_aborted", game=k, field="kind")
            if penalty.kind in SOLO_KINDS:
                soloist = game_row.soloist
                if soloist is None:
                    raise RoundError("penalty_not_in_solo", game=k, field="kind")
                if penalty.beneficiary != soloist:
                    raise RoundError(
                        "penalty_beneficiary_not_soloist",
                        {"name": soloist},
                        game=k,
                        field="beneficiary",
                    )
        if penalty.offender not in players and not (
            penalty.kind is PenaltyKind.UNSPORTING and penalty.offender in self.seats
        ):
            raise RoundError(
                "penalty_offender_not_in_game",
                {"name": penalty.offender},
                game=k,
                field="offender",
            )
        if penalty.kind in SOLO_KINDS and penalty.offender == penalty.beneficiary:
            raise RoundError("penalty_offender_is_soloist", game=k, field="offender")
        row_players = self.seats if penalty.kind is PenaltyKind.UNSPORTING else players
        own = penalty.row_points(row_players)
        points = dict.fromkeys(self.seats, 0)
        points.update(own)
        self._add_row(
            Row(
                game=k,
                dealer=dealer,
                sitting_out=sitting_out,
                players=tuple(players),
                points=points,
                totals={},
                check=check_row(
                    own,
                    table_size=self.n,
                    penalty_kind=penalty.kind.value,
                    deduction=penalty.deduction,
                ),
                penalty=penalty,
            )
        )
        if penalty.kind is PenaltyKind.SERIOUS_SOLO_OPPONENT:
            self._void_game(k)

    def _voided_game(self, k: int) -> NextGame | None:
        """The game a ``serious`` row after game k voids (9.4.3), and where the deal goes.

        Before time-up, and for a Vorführung, the same dealer deals again: the deal does
        not move. The first such row after the last game before time-up voids the game
        the normal procedure gives, without a repeat (8.5.3; module docstring).
        """
        t = self.time_up_after
        if t is None or t != k or self.time_up_voided:
            return self.next_game()
        voided = self.next_game(ignore_time_up=True)
        if voided is None:
            return None
        self.time_up_voided = True
        if voided.vorfuehrung is None:  # no repeat: the next player deals
            self.dealer = (self.seats.index(voided.dealer) + 1) % self.n
        return voided

    def _void_game(self, number: int) -> None:
        """Game ``number`` scores 0 (9.4.4); running totals are summed again."""
        rows = self.rows
        for i, row in enumerate(rows):
            if row.is_game and row.game == number:
                rows[i] = replace(
                    row,
                    points=dict.fromkeys(row.points, 0),
                    check=RowCheck(zero_sum=True, parity=None if self.n == 5 else True),
                    voided=True,
                )
        running = dict.fromkeys(self.seats, 0)
        for i, row in enumerate(rows):
            for name, pts in row.points.items():
                running[name] += pts
            rows[i] = replace(row, totals=dict(running))
        self.totals = running

    def _game_row(self, number: int) -> Row | None:
        for row in reversed(self.rows):
            if row.is_game and row.game == number:
                return row
        return None

    def _add_row(self, row: Row) -> None:
        for name, pts in row.points.items():
            self.totals[name] += pts
        check = row.check
        if self.n == 5 and check.parity is not None:
            check = RowCheck(zero_sum=check.zero_sum, parity=None)  # 10.1.3
        self.rows.append(replace(row, totals=dict(self.totals), check=check))

    def state(self) -> RoundState:
        return RoundState(
            seats=self.seats,
            rows=tuple(self.rows),
            totals=dict(self.totals),
            games_played=self.played,
            games_left=self.games_left(),
            owes_pflichtsolo=tuple(self.owing()),
            next_game=self.next_game(),
            time_up_after=self.time_up_after,
            pflicht_games=dict(self.pflicht_done),
            game_in_progress=self.time_up_after is not None and self.time_up_after > self.played,
            rules=self.rules,
            bock_queue=tuple(self.bock_queue),
            closed=self.closed,
            can_close=self.can_close,
        )


def check_seats(names: Sequence[str]) -> None:
    """A table's seats: 4 or 5 players (8.3.1, 10), each with a name, no two alike.

    Names are compared as the site shows them: ignoring case and runs of blanks, so
    "anna" and "Anna" cannot sit at one table (``duplicate_names``).
    """
    if len(names) not in GAMES_PER_ROUND:
        raise RoundError("invalid_seats", field="seats")
    if any(not isinstance(name, str) or not name.strip() for name in names):
        raise RoundError("invalid_seats", {"variant": "name"}, field="seats")
    if len(set(names)) != len(names):
        raise RoundError("invalid_seats", {"variant": "distinct"}, field="seats")
    seen: dict[str, str] = {}
    for name in names:
        folded = " ".join(name.split()).casefold()
        if folded in seen:
            raise RoundError("duplicate_names", {"name": name}, field="seats")
        seen[folded] = name


def replay_round(
    seats: Sequence[str],
    games: Sequence[Entry],
    penalties: Sequence[Penalty] = (),
    time_up_after: int | None = None,
    *,
    rules: RuleProfile = TSR,
    closed: bool = False,
) -> RoundState:
    """Replay a whole list from the start; raise RoundError at the first violation.

    ``time_up_after`` (None: time not called) is the number of games dealt when time was
    called: ``len(games)`` or fewer, or ``len(games) + 1`` while a game is in progress
    (round.md's time-up Decision; ``RoundState.game_in_progress``). ``rules`` is the
    list's profile (default the TSR); ``closed`` ends a ``games: open`` list. ``games``
    may hold quick rows and, under ``schmeissen``, redeals (which are no games: penalty
    rows and ``time_up_after`` count games only).
    """
    check_seats(seats)
    table = _Table(tuple(seats), time_up_after, rules)
    real = sum(1 for g in games if not isinstance(g, Redeal))
    table.entered = real
    if time_up_after is not None and rules.games_open:
        raise RoundError("invalid_time_up", {"variant": "open"}, field="time_up_after")
    if time_up_after is not None and not 0 <= time_up_after <= real + 1:
        raise RoundError("invalid_time_up", field="time_up_after")
    by_game: dict[int, list[Penalty]] = {}
    for penalty in penalties:
        by_game.setdefault(penalty.after_game, []).append(penalty)
    for penalty in by_game.get(0, []):
        table.penalize(penalty)
    number = 0
    for record in games:
        if isinstance(record, Redeal):
            table.redeal()
            continue
        number += 1
        table.play(record)
        for penalty in by_game.get(number, []):
            table.penalize(penalty)
    beyond = [p.after_game for p in penalties if p.after_game > real]
    if beyond:
        table.penalize(next(p for p in penalties if p.after_game == beyond[0]))
    if table.time_up_after == real + 1 and table.next_game() is None:
        # No game can have been in progress: the round was already complete.
        raise RoundError("invalid_time_up", {"variant": "complete"}, field="time_up_after")
    if closed:
        table.close()
    return table.state()
