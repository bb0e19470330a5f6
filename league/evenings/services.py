"""Writes to club evenings and seasons: keyword-only, in a transaction, each audited.

An evening's tables are ordinary Spiellisten of the club: each plays the club's house rules
(its own copy, as every list keeps one) and is kept by the club's managers through the
evening (``league.evenings.selectors.list_owner``).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from django.contrib.auth.models import User as Account
from django.db import transaction
from django.utils.translation import gettext

from league.clubs.models import Club, Player
from league.clubs.services import check_fits, clean_name, player_get_or_create
from league.core.audit import Actor, User, audit_record
from league.core.dates import check_event_date
from league.core.errors import ServiceError
from league.evenings.models import ClubEvening, EveningTable, SeasonSettings
from league.evenings.owner import OWNER, evening_list_ids, list_places
from league.lists.placement import place_lists
from league.lists.services import spielliste_create
from scoring.draw import table_sizes
from scoring.errors import ScoringError
from scoring.season import season_settings
from scoring.totals import TABLE_SIZES


@transaction.atomic
def season_settings_update(
    *,
    club: Club,
    mode: str,
    minimum: int = 1,
    best_n: int = 10,
    start_month: int = 1,
    user: User = None,
) -> SeasonSettings:
    """Set how the club ranks its season (checked by ``scoring.season``)."""
    try:
        checked = season_settings(mode, minimum=minimum, best_n=best_n)
    except ScoringError as err:
        raise ServiceError.from_scoring(err) from None
    if isinstance(start_month, bool) or not 1 <= start_month <= 12:
        raise ServiceError("season_invalid_month", field="start_month")
    settings_row, _created = SeasonSettings.objects.select_for_update().get_or_create(club=club)
    before = {
        "mode": settings_row.mode,
        "minimum": settings_row.minimum,
        "best_n": settings_row.best_n,
        "start_month": settings_row.start_month,
    }
    settings_row.mode = checked.mode.value
    settings_row.minimum = checked.minimum
    settings_row.best_n = checked.best_n
    settings_row.start_month = start_month
    settings_row.save()
    # The evenings' lists name their season: placed again (lists.models.Placement).
    place_lists(OWNER, list_places(evening_list_ids(club.pk)))
    after = {"mode": checked.mode.value, "minimum": checked.minimum, "best_n": checked.best_n}
    audit_record(
        user=user,
        action="season_settings",
        target=club,
        before=before,
        after={**after, "start_month": start_month},
    )
    return settings_row


def _seat_player(*, name: str, club: Club, user: User) -> Player:
    """The player a typed seat name means: a member of the club of that name (any case),
    else the only player of that exact name anywhere, else a new member of the club."""
    clean = clean_name(name)
    if not clean:
        raise ServiceError("player_name_missing", field="tables")
    member = club.members.filter(name__iexact=clean).order_by("pk").first()
    if member is not None:
        return member
    others = list(Player.objects.filter(name=clean).order_by("pk")[:2])
    if len(others) == 1:
        return others[0]
    return player_get_or_create(name=clean, club=club, user=user)


def _account(user: User) -> Account | None:
    """The account behind a write (an actor's or the user himself), if any."""
    account = user.user if isinstance(user, Actor) else user
    return account if isinstance(account, Account) else None


def _add_tables(
    *, evening: ClubEvening, tables: Sequence[Sequence[str]], first: int, user: User
) -> list[EveningTable]:
    club = evening.club
    # The club's house rules as they are now: each list keeps this copy, so a later change
    # of the club's rules leaves the evening's lists as they were played.
    rules = club.profile
    created = []
    for number, names in enumerate(tables, start=first):
        if len(names) not in TABLE_SIZES:
            raise ServiceError("evening_table_size", {"number": number}, field="tables")
        players = [_seat_player(name=n, club=club, user=user) for n in names]
        liste = spielliste_create(
            title=f"{club.name} · {evening.date:%d.%m.%Y} · {gettext('Tisch')} {number}",
            players=players,
            club=club,
            created_by=_account(user),
            rules=rules,
            kasse_cent=club.kasse_cent,
            user=user,
        )
        created.append(
            EveningTable.objects.create(evening=evening, number=number, spielliste=liste)
        )
    place_lists(OWNER, list_places([t.spielliste_id for t in created]))
    return created


@transaction.atomic
def club_evening_create(
    *,
    club: Club,
    date: datetime.date,
    tables: Sequence[Sequence[str]] = (),
    note: str = "",
    user: User = None,
) -> ClubEvening:
    """A club evening on ``date`` with its tables (seat names in seat order, 4 or 5 each):
    each table is an ordinary Spielliste of the club under the club's house rules, with
    its table code."""
    check_event_date(date)
    check_fits(clean_name(note), ClubEvening, "note")
    evening = ClubEvening.objects.create(club=club, date=date, note=clean_name(note))
    audit_record(
        user=user,
        action="create",
        target=evening,
        after={"date": date.isoformat(), "tables": [list(t) for t in tables]},
    )
    _add_tables(evening=evening, tables=tables, first=1, user=user)
    return evening


@transaction.atomic
def club_evening_add_table(
    *, evening: ClubEvening, names: Sequence[str], user: User = None
) -> EveningTable:
    """One more table at an evening (a late group); numbered after the last."""
    locked = ClubEvening.objects.select_for_update().get(pk=evening.pk)
    last = locked.tables.order_by("-number").values_list("number", flat=True).first() or 0
    audit_record(user=user, action="add_table", target=locked, after={"seats": list(names)})
    return _add_tables(evening=locked, tables=[names], first=last + 1, user=user)[0]


def seat_tables(names: Sequence[str]) -> list[list[str]]:
    """Players present, in order, cut into tables of 4 with as few 5-player tables as the
    count needs (10.1); refused when that cannot be done (6, 7 or 11 players)."""
    clean = [clean_name(n) for n in names if clean_name(n)]
    if len({n.casefold() for n in clean}) != len(clean):
        raise ServiceError("seat_taken_twice", field="players")
    try:
        sizes = table_sizes(len(clean))
    except ScoringError as err:
        raise ServiceError.from_scoring(err) from None
    out, start = [], 0
    for size in sizes:
        out.append(clean[start : start + size])
        start += size
    return out
