"""Tournament writes: registration, draws, round board actions. Same conventions as every
app's services: keyword-only, typed, ``<entity>_<action>``, one transaction each, row locks
where two writers can meet, an audit entry for each change."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from django.contrib.auth.models import User as Account
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from league.accounts.membership import member_add, member_remove
from league.clubs.models import Club, Player
from league.clubs.services import club_get_or_create, player_get_or_create
from league.core.audit import Actor, User, audit_record
from league.core.errors import ServiceError
from league.lists import services as list_services
from league.lists.models import Seat, Spielliste
from league.lists.selectors import PAPER_DIFFERS, paper_status
from league.tournaments.csv_import import ImportRow
from league.tournaments.models import (
    Bundesland,
    Participant,
    RoundTable,
    Tournament,
    TournamentRound,
)
from league.tournaments.selectors import next_round_problem, standings
from scoring.clock import OWN_ROUND_MINUTES, own_minutes_allowed
from scoring.draw import DrawError, draw_round, meetings_of
from scoring.errors import ScoringError
from scoring.standings import DEFAULT_ORDER, check_order
from scoring.totals import Notice

Status = TournamentRound.Status


def _tournament_values(t: Tournament) -> dict[str, object]:
    return {
        "name": t.name,
        "date": t.date.isoformat(),
        "rounds_planned": t.rounds_planned,
        "official": t.official,
        "venue": t.venue,
        "club": t.club_id,
        "tie_breaks": list(t.tie_breaks),
        "require_confirmation": t.require_confirmation,
        "double_entry": t.double_entry,
        "separate_clubs": t.separate_clubs,
        "round_minutes": t.round_minutes,
        "members_only": t.members_only,
    }


@transaction.atomic
def tournament_create(
    *,
    name: str,
    date: dt.date,
    rounds_planned: int = 3,
    official: bool = False,
    venue: str = "",
    club: Club | None = None,
    tie_breaks: Sequence[str] = DEFAULT_ORDER,
    require_confirmation: bool = False,
    double_entry: bool = False,
    separate_clubs: bool = True,
    round_minutes: int | None = None,
    members_only: bool = False,
    user: User = None,
) -> Tournament:
    tournament = Tournament(
        club=club,
        date=date,
        require_confirmation=require_confirmation,
        double_entry=double_entry,
        separate_clubs=separate_clubs,
        members_only=members_only,
    )
    _set_values(tournament, name, rounds_planned, official, venue, tie_breaks)
    _set_minutes(tournament, round_minutes)
    tournament.save()
    account = user.user if isinstance(user, Actor) else user
    if isinstance(account, Account):
        tournament.organisers.add(account)  # the creator is the first organiser
    audit_record(
        user=user, action="create", target=tournament, after=_tournament_values(tournament)
    )
    return tournament


@transaction.atomic
def tournament_update(
    *,
    tournament: Tournament,
    name: str,
    date: dt.date,
    rounds_planned: int,
    official: bool,
    venue: str = "",
    club: Club | None = None,
    tie_breaks: Sequence[str] = DEFAULT_ORDER,
    require_confirmation: bool = False,
    double_entry: bool = False,
    separate_clubs: bool = True,
    round_minutes: int | None = None,
    members_only: bool = False,
    user: User = None,
) -> Tournament:
    """Change a tournament's settings (the admin's only way in): the same checks as create,
    and never fewer rounds than are already drawn."""
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    before = _tournament_values(locked)
    drawn = locked.rounds.count()
    _set_values(locked, name, rounds_planned, official, venue, tie_breaks)
    if rounds_planned < drawn:
        raise ServiceError("rounds_below_drawn", {"drawn": drawn}, field="rounds_planned")
    locked.date, locked.club = date, club
    locked.require_confirmation = require_confirmation
    locked.double_entry, locked.separate_clubs = double_entry, separate_clubs
    locked.members_only = members_only
    _set_minutes(locked, round_minutes)
    locked.save()
    audit_record(
        user=user, action="update", target=locked, before=before, after=_tournament_values(locked)
    )
    return locked


@transaction.atomic
def tournament_add_organiser(
    *, tournament: Tournament, account: str | Account, user: User = None
) -> Account:
    """Make an account (or the one with this user name or e-mail) an organiser."""
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    return member_add(
        holder=locked, relation="organisers", account=account, role="organiser", user=user
    )


@transaction.atomic
def tournament_remove_organiser(
    *, tournament: Tournament, account_id: int, user: User = None
) -> None:
    """Remove an organiser; a tournament always keeps at least one."""
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    member_remove(
        holder=locked, relation="organisers", account_id=account_id, role="organiser", user=user
    )


def _set_values(
    t: Tournament,
    name: str,
    rounds_planned: int,
    official: bool,
    venue: str,
    tie_breaks: Sequence[str],
) -> None:
    if not name.strip():
        raise ServiceError("name_missing", field="name")
    if not 1 <= rounds_planned <= 20:
        raise ServiceError("invalid_rounds", field="rounds_planned")
    try:
        order = check_order(tie_breaks)
    except ScoringError as err:
        raise ServiceError.from_scoring(err) from None
    t.name, t.rounds_planned, t.official = name.strip(), rounds_planned, official
    t.venue, t.tie_breaks = venue.strip(), list(order)


# A round's playing time an unofficial event may set (scoring.clock).
ROUND_MINUTES_RANGE = OWN_ROUND_MINUTES


def _set_minutes(t: Tournament, minutes: int | None) -> None:
    if minutes is not None:
        if t.official:
            raise ServiceError("round_minutes_official", field="round_minutes")
        if not own_minutes_allowed(minutes):
            raise ServiceError("round_minutes_range", field="round_minutes")
    t.round_minutes = minutes


@transaction.atomic
def tournament_set_unofficial(*, tournament: Tournament, user: User = None) -> Tournament:
    """An official event that fell below a multiple of four players continues as an
    unofficial one (5-player tables allowed); recorded in the history."""
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if locked.official:
        locked.official = False
        locked.save(update_fields=["official"])
        audit_record(
            user=user,
            action="unofficial",
            target=locked,
            before={"official": True},
            after={"official": False},
        )
    tournament.official = False
    return locked


@transaction.atomic
def participant_add(
    *,
    tournament: Tournament,
    name: str,
    club_name: str = "",
    ddv_number: str = "",
    user: User = None,
) -> Participant:
    """Register one player. Two devices registering at once queue on the tournament's row
    lock; should a duplicate still reach the database (a unique constraint), the caller
    gets the clear "already registered" refusal, never a 500."""
    clean = " ".join(name.split())
    if not clean:
        raise ServiceError("name_missing", field="name")
    # Start numbers are handed out under the tournament's lock.
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    club = club_get_or_create(name=club_name, user=user)
    number_text = ddv_number.strip()
    try:
        with transaction.atomic():
            player = player_get_or_create(name=clean, club=club, ddv_number=number_text, user=user)
    except IntegrityError:  # the same DDV number created at this moment elsewhere
        player = Player.objects.get(ddv_number=number_text)
    refusal = ServiceError("already_registered", {"name": player.name}, field="name")
    for _attempt in range(3):
        if Participant.objects.filter(tournament=tournament, player=player).exists():
            raise refusal
        number = (tournament.participants.aggregate(m=Max("number"))["m"] or 0) + 1
        try:
            with transaction.atomic():
                participant = Participant.objects.create(
                    tournament=tournament, player=player, number=number
                )
            break
        except IntegrityError:
            continue  # registered meanwhile (refused above), or the number taken: again
    else:
        raise refusal
    audit_record(
        user=user,
        action="register",
        target=tournament,
        item=number,
        after={"player": player.pk, "name": player.name, "number": number},
    )
    return participant


BATCH = 500  # rows per IN (...) lookup and per bulk insert


def _chunks(values: Sequence[str]) -> list[Sequence[str]]:
    return [values[i : i + BATCH] for i in range(0, len(values), BATCH)]


@transaction.atomic
def participants_import(
    *, tournament: Tournament, rows: Sequence[ImportRow], user: User = None
) -> tuple[list[Participant], list[ServiceError]]:
    """Register the previewed rows in one go: returns (added, refused), each refusal (a
    player already registered) carrying its CSV line as ``params["line"]``.

    Batched for 5,000 lines within a request: one lock on the tournament, clubs and
    players fetched and created in bulk, start numbers assigned in one go, one bulk
    insert, one audit entry summarising (counts and numbers, no names: erasure need not
    find them here). All or nothing: a conflict with a concurrent write (a unique
    constraint) refuses the whole import and writes nothing."""
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    items = []
    for row in rows:
        name = " ".join(row.name.split())
        if not name:
            reason = ServiceError("name_missing").message
            raise ServiceError("import_line_refused", {"line": row.line, "reason": reason})
        items.append((row, name, " ".join(row.club.split()), row.ddv_number.strip()))
    try:
        with transaction.atomic():
            clubs = _clubs_for(sorted({club for _r, _n, club, _d in items if club}))
            players, created = _players_for(items, clubs)
            registered = set(
                Participant.objects.filter(tournament=locked).values_list("player_id", flat=True)
            )
            start = (locked.participants.aggregate(m=Max("number"))["m"] or 0) + 1
            added: list[Participant] = []
            refused: list[ServiceError] = []
            for (row, *_rest), player in zip(items, players, strict=True):
                if player.pk in registered:
                    why = ServiceError("already_registered", {"name": player.name}).message
                    refused.append(
                        ServiceError("import_line_refused", {"line": row.line, "reason": why})
                    )
                    continue
                registered.add(player.pk)
                added.append(
                    Participant(tournament=locked, player=player, number=start + len(added))
                )
            Participant.objects.bulk_create(added, batch_size=BATCH)
    except IntegrityError:
        raise ServiceError("import_conflict") from None
    if added:
        audit_record(
            user=user,
            action="import",
            target=locked,
            item=added[0].number,
            after={
                "participants": len(added),
                "numbers": [added[0].number, added[-1].number],
                "players_created": created,
                "clubs_created": clubs.created,
                "refused": len(refused),
            },
        )
    return added, refused


class _Clubs(dict[str, Club]):
    created = 0


def _clubs_for(names: list[str]) -> _Clubs:
    """The clubs of these names by name, the missing ones created (like club_get_or_create)."""
    found = _Clubs()
    for chunk in _chunks(names):
        found.update((c.name, c) for c in Club.objects.filter(name__in=chunk))
    missing = [Club(name=n) for n in names if n not in found]
    if missing:
        # A club created at this moment by another registration is simply taken.
        Club.objects.bulk_create(missing, batch_size=BATCH, ignore_conflicts=True)
        for chunk in _chunks([c.name for c in missing]):
            found.update((c.name, c) for c in Club.objects.filter(name__in=chunk))
        found.created = len(missing)
    return found


def _players_for(
    items: Sequence[tuple[ImportRow, str, str, str]], clubs: dict[str, Club]
) -> tuple[list[Player], int]:
    """Each row's player, as player_get_or_create finds it: by DDV number, else by name in
    that club (the oldest record); the missing ones created in bulk. Returns (players in
    row order, number created)."""
    numbers = [d for _r, _n, _c, d in items if d]
    by_number: dict[str, Player] = {}
    for chunk in _chunks(numbers):
        by_number.update((p.ddv_number, p) for p in Player.objects.filter(ddv_number__in=chunk))
    names = sorted({n for _r, n, _c, d in items if not d})
    by_name: dict[tuple[str, int | None], Player] = {}
    for chunk in _chunks(names):
        for p in Player.objects.filter(name__in=chunk).order_by("-pk"):
            by_name[(p.name, p.club_id)] = p  # the last one written wins: the oldest
    out: list[Player | None] = []
    new: dict[tuple[str, str], Player] = {}
    for _row, name, club_name, number in items:
        club = clubs.get(club_name) if club_name else None
        found = (
            by_number.get(number)
            if number
            else by_name.get((name, club.pk if club is not None else None))
        )
        if found is None:
            key = ("#" + number, "") if number else (name, club_name)
            found = new.setdefault(key, Player(name=name, club=club, ddv_number=number))
        out.append(found)
    Player.objects.bulk_create(list(new.values()), batch_size=BATCH)
    if new and any(p.pk is None for p in new.values()):  # a database without RETURNING
        raise IntegrityError("bulk insert returned no keys")
    return [p for p in out if p is not None], len(new)


@transaction.atomic
def participant_set_withdrawn(
    *, participant: Participant, withdrawn: bool, user: User = None
) -> Participant:
    """Withdraw (or re-admit) a participant; takes effect at the next (re)draw."""
    locked = Participant.objects.select_for_update().get(pk=participant.pk)
    if locked.withdrawn != withdrawn:
        locked.withdrawn = withdrawn
        locked.save(update_fields=["withdrawn"])
        audit_record(
            user=user,
            action="withdraw" if withdrawn else "readmit",
            target=locked.tournament,
            item=locked.number,
            before={"withdrawn": not withdrawn},
            after={"withdrawn": withdrawn},
        )
    return locked


def _active(tournament: Tournament) -> list[Participant]:
    return list(tournament.participants.filter(withdrawn=False).select_related("player"))


@transaction.atomic
def round_draw(
    *, tournament: Tournament, seeded: bool = False, seed: int | None = None, user: User = None
) -> tuple[TournamentRound, tuple[str, ...]]:
    """Draw the next round and create a Spielliste per table; returns (round, warning
    codes), each a notice ``warning.<code>`` of the message table that refuses nothing."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.closed_at is not None:
        raise ServiceError("tournament_already_closed")
    problem = next_round_problem(tournament=tournament)
    if problem is not None:
        raise problem
    number = tournament.rounds.count() + 1
    rnd = TournamentRound.objects.create(
        tournament=tournament,
        number=number,
        seeded=seeded,
        seed=seed if seed is not None else random.SystemRandom().randrange(2**31),
    )
    warnings = _fill_round(rnd, user)
    audit_record(
        user=user,
        action="draw",
        target=tournament,
        item=number,
        after={"seeded": seeded, "seed": rnd.seed, "tables": rnd.tables.count()},
    )
    return rnd, warnings


@transaction.atomic
def round_redraw(
    *, tournament_round: TournamentRound, seed: int | None = None, user: User = None
) -> tuple[TournamentRound, tuple[str, ...]]:
    """Draw a round again, e.g. after withdrawals or late arrivals: the tables that have not
    started (no game, penalty row or paper result) are drawn anew from the active players
    not seated at a started table; started tables keep playing untouched."""
    rnd = TournamentRound.objects.select_for_update().get(pk=tournament_round.pk)
    if rnd.closed:
        raise ServiceError("round_already_closed")
    lists = _lock_lists(rnd)
    started = [liste for liste in lists if _started(liste)]
    if len(started) == len(lists):
        raise ServiceError("round_started")
    numbers = dict(
        RoundTable.objects.filter(tournament_round=rnd).values_list("spielliste_id", "number")
    )
    kept = {numbers[liste.pk] for liste in started}
    seated = set(Seat.objects.filter(spielliste__in=started).values_list("player_id", flat=True))
    before = {"seed": rnd.seed, "kept": sorted(kept)}
    Spielliste.objects.filter(pk__in=[liste.pk for liste in lists if liste not in started]).delete()
    rnd.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
    warnings = _fill_round(rnd, user, seated=seated, kept_tables=kept)
    audit_record(
        user=user,
        action="redraw",
        target=rnd.tournament,
        item=rnd.number,
        before=before,
        after={"seed": rnd.seed},
    )
    return rnd, warnings


def _started(liste: Spielliste) -> bool:
    return bool(liste.games_played or liste.totals_only or liste.penalty_rows.exists())


def _fill_round(
    rnd: TournamentRound,
    user: User,
    *,
    seated: AbstractSet[int] = frozenset(),
    kept_tables: AbstractSet[int] = frozenset(),
) -> tuple[str, ...]:
    """Draw the round's tables; ``seated`` players already play at the ``kept_tables``
    (a partial redraw), whose numbers the new tables skip."""
    tournament = rnd.tournament
    participants = [p for p in _active(tournament) if p.player_id not in seated]
    if not participants and kept_tables:
        return ()
    by_key = {str(p.pk): p for p in participants}
    earlier = Seat.objects.filter(
        spielliste__round_table__tournament_round__tournament=tournament,
        spielliste__round_table__tournament_round__number__lt=rnd.number,
    ).values_list("spielliste_id", "player_id")
    key_of_player = {p.player_id: str(p.pk) for p in participants}
    tables: dict[int, list[str]] = {}
    for liste_id, player_id in earlier:
        if player_id in key_of_player:
            tables.setdefault(liste_id, []).append(key_of_player[player_id])
    seeding = None
    if rnd.seeded:
        order = [row.participant_id for row in standings(tournament=tournament).rows]
        seeding = [str(pk) for pk in order if str(pk) in by_key]
    clubs = None
    if tournament.separate_clubs:  # competitions.md: club mates apart as far as possible
        clubs = {key: str(p.player.club_id) for key, p in by_key.items() if p.player.club_id}
    try:
        draw = draw_round(
            list(by_key),
            seed=rnd.seed,
            met=meetings_of(list(tables.values())),
            seeding=seeding,
            official=tournament.official and not kept_tables,
            clubs=clubs,
        )
    except DrawError as err:
        if kept_tables:
            raise ServiceError("redraw_impossible", {"count": len(by_key)}) from None
        raise ServiceError.from_scoring(err) from None
    free = (n for n in range(1, 10_000) if n not in kept_tables)
    for number, table in zip(free, draw.tables, strict=False):
        liste = list_services.spielliste_create(
            title=f"{tournament.name} – Runde {rnd.number}, Tisch {number}",
            players=[by_key[key].player for key in table],
            club=tournament.club,
            user=user,
        )
        RoundTable.objects.create(tournament_round=rnd, number=number, spielliste=liste)
    rnd.repeat_meetings = draw.repeat_meetings
    rnd.status = Status.DRAWN
    rnd.save()
    return draw.warning_codes


def _lock_lists(rnd: TournamentRound) -> list[Spielliste]:
    """The round's lists, locked in a fixed order (the same order every writer takes)."""
    return list(
        Spielliste.objects.select_for_update()
        .filter(round_table__tournament_round=rnd)
        .order_by("pk")
    )


@transaction.atomic
def round_start(*, tournament_round: TournamentRound, user: User = None) -> TournamentRound:
    """Start the round clock: each table has its playing time from now (8.5.1, 10.1.5)."""
    rnd = TournamentRound.objects.select_for_update().get(pk=tournament_round.pk)
    if rnd.closed:
        raise ServiceError("round_already_closed")
    if rnd.started_at is not None:
        raise ServiceError("round_already_started")
    rnd.started_at = timezone.now()
    rnd.save(update_fields=["started_at"])
    audit_record(
        user=user,
        action="start",
        target=rnd.tournament,
        item=rnd.number,
        after={"started_at": rnd.started_at.isoformat()},
    )
    tournament_round.started_at = rnd.started_at
    return rnd


@transaction.atomic
def round_call_time(*, tournament_round: TournamentRound, user: User = None) -> int:
    """Time is up for every table of the round still playing; returns how many. Each such
    table is taken to have a game in progress (round.md Decision); a table where none had
    been dealt says so on its list (``spielliste_no_game_dealt``)."""
    rnd = TournamentRound.objects.select_for_update().get(pk=tournament_round.pk)
    if rnd.closed:
        raise ServiceError("round_already_closed")
    count = 0
    for liste in _lock_lists(rnd):
        if (
            not liste.complete
            and liste.time_up_after is None
            and not liste.totals_only
            and not liste.ended_early
        ):
            list_services.spielliste_call_time(spielliste=liste, game_in_progress=True, user=user)
            count += 1
    rnd.time_called = True
    rnd.save(update_fields=["time_called"])
    audit_record(
        user=user,
        action="call_time",
        target=rnd.tournament,
        item=rnd.number,
        after={"tables": count},
    )
    return count


@dataclass(frozen=True)
class PaperTable:
    """One table's totals from its paper list, by seat position."""

    table: int
    totals: Mapping[int, int]
    deduction: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class PaperSaved:
    """A table's typed totals, saved: whether they count yet, and the check's warnings."""

    table: int
    status: str  # accepted / waiting / differs
    warnings: tuple[Notice, ...] = ()


@transaction.atomic
def round_paper_results(
    *,
    tournament_round: TournamentRound,
    entry: int,
    tables: Sequence[PaperTable],
    user: User = None,
) -> list[PaperSaved]:
    """Totals typed from the round's paper lists, all tables or none: the first refusal
    names its table and nothing is written."""
    rnd = TournamentRound.objects.select_for_update().get(pk=tournament_round.pk)
    if rnd.closed:
        raise ServiceError("round_closed")
    if not tables:
        raise ServiceError("paper_no_tables", field="tables")
    by_number = {
        rt.number: rt.spielliste for rt in rnd.tables.select_related("spielliste").order_by()
    }
    seen: set[int] = set()
    out = []
    for typed in tables:
        if typed.table in seen:
            raise ServiceError("paper_table_twice", {"table": typed.table}, field="tables")
        seen.add(typed.table)
        liste = by_number.get(typed.table)
        if liste is None:
            raise ServiceError("paper_table_unknown", {"table": typed.table}, field="tables")
        try:
            status, warnings = list_services.paper_entry_save(
                spielliste=liste,
                entry=entry,
                totals=typed.totals,
                deduction=typed.deduction,
                double_entry=rnd.tournament.double_entry,
                user=user,
            )
        except ServiceError as err:
            wrapped = ServiceError(
                err.code, err.params, field="tables", game=err.game, cause=err.cause
            )
            wrapped.frame = "paper_table_refused"
            wrapped.params["table"] = typed.table
            raise wrapped from None
        out.append(PaperSaved(typed.table, status, warnings))
    return out


@transaction.atomic
def round_close(*, tournament_round: TournamentRound, user: User = None) -> TournamentRound:
    """Confirm a round: every list complete; from now on it counts in the standings.

    The round row and then every list row are locked before the check, and each list is
    frozen under that lock: a list write either finished before (and is seen by the
    check) or waits and then finds the list frozen.
    """
    rnd = TournamentRound.objects.select_for_update().get(pk=tournament_round.pk)
    if rnd.closed:
        raise ServiceError("round_already_closed")
    lists = _lock_lists(rnd)
    tables = dict(
        RoundTable.objects.filter(tournament_round=rnd).values_list("spielliste_id", "number")
    )
    differ = sorted(
        tables[liste.pk]
        for liste in lists
        if liste.totals_only
        and paper_status(list(liste.paper_entries.all()), double_entry=True) == PAPER_DIFFERS
    )
    if differ:
        raise ServiceError("paper_entries_differ", {"tables": ", ".join(map(str, differ))})
    open_tables = sorted(tables[liste.pk] for liste in lists if not liste.complete)
    if open_tables:
        raise ServiceError("round_incomplete", {"tables": ", ".join(map(str, open_tables))})
    _set_status(rnd, lists, Status.CLOSED, action="close", user=user)
    tournament_round.status = rnd.status
    return rnd


@transaction.atomic
def round_reopen(*, tournament_round: TournamentRound, user: User = None) -> TournamentRound:
    """Reopen the last closed round for a late correction (organiser only)."""
    rnd = TournamentRound.objects.select_for_update().get(pk=tournament_round.pk)
    if not rnd.closed:
        raise ServiceError("round_not_closed")
    if Tournament.objects.filter(pk=rnd.tournament_id, closed_at__isnull=False).exists():
        raise ServiceError("tournament_already_closed")
    _set_status(rnd, _lock_lists(rnd), Status.DRAWN, action="reopen", user=user)
    tournament_round.status = rnd.status
    return rnd


def _set_status(
    rnd: TournamentRound,
    lists: list[Spielliste],
    status: str,
    *,
    action: str,
    user: User,
) -> None:
    """Close (freeze every list) or reopen (unfreeze) a locked round, with its audit entry."""
    for liste in lists:
        list_services.spielliste_set_frozen(
            spielliste=liste, frozen=status == Status.CLOSED, user=user
        )
    before = rnd.status
    rnd.status = status
    rnd.save(update_fields=["status"])
    audit_record(
        user=user,
        action=action,
        target=rnd.tournament,
        item=rnd.number,
        before={"status": before},
        after={"status": status},
    )


# --- closing a tournament; the Rangliste (competitions.md "Ranking list") ------------------


@transaction.atomic
def tournament_set_rating(
    *, tournament: Tournament, rated: bool, bundesland: str = "", user: User = None
) -> Tournament:
    """Flag the tournament as a Ranglistenturnier in a Bundesland (or not); refused once
    the tournament is closed (reopen it first)."""
    t = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if t.closed_at is not None:
        raise ServiceError("tournament_already_closed")
    land = bundesland.strip().upper()
    if land and land not in Bundesland.values:
        raise ServiceError("bundesland_missing", field="bundesland")
    if rated and not land:
        raise ServiceError("bundesland_missing", field="bundesland")
    before = {"rated": t.rated, "bundesland": t.bundesland}
    t.rated, t.bundesland = rated, land
    t.save(update_fields=["rated", "bundesland"])
    audit_record(
        user=user,
        action="rating",
        target=t,
        before=before,
        after={"rated": rated, "bundesland": land},
    )
    tournament.rated, tournament.bundesland = t.rated, t.bundesland
    return t


@transaction.atomic
def tournament_close(*, tournament: Tournament, user: User = None) -> Tournament:
    """Close the tournament: every round drawn is closed; a Ranglistenturnier must have had
    at least 32 players (who played a round) and 3 rounds (``scoring.rangliste.check_rlt``),
    else the close is refused and nothing changes. From now on it counts in the Rangliste.
    """
    from league.lists.models import ScoreLine
    from scoring.rangliste import check_rlt

    t = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if t.closed_at is not None:
        raise ServiceError("tournament_already_closed")
    rounds = list(t.rounds.order_by("number").values_list("number", "status"))
    open_round = next((n for n, status in rounds if status != Status.CLOSED), None)
    if open_round is not None:
        raise ServiceError("tournament_not_finished", {"number": open_round})
    if not rounds:
        raise ServiceError("tournament_no_rounds")
    if t.rated:
        if not t.bundesland:
            raise ServiceError("bundesland_missing", field="bundesland")
        players = (
            ScoreLine.objects.filter(spielliste__round_table__tournament_round__tournament=t)
            .values("player_id")
            .distinct()
            .count()
        )
        try:
            check_rlt(players=players, rounds=len(rounds))
        except ScoringError as err:
            raise ServiceError.from_scoring(err) from None
    t.closed_at = timezone.now()
    t.save(update_fields=["closed_at"])
    audit_record(
        user=user,
        action="tournament_close",
        target=t,
        after={"rated": t.rated, "bundesland": t.bundesland, "rounds": len(rounds)},
    )
    tournament.closed_at = t.closed_at
    return t


@transaction.atomic
def tournament_reopen(*, tournament: Tournament, user: User = None) -> Tournament:
    """Reopen a closed tournament for a late correction (it leaves the Rangliste until
    it is closed again)."""
    t = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if t.closed_at is None:
        raise ServiceError("tournament_not_closed")
    t.closed_at = None
    t.save(update_fields=["closed_at"])
    audit_record(user=user, action="tournament_reopen", target=t)
    tournament.closed_at = None
    return t
