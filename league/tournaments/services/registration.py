"""Registration: one player at a time, a CSV import in bulk, withdrawing and re-admitting."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from django.db import IntegrityError, transaction
from django.db.models import Max

from league.clubs.matching import NEW, PersonChoice
from league.clubs.models import Club, Player
from league.clubs.services import (
    clean_name,
    club_get_or_create,
    ddv_number_clean,
    player_find_or_create,
)
from league.core.audit import User, audit_record
from league.core.errors import ServiceError
from league.tournaments.csv_import import ImportRow
from league.tournaments.models import Participant, Tournament, new_pin


@transaction.atomic
def participant_add(
    *,
    tournament: Tournament,
    name: str,
    club_name: str = "",
    ddv_number: str = "",
    take_record: bool = False,
    take_new_number: bool = True,
    namesake: bool = False,
    person: PersonChoice = None,
    user: User = None,
) -> Participant:
    """Register one player. ``person`` (league.clubs.matching): ``"ask"`` offers the close
    records of a new name first (``PersonChoiceNeeded``), an offered id takes that record,
    ``"new"`` creates another person; None finds or creates silently.

    Two devices registering at once queue on the tournament's row lock; should a
    duplicate still reach the database (a unique constraint), the caller
    gets the clear "already registered" refusal, never a 500.

    A DDV number names one record: when its name is not the name typed, the registration
    is refused (``ddv_name_differs``, the record's name shown) unless ``take_record`` says
    the organiser read it and means that player (api.md "Rights end at the event"). A
    record whose player asked not to be named (``hide_name``) is never named here and never
    taken that way: ``ddv_other_player`` ("belongs to another player") until his name is
    typed as he gave it. A number no record holds yet goes to the new record only with
    ``take_new_number`` (the site's form asks first: ``ddv_number_unused``), so nobody
    squats a real holder's number by typing it.

    A name already registered under another record (a second "Anna Schäfer", typed
    without her club or number) is refused (``participant_namesake``, her start number
    shown: the organiser finds the registered one) unless ``namesake`` says that he
    means another person of the same name."""
    clean = clean_name(name)
    if not clean:
        raise ServiceError("name_missing", field="name")
    # Start numbers are handed out under the tournament's lock.
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.rehearsal:
        raise ServiceError("rehearsal_registration")
    club = club_get_or_create(name=club_name, user=user)
    number_text = ddv_number_clean(ddv_number)
    if number_text:
        found = Player.objects.filter(ddv_number=number_text).first()
        if found is not None and not same_name(found.name, clean):
            if found.hide_name:
                raise ServiceError("ddv_other_player", {"number": number_text}, field="ddv_number")
            registered = found.entries.filter(tournament=tournament).exists()
            if not registered and not take_record:
                raise ServiceError(
                    "ddv_name_differs",
                    {"number": number_text, "name": found.name, "typed": clean},
                    field="ddv_number",
                )
        if found is None and not take_new_number:
            raise ServiceError(
                "ddv_number_unused", {"number": number_text, "name": clean}, field="ddv_number"
            )
    if isinstance(person, int) and not isinstance(person, bool):
        person = _chosen_entered(tournament, person, namesake)
    created = False
    try:
        with transaction.atomic():
            player, created = player_find_or_create(
                name=clean, club=club, ddv_number=number_text, person=person, user=user
            )
    except IntegrityError:  # the same DDV number created at this moment elsewhere
        player = Player.objects.get(ddv_number=number_text)
    if not namesake:
        _check_namesake(tournament, player)
    refusal = ServiceError("already_registered", {"name": player.name}, field="name")
    for _attempt in range(3):
        if Participant.objects.filter(tournament=tournament, player=player).exists():
            raise refusal
        number = (tournament.participants.aggregate(m=Max("number"))["m"] or 0) + 1
        try:
            with transaction.atomic():
                participant = Participant.objects.create(
                    tournament=tournament,
                    player=player,
                    number=number,
                    created_here=created,
                    pin=new_pin(),
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


def _chosen_entered(tournament: Tournament, person: int, namesake: bool) -> PersonChoice:
    """The record picked after "Ist das …?" when it is entered here already: the desk says
    so with her start number (``participant_namesake``); confirmed as another person of
    that name (``namesake``), a new record is made instead."""
    entry = (
        Participant.objects.filter(tournament=tournament, player_id=person)
        .values_list("number", "player__name", "player__club__name")
        .first()
    )
    if entry is None:
        return person
    if namesake:
        return NEW
    number, name, club = entry
    raise ServiceError(
        "participant_namesake", {"name": name, "number": number, "club": club or "—"}, field="name"
    )


def _check_namesake(tournament: Tournament, player: Player) -> None:
    """Refuse a second record of a name already registered in the tournament."""
    entries = (
        Participant.objects.filter(tournament=tournament)
        .exclude(player=player)
        .values_list("number", "player__name", "player__club__name")
    )
    for number, name, club in entries:
        if same_name(name, player.name):
            raise ServiceError(
                "participant_namesake",
                {"name": name, "number": number, "club": club or "—"},
                field="name",
            )


def same_name(first: str, second: str) -> bool:
    """One name however it was typed: case, spacing and Unicode composition aside."""

    def key(name: str) -> str:
        return " ".join(unicodedata.normalize("NFC", name).split()).casefold()

    return key(first) == key(second)


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
    if locked.rehearsal:
        raise ServiceError("rehearsal_registration")
    items = []
    for row in rows:
        name = clean_name(row.name)
        if not name:
            reason = ServiceError("name_missing").message
            raise ServiceError("import_line_refused", {"line": row.line, "reason": reason})
        items.append((row, name, clean_name(row.club), ddv_number_clean(row.ddv_number)))
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
            for (row, name, _club, number), player in zip(items, players, strict=True):
                if player.pk in registered:
                    why = ServiceError("already_registered", {"name": player.name}).message
                    refused.append(
                        ServiceError("import_line_refused", {"line": row.line, "reason": why})
                    )
                    continue
                if number and player.pk not in created and not same_name(player.name, name):
                    # A DDV number of somebody else: never registered silently (api.md),
                    # and a hidden player never named.
                    why = (
                        ServiceError("ddv_other_player", {"number": number})
                        if player.hide_name
                        else ServiceError(
                            "ddv_name_differs",
                            {"number": number, "name": player.name, "typed": name},
                        )
                    ).message
                    refused.append(
                        ServiceError("import_line_refused", {"line": row.line, "reason": why})
                    )
                    continue
                registered.add(player.pk)
                added.append(
                    Participant(
                        tournament=locked,
                        player=player,
                        number=start + len(added),
                        created_here=player.pk in created,
                        pin=new_pin(),
                    )
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
                "players_created": len(created),
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
) -> tuple[list[Player], set[int]]:
    """Each row's player, as player_get_or_create finds it: by DDV number, else by name in
    that club (the oldest record); the missing ones created in bulk. Returns (players in
    row order, ids of those created)."""
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
            found.set_keys()  # bulk_create skips save()
        out.append(found)
    Player.objects.bulk_create(list(new.values()), batch_size=BATCH)
    if new and any(p.pk is None for p in new.values()):  # a database without RETURNING
        raise IntegrityError("bulk_create_without_keys")
    created = {p.pk for p in new.values() if p.pk is not None}
    return [p for p in out if p is not None], created


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
