"""Reads of the Spielstärke (rating.md "What players see"): the list of every player with
at least ``PROVISIONAL_BELOW`` rated lists, and one player's figure with its history.

A player who asked not to be named keeps his figure, but only his own account and staff
see it; the history's points of lists a reader may not read (members-only events, a
silent round) are left out for him — the figure itself is public (rating.md "Privacy").
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Exists, OuterRef, Q, QuerySet

from league.clubs.models import Player
from league.lists.access import lists_closed_to
from league.lists.models import PlayerRating, RatingStep, Spielliste
from scoring.rating import NEWCOMER, PROVISIONAL_BELOW

PAGE_ROWS = 200
"""Rows of the Spielstärke list a page (a national list has thousands)."""


@dataclass(frozen=True)
class StrengthRow:
    rank: int
    player_id: int
    name: str
    club: str
    rating: int
    mu: float
    sigma: float
    lists: int


def _viewer_sees_hidden(reader: User | AnonymousUser) -> bool:
    return bool(reader.is_authenticated and reader.is_staff)


_ROW = ("player_id", "player__name", "player__club__name", "rating", "mu", "sigma", "lists")


def _listed(
    reader: User | AnonymousUser, club_id: int | None, landesverband: str
) -> QuerySet[PlayerRating, tuple[int, str, str | None, int, float, float, int]]:
    rows = PlayerRating.objects.filter(lists__gte=PROVISIONAL_BELOW)
    if club_id is not None:
        rows = rows.filter(player__club_id=club_id)
    if landesverband:
        rows = rows.filter(player__club__landesverband=landesverband)
    if not _viewer_sees_hidden(reader):
        own = Q(player__account_id=reader.pk) if reader.is_authenticated else Q(pk__in=[])
        rows = rows.filter(Q(player__hide_name=False) | own)
    return rows.order_by("-rating", "-mu", "player__name").values_list(*_ROW)


def _rows(
    values: Iterable[tuple[int, str, str | None, int, float, float, int]], first: int
) -> list[StrengthRow]:
    return [
        StrengthRow(rank, pid, name, club or "", rating, mu, sigma, lists)
        for rank, (pid, name, club, rating, mu, sigma, lists) in enumerate(values, start=first)
    ]


def strength_rows(
    *, reader: User | AnonymousUser, club_id: int | None = None, landesverband: str = ""
) -> list[StrengthRow]:
    """Every player with at least ``PROVISIONAL_BELOW`` rated lists, by figure, then μ,
    then name, of one club or Landesverband if given; hidden players only for staff and
    themselves (one query)."""
    return _rows(_listed(reader, club_id, landesverband), 1)


@dataclass(frozen=True)
class StrengthPage:
    rows: list[StrengthRow]
    count: int  # rows of the whole list
    page: int  # 1 …
    pages: int


def strength_page(
    *,
    reader: User | AnonymousUser,
    page: int,
    club_id: int | None = None,
    landesverband: str = "",
) -> StrengthPage:
    """One page of ``PAGE_ROWS`` of ``strength_rows`` (a page past the last: the last),
    its places counted over the whole list. Two queries, whatever the list's length."""
    listed = _listed(reader, club_id, landesverband)
    count = listed.count()
    pages = max(1, -(-count // PAGE_ROWS))
    page = min(max(page, 1), pages)
    first = (page - 1) * PAGE_ROWS
    return StrengthPage(_rows(listed[first : first + PAGE_ROWS], first + 1), count, page, pages)


@dataclass(frozen=True)
class StrengthPoint:
    day: dt.date
    rating: int
    list_id: int


@dataclass(frozen=True)
class PlayerStrength:
    rating: int
    mu: float
    sigma: float
    lists: int
    provisional: bool
    history: tuple[StrengthPoint, ...]


def player_strength(*, player: Player, reader: User | AnonymousUser) -> PlayerStrength | None:
    """His figure and its history (one point a rated list the reader may read: a
    members-only event's lists, their figures and dates only for its readers; the figure
    itself is public), or None when a hidden player is read by someone else. Two queries
    (one for a player without a rated list)."""
    own = reader.is_authenticated and (reader.is_staff or player.account_id == reader.pk)
    if player.hide_name and not own:
        return None
    current = PlayerRating.objects.filter(player=player).first()
    if current is None:
        return PlayerStrength(NEWCOMER.rating, NEWCOMER.mu, NEWCOMER.sigma, 0, True, ())
    closed = Spielliste.objects.filter(pk=OuterRef("spielliste_id")).filter(lists_closed_to(reader))
    steps = (
        RatingStep.objects.filter(player=player)
        .annotate(closed=Exists(closed))
        .order_by("day", "kind", "event_id", "number", "table", "spielliste_id")
        .values_list("day", "rating", "spielliste_id", "closed")
    )
    history = tuple(
        StrengthPoint(day, rating, liste) for day, rating, liste, shut in steps if not shut
    )
    return PlayerStrength(
        current.rating,
        current.mu,
        current.sigma,
        current.lists,
        current.lists < PROVISIONAL_BELOW,
        history,
    )
