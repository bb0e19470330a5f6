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
- **Decision** (penalty rows, section 9): a ``serious`` row voids the game dealt after
  game k, which the same dealer deals again (9.4.3). Every other penalty row belongs to
  game k and leaves the procedure alone. For ``serious_solo_opponent`` the solo "counts as
  played" (9.4.4): game k is that solo — it keeps its place (deal, Pflichtsolo) but scores
  0 for everybody, because the penalty row (soloist +12+3a, offender −(12+3a)) is its
  result. A second such row for the same game is refused: the game ended at the first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from scoring.checks import RowCheck, check_row
from scoring.errors import GameRecordError, ScoringError
from scoring.game import score_game
from scoring.penalties import SOLO_KINDS, Penalty, PenaltyError, PenaltyKind
from scoring.records import GameRecord, Kind
from scoring.results import GameResult

GAMES_PER_ROUND = {4: 24, 5: 30}
# Who keeps the list unless the table agrees otherwise (3.1.1, 10.1.4).
LISTENFUEHRER_POSITION = {4: 4, 5: 5}


class RoundError(ScoringError):
    """A game or penalty row that breaks the round's procedure.

    ``game`` is the number of the game concerned (None for the round's set-up).
    """

    def __init__(self, code: str, message: str, *, game: int | None, field: str = "") -> None:
        super().__init__(code, message)
        self.game = game
        self.field = field

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"code": self.code, "game": self.game, "message": self.message}
        if self.field:
            out["field"] = self.field
        return out


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

    @property
    def kind(self) -> str:
        return "penalty" if self.record is None else self.record.kind.value

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
    games_left: int
    owes_pflichtsolo: tuple[str, ...]
    next_game: NextGame | None
    time_up_after: int | None = None
    pflicht_games: Mapping[str, int] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        return self.next_game is None

    @property
    def total_games(self) -> int:
        return GAMES_PER_ROUND[len(self.seats)]


class _Table:
    """The mutable walk through a round; ``replay_round`` drives it."""

    def __init__(self, seats: tuple[str, ...], time_up_after: int | None) -> None:
        self.seats = seats
        self.n = len(seats)
        self.total = GAMES_PER_ROUND[self.n]
        self.dealer = 0
        self.played = 0
        self.pflicht_done: dict[str, int] = {}
        self.time_up_after = time_up_after
        self.totals = dict.fromkeys(seats, 0)
        self.rows: list[Row] = []

    # --- what comes next ----------------------------------------------------------

    @property
    def time_up(self) -> bool:
        return self.time_up_after is not None and self.played >= self.time_up_after

    def owing(self) -> list[str]:
        return [s for s in self.seats if s not in self.pflicht_done]

    def games_left(self) -> int:
        if self.time_up:
            return len(self.owing())
        return self.total - self.played

    def next_game(self) -> NextGame | None:
        if self.games_left() <= 0:
            return None
        owing = set(self.owing())
        dealer = self.dealer
        vorgefuehrt: str | None = None
        if owing and len(owing) >= self.games_left():
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

    def play(self, record: GameRecord) -> None:
        upcoming = self.next_game()
        number = self.played + 1
        if upcoming is None:
            why = (
                "Die Zeit ist abgelaufen und alle Pflichtsoli sind gespielt."
                if (self.time_up)
                else f"Die Runde hat nur {self.total} Spiele."
            )
            raise RoundError("game_beyond_round", f"Spiel {number}: {why}", game=number)
        self._check_players(record, upcoming)
        soloist = record.soloist if record.kind is Kind.SOLO else None
        if upcoming.vorfuehrung is not None:
            who = upcoming.vorfuehrung
            if soloist is None:
                raise RoundError(
                    "vorfuehrung_due",
                    f"Spiel {number} ist eine Vorführung: {who} muss sein Pflichtsolo spielen "
                    "(4.2.3).",
                    game=number,
                )
            if soloist != who:
                raise RoundError(
                    "wrong_soloist",
                    f"Spiel {number} ist eine Vorführung für {who}, nicht für {soloist}.",
                    game=number,
                )
            if not record.pflicht:
                raise RoundError(
                    "vorfuehrung_must_be_pflicht",
                    f"Ein vorgeführtes Solo ist ein Pflichtsolo: bitte als Pflichtsolo "
                    f"eintragen (Spiel {number}).",
                    game=number,
                )
        if soloist is not None and record.pflicht and soloist in self.pflicht_done:
            raise RoundError(
                "second_pflichtsolo",
                f"{soloist} hat sein Pflichtsolo schon in Spiel {self.pflicht_done[soloist]} "
                "gespielt; ein weiteres Solo ist ein Lustsolo.",
                game=number,
            )
        if soloist is not None and not record.pflicht and soloist not in self.pflicht_done:
            raise RoundError(
                "lustsolo_before_pflichtsolo",
                f"{soloist} hat sein Pflichtsolo noch nicht gespielt: ein Lustsolo ist erst "
                "danach erlaubt (4.3.1). Als Pflichtsolo eintragen?",
                game=number,
            )

        result = score_game(record)
        points = dict.fromkeys(self.seats, 0)
        points.update(result.points)
        self._add_row(
            Row(
                game=number,
                dealer=upcoming.dealer,
                sitting_out=upcoming.sitting_out,
                players=record.players,
                points=points,
                totals={},
                check=check_row(result.points, table_size=4),
                record=record,
                result=result,
                pflicht=soloist is not None and record.pflicht,
                vorfuehrung=upcoming.vorfuehrung is not None,
            )
        )
        self.played = number
        dealer_index = self.seats.index(upcoming.dealer)
        if soloist is not None and record.pflicht:
            self.pflicht_done[soloist] = number
            if upcoming.vorfuehrung is None:
                return  # 4.2.5: the same dealer deals again
        self.dealer = (dealer_index + 1) % self.n

    def _check_players(self, record: GameRecord, upcoming: NextGame) -> None:
        number = upcoming.number
        for name in record.players:
            if name not in self.seats:
                raise RoundError(
                    "unknown_player",
                    f"{name} sitzt nicht an diesem Tisch (Spiel {number}).",
                    game=number,
                    field="players",
                )
        if upcoming.sitting_out is not None and upcoming.sitting_out in record.players:
            raise RoundError(
                "sitting_out_player_in_game",
                f"{upcoming.sitting_out} gibt Spiel {number} und sitzt aus (10.1.1).",
                game=number,
                field="players",
            )

    def penalize(self, penalty: Penalty) -> None:
        k = penalty.after_game
        if k > self.played:
            raise RoundError(
                "penalty_after_game_out_of_range",
                f"Strafzeile nach Spiel {k}: so viele Spiele gibt es noch nicht.",
                game=k,
                field="after_game",
            )
        if penalty.kind is PenaltyKind.SERIOUS:
            upcoming = self.next_game()
            if upcoming is None:
                raise RoundError(
                    "penalty_after_game_out_of_range",
                    "Nach dem letzten Spiel wird kein Spiel mehr gegeben.",
                    game=k,
                    field="after_game",
                )
            players, dealer, sitting_out = upcoming.players, upcoming.dealer, upcoming.sitting_out
        elif penalty.kind is PenaltyKind.UNSPORTING and k == 0:
            players, dealer, sitting_out = self.seats, self.seats[0], None
        else:
            game_row = self._game_row(k)
            if game_row is None or game_row.record is None:
                raise RoundError(
                    "penalty_after_game_out_of_range",
                    "Diese Strafzeile gehört zu einem Spiel: after_game muss mindestens 1 sein.",
                    game=k,
                    field="after_game",
                )
            players, dealer, sitting_out = game_row.players, game_row.dealer, game_row.sitting_out
            if penalty.kind in SOLO_KINDS and game_row.voided:
                raise RoundError(
                    "game_already_aborted",
                    f"Spiel {k} wurde schon wegen eines schwerwiegenden Regelverstoßes beendet.",
                    game=k,
                    field="kind",
                )
            if penalty.kind in SOLO_KINDS:
                soloist = game_row.record.soloist
                if soloist is None:
                    raise RoundError(
                        "penalty_not_in_solo",
                        f"Spiel {k} war kein Solo: diese Strafart gibt es nur im Solo.",
                        game=k,
                        field="kind",
                    )
                if penalty.beneficiary != soloist:
                    raise RoundError(
                        "penalty_beneficiary_not_soloist",
                        f"Begünstigt ist der Solospieler von Spiel {k}: {soloist}.",
                        game=k,
                        field="beneficiary",
                    )
        if penalty.offender not in players and not (
            penalty.kind is PenaltyKind.UNSPORTING and penalty.offender in self.seats
        ):
            raise RoundError(
                "penalty_offender_not_in_game",
                f"{penalty.offender} hat in diesem Spiel nicht mitgespielt.",
                game=k,
                field="offender",
            )
        if penalty.kind in SOLO_KINDS and penalty.offender == penalty.beneficiary:
            raise RoundError(
                "penalty_offender_is_soloist",
                "Für einen Fehler des Solospielers gelten minor bzw. serious (9.3.3 a, 9.4.4).",
                game=k,
                field="offender",
            )
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

    def _void_game(self, number: int) -> None:
        """Game ``number`` scores 0 (9.4.4); running totals are summed again."""
        rows = self.rows
        for i, row in enumerate(rows):
            if row.penalty is None and row.game == number:
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
            if row.penalty is None and row.game == number:
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
        )


def check_seats(seats: Sequence[str]) -> tuple[str, ...]:
    if len(seats) not in GAMES_PER_ROUND:
        raise RoundError(
            "invalid_seats",
            "Ein Tisch hat 4 oder 5 Spieler (8.3.1, 10).",
            game=None,
            field="seats",
        )
    if any(not isinstance(s, str) or not s.strip() for s in seats):
        raise RoundError(
            "invalid_seats", "Jeder Platz braucht einen Namen.", game=None, field="seats"
        )
    if len(set(seats)) != len(seats):
        raise RoundError(
            "invalid_seats",
            "Die Spieler am Tisch müssen verschieden sein.",
            game=None,
            field="seats",
        )
    return tuple(seats)


def replay_round(
    seats: Sequence[str],
    games: Sequence[GameRecord],
    penalties: Sequence[Penalty] = (),
    time_up_after: int | None = None,
) -> RoundState:
    """Replay a whole list from the start; raise RoundError at the first violation."""
    table = _Table(check_seats(seats), time_up_after)
    if time_up_after is not None and not 0 <= time_up_after <= len(games):
        raise RoundError(
            "invalid_time_up",
            "time_up_after nennt das Spiel, nach dem die Zeit abgelaufen ist.",
            game=None,
            field="time_up_after",
        )
    by_game: dict[int, list[Penalty]] = {}
    for penalty in penalties:
        by_game.setdefault(penalty.after_game, []).append(penalty)
    for penalty in by_game.get(0, []):
        table.penalize(penalty)
    for number, record in enumerate(games, start=1):
        table.play(record)
        for penalty in by_game.get(number, []):
            table.penalize(penalty)
    beyond = [p.after_game for p in penalties if p.after_game > len(games)]
    if beyond:
        table.penalize(next(p for p in penalties if p.after_game == beyond[0]))
    return table.state()


def parse_round_games(games: object) -> list[GameRecord]:
    """Game records of a round input; errors carry the game number."""
    if not isinstance(games, list):
        raise RoundError(
            "invalid_games", "games ist eine Liste von Spielen.", game=None, field="games"
        )
    records = []
    for number, data in enumerate(games, start=1):
        try:
            records.append(GameRecord.from_dict(data))
        except GameRecordError as err:
            raise RoundError(
                err.code, f"Spiel {number}: {err.message}", game=number, field=err.field
            ) from None
    return records


def parse_round_penalties(penalties: object) -> list[Penalty]:
    from scoring.penalties import parse_penalty

    if penalties is None:
        return []
    if not isinstance(penalties, list):
        raise RoundError(
            "invalid_penalties", "penalties ist eine Liste.", game=None, field="penalties"
        )
    out = []
    for data in penalties:
        try:
            out.append(parse_penalty(data))
        except PenaltyError as err:
            after = data.get("after_game") if isinstance(data, dict) else None
            raise RoundError(
                err.code,
                f"Strafzeile: {err.message}",
                game=after if isinstance(after, int) else None,
                field=err.field,
            ) from None
    return out
