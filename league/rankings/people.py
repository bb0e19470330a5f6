"""A player across the federation (issue 33): "Spieler finden" across clubs, and two
players' head-to-head.

Privacy as on the player's page: a player who asked not to be named is found by his public
alias only ("Spieler 17") and shown without his club, except to staff and to himself.
Readability as everywhere: a members-only tournament's entries and lists, and a tournament's
silent rounds, count only for those who read them (``tournaments_closed_to``,
``lists.access.lists_closed_to``).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User as Account
from django.db.models import QuerySet

from league.clubs.access import clubs_closed_to
from league.clubs.models import Club, Player, public_alias
from league.core.text import fold
from league.leagues.models import Team
from league.lists.access import lists_closed_to
from league.lists.models import ScoreLine, Seat, Spielliste
from league.tournaments.access import tournaments_closed_to
from league.tournaments.models import Participant, Tournament

FOUND_MAX = 30  # more: the visitor types more of the name
QUERY_MAX = 80
EVENTS_SHOWN = 5

Reader = Account | AnonymousUser


@dataclass(frozen=True)
class EventLink:
    kind: str  # "turnier" or "liga"
    pk: int
    name: str
    day: str  # "21.11.2026" or the season


@dataclass(frozen=True)
class FoundPerson:
    pk: int
    name: str  # as shown
    clubs: tuple[str, ...]  # none for a hidden player
    events: tuple[EventLink, ...]  # the newest first, EVENTS_SHOWN at most
    more_events: int


@dataclass(frozen=True)
class FoundPeople:
    people: tuple[FoundPerson, ...]
    more: bool


def _own_record(reader: Reader) -> int | None:
    if not reader.is_authenticated:
        return None
    return Player.objects.filter(account_id=reader.pk).values_list("pk", flat=True).first()


def _reveals(reader: Reader, pk: int) -> bool:
    return bool(reader.is_authenticated and (reader.is_staff or _own_record(reader) == pk))


def find_people(query: str, *, reader: Reader) -> FoundPeople:
    """Every record whose shown name holds each word of ``query`` (folded as matching folds:
    "jorg mueller", "Müller, Jörg" and "JOERG" find "Jörg Müller"), across all clubs, with
    his clubs and his events. Reads the stored keys once (the register is a few ten thousand
    rows), then 3 queries for the found ones."""
    words = fold(query[:QUERY_MAX].replace(",", " ")).split()
    if not words:
        return FoundPeople((), False)
    own = _own_record(reader)
    staff = bool(reader.is_authenticated and reader.is_staff)
    hits: list[tuple[str, int, str, bool]] = []
    rows = (
        Player.objects.filter(rehearsal=False)
        .values_list("pk", "name", "name_key", "hide_name")
        .order_by("pk")
    )
    for pk, name, key, hidden in rows.iterator(chunk_size=5000):
        masked = hidden and not staff and pk != own
        shown = public_alias(pk) if masked else name
        folded = fold(shown) if masked else fold(key or name)
        if all(word in folded for word in words):
            hits.append((fold(shown), pk, shown, masked))
    hits.sort()
    page = hits[:FOUND_MAX]
    ids = [pk for _f, pk, _s, _m in page]
    masked_ids = {pk for _f, pk, _s, m in page if m}
    clubs = _clubs_of(ids, reader)
    events = _events_of(ids, reader)
    people = tuple(
        FoundPerson(
            pk=pk,
            name=shown,
            clubs=() if pk in masked_ids else tuple(clubs.get(pk, ())),
            events=tuple(events.get(pk, ())[:EVENTS_SHOWN]),
            more_events=max(0, len(events.get(pk, ())) - EVENTS_SHOWN),
        )
        for _f, pk, shown, _m in page
    )
    return FoundPeople(people, len(hits) > FOUND_MAX)


def _clubs_of(ids: list[int], reader: Reader) -> dict[int, list[str]]:
    """His club, and the clubs whose league teams he plays for (readable clubs only)."""
    closed = set(Club.objects.filter(clubs_closed_to(reader)).values_list("pk", flat=True))
    out: dict[int, list[str]] = defaultdict(list)
    for pk, club_id, club in Player.objects.filter(pk__in=ids, club__isnull=False).values_list(
        "pk", "club_id", "club__name"
    ):
        if club_id not in closed:
            out[pk].append(club)
    for pk, club_id, club in (
        Team.objects.filter(roster__in=ids, club__isnull=False)
        .values_list("roster", "club_id", "club__name")
        .distinct()
    ):
        if club_id not in closed and club not in out[pk]:
            out[pk].append(club)
    return out


def _events_of(ids: list[int], reader: Reader) -> dict[int, list[EventLink]]:
    out: dict[int, list[EventLink]] = defaultdict(list)
    entries = (
        Participant.objects.filter(player_id__in=ids, tournament__rehearsal=False)
        .exclude(tournament__in=_closed_tournaments(reader))
        .values_list("player_id", "tournament_id", "tournament__name", "tournament__date")
        .order_by("-tournament__date", "-tournament_id")
    )
    for pk, tid, name, day in entries:
        out[pk].append(EventLink("turnier", tid, name, day.strftime("%d.%m.%Y")))
    teams = Team.objects.filter(roster__in=ids).values_list(
        "roster", "league_id", "league__name", "league__season"
    )
    for pk, lid, name, season in teams.order_by("-league__season", "-league_id"):
        out[pk].append(EventLink("liga", lid, name, str(season)))
    return out


def _closed_tournaments(reader: Reader) -> QuerySet[Tournament, Any]:
    return Tournament.objects.filter(tournaments_closed_to(reader)).values("pk")


@dataclass(frozen=True)
class HeadToHead:
    first: str
    second: str
    first_pk: int
    second_pk: int
    lists: int  # lists both played in, readable to the reader
    games: int  # games both played
    together: int  # games as partners
    together_won: int
    against: int  # games on opposite sides
    first_won: int  # of those, won by the first
    second_won: int


def head_to_head(first: Player, second: Player, *, reader: Reader) -> HeadToHead:
    """Games of two players in the lists both sat in (that ``reader`` may read): as partners
    (their points that game have the same sign) and as opponents (opposite signs), with the
    wins. Paper totals and penalty rows are no games; a game worth 0 is neither won nor
    lost and counts only as played. 3 queries."""
    shared = (
        Seat.objects.filter(player=first)
        .filter(spielliste__in=Seat.objects.filter(player=second).values("spielliste"))
        .exclude(spielliste__in=_closed_lists(reader))
        .exclude(spielliste__placement__rehearsal=True)  # a Probelauf counts nowhere
        .values_list("spielliste", flat=True)
        .distinct()
    )
    lists = list(shared)
    points: dict[int, dict[int, int]] = defaultdict(dict)
    lines = ScoreLine.objects.filter(
        spielliste__in=lists, player__in=[first.pk, second.pk], game__isnull=False
    ).values_list("game_id", "player_id", "points")
    for game_id, player, value in lines:
        points[game_id][player] = value
    games = together = together_won = against = first_won = second_won = 0
    for game in points.values():
        if first.pk not in game or second.pk not in game:
            continue  # one of them sat out (a five-player table)
        games += 1
        a, b = game[first.pk], game[second.pk]
        if a == 0 or b == 0:
            continue  # a game worth nothing: played, neither side won
        if (a > 0) == (b > 0):
            together += 1
            together_won += a > 0
        else:
            against += 1
            first_won += a > 0
            second_won += b > 0
    return HeadToHead(
        first=_shown(first, reader),
        second=_shown(second, reader),
        first_pk=first.pk,
        second_pk=second.pk,
        lists=len(lists),
        games=games,
        together=together,
        together_won=together_won,
        against=against,
        first_won=first_won,
        second_won=second_won,
    )


def _closed_lists(reader: Reader) -> QuerySet[Spielliste, Any]:
    return Spielliste.objects.filter(lists_closed_to(reader)).values("pk")


def _shown(player: Player, reader: Reader) -> str:
    if player.hide_name and not _reveals(reader, player.pk):
        return player.public_alias
    return player.name
