"""Drawing a round (scoring.draw) and drawing it again for the tables not yet started."""

from __future__ import annotations

import random
from collections.abc import Set as AbstractSet

from django.db import transaction

from league.core.audit import User, audit_record
from league.core.errors import ServiceError
from league.lists import services as list_services
from league.lists.models import Seat, Spielliste
from league.tournaments.models import Participant, RoundTable, Tournament, TournamentRound
from league.tournaments.selectors import next_round_problem, standings
from league.tournaments.services.placement import tournament_lists_place
from league.tournaments.services.rounds import Status, lock_lists
from scoring.draw import FIVE_PLAYER_TABLES, DrawError, draw_round, meetings_of


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
    lists = lock_lists(rnd)
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
    placed: list[int] = []
    for number, table in zip(free, draw.tables, strict=False):
        liste = list_services.spielliste_create(
            title=f"{tournament.name} – Runde {rnd.number}, Tisch {number}",
            players=[by_key[key].player for key in table],
            club=tournament.club,
            user=user,
        )
        RoundTable.objects.create(tournament_round=rnd, number=number, spielliste=liste)
        placed.append(liste.pk)
    tournament_lists_place(list_ids=placed)
    rnd.repeat_meetings = draw.repeat_meetings
    rnd.status = Status.DRAWN
    rnd.save()
    # The notice that 5-player tables are for unofficial events only tells an official
    # event (a partial redraw may need them); an unofficial one plays them by choice.
    return tuple(
        code for code in draw.warning_codes if tournament.official or code != FIVE_PLAYER_TABLES
    )
