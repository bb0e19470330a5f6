"""All writes to Spiellisten. Keyword-only, typed, named ``<entity>_<action>``, each in a
transaction, each leaving an audit entry.

Every change to a Spielliste re-runs the round state machine (scoring.round) over the
whole list; if any row becomes invalid the change is refused with a message naming the
game, and nothing is written. Derived data (dealer, points per player) is rewritten from
the same replay, so what is stored always equals what the rules say. Every write locks
the list row first and checks ``frozen`` and ``version`` on that locked row.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import User as Account
from django.db import transaction
from django.utils import timezone

from league.clubs.models import Club, Player
from league.core.audit import Actor, User, audit_record
from league.core.errors import ConflictError, ServiceError
from league.lists.access import MANAGING
from league.lists.codes import new_code
from league.lists.models import Game, PenaltyRow, ScoreLine, Seat, Spielliste
from league.lists.selectors import replay_stored
from scoring import GameRecord
from scoring.interchange import PENALTY_KINDS, penalty_to_dict, record_to_dict
from scoring.penalties import Penalty, PenaltyError, PenaltyKind
from scoring.round import LISTENFUEHRER_POSITION, RoundError, RoundState, check_seats

__all__ = [
    "ConflictError",
    "ServiceError",
    "game_correct",
    "game_delete_last",
    "game_record",
    "games_import",
    "penalty_add",
    "penalty_delete",
    "spielliste_call_time",
    "spielliste_confirm",
    "spielliste_create",
    "spielliste_renew_code",
    "spielliste_resume_time",
    "spielliste_set_frozen",
]


# --- lists ---------------------------------------------------------------------------


def table_names(players: Sequence[Player]) -> list[str]:
    """Names distinct within the table (scoring.md identity Decision): the first of two
    same-named players keeps the name, the next is "Name (2)", and so on."""
    seen: dict[str, int] = {}
    out = []
    for player in players:
        base = " ".join(player.name.split())
        key = base.casefold()
        seen[key] = seen.get(key, 0) + 1
        out.append(base if seen[key] == 1 else f"{base} ({seen[key]})")
    return out


@transaction.atomic
def spielliste_create(
    *,
    title: str,
    players: Sequence[Player],
    club: Club | None = None,
    listenfuehrer_position: int | None = None,
    created_by: Account | None = None,
    user: User = None,
) -> Spielliste:
    """A new list with its table code; ``players`` in seat order 1..4 (1..5). Position 4 (5)
    keeps the list unless the table agreed otherwise (3.1.1, 10.1.4). ``created_by`` is the
    account that keeps a free or club list (its Listenführer by account)."""
    if len({p.pk for p in players}) != len(players):
        raise ServiceError("seat_taken_twice", field="players")
    names = table_names(players)
    try:
        check_seats(names)
    except RoundError as err:
        raise ServiceError.from_scoring(err) from None
    size = len(players)
    position = listenfuehrer_position or LISTENFUEHRER_POSITION[size]
    if not 1 <= position <= size:
        raise ServiceError("invalid_listenfuehrer", field="listenfuehrer_position")
    liste = Spielliste.objects.create(
        title=title.strip() or "Spielliste",
        club=club,
        table_size=size,
        listenfuehrer_position=position,
        code=_unused_code(),
        created_by=created_by,
    )
    Seat.objects.bulk_create(
        Seat(spielliste=liste, position=i, player=p, name=name)
        for i, (p, name) in enumerate(zip(players, names, strict=True), start=1)
    )
    audit_record(user=user, action="create", target=liste, after={"seats": names})
    return liste


def _unused_code() -> str:
    # 31^8 codes: a collision is rare; the unique constraint is the final guard.
    code = new_code()
    while Spielliste.objects.filter(code=code).exists():
        code = new_code()
    return code


@transaction.atomic
def spielliste_renew_code(*, spielliste: Spielliste, user: User = None) -> Spielliste:
    """A new table code; the old one stops working at once."""
    liste = Spielliste.objects.select_for_update().get(pk=spielliste.pk)
    liste.code = _unused_code()
    liste.save(update_fields=["code"])
    # The codes themselves stay out of the history: it is readable by the public.
    audit_record(user=user, action="renew_code", target=liste)
    spielliste.code = liste.code
    return liste


def spielliste_set_frozen(*, spielliste: Spielliste, frozen: bool, user: User = None) -> None:
    """Freeze or unfreeze a list; the caller (its owner) holds the list's row lock."""
    if spielliste.frozen == frozen:
        return
    Spielliste.objects.filter(pk=spielliste.pk).update(
        frozen=frozen, version=spielliste.version + 1
    )
    spielliste.frozen = frozen
    spielliste.version += 1
    audit_record(
        user=user,
        action="freeze" if frozen else "unfreeze",
        target=spielliste,
        before={"frozen": not frozen},
        after={"frozen": frozen},
    )


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
    ctx = _Context.load(spielliste, expected_version, user)
    (game,) = ctx.append([record])
    audit_record(
        user=user, action="record", target=ctx.liste, item=game.number, after=record_to_dict(record)
    )
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
    ctx = _Context.load(spielliste, expected_version, user)
    games = ctx.append(records)
    first = games[0].number if games else len(ctx.games) + 1
    audit_record(
        user=user, action="import", target=ctx.liste, after={"games": len(games), "from": first}
    )
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
    ctx = _Context.load(spielliste, expected_version, user)
    game = ctx.game(number)
    before = record_to_dict(game.to_record(ctx.names))
    ctx.set_facts(game, record)
    try:
        ctx.replay_and_store()
    except ServiceError as err:
        if err.game is not None and err.game != number:
            err.frame = "correction_invalidates"
        raise
    audit_record(
        user=user,
        action="correct",
        target=ctx.liste,
        item=number,
        before=before,
        after=record_to_dict(record),
    )
    return game


@transaction.atomic
def game_delete_last(
    *,
    spielliste: Spielliste,
    number: int | None = None,
    user: User = None,
    expected_version: int | None = None,
) -> int:
    """Delete the last game (and penalty rows that belonged to it); returns its number.
    ``number``, when given, must be that last game (api.md: 409 ``not_last_game``)."""
    ctx = _Context.load(spielliste, expected_version, user)
    if not ctx.games:
        raise ServiceError("no_games")
    if number is not None and number != ctx.games[-1].number:
        if not any(g.number == number for g in ctx.games):
            raise ServiceError("no_such_game", {"number": number})
        raise ServiceError("not_last_game", {"number": number, "last": ctx.games[-1].number})
    game = ctx.games.pop()
    before = record_to_dict(game.to_record(ctx.names))
    number = game.number
    orphaned = [p for p in ctx.penalties if p.after_game >= number]
    ctx.penalties = [p for p in ctx.penalties if p.after_game < number]
    if ctx.liste.time_up_after is not None and ctx.liste.time_up_after >= number:
        ctx.liste.time_up_after = number - 1
    ctx.replay_and_store()
    for penalty in orphaned:
        penalty.delete()
    game.delete()
    audit_record(user=user, action="delete", target=ctx.liste, item=number, before=before)
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
    ctx = _Context.load(spielliste, expected_version, user)
    if not referee.strip():
        raise ServiceError("referee_missing", field="referee")
    for who, fld in ((offender, "offender"), (beneficiary, "beneficiary")):
        if who is not None and who.pk not in ctx.player_names:
            raise ServiceError("not_at_table", {"name": who.name}, field=fld)
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
    if kind not in PENALTY_KINDS:
        raise ServiceError(
            "penalty_unknown_kind",
            {"value": kind, "allowed": ", ".join(PENALTY_KINDS)},
            field="kind",
        )
    try:
        penalty = Penalty(
            after_game=after_game,
            kind=PenaltyKind(kind),
            offender=ctx.player_names[offender.pk],
            beneficiary=ctx.player_names[beneficiary.pk] if beneficiary else None,
            absagen=absagen,
            points=points,
        )
    except PenaltyError as err:
        raise ServiceError.from_scoring(err) from None
    ctx.penalties.append(row)
    ctx.penalties.sort(key=lambda p: p.after_game)
    ctx.replay_and_store()
    audit_record(
        user=user,
        action="penalty",
        target=ctx.liste,
        item=after_game,
        after=penalty_to_dict(penalty) | {"referee": referee},
    )
    return row


@transaction.atomic
def penalty_delete(
    *, penalty_row: PenaltyRow, user: User = None, expected_version: int | None = None
) -> None:
    ctx = _Context.load(penalty_row.spielliste, expected_version, user)
    before = penalty_to_dict(penalty_row.to_penalty(ctx.player_names))
    ctx.penalties = [p for p in ctx.penalties if p.pk != penalty_row.pk]
    ctx.replay_and_store()
    PenaltyRow.objects.filter(pk=penalty_row.pk).delete()
    audit_record(
        user=user,
        action="penalty_delete",
        target=ctx.liste,
        item=penalty_row.after_game,
        before=before,
    )


@transaction.atomic
def spielliste_call_time(
    *, spielliste: Spielliste, user: User = None, expected_version: int | None = None
) -> Spielliste:
    """Time is up after the last game entered (8.5.1): only owed Pflichtsoli remain."""
    ctx = _Context.load(spielliste, expected_version, user)
    if ctx.liste.time_up_after is not None:
        raise ServiceError("time_already_up")
    ctx.liste.time_up_after = len(ctx.games)
    ctx.replay_and_store()
    audit_record(
        user=user,
        action="time_up",
        target=ctx.liste,
        item=len(ctx.games),
        after={"time_up_after": len(ctx.games)},
    )
    return ctx.liste


@transaction.atomic
def spielliste_resume_time(
    *, spielliste: Spielliste, user: User = None, expected_version: int | None = None
) -> Spielliste:
    """Undo a mistaken time call (the referee granted added time, 8.5.1)."""
    ctx = _Context.load(spielliste, expected_version, user)
    before = ctx.liste.time_up_after
    ctx.liste.time_up_after = None
    ctx.replay_and_store()
    audit_record(
        user=user, action="time_resumed", target=ctx.liste, before={"time_up_after": before}
    )
    return ctx.liste


# --- confirmation --------------------------------------------------------------------


def writer_key(user: User) -> str:
    """Who wrote, for "confirmed from another session": a code session or an account."""
    actor = user if isinstance(user, Actor) else Actor(user)
    if actor.session:
        return f"code:{actor.session}"
    if actor.user is not None and actor.user.is_authenticated:
        return f"user:{actor.user.pk}"
    return ""


@transaction.atomic
def spielliste_confirm(
    *,
    spielliste: Spielliste,
    seat: int | None,
    user: User = None,
    expected_version: int | None = None,
) -> Spielliste:
    """Confirm a complete list (api.md): a table player names his ``seat`` and must write
    from another session than the list's last write; a manager confirms a signed paper
    list with ``seat`` None (the caller has checked that the actor manages the list)."""
    liste = Spielliste.objects.select_for_update().get(pk=spielliste.pk)
    if liste.frozen:
        raise ServiceError("round_closed")
    if expected_version is not None and liste.version != expected_version:
        raise ConflictError("conflict", {"version": liste.version})
    if not liste.complete:
        raise ServiceError("confirm_incomplete")
    actor = user if isinstance(user, Actor) else Actor(user)
    if seat is None and actor.role not in MANAGING:
        raise ServiceError("confirm_seat_required", field="seat")
    if seat is not None:
        if not 1 <= seat <= liste.table_size:
            raise ServiceError("invalid_seat", {"seat": seat}, field="seat")
        key = writer_key(user)
        if not key or key == liste.last_writer:
            raise ServiceError("confirm_same_session", field="seat")
    liste.confirmed_at = timezone.now()
    liste.confirmed_seat = seat
    liste.version += 1
    liste.save(update_fields=["confirmed_at", "confirmed_seat", "version", "updated_at"])
    audit_record(user=user, action="confirm", target=liste, after={"seat": seat})
    spielliste.version, spielliste.confirmed_at = liste.version, liste.confirmed_at
    return liste


# --- the replay ----------------------------------------------------------------------


class _Context:
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
        # What each stored game looked like, so that only changed games are written.
        self.stored = {g.pk: _game_values(g) for g in self.games}

    @classmethod
    def load(cls, spielliste: Spielliste, expected_version: int | None, user: User) -> _Context:
        liste = Spielliste.objects.select_for_update().get(pk=spielliste.pk)
        if liste.frozen:
            raise ServiceError("round_closed")
        if expected_version is not None and liste.version != expected_version:
            raise ConflictError("conflict", {"version": liste.version})
        return cls(liste, user)

    def game(self, number: int) -> Game:
        for game in self.games:
            if game.number == number:
                return game
        raise ServiceError("no_such_game", {"number": number})

    def append(self, records: Sequence[GameRecord]) -> list[Game]:
        """Add games at the end, replay, store."""
        added = []
        for record in records:
            game = Game(spielliste=self.liste, number=len(self.games) + 1)
            self.set_facts(game, record)
            self.games.append(game)
            added.append(game)
        self.replay_and_store()
        return added

    def set_facts(self, game: Game, record: GameRecord) -> None:
        strangers = [n for n in record.players if n not in self.positions]
        if strangers:
            raise ServiceError(
                "not_at_table", {"name": strangers[0]}, field="players", game=game.number
            )
        game.set_facts(record, self.positions)

    def replay(self) -> tuple[RoundState, dict[int, PenaltyRow]]:
        try:
            return replay_stored(self.seats, self.games, self.penalties, self.liste.time_up_after)
        except (RoundError, PenaltyError) as err:
            raise ServiceError.from_scoring(err) from None

    def replay_and_store(self) -> RoundState:
        state, penalty_of = self.replay()
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
        lines: list[ScoreLine] = []
        for row in state.rows:
            # A row belongs to its game or to the penalty row it was replayed from.
            owner: dict[str, Any] = (
                {"game": by_number[row.game]}
                if row.penalty is None
                else {"penalty": penalty_of[id(row.penalty)]}
            )
            lines.extend(
                ScoreLine(
                    spielliste=self.liste, player_id=self.player_ids[name], points=pts, **owner
                )
                for name, pts in row.points.items()
                if pts or name in row.players
            )
        ScoreLine.objects.filter(spielliste=self.liste).delete()
        ScoreLine.objects.bulk_create(lines)
        self.liste.games_played = state.games_played
        self.liste.complete = state.complete
        self.liste.last_writer = writer_key(self.user)
        if self.liste.confirmed_at is not None:  # any change removes the confirmation
            audit_record(
                user=self.user,
                action="unconfirm",
                target=self.liste,
                before={"seat": self.liste.confirmed_seat},
            )
            self.liste.confirmed_at = self.liste.confirmed_seat = None
        self.liste.version += 1
        self.liste.save()
        return state


_GAME_FIELDS = [
    f.name for f in Game._meta.concrete_fields if f.name not in ("id", "spielliste", "number")
]


def _game_values(game: Game) -> tuple[Any, ...]:
    return tuple(getattr(game, name) for name in _GAME_FIELDS)
