"""A club season table (competitions.md "Clubs").

Glossary:
    Saison          a club's season, by default the calendar year.
    Vereinsabend    a club evening: one date, one or more tables, each an ordinary
                    Spielliste of the club.
    Schnitt         points per list (24-game lists) or per game (open-ended house-rule
                    lists), each with a minimum number of lists / games to be ranked.
    beste N         the sum of a member's best N lists.
    Anwesenheit     attendance: the evenings a member played of the evenings held.

Rules as implemented:
- Modes (``SeasonMode``): ``total`` (all points), ``schnitt_liste`` (points ÷ lists, at
  least ``minimum`` lists), ``schnitt_spiel`` (points ÷ games, at least ``minimum``
  games), ``best_n`` (the best ``best_n`` lists; a member with fewer lists counts what he
  has). Averages are exact (``Fraction``) and shown rounded half away from zero.
- Shared ranks are standard competition ranking (1, 2, 2, 4), rows of one rank by name
  (case-insensitive). **Decision**: members below the minimum are listed after the ranked
  ones, without a rank, by the same value, so that everybody sees how far he is.
- Attendance: the number of distinct evenings a member played at (a list belongs to one
  evening), of the evenings of the season held.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from scoring.errors import SeasonError as SeasonError  # exported
from scoring.rangliste import shared_ranks


class SeasonMode(StrEnum):
    TOTAL = "total"
    SCHNITT_LISTE = "schnitt_liste"
    SCHNITT_SPIEL = "schnitt_spiel"
    BEST_N = "best_n"


@dataclass(frozen=True, slots=True)
class SeasonSettings:
    mode: SeasonMode = SeasonMode.TOTAL
    minimum: int = 1  # lists (schnitt_liste) or games (schnitt_spiel)
    best_n: int = 10


def season_settings(mode: str, *, minimum: int = 1, best_n: int = 10) -> SeasonSettings:
    """Checked settings; ``SeasonError`` for an unknown mode or a number below 1."""
    try:
        parsed = SeasonMode(mode)
    except ValueError:
        allowed = ", ".join(m.value for m in SeasonMode)
        raise SeasonError("season_invalid_mode", {"allowed": allowed}, field="mode") from None
    for name, value in (("minimum", minimum), ("best_n", best_n)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise SeasonError("season_invalid_number", {"name": name}, field=name)
    return SeasonSettings(parsed, minimum, best_n)


@dataclass(frozen=True, slots=True)
class MemberList:
    """One member's result in one list of the season."""

    player: str  # a stable key (the site: the player's id)
    name: str
    liste: str
    evening: str
    points: int
    games: int


@dataclass(frozen=True, slots=True)
class SeasonRow:
    rank: int | None  # None: below the minimum
    player: str
    name: str
    lists: int
    games: int
    points: int
    value: Fraction  # what ranks: total, Schnitt or the best N lists' sum
    evenings: int  # attendance


@dataclass(frozen=True, slots=True)
class SeasonTable:
    settings: SeasonSettings
    evenings: int
    rows: tuple[SeasonRow, ...]


def season_table(
    results: Iterable[MemberList], settings: SeasonSettings, *, evenings: int | None = None
) -> SeasonTable:
    """The season table; ``evenings`` held defaults to the evenings in ``results``."""
    per: dict[str, list[MemberList]] = {}
    held: set[str] = set()
    for r in results:
        per.setdefault(r.player, []).append(r)
        held.add(r.evening)
    ranked: list[SeasonRow] = []
    below: list[SeasonRow] = []
    for player, lists in per.items():
        points = sum(r.points for r in lists)
        games = sum(r.games for r in lists)
        qualified = True
        if settings.mode is SeasonMode.TOTAL:
            value = Fraction(points)
        elif settings.mode is SeasonMode.SCHNITT_LISTE:
            value = Fraction(points, len(lists))
            qualified = len(lists) >= settings.minimum
        elif settings.mode is SeasonMode.SCHNITT_SPIEL:
            value = Fraction(points, games) if games else Fraction(0)
            qualified = games >= settings.minimum and games > 0
        else:
            best = sorted((r.points for r in lists), reverse=True)[: settings.best_n]
            value = Fraction(sum(best))
        row = SeasonRow(
            rank=None,
            player=player,
            name=lists[0].name,
            lists=len(lists),
            games=games,
            points=points,
            value=value,
            evenings=len({r.evening for r in lists}),
        )
        (ranked if qualified else below).append(row)

    def order(row: SeasonRow) -> tuple[Fraction, str, str, str]:
        # Namesakes keep one order whatever the input's: the player key last.
        return (-row.value, row.name.casefold(), row.name, row.player)

    ranked.sort(key=order)
    below.sort(key=order)
    ranks = shared_ranks([row.value for row in ranked])
    rows = tuple(
        SeasonRow(rank, r.player, r.name, r.lists, r.games, r.points, r.value, r.evenings)
        for rank, r in zip(ranks, ranked, strict=True)
    ) + tuple(below)
    return SeasonTable(settings, len(held) if evenings is None else evenings, rows)
