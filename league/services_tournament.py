"""Tournament writes: registration, draws, round board actions. Same conventions as
league/services.py: keyword-only, typed, ``<entity>_<action>``, one transaction each."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence

from django.db import transaction
from django.db.models import Max

from league import services
from league.csv_import import ImportRow
from league.models import (
    Club,
    Participant,
    Player,
    Seat,
    Tournament,
    TournamentRound,
)
from league.selectors_tournament import standings
from league.services import ServiceError, User
from scoring.draw import DrawError, draw_round, meetings_of
from scoring.errors import ScoringError
from scoring.standings import DEFAULT_ORDER, check_order


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
) -> Tournament:
    if not name.strip():
        raise ServiceError("name_missing", "Das Turnier braucht einen Namen.", field="name")
    if not 1 <= rounds_planned <= 20:
        raise ServiceError("invalid_rounds", "1 bis 20 Runden.", field="rounds_planned")
    try:
        order = check_order(tie_breaks)
    except ScoringError as err:
        raise ServiceError.from_scoring(err) from None
    return Tournament.objects.create(
        name=name.strip(),
        date=date,
        rounds_planned=rounds_planned,
        official=official,
        venue=venue.strip(),
        club=club,
        tie_breaks=list(order),
    )


def _club(name: str) -> Club | None:
    clean = " ".join(name.split())
    if not clean:
        return None
    club, _ = Club.objects.get_or_create(name=clean)
    return club


def _player(name: str, club_name: str, ddv_number: str) -> Player:
    club = _club(club_name)
    if ddv_number:
        player = Player.objects.filter(ddv_number=ddv_number).first()
        if player is not None:
            return player
        return Player.objects.create(name=name, club=club, ddv_number=ddv_number)
    return services.player_get_or_create(name=name, club=club)


@transaction.atomic
def participant_add(
    *, tournament: Tournament, name: str, club_name: str = "", ddv_number: str = ""
) -> Participant:
    clean = " ".join(name.split())
    if not clean:
        raise ServiceError("name_missing", "Der Name fehlt.", field="name")
    player = _player(clean, club_name, ddv_number.strip())
    if Participant.objects.filter(tournament=tournament, player=player).exists():
        raise ServiceError(
            "already_registered", f"{player.name} ist schon angemeldet.", field="name"
        )
    number = (tournament.participants.aggregate(m=Max("number"))["m"] or 0) + 1
    return Participant.objects.create(tournament=tournament, player=player, number=number)


@transaction.atomic
def participants_import(
    *, tournament: Tournament, rows: Sequence[ImportRow]
) -> tuple[list[Participant], list[str]]:
    """Register every row that is not already registered; returns (added, skipped)."""
    added, skipped = [], []
    for row in rows:
        try:
            added.append(
                participant_add(
                    tournament=tournament,
                    name=row.name,
                    club_name=row.club,
                    ddv_number=row.ddv_number,
                )
            )
        except ServiceError as err:
            skipped.append(f"Zeile {row.line}: {err.message}")
    return added, skipped


@transaction.atomic
def participant_set_withdrawn(*, participant: Participant, withdrawn: bool) -> Participant:
    """Withdraw (or re-admit) a participant; takes effect at the next (re)draw."""
    participant.withdrawn = withdrawn
    participant.save(update_fields=["withdrawn"])
    return participant


def _active(tournament: Tournament) -> list[Participant]:
    return list(tournament.participants.filter(withdrawn=False).select_related("player"))


@transaction.atomic
def round_draw(
    *, tournament: Tournament, seeded: bool = False, seed: int | None = None, user: User = None
) -> tuple[TournamentRound, tuple[str, ...]]:
    """Draw the next round and create a Spielliste per table; returns (round, warnings)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    last = tournament.rounds.order_by("-number").first()
    if last is not None and last.status != TournamentRound.CLOSED:
        raise ServiceError("round_open", f"Runde {last.number} ist noch nicht abgeschlossen.")
    number = (last.number if last else 0) + 1
    if number > tournament.rounds_planned:
        raise ServiceError(
            "all_rounds_drawn", f"Alle {tournament.rounds_planned} Runden sind gespielt."
        )
    rnd = TournamentRound.objects.create(
        tournament=tournament,
        number=number,
        seeded=seeded,
        seed=seed if seed is not None else random.SystemRandom().randrange(2**31),
    )
    warnings = _fill_round(rnd, user)
    return rnd, warnings


@transaction.atomic
def round_redraw(
    *, tournament_round: TournamentRound, seed: int | None = None, user: User = None
) -> tuple[TournamentRound, tuple[str, ...]]:
    """Draw an unstarted round again, e.g. after withdrawals or late arrivals."""
    rnd = TournamentRound.objects.select_for_update().get(pk=tournament_round.pk)
    if rnd.lists.filter(games_played__gt=0).exists():
        raise ServiceError(
            "round_started",
            "An dieser Runde wurde schon gespielt: sie kann nicht neu ausgelost werden.",
        )
    rnd.lists.all().delete()
    rnd.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
    warnings = _fill_round(rnd, user)
    return rnd, warnings


def _fill_round(rnd: TournamentRound, user: User) -> tuple[str, ...]:
    tournament = rnd.tournament
    participants = _active(tournament)
    by_key = {str(p.pk): p for p in participants}
    earlier = Seat.objects.filter(
        spielliste__tournament_round__tournament=tournament,
        spielliste__tournament_round__number__lt=rnd.number,
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
        liste = services.spielliste_create(
            title=f"{tournament.name} – Runde {rnd.number}, Tisch {number}",
            players=[by_key[key].player for key in table],
            club=tournament.club,
            user=user,
        )
        liste.tournament_round = rnd
        liste.table_number = number
        liste.save(update_fields=["tournament_round", "table_number"])
    rnd.repeat_meetings = draw.repeat_meetings
    rnd.status = TournamentRound.DRAWN
    rnd.save()
    return draw.warnings


@transaction.atomic
def round_call_time(*, tournament_round: TournamentRound, user: User = None) -> int:
    """Time is up for every table of the round still playing; returns how many."""
    count = 0
    for liste in tournament_round.lists.filter(complete=False, time_up_after__isnull=True):
        services.spielliste_call_time(spielliste=liste, user=user)
        count += 1
    tournament_round.time_called = True
    tournament_round.save(update_fields=["time_called"])
    return count


@transaction.atomic
def round_close(*, tournament_round: TournamentRound) -> TournamentRound:
    """Confirm a round: every list complete; from now on it counts in the standings."""
    open_tables = list(
        tournament_round.lists.filter(complete=False).values_list("table_number", flat=True)
    )
    if open_tables:
        tables = ", ".join(str(t) for t in sorted(open_tables))
        raise ServiceError(
            "round_incomplete", f"Noch nicht fertig: Tisch {tables}. Erst dann abschließen."
        )
    tournament_round.status = TournamentRound.CLOSED
    tournament_round.save(update_fields=["status"])
    return tournament_round


@transaction.atomic
def round_reopen(*, tournament_round: TournamentRound) -> TournamentRound:
    """Reopen a closed round for a late correction (organiser only)."""
    tournament_round.status = TournamentRound.RUNNING
    tournament_round.save(update_fields=["status"])
    return tournament_round
