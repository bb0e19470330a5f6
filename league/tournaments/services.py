"""Tournament writes: registration, draws, round board actions. Same conventions as every
app's services: keyword-only, typed, ``<entity>_<action>``, one transaction each, row locks
where two writers can meet, an audit entry for each change."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence

from django.contrib.auth.models import User as Account
from django.db import transaction
from django.db.models import Max

from league.accounts.membership import member_add, member_remove
from league.clubs.models import Club
from league.clubs.services import club_get_or_create, player_get_or_create
from league.core.audit import Actor, User, audit_record
from league.core.errors import ServiceError
from league.lists import services as list_services
from league.lists.models import Seat, Spielliste
from league.tournaments.csv_import import ImportRow
from league.tournaments.models import Participant, RoundTable, Tournament, TournamentRound
from league.tournaments.selectors import next_round_problem, standings
from scoring.draw import DrawError, draw_round, meetings_of
from scoring.errors import ScoringError
from scoring.standings import DEFAULT_ORDER, check_order

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
    user: User = None,
) -> Tournament:
    tournament = Tournament(club=club, date=date, require_confirmation=require_confirmation)
    _set_values(tournament, name, rounds_planned, official, venue, tie_breaks)
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


@transaction.atomic
def participant_add(
    *,
    tournament: Tournament,
    name: str,
    club_name: str = "",
    ddv_number: str = "",
    user: User = None,
) -> Participant:
    clean = " ".join(name.split())
    if not clean:
        raise ServiceError("name_missing", field="name")
    # Start numbers are handed out under the tournament's lock.
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    club = club_get_or_create(name=club_name, user=user)
    player = player_get_or_create(name=clean, club=club, ddv_number=ddv_number, user=user)
    if Participant.objects.filter(tournament=tournament, player=player).exists():
        raise ServiceError("already_registered", {"name": player.name}, field="name")
    number = (tournament.participants.aggregate(m=Max("number"))["m"] or 0) + 1
    participant = Participant.objects.create(tournament=tournament, player=player, number=number)
    audit_record(
        user=user,
        action="register",
        target=tournament,
        item=number,
        after={"player": player.pk, "name": player.name, "number": number},
    )
    return participant


@transaction.atomic
def participants_import(
    *, tournament: Tournament, rows: Sequence[ImportRow], user: User = None
) -> tuple[list[Participant], list[ServiceError]]:
    """Register every row that is not already registered; returns (added, refused), each
    refusal carrying its CSV line as ``params["line"]``."""
    added: list[Participant] = []
    refused: list[ServiceError] = []
    for row in rows:
        try:
            added.append(
                participant_add(
                    tournament=tournament,
                    name=row.name,
                    club_name=row.club,
                    ddv_number=row.ddv_number,
                    user=user,
                )
            )
        except ServiceError as err:
            refused.append(
                ServiceError("import_line_refused", {"line": row.line, "reason": err.message})
            )
    return added, refused


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
    """Draw an unstarted round again, e.g. after withdrawals or late arrivals."""
    rnd = TournamentRound.objects.select_for_update().get(pk=tournament_round.pk)
    lists = _lock_lists(rnd)
    if rnd.closed or any(liste.games_played or liste.penalty_rows.exists() for liste in lists):
        raise ServiceError("round_started")
    before = {"seed": rnd.seed}
    Spielliste.objects.filter(pk__in=[liste.pk for liste in lists]).delete()
    rnd.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
    warnings = _fill_round(rnd, user)
    audit_record(
        user=user,
        action="redraw",
        target=rnd.tournament,
        item=rnd.number,
        before=before,
        after={"seed": rnd.seed},
    )
    return rnd, warnings


def _fill_round(rnd: TournamentRound, user: User) -> tuple[str, ...]:
    tournament = rnd.tournament
    participants = _active(tournament)
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
    try:
        draw = draw_round(
            list(by_key),
            seed=rnd.seed,
            met=meetings_of(list(tables.values())),
            seeding=seeding,
            official=tournament.official,
        )
    except DrawError as err:
        raise ServiceError.from_scoring(err) from None
    for number, table in enumerate(draw.tables, start=1):
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
def round_call_time(*, tournament_round: TournamentRound, user: User = None) -> int:
    """Time is up for every table of the round still playing; returns how many."""
    rnd = TournamentRound.objects.select_for_update().get(pk=tournament_round.pk)
    if rnd.closed:
        raise ServiceError("round_already_closed")
    count = 0
    for liste in _lock_lists(rnd):
        if not liste.complete and liste.time_up_after is None:
            list_services.spielliste_call_time(spielliste=liste, user=user)
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
