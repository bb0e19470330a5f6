"""All writes. Keyword-only, typed, named ``<entity>_<action>``, each in a transaction.

Every change to a Spielliste re-runs the round state machine (scoring.round) over the
whole list; if any row becomes invalid the change is refused with a message naming the
game, and nothing is written. Derived data (dealer, points per player) is rewritten from
the same replay, so what is stored always equals what the rules say.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction

from league.models import (
    ChangeLog,
    Club,
    Game,
    PenaltyRow,
    Player,
    ScoreLine,
    Seat,
    Spielliste,
    TournamentRound,
)
from league.selectors import replay_stored
from scoring import GameRecord
from scoring.errors import ScoringError
from scoring.penalties import Penalty, PenaltyError, PenaltyKind
from scoring.round import GAMES_PER_ROUND, LISTENFUEHRER_POSITION, RoundError, RoundState

User = AbstractBaseUser | AnonymousUser | None


class ServiceError(Exception):
    """A refused write, with a stable code and a message for the user."""

    def __init__(
        self, code: str, message: str, *, field: str = "", game: int | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
        self.game = game

    @classmethod
    def from_scoring(cls, err: ScoringError) -> ServiceError:
        return cls(
            err.code,
            err.message,
            field=getattr(err, "field", ""),
            game=getattr(err, "game", None),
        )


class ConflictError(ServiceError):
    """Someone else changed the list since the form was loaded."""


# --- players and lists ---------------------------------------------------------------


def player_get_or_create(*, name: str, club: Club | None = None) -> Player:
    clean = " ".join(name.split())
    if not clean:
        raise ServiceError("player_name_missing", "Jeder Spieler braucht einen Namen.")
    player = Player.objects.filter(name=clean, club=club).order_by("pk").first()
    return player or Player.objects.create(name=clean, club=club)


@transaction.atomic
def spielliste_create(
    *,
    title: str,
    players: Sequence[Player],
    club: Club | None = None,
    listenfuehrer_position: int | None = None,
    user: User = None,
) -> Spielliste:
    """A new list; ``players`` in seat order 1..4 (1..5). Position 4 (5) keeps the list
    unless the table agreed otherwise (3.1.1, 10.1.4)."""
    size = len(players)
    if size not in GAMES_PER_ROUND:
        raise ServiceError("invalid_seats", "Ein Tisch hat 4 oder 5 Spieler.", field="players")
    names = [p.name.casefold() for p in players]
    if len(set(p.pk for p in players)) != size:
        raise ServiceError(
            "invalid_seats", "Ein Spieler kann nur einen Platz haben.", field="players"
        )
    if len(set(names)) != size:
        raise ServiceError(
            "duplicate_names",
            "Zwei Spieler am Tisch heißen gleich – bitte unterscheidbar benennen "
            "(z. B. „Thomas M.“).",
            field="players",
        )
    position = listenfuehrer_position or LISTENFUEHRER_POSITION[size]
    if not 1 <= position <= size:
        raise ServiceError(
            "invalid_listenfuehrer",
            "Der Listenführer sitzt auf einem der Plätze.",
            field="listenfuehrer_position",
        )
    liste = Spielliste.objects.create(
        title=title.strip() or "Spielliste",
        club=club,
        table_size=size,
        listenfuehrer_position=position,
    )
    Seat.objects.bulk_create(
        Seat(spielliste=liste, position=i, player=p) for i, p in enumerate(players, start=1)
    )
    _log(liste, user, "create", None, None, {"seats": [p.name for p in players]})
    return liste


# --- games ---------------------------------------------------------------------------


@transaction.atomic
def game_record(
    *,
    spielliste: Spielliste,
    record: GameRecord,
    user: User = None,
    expected_version: int | None = None,
) -> Game:
    """Append the next game."""
    ctx = _Context.load(spielliste, expected_version)
    (game,) = ctx.append([record])
    _log(ctx.liste, user, "record", game.number, None, record.to_dict())
    return game


@transaction.atomic
def games_import(
    *,
    spielliste: Spielliste,
    records: Sequence[GameRecord],
    user: User = None,
    expected_version: int | None = None,
) -> int:
    """Append many games at once (an import): one replay, bulk writes. All or nothing."""
    ctx = _Context.load(spielliste, expected_version)
    games = ctx.append(records)
    first = games[0].number if games else len(ctx.games) + 1
    _log(ctx.liste, user, "import", None, None, {"games": len(games), "from": first})
    return len(games)


@transaction.atomic
def game_correct(
    *,
    spielliste: Spielliste,
    number: int,
    record: GameRecord,
    user: User = None,
    expected_version: int | None = None,
) -> Game:
    """Replace game ``number``'s facts; refused if it or any later row becomes invalid."""
    ctx = _Context.load(spielliste, expected_version)
    game = ctx.game(number)
    before = game.to_record(ctx.names).to_dict()
    ctx.set_facts(game, record)
    try:
        ctx.replay_and_store()
    except ServiceError as err:
        if err.game is not None and err.game != number:
            err.message = f"Die Berichtigung macht Spiel {err.game} ungültig: {err.message}"
        raise
    _log(ctx.liste, user, "correct", number, before, record.to_dict())
    return game


@transaction.atomic
def game_delete_last(
    *, spielliste: Spielliste, user: User = None, expected_version: int | None = None
) -> int:
    """Delete the last game (and penalty rows that belonged to it); returns its number."""
    ctx = _Context.load(spielliste, expected_version)
    if not ctx.games:
        raise ServiceError("no_games", "Die Liste hat noch kein Spiel.")
    game = ctx.games.pop()
    before = game.to_record(ctx.names).to_dict()
    number = game.number
    orphaned = [p for p in ctx.penalties if p.after_game >= number]
    ctx.penalties = [p for p in ctx.penalties if p.after_game < number]
    if ctx.liste.time_up_after is not None and ctx.liste.time_up_after >= number:
        ctx.liste.time_up_after = number - 1
    ctx.replay_and_store()
    for penalty in orphaned:
        penalty.delete()
    game.delete()
    _log(ctx.liste, user, "delete", number, before, None)
    return number


# --- penalty rows and time -----------------------------------------------------------


@transaction.atomic
def penalty_add(
    *,
    spielliste: Spielliste,
    after_game: int,
    kind: str,
    offender: Player,
    referee: str,
    beneficiary: Player | None = None,
    absagen: int = 0,
    points: int = 0,
    user: User = None,
    expected_version: int | None = None,
) -> PenaltyRow:
    ctx = _Context.load(spielliste, expected_version)
    if not referee.strip():
        raise ServiceError(
            "referee_missing",
            "Strafzeilen zeichnet ein Schiedsrichter ab (8.2.2).",
            field="referee",
        )
    for who, fld in ((offender, "offender"), (beneficiary, "beneficiary")):
        if who is not None and who.pk not in ctx.player_names:
            raise ServiceError("not_at_table", f"{who} sitzt nicht an diesem Tisch.", field=fld)
    row = PenaltyRow(
        spielliste=ctx.liste,
        after_game=after_game,
        kind=kind,
        offender=offender,
        beneficiary=beneficiary,
        absagen=absagen,
        points=points,
        referee=referee.strip(),
    )
    try:
        penalty = Penalty(
            after_game=after_game,
            kind=PenaltyKind(kind),
            offender=offender.name,
            beneficiary=beneficiary.name if beneficiary else None,
            absagen=absagen,
            points=points,
        )
    except (PenaltyError, ValueError) as err:
        if isinstance(err, PenaltyError):
            raise ServiceError.from_scoring(err) from None
        raise ServiceError("penalty_unknown_kind", "Unbekannte Strafart.", field="kind") from None
    ctx.penalties.append(row)
    ctx.penalties.sort(key=lambda p: p.after_game)
    ctx.replay_and_store()
    _log(ctx.liste, user, "penalty", after_game, None, penalty.to_dict() | {"referee": referee})
    return row


@transaction.atomic
def penalty_delete(
    *, penalty_row: PenaltyRow, user: User = None, expected_version: int | None = None
) -> None:
    ctx = _Context.load(penalty_row.spielliste, expected_version)
    before = penalty_row.to_penalty(ctx.player_names).to_dict()
    ctx.penalties = [p for p in ctx.penalties if p.pk != penalty_row.pk]
    ctx.replay_and_store()
    PenaltyRow.objects.filter(pk=penalty_row.pk).delete()
    _log(ctx.liste, user, "penalty_delete", penalty_row.after_game, before, None)


@transaction.atomic
def spielliste_call_time(
    *, spielliste: Spielliste, user: User = None, expected_version: int | None = None
) -> Spielliste:
    """Time is up after the last game entered (8.5.1): only owed Pflichtsoli remain."""
    ctx = _Context.load(spielliste, expected_version)
    if ctx.liste.time_up_after is not None:
        raise ServiceError("time_already_up", "Die Zeit ist bereits abgelaufen.")
    ctx.liste.time_up_after = len(ctx.games)
    ctx.replay_and_store()
    _log(ctx.liste, user, "time_up", len(ctx.games), None, {"time_up_after": len(ctx.games)})
    return ctx.liste


@transaction.atomic
def spielliste_resume_time(
    *, spielliste: Spielliste, user: User = None, expected_version: int | None = None
) -> Spielliste:
    """Undo a mistaken time call (the referee granted added time, 8.5.1)."""
    ctx = _Context.load(spielliste, expected_version)
    before = ctx.liste.time_up_after
    ctx.liste.time_up_after = None
    ctx.replay_and_store()
    _log(ctx.liste, user, "time_resumed", None, {"time_up_after": before}, None)
    return ctx.liste


# --- the replay ----------------------------------------------------------------------


class _Context:
    """A list locked for writing, with its seats, games and penalty rows in memory."""

    def __init__(self, liste: Spielliste) -> None:
        self.liste = liste
        seats = list(liste.seats.select_related("player"))
        self.seats = seats
        self.names = {s.position: s.player.name for s in seats}  # position -> name
        self.positions = {s.player.name: s.position for s in seats}
        self.player_names = {s.player_id: s.player.name for s in seats}
        self.player_by_name = {s.player.name: s.player for s in seats}
        self.games = list(liste.games.all())
        self.penalties = list(liste.penalty_rows.all())
        # What each stored game looked like, so that only changed games are written.
        self.stored = {g.pk: _game_values(g) for g in self.games}

    @classmethod
    def load(cls, spielliste: Spielliste, expected_version: int | None) -> _Context:
        liste = Spielliste.objects.select_for_update().get(pk=spielliste.pk)
        if liste.tournament_round_id is not None and (
            TournamentRound.objects.filter(
                pk=liste.tournament_round_id, status=TournamentRound.CLOSED
            ).exists()
        ):
            raise ServiceError(
                "round_closed",
                "Diese Runde ist abgeschlossen; Änderungen nur nach Wiedereröffnung durch die "
                "Turnierleitung.",
            )
        if expected_version is not None and liste.version != expected_version:
            raise ConflictError(
                "conflict",
                "Die Liste wurde inzwischen an anderer Stelle geändert. Bitte die Seite neu "
                "laden und die Eingabe prüfen.",
            )
        return cls(liste)

    def game(self, number: int) -> Game:
        for game in self.games:
            if game.number == number:
                return game
        raise ServiceError("no_such_game", f"Spiel {number} gibt es in dieser Liste nicht.")

    def append(self, records: Sequence[GameRecord]) -> list[Game]:
        """Add games at the end, replay, store; the first game starts a tournament round."""
        added = []
        for record in records:
            game = Game(spielliste=self.liste, number=len(self.games) + 1)
            self.set_facts(game, record)
            self.games.append(game)
            added.append(game)
        self.replay_and_store()
        if added and self.liste.tournament_round_id is not None:
            TournamentRound.objects.filter(
                pk=self.liste.tournament_round_id, status=TournamentRound.DRAWN
            ).update(status=TournamentRound.RUNNING)
        return added

    def set_facts(self, game: Game, record: GameRecord) -> None:
        strangers = [n for n in record.players if n not in self.positions]
        if strangers:
            raise ServiceError(
                "unknown_player",
                f"{strangers[0]} sitzt nicht an diesem Tisch.",
                field="players",
                game=game.number,
            )
        game.set_facts(record, self.positions)

    def replay(self) -> RoundState:
        try:
            return replay_stored(self.seats, self.games, self.penalties, self.liste.time_up_after)
        except (RoundError, PenaltyError) as err:
            raise ServiceError.from_scoring(err) from None

    def replay_and_store(self) -> RoundState:
        state = self.replay()
        positions = self.positions
        by_number = {g.number: g for g in self.games}
        for row in state.rows:
            if row.penalty is None:
                game = by_number[row.game]
                game.dealer_position = positions[row.dealer]
                game.sitting_out_position = positions[row.sitting_out] if row.sitting_out else None
                game.vorfuehrung = row.vorfuehrung
                result = row.result
                assert result is not None  # game rows always carry their result
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
        penalties = iter(self.penalties)
        lines: list[ScoreLine] = []
        for row in state.rows:
            # A row belongs to its game or to its penalty row (rows come in list order).
            owner: dict[str, Any] = (
                {"game": by_number[row.game]}
                if row.penalty is None
                else {"penalty": next(penalties)}
            )
            lines.extend(
                ScoreLine(
                    spielliste=self.liste, player=self.player_by_name[name], points=pts, **owner
                )
                for name, pts in row.points.items()
                if pts or name in row.players
            )
        ScoreLine.objects.filter(spielliste=self.liste).delete()
        ScoreLine.objects.bulk_create(lines)
        self.liste.games_played = state.games_played
        self.liste.complete = state.complete
        self.liste.version += 1
        self.liste.save()
        return state


_GAME_FIELDS = [
    f.name for f in Game._meta.concrete_fields if f.name not in ("id", "spielliste", "number")
]


def _game_values(game: Game) -> tuple[Any, ...]:
    return tuple(getattr(game, name) for name in _GAME_FIELDS)


def _log(
    liste: Spielliste,
    user: User,
    action: str,
    game_number: int | None,
    before: dict[str, Any] | None,
    after: dict[str, Any] | None,
) -> None:
    real_user = user if user is not None and getattr(user, "is_authenticated", False) else None
    actor = real_user.get_username() if real_user is not None else "anonym"
    ChangeLog.objects.create(
        spielliste=liste,
        user=real_user,
        actor=actor,
        action=action,
        game_number=game_number,
        before=before,
        after=after,
    )
