"""The Probelauf (issue 36 item 4): an organiser's practice run of a tournament.

    tournament_rehearsal_copy(...)      a copy of a tournament he organises: its settings,
                                        organisers and participants (the same player
                                        records: no new person appears anywhere)
    tournament_rehearsal_generate(...)  a rehearsal of N generated players "Probe 1" …
                                        (``Player.rehearsal``: never listed, searched,
                                        matched or exported)
    rehearsal_set_manual(...)           the tables he enters by hand ("1-2")
    rehearsal_play(...)                 k simulated games at each open table of the running
                                        round (or to its end), through the lists' write path
    rehearsal_delete(...)               every row it made, counted, in one transaction

**Decisions** (the issue is silent):

- A rehearsal is never rated, never vouched, never published; its lists' placements say
  ``rehearsal`` (``lists.Placement``), which every reader of statistics, player pages, the
  Spielstärke and the open data leaves out; the tournament is seen by its organisers and
  staff only (``access.can_read_tournament``; strangers get 404).
- Nobody is registered in a rehearsal (``participant_add`` refuses): its people come from
  the copy or the generator, so a rehearsal never makes a record or club of a real person.
- Generated results are written with ``lists.services.games_import`` (the import path: one
  replay and bulk writes per table, the same score lines, stat lines, version and audit
  entry as games typed one by one), each game chosen by ``scoring.simulate`` from the
  round state the list is in — so time-up, a dropout's table ended early and owed
  Pflichtsoli are followed as at a real table.
- Deleting removes the rehearsal's rows and their history (its audit entries, which are
  otherwise never deleted: a rehearsal's history is part of what it made) and leaves one
  audit entry naming the deletion and its counts (every change leaves one).
"""

from __future__ import annotations

import datetime as dt
import random
import re
from collections import Counter
from collections.abc import Mapping

from django.contrib.auth.models import User as Account
from django.db import IntegrityError, models, transaction
from django.db.models import Q

from league.clubs.models import Player
from league.core.audit import User, audit_record
from league.core.errors import ServiceError
from league.core.models import AuditEntry
from league.lists import services as list_services
from league.lists.models import Spielliste
from league.lists.selectors import replay_stored, snapshots_of
from league.tournaments.models import (
    Participant,
    RoundTable,
    Tournament,
    TournamentRound,
    new_pin,
)
from league.tournaments.selectors.rehearsal import running_round
from scoring import GameRecord
from scoring.simulate import next_random_game

MIN_PLAYERS = 8
MAX_PLAYERS = 200
MAX_MANUAL = 40  # the field's length

_NAME = "Probelauf – %s"


def _check_players(count: int) -> None:
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise ServiceError(
            "rehearsal_players", {"min": MIN_PLAYERS, "max": MAX_PLAYERS}, field="players"
        )


def _new(source: Tournament | None, name: str, day: dt.date) -> Tournament:
    """The rehearsal's row: the source's settings (none: the defaults), never rated."""
    t = Tournament(name=(_NAME % name)[:120], date=day, rehearsal=True)
    if source is not None:
        for field in (
            "venue",
            "club_id",
            "rounds_planned",
            "official",
            "tie_breaks",
            "require_confirmation",
            "double_entry",
            "separate_clubs",
            "round_minutes",
            "silent_rounds",
        ):
            setattr(t, field, getattr(source, field))
    t.save()
    return t


def _add_participants(t: Tournament, rows: list[tuple[int, int, bool]]) -> None:
    """(player id, start number, withdrawn) each, with new PINs and links."""
    Participant.objects.bulk_create(
        Participant(tournament=t, player_id=p, number=n, withdrawn=w, pin=new_pin())
        for p, n, w in rows
    )


@transaction.atomic
def tournament_rehearsal_copy(
    *, tournament: Tournament, account: Account | None = None, user: User = None
) -> Tournament:
    """A rehearsal of ``tournament``: its settings and participants (the same player
    records, start numbers and withdrawals), its organisers and ``account`` organising."""
    source = Tournament.objects.get(pk=tournament.pk)
    if source.rehearsal:
        raise ServiceError("rehearsal_of_rehearsal")
    t = _new(source, source.name, source.date)
    t.organisers.set(source.organisers.all())
    if account is not None:
        t.organisers.add(account)
    rows = list(source.participants.values_list("player_id", "number", "withdrawn"))
    _add_participants(t, rows)
    audit_record(
        user=user,
        action="rehearsal",
        target=t,
        after={"from": source.pk, "players": len(rows)},
    )
    return t


@transaction.atomic
def tournament_rehearsal_generate(
    *,
    players: int,
    rounds: int = 3,
    name: str = "",
    account: Account | None = None,
    user: User = None,
) -> Tournament:
    """A rehearsal of ``players`` generated people "Probe 1" … (8–200), today."""
    _check_players(players)
    if not 1 <= rounds <= 20:
        raise ServiceError("rehearsal_rounds", field="rounds")
    t = _new(None, name.strip() or f"{players} Spieler", dt.date.today())
    t.rounds_planned = rounds
    t.save(update_fields=["rounds_planned"])
    if account is not None:
        t.organisers.add(account)
    people = [Player(name=f"Probe {i}", rehearsal=True) for i in range(1, players + 1)]
    for person in people:
        person.set_keys()  # bulk_create skips save()
    Player.objects.bulk_create(people)
    if any(p.pk is None for p in people):  # a database without RETURNING
        raise IntegrityError("bulk_create_without_keys")
    ids = [p.pk for p in people if p.pk is not None]
    _add_participants(t, [(pk, i, False) for i, pk in enumerate(ids, start=1)])
    audit_record(user=user, action="rehearsal", target=t, after={"players": players})
    return t


def manual_tables(text: str) -> frozenset[int]:
    """ "1-2, 5" → {1, 2, 5}: the tables the organiser enters himself."""
    out: set[int] = set()
    for part in re.split(r"[,\s]+", text.strip()):
        if not part:
            continue
        match = re.fullmatch(r"(\d{1,3})(?:[-–](\d{1,3}))?", part)
        if match is None:
            raise ServiceError("rehearsal_manual", field="manual")
        first = int(match.group(1))
        last = int(match.group(2) or first)
        if first < 1 or last < first or last > 500:
            raise ServiceError("rehearsal_manual", field="manual")
        out.update(range(first, last + 1))
    return frozenset(out)


def _rehearsal(tournament: Tournament) -> Tournament:
    t = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not t.rehearsal:
        raise ServiceError("rehearsal_only")
    return t


@transaction.atomic
def rehearsal_set_manual(*, tournament: Tournament, tables: str, user: User = None) -> Tournament:
    t = _rehearsal(tournament)
    manual_tables(tables)
    before = t.rehearsal_manual
    t.rehearsal_manual = " ".join(tables.split())[:MAX_MANUAL]
    t.save(update_fields=["rehearsal_manual"])
    audit_record(
        user=user,
        action="rehearsal_manual",
        target=t,
        before={"manual": before},
        after={"manual": t.rehearsal_manual},
    )
    return t


@transaction.atomic
def rehearsal_play(
    *,
    tournament: Tournament,
    games: int | None = 1,
    seed: int | None = None,
    user: User = None,
) -> int:
    """Play ``games`` simulated games (None: to the end) at each open table of the running
    round but those entered by hand; the number of games written (0: nothing open)."""
    t = _rehearsal(tournament)
    rnd = running_round(t)
    if rnd is None:
        return 0
    skip = manual_tables(t.rehearsal_manual)
    lists = list(
        Spielliste.objects.filter(
            round_table__tournament_round=rnd,
            frozen=False,
            complete=False,
            totals_only=False,
            ended_early=False,
            closed=False,
        )
        .exclude(round_table__number__in=skip)
        .order_by("round_table__number")
    )
    rng = random.Random(seed) if seed is not None else random.Random()
    written = 0
    for snap in snapshots_of(lists, reveal=True):
        if snap.state is None:
            continue  # a list that no longer replays: the organiser looks at it
        records: list[GameRecord] = []
        state = snap.state
        while state.next_game is not None and (games is None or len(records) < games):
            records.append(next_random_game(rng, state))
            entries = [g.to_entry(snap.names) for g in snap.games] + list(records)
            state, _ = replay_stored(
                snap.seats,
                snap.games,
                snap.penalty_rows,
                snap.liste.time_up_after,
                records=entries,
                liste=snap.liste,
            )
        if records:
            written += list_services.games_import(spielliste=snap.liste, records=records, user=user)
    return written


def _label(model: type[models.Model]) -> str:
    return str(model._meta.label_lower)


@transaction.atomic
def rehearsal_delete(*, tournament: Tournament, user: User = None) -> Mapping[str, int]:
    """Delete the rehearsal and every row it made — its lists (with their seats, games,
    score and stat lines, placements, table codes), rounds, tables, participants, the
    people it generated and its history — in one transaction; the rows deleted by model
    label ("lists.game": 576), with "core.auditentry" for its history."""
    t = _rehearsal(tournament)
    list_ids = list(
        RoundTable.objects.filter(tournament_round__tournament=t).values_list(
            "spielliste_id", flat=True
        )
    )
    round_ids = list(t.rounds.values_list("pk", flat=True))
    table_ids = list(
        RoundTable.objects.filter(tournament_round__tournament=t).values_list("pk", flat=True)
    )
    entries = list(t.participants.values_list("pk", "player_id"))
    generated = list(
        Player.objects.filter(rehearsal=True, entries__tournament=t).values_list("pk", flat=True)
    )
    history = (
        Q(target=_label(Tournament), target_id=t.pk)
        | Q(target=_label(Spielliste), target_id__in=list_ids)
        | Q(target=_label(TournamentRound), target_id__in=round_ids)
        | Q(target=_label(RoundTable), target_id__in=table_ids)
        | Q(target=_label(Participant), target_id__in=[pk for pk, _p in entries])
        | Q(target=_label(Player), target_id__in=generated)
    )
    counts: Counter[str] = Counter()
    _count(counts, Spielliste.objects.filter(pk__in=list_ids).delete()[1])
    _count(counts, Tournament.objects.filter(pk=t.pk).delete()[1])
    if generated:
        # Only records that are the rehearsal's alone (a generated person is in no other
        # tournament: nobody can register him, the register never shows him).
        _count(counts, Player.objects.filter(pk__in=generated, entries__isnull=True).delete()[1])
    _count(counts, AuditEntry.objects.filter(history).delete()[1])
    result = dict(sorted(counts.items()))
    # The row is gone; its key names the deletion (the instance keeps it).
    audit_record(
        user=user, action="rehearsal_delete", target=t, after={"name": t.name, "rows": result}
    )
    return result


class _Preview(Exception):
    """Carries the counts out of the rolled-back deletion."""

    def __init__(self, counts: Mapping[str, int]) -> None:
        super().__init__("preview")
        self.counts = counts


def rehearsal_rows(*, tournament: Tournament) -> Mapping[str, int]:
    """What ``rehearsal_delete`` would delete, by model label: the deletion itself, run
    and rolled back (so the page that asks shows the very counts the deletion gives;
    nothing stays written)."""
    try:
        with transaction.atomic():
            raise _Preview(rehearsal_delete(tournament=tournament))
    except _Preview as done:
        return done.counts


def _count(counts: Counter[str], deleted: Mapping[str, int]) -> None:
    for label, n in deleted.items():
        if n:
            counts[label.lower()] += n


__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "manual_tables",
    "rehearsal_delete",
    "rehearsal_play",
    "rehearsal_rows",
    "rehearsal_set_manual",
    "tournament_rehearsal_copy",
    "tournament_rehearsal_generate",
]
