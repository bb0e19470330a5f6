"""Every write to a list as a frozen command: what a page's form or an API serializer parses
a request into — the same object either way — run by one path, ``execute(command, writer)``
(who writes: ``league.lists.writers.writer_for``). A command names players as the table
does (the engine's names); ``execute`` checks the writer's right for it and calls its
service, which locks, checks the version, replays once and records the audit entry."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Protocol, TypeVar

from django.core.exceptions import PermissionDenied

from league.clubs import services as club_services
from league.clubs.matching import PersonChoice
from league.clubs.models import Player
from league.core.audit import Actor
from league.core.errors import ServiceError
from league.lists import services
from league.lists.access import MANAGING, ListAccess
from league.lists.models import Game, PenaltyRow, Spielliste, Substitution
from league.lists.services import Written
from league.lists.writers import ListWriter
from scoring import GameRecord
from scoring.quick import QuickGame

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)

# The rights a command may need beyond writing the list (``ListAccess``).
WRITES, MANAGES, CLOCK, KASSE = "writes", "manages", "clock", "kasse"


def _allowed(access: ListAccess, right: str) -> bool:
    if right == MANAGES:  # organisers, club managers, staff: a table's code does not suffice
        return access.role in MANAGING
    if right == CLOCK:  # a tournament's or league's round clock: its managers
        return access.manages_clock
    if right == KASSE:
        return access.sets_kasse
    return access.writes


class Command(Protocol[T_co]):
    """A write to one list: the right it needs and the service call it makes."""

    right: ClassVar[str]

    def run(self, liste: Spielliste, actor: Actor) -> T_co: ...


def require(writer: ListWriter, kind: type[Command[object]]) -> None:
    """The right a kind of command needs, asked before a page asks first or reads a form:
    without it, 403."""
    if not _allowed(writer.access, kind.right):
        raise PermissionDenied


def execute(command: Command[T], writer: ListWriter) -> T:
    """Run ``command`` as ``writer``: refused (403) without the right it needs; a refusal
    of the service is its ``ServiceError``, nothing written."""
    require(writer, type(command))
    return command.run(writer.liste, writer.actor)


# --- games ---------------------------------------------------------------------------


@dataclass(frozen=True)
class EnterGame:
    """The next game: a full record or a quick row. ``key``: an idempotency key (a retry
    answered as done); ``same``: the posted form's content (``services.same_form_key``)."""

    right: ClassVar[str] = WRITES
    entry: GameRecord | QuickGame
    version: int
    key: str = ""
    same: str = ""

    def run(self, liste: Spielliste, actor: Actor) -> Written[Game]:
        return services.game_record(
            spielliste=liste,
            record=self.entry,
            user=actor,
            expected_version=self.version,
            key=self.key,
            same=self.same,
        )


@dataclass(frozen=True)
class CorrectGame:
    right: ClassVar[str] = WRITES
    number: int
    entry: GameRecord | QuickGame
    version: int
    key: str = ""

    def run(self, liste: Spielliste, actor: Actor) -> Written[Game]:
        return services.game_correct(
            spielliste=liste,
            number=self.number,
            record=self.entry,
            user=actor,
            expected_version=self.version,
            key=self.key,
        )


@dataclass(frozen=True)
class DeleteGame:
    """The last game (``number``, if given, must be it)."""

    right: ClassVar[str] = WRITES
    version: int
    number: int | None = None

    def run(self, liste: Spielliste, actor: Actor) -> Written[int]:
        return services.game_delete(
            spielliste=liste, number=self.number, user=actor, expected_version=self.version
        )


@dataclass(frozen=True)
class Redeal:
    """ "Neu gegeben" (house rule ``schmeissen``)."""

    right: ClassVar[str] = WRITES
    version: int

    def run(self, liste: Spielliste, actor: Actor) -> Written[None]:
        return services.redeal_record(spielliste=liste, user=actor, expected_version=self.version)


@dataclass(frozen=True)
class UndoRedeal:
    """The last "neu gegeben", or (``number``) the one before game ``number``."""

    right: ClassVar[str] = WRITES
    version: int
    number: int | None = None

    def run(self, liste: Spielliste, actor: Actor) -> Written[None]:
        return services.redeal_undo(
            spielliste=liste, number=self.number, user=actor, expected_version=self.version
        )


# --- penalty rows ----------------------------------------------------------------------


@dataclass(frozen=True)
class AddPenalty:
    """A penalty row (TSR 9); ``offender`` and ``beneficiary`` by their names at the table."""

    right: ClassVar[str] = WRITES
    after_game: int
    kind: str
    offender: str
    referee: str
    version: int
    beneficiary: str | None = None
    absagen: int = 0
    points: int = 0

    def run(self, liste: Spielliste, actor: Actor) -> Written[PenaltyRow]:
        seated = {seat.name: seat.player for seat in liste.seats.select_related("player")}

        def player(name: str, field: str) -> Player:
            if name not in seated:
                raise ServiceError("not_at_table", {"name": name}, field=field)
            return seated[name]

        return services.penalty_add(
            spielliste=liste,
            after_game=self.after_game,
            kind=self.kind,
            offender=player(self.offender, "offender"),
            beneficiary=player(self.beneficiary, "beneficiary") if self.beneficiary else None,
            absagen=self.absagen,
            points=self.points,
            referee=self.referee,
            user=actor,
            expected_version=self.version,
        )


@dataclass(frozen=True)
class DeletePenalty:
    right: ClassVar[str] = WRITES
    row: int  # the penalty row's id
    version: int

    def run(self, liste: Spielliste, actor: Actor) -> Written[PenaltyRow]:
        row = PenaltyRow.objects.filter(pk=self.row, spielliste=liste).first()
        if row is None:
            raise ServiceError("not_found")
        return services.penalty_delete(penalty_row=row, user=actor, expected_version=self.version)


# --- time (8.5.1) -----------------------------------------------------------------------


@dataclass(frozen=True)
class CallTime:
    right: ClassVar[str] = WRITES
    in_progress: bool
    version: int

    def run(self, liste: Spielliste, actor: Actor) -> Written[None]:
        return services.spielliste_call_time(
            spielliste=liste,
            game_in_progress=self.in_progress,
            user=actor,
            expected_version=self.version,
        )


@dataclass(frozen=True)
class NoGameDealt:
    right: ClassVar[str] = WRITES
    version: int

    def run(self, liste: Spielliste, actor: Actor) -> Written[None]:
        return services.spielliste_no_game_dealt(
            spielliste=liste, user=actor, expected_version=self.version
        )


@dataclass(frozen=True)
class ResumeTime:
    right: ClassVar[str] = CLOCK
    version: int

    def run(self, liste: Spielliste, actor: Actor) -> Written[None]:
        return services.spielliste_resume_time(
            spielliste=liste, user=actor, expected_version=self.version
        )


@dataclass(frozen=True)
class AddTime:
    right: ClassVar[str] = CLOCK
    minutes: int
    referee: str
    version: int

    def run(self, liste: Spielliste, actor: Actor) -> Spielliste:
        return services.spielliste_add_time(
            spielliste=liste,
            minutes=self.minutes,
            referee=self.referee,
            user=actor,
            expected_version=self.version,
        )


# --- the end of a list ------------------------------------------------------------------


@dataclass(frozen=True)
class CloseList:
    """ "Runde beenden" (``games: open``), or reopen; queued Bock games are dropped only
    where the page said so (``drop_bock``)."""

    right: ClassVar[str] = WRITES
    closed: bool
    version: int
    drop_bock: bool = False

    def run(self, liste: Spielliste, actor: Actor) -> Written[int]:
        return services.spielliste_close(
            spielliste=liste,
            closed=self.closed,
            user=actor,
            expected_version=self.version,
            drop_bock=self.drop_bock,
        )


@dataclass(frozen=True)
class Confirm:
    """A table player confirms with his seat (and PIN); ``seat`` None: a manager."""

    right: ClassVar[str] = WRITES
    seat: int | None
    version: int
    pin: str | None = None

    def run(self, liste: Spielliste, actor: Actor) -> Spielliste:
        return services.spielliste_confirm(
            spielliste=liste,
            seat=self.seat,
            pin=self.pin,
            user=actor,
            expected_version=self.version,
        )


@dataclass(frozen=True)
class EndEarly:
    right: ClassVar[str] = MANAGES
    ended: bool

    def run(self, liste: Spielliste, actor: Actor) -> Spielliste:
        return services.spielliste_end_early(spielliste=liste, ended=self.ended, user=actor)


@dataclass(frozen=True)
class ClearPaper:
    right: ClassVar[str] = MANAGES

    def run(self, liste: Spielliste, actor: Actor) -> Spielliste:
        return services.paper_result_clear(spielliste=liste, user=actor)


@dataclass(frozen=True)
class SetKasse:
    right: ClassVar[str] = KASSE
    cent: int | None

    def run(self, liste: Spielliste, actor: Actor) -> Spielliste:
        return services.spielliste_set_kasse(spielliste=liste, cent=self.cent, user=actor)


@dataclass(frozen=True)
class Substitute:
    """A substitute on seat ``position`` from game ``from_game``: a registered player
    (``player``, his id) or a name that makes (or finds) a record."""

    right: ClassVar[str] = MANAGES
    position: int
    from_game: int
    version: int
    player: int | None = None
    name: str = ""
    # A form that asks (issue 33): "ask" offers the records near the typed name first,
    # an offered id takes that record, "new" makes a new person; None finds or creates.
    person: PersonChoice = None

    def run(self, liste: Spielliste, actor: Actor) -> Written[Substitution]:
        chosen = (
            Player.objects.get(pk=self.player)
            if self.player is not None
            else club_services.player_find_or_create(
                name=self.name, person=self.person, user=actor
            )[0]
        )
        return services.seat_substitute(
            spielliste=liste,
            position=self.position,
            player=chosen,
            from_game=self.from_game,
            user=actor,
            expected_version=self.version,
        )
