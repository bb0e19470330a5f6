"""Writes to club evenings and seasons: keyword-only, in a transaction, each audited.

An evening's tables are ordinary Spiellisten of the club: each plays the club's house rules
(its own copy, as every list keeps one) and is kept by the club's managers through the
evening (``league.evenings.selectors.list_owner``).
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User as Account
from django.db import transaction
from django.utils.translation import gettext

from league.clubs.matching import NEW, PersonChoice, each_person
from league.clubs.models import Club, Player
from league.clubs.services import (
    check_fits,
    clean_name,
    player_find_or_create,
)
from league.core.audit import Actor, User, audit_record
from league.core.dates import check_event_date
from league.core.errors import ServiceError
from league.evenings.history import history_preview, person_of
from league.evenings.models import ClubEvening, EveningTable, SeasonSettings
from league.evenings.owner import OWNER, evening_list_ids, list_places
from league.evenings.strength import evening_days
from league.lists.models import Spielliste
from league.lists.placement import place_lists
from league.lists.services import (
    games_import,
    paper_entry_save,
    spielliste_create,
    spielliste_set_frozen,
    table_names,
)
from league.lists.strength import rating_touch_days
from scoring.draw import table_sizes
from scoring.errors import ScoringError
from scoring.history import History, HistoryList
from scoring.rules import Pflichtsolo, RepeatDeal, RuleProfile
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


def _seat_player(
    *, name: str, club: Club, user: User, person: PersonChoice = None
) -> tuple[Player, bool]:
    """The player a typed seat name means (and whether he was made now): a member of the
    club of that name (any case), else the only player of that exact name anywhere, else a
    new member of the club.

    With ``person`` (a form that asks, issue 33) the name is matched against the records
    near it instead: close ones raise ``PersonChoiceNeeded``, an offered id takes that
    record, ``"new"`` makes a new member."""
    clean = clean_name(name)
    if not clean:
        raise ServiceError("player_name_missing", field="tables")
    member = club.members.filter(name__iexact=clean).order_by("pk").first()
    if member is not None and not isinstance(person, int) and person != NEW:
        return member, False
    if person is not None:
        return player_find_or_create(name=clean, club=club, person=person, user=user)
    others = list(Player.objects.filter(name=clean).order_by("pk")[:2])
    if len(others) == 1:
        return others[0], False
    return player_find_or_create(name=clean, club=club, user=user)


def _account(user: User) -> Account | None:
    """The account behind a write (an actor's or the user himself), if any."""
    account = user.user if isinstance(user, Actor) else user
    return account if isinstance(account, Account) else None


def _add_tables(
    *,
    evening: ClubEvening,
    tables: Sequence[Sequence[str]],
    first: int,
    user: User,
    people: Mapping[str, PersonChoice] | None = None,
) -> list[EveningTable]:
    club = evening.club
    # The club's house rules as they are now: each list keeps this copy, so a later change
    # of the club's rules leaves the evening's lists as they were played.
    rules = club.profile
    for number, names in enumerate(tables, start=first):
        if len(names) not in TABLE_SIZES:
            raise ServiceError("evening_table_size", {"number": number}, field="tables")
    # Every name of every table first: the names with close records are asked at once.
    seated = each_person(
        [n for names in tables for n in names],
        lambda n, person: _seat_player(name=n, club=club, user=user, person=person),
        people,
    )
    created = []
    start = 0
    for number, names in enumerate(tables, start=first):
        players, start = seated[start : start + len(names)], start + len(names)
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
    people: Mapping[str, PersonChoice] | None = None,
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
    _add_tables(evening=evening, tables=tables, first=1, user=user, people=people)
    return evening


@transaction.atomic
def club_evening_add_table(
    *,
    evening: ClubEvening,
    names: Sequence[str],
    people: Mapping[str, PersonChoice] | None = None,
    user: User = None,
) -> EveningTable:
    """One more table at an evening (a late group); numbered after the last."""
    locked = ClubEvening.objects.select_for_update().get(pk=evening.pk)
    last = locked.tables.order_by("-number").values_list("number", flat=True).first() or 0
    audit_record(user=user, action="add_table", target=locked, after={"seats": list(names)})
    return _add_tables(evening=locked, tables=[names], first=last + 1, user=user, people=people)[0]


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


# --- a club's history from its spreadsheets (history-import.md) ------------------------

# The rules an imported game-by-game list replays under: a sheet notes points, not who
# dealt or owed a Pflichtsolo, so its list has no fixed length, no Pflichtsolo, no repeated
# deal and no Bock — its rows (quick rows) replay exactly as the sheet has them, and at five
# the row says who sat out (scoring.round's stated-seating Decision).
HISTORY_RULES = RuleProfile(
    pflichtsolo=Pflichtsolo.NONE, repeat_deal_after=RepeatDeal.NEVER, games_open=True
)


class HistoryRefused(ServiceError):
    """The file refused as a whole: every problem found (``problems``), nothing written."""

    def __init__(self, problems: Sequence[ScoringError]) -> None:
        super().__init__("history_refused", {"count": len(problems)})
        self.problems = tuple(problems)


@dataclass(frozen=True)
class HistoryImported:
    evenings: int
    lists: int
    games: int
    matched: int
    new_players: int
    replaced: int


def _history_evening(
    club: Club, date: datetime.date, file_name: str, user: User
) -> tuple[ClubEvening, set[int]]:
    evening = ClubEvening.objects.filter(club=club, date=date).order_by("pk").first()
    if evening is None:
        evening = ClubEvening.objects.create(club=club, date=date)
        audit_record(
            user=user,
            action="create",
            target=evening,
            after={"date": date.isoformat(), "file": file_name},
        )
    return evening, set(evening.tables.values_list("number", flat=True))


@transaction.atomic
def club_history_import(
    *,
    club: Club,
    history: History,
    file_name: str,
    mapping: Mapping[str, int] | None = None,
    new: Collection[str] = (),
    replace: bool = False,
    user: User = None,
) -> HistoryImported:
    """A club's old spreadsheet (read by ``scoring.history``) as the club's evenings: one
    evening a date, a finished list a table — quick rows game by game, or its totals as a
    paper list — each marked "importiert aus DATEI". Checked as a whole first (the
    preview: ``league.evenings.history``); any problem refuses everything
    (``HistoryRefused``). ``replace`` removes the imported lists of the file's evenings
    first; without it such evenings refuse the file."""
    Club.objects.select_for_update().filter(pk=club.pk).first()  # one import of a club at once
    preview = history_preview(
        club=club,
        history=history,
        file_name=file_name,
        mapping=mapping,
        new=new,
        replace=replace,
    )
    if preview.errors:
        raise HistoryRefused(preview.errors)
    file_name = clean_name(file_name)[: EveningTable._meta.get_field("imported_from").max_length]
    replaced = 0
    if replace:
        old = (
            EveningTable.objects.filter(evening__club=club, evening__date__in=history.dates)
            .exclude(imported_from="")
            .select_related("evening")
        )
        for table in old:
            audit_record(
                user=user,
                action="history_remove",
                target=table.evening,
                before={"table": table.number, "file": table.imported_from},
            )
        replaced = (
            Spielliste.objects.filter(evening_table__in=old)
            .delete()[1]
            .get(Spielliste._meta.label, 0)
        )
    people: dict[int | str, Player] = {}
    for choice in preview.names:
        who = person_of(choice)
        if who in people:
            continue
        if isinstance(who, int):
            people[who] = Player.objects.get(pk=who)
        else:
            people[who] = player_find_or_create(
                name=choice.display, club=club, ddv_number=choice.ddv, user=user
            )[0]
    seat_of = {c.name: people[person_of(c)] for c in preview.names}
    evenings: dict[datetime.date, tuple[ClubEvening, set[int]]] = {}
    for x in history.lists:
        if x.date not in evenings:
            evenings[x.date] = _history_evening(club, x.date, file_name, user)
        evening, numbers = evenings[x.date]
        number = x.table if x.table not in numbers else max(numbers) + 1
        numbers.add(number)
        _history_list(evening, number, x, [seat_of[s] for s in x.seats], file_name, user)
    return HistoryImported(
        evenings=len(evenings),
        lists=len(history.lists),
        games=history.games,
        matched=preview.matched,
        new_players=preview.new_people,
        replaced=replaced,
    )


def _history_list(
    evening: ClubEvening,
    number: int,
    found: HistoryList,
    players: Sequence[Player],
    file_name: str,
    user: User,
) -> None:
    club = evening.club
    liste = spielliste_create(
        title=f"{club.name} · {evening.date:%d.%m.%Y} · {gettext('Tisch')} {number}",
        players=players,
        club=club,
        rules=HISTORY_RULES if found.totals is None else club.profile,
        user=user,
    )
    EveningTable.objects.create(
        evening=evening, number=number, spielliste=liste, imported_from=file_name
    )
    audit_record(user=user, action="history_import", target=liste, after={"file": file_name})
    if found.totals is None:
        seats = dict(zip(found.seats, table_names(players), strict=True))
        games = [
            dataclasses.replace(
                g,
                players=tuple(seats[p] for p in g.players),
                winners=tuple(seats[p] for p in g.winners),
                soloist=seats[g.soloist] if g.soloist else None,
            )
            for g in found.quick_games()
        ]
        games_import(spielliste=liste, records=games, user=user)
    else:
        paper_entry_save(
            spielliste=liste,
            entry=1,
            totals={i: t for i, t in enumerate(found.totals, start=1)},
            user=user,
        )
    liste.refresh_from_db()
    # Finished as the sheet has it: frozen, and counted by the season as a complete list
    # (``selectors._season_lines``) — an open-length list's end is the sheet's last row,
    # which no deal order of the round machine has to agree with.
    spielliste_set_frozen(spielliste=liste, frozen=True, user=user)


@transaction.atomic
def club_set_rating_evenings(*, club: Club, on: bool, user: User = None) -> Club:
    """ "Vereinsabende zählen zur Spielstärke" (rating.md): the club's evenings played by
    the TSR count from their dates on — or no longer; the figures follow after the commit."""
    locked = Club.objects.select_for_update().get(pk=club.pk)
    if locked.rating_evenings == on:
        return locked
    before = {"rating_evenings": locked.rating_evenings}
    locked.rating_evenings = on
    locked.save(update_fields=["rating_evenings"])
    rating_touch_days(evening_days(locked.pk))
    audit_record(
        user=user, action="update", target=locked, before=before, after={"rating_evenings": on}
    )
    return locked
