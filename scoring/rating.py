"""The Spielstärke: a playing-strength rating from every rated list (rating.md).

Glossary:
    Spielstärke   the shown figure, ``floor(1000 + 40 × (μ − 3σ) + 0.5)``; a newcomer shows 1000
    μ, σ          the model's estimate of a player's strength and its uncertainty
    rated list    one list that counts (rating.md "Which lists are rated"): one match
    vorläufig     fewer than ``PROVISIONAL_BELOW`` rated lists: shown with that word, left
                  out of the Spielstärke list

Decision (rating.md "Model"): the Weng–Lin Bayesian rating with the Plackett–Luce model as
the ``openskill`` package implements it, with its default parameters (μ₀ 25, σ₀ 25/3,
β 25/6, κ 0.0001, τ 25/300; no sigma limit, no balance). The model is the package's, never
re-implemented here: this module only orders the lists, ranks each table by its totals and
keeps every player's state.

Which lists count is the site's question (owners, substitutions, club settings); this module
rates the lists it is given, checked for what a list must be to be rated at all (4 or 5
players, each once).
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from openskill.models import PlackettLuce, PlackettLuceRating

from scoring.errors import RatingError

P = TypeVar("P", bound=Hashable)
"""A player's key: a name in the CLI, a record's id on the site."""

PROVISIONAL_BELOW = 10
"""Fewer rated lists than this: the figure is provisional (rating.md "Model")."""

SEATS = (4, 5)
"""A rated list has 4 or 5 seats (rating.md "Which lists are rated")."""

MODEL = PlackettLuce()
"""The package's model with its default parameters (Decision: no options)."""

MU0: float = MODEL.mu
SIGMA0: float = MODEL.sigma

OrderKey = tuple[str, int, int, int, int]
"""Where a list stands: event kind, event id, round or Spieltag, table, list id."""


def figure(mu: float, sigma: float) -> int:
    """The Spielstärke of a state: ``floor(1000 + 40 × (μ − 3σ) + 0.5)`` (rating.md)."""
    return math.floor(1000 + 40 * (mu - 3 * sigma) + 0.5)


@dataclass(frozen=True)
class Skill:
    """A player's state after his rated lists (μ₀, σ₀ and 0 lists before the first)."""

    mu: float = MU0
    sigma: float = SIGMA0
    lists: int = 0

    @property
    def rating(self) -> int:
        return figure(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.lists < PROVISIONAL_BELOW


NEWCOMER = Skill()


@dataclass(frozen=True)
class RatedList(Generic[P]):
    """One rated list: its totals in seat order (the "Stand", penalty rows included; a
    paper list's typed totals). ``order`` places it among lists of one date; without it the
    ``key`` does."""

    key: str
    date: dt.date
    totals: tuple[tuple[P, int], ...]
    order: OrderKey | None = None

    def __post_init__(self) -> None:
        players = [player for player, _ in self.totals]
        if len(players) not in SEATS:
            raise RatingError("rating_seats", {"count": len(players)}, field="totals")
        if len(set(players)) != len(players):
            twice = next(p for p in players if players.count(p) > 1)
            raise RatingError("rating_player_twice", {"name": str(twice)}, field="totals")

    @property
    def sort_key(self) -> tuple[dt.date, tuple[int, OrderKey | tuple[()]], str]:
        """Date, then ``order`` (lists without one after those with one), then key."""
        return (self.date, (0, self.order) if self.order is not None else (1, ()), self.key)

    def ranks(self) -> list[int]:
        """Rank = 1 + the players at the table with a strictly higher total (ties share)."""
        points = [total for _, total in self.totals]
        return [1 + sum(other > mine for other in points) for mine in points]


def in_order(lists: Iterable[RatedList[P]]) -> list[RatedList[P]]:
    """Rated lists in the order they are applied (rating.md "Order")."""
    return sorted(lists, key=lambda item: item.sort_key)


@dataclass(frozen=True)
class Step(Generic[P]):
    """One player's state after one list (a point of his history)."""

    key: str
    date: dt.date
    player: P
    before: Skill
    after: Skill


@dataclass
class Ratings(Generic[P]):
    """Every player's state, applied list by list (``apply``); ``skill`` of an unknown
    player is the newcomer's."""

    skills: dict[P, Skill] = field(default_factory=dict)

    def skill(self, player: P) -> Skill:
        return self.skills.get(player, NEWCOMER)

    def apply(self, rated: RatedList[P]) -> list[Step[P]]:
        """Rate one list (its players in seat order) and replace their states."""
        players = [player for player, _ in rated.totals]
        before = [self.skill(player) for player in players]
        teams = [[MODEL.rating(mu=skill.mu, sigma=skill.sigma)] for skill in before]
        ranks: list[float] = [float(rank) for rank in rated.ranks()]
        new_teams: list[list[PlackettLuceRating]] = MODEL.rate(teams, ranks=ranks)
        steps = []
        for player, old, (new,) in zip(players, before, new_teams, strict=True):
            after = Skill(mu=new.mu, sigma=new.sigma, lists=old.lists + 1)
            self.skills[player] = after
            steps.append(Step(rated.key, rated.date, player, old, after))
        return steps


def rate(
    lists: Iterable[RatedList[P]], *, start: Mapping[P, Skill] | None = None
) -> tuple[Ratings[P], list[Step[P]]]:
    """Every list applied in order, from ``start`` (the states before the first list; a
    rebuild from a date starts from the states on the day before). Returns the states and
    every step, in order."""
    ratings: Ratings[P] = Ratings(dict(start or {}))
    steps: list[Step[P]] = []
    for rated in in_order(lists):
        steps.extend(ratings.apply(rated))
    return ratings, steps


@dataclass(frozen=True)
class Expectation:
    """The model's expected placing of one player at a table (an estimate): ``rank`` as
    ``predict_rank`` gives it, ``probability`` its chance to win the list, ``shared`` how
    many seats the model places at that rank (it cannot tell them apart: equal states)."""

    rank: int
    probability: float
    shared: int = 1

    @property
    def last(self) -> int:
        """The worst place of a shared rank (``rank`` itself when not shared)."""
        return self.rank + self.shared - 1


def expected_placings(skills: Sequence[Skill]) -> list[Expectation]:
    """``predict_rank`` of the model for the players at a table, in seat order; equal
    states share a rank (an even table: every seat rank 1, ``shared`` the table)."""
    if len(skills) < 2:
        return [Expectation(1, 1.0) for _ in skills]
    teams = [[MODEL.rating(mu=skill.mu, sigma=skill.sigma)] for skill in skills]
    predicted = [(int(rank), float(p)) for rank, p in MODEL.predict_rank(teams)]
    ranks = [rank for rank, _ in predicted]
    return [Expectation(rank, p, ranks.count(rank)) for rank, p in predicted]


def ranking(ratings: Ratings[P], name: Mapping[P, str]) -> list[tuple[P, Skill]]:
    """Players by figure descending, then μ descending, then name (rating.md)."""
    return sorted(
        ratings.skills.items(),
        key=lambda item: (-item[1].rating, -item[1].mu, name[item[0]]),
    )
