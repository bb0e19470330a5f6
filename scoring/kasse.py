"""The Kasse: playing for money at a rate in cents per point (statistics.md "The Kasse").

Each player's balance is his list total — the Stand, penalty rows included — times the
rate. Game rows are zero-sum; a deduction for unsporting conduct (TSR 9.7.2 b) is not: what
the balances sum to below zero is owed to the **pot** (the club's or table's Kasse), a payee
written as ``None`` (JSON ``null``).

Settlement (``settle``): repeatedly the one who owes the most pays the one who is owed the
most the smaller of the two amounts, until every balance is zero. Ties by name in
code-point order, first; the pot after every player. Each payment zeroes at least one of
the two and the last zeroes both, so there are at most (players + pot − 1) payments, each
a positive number of cents.

    kasse(state, cent)            a replayed list's balances, pot and payments
    kasse_of_totals(totals, cent) the same from totals (e.g. a season's evenings added up)
    settle(cents, pot)            the payments that settle balances in cents

- **Decision** (an open list): the Kasse is the Stand so far — the list shows it while
  playing (issue 25); the payments of a list still being played are what would be paid
  if it closed now.
- **Decision** (a sum above zero): a list whose totals sum above zero cannot come from the
  round machine (every penalty row but 9.7.2 b is zero-sum); ``settle`` refuses it with a
  ``ValueError`` (a programming error, not bad input).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scoring.errors import ScoringError
from scoring.round import RoundState


class KasseError(ScoringError):
    """A Kasse that cannot be made: a rate that is not a positive integer (``field``
    ``cent``)."""


@dataclass(frozen=True, slots=True)
class Balance:
    """One player's Stand in points and what it is worth in cents (negative: he pays)."""

    player: str
    points: int
    cents: int


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` pays ``payee`` (None: the pot) ``cents`` (always > 0)."""

    payer: str
    payee: str | None
    cents: int


@dataclass(frozen=True, slots=True)
class Kasse:
    """Balances in the order given (a list's: seat order), the pot (0 or more cents) and
    the payments that settle them."""

    cent: int
    balances: tuple[Balance, ...]
    pot: int
    payments: tuple[Payment, ...]


def check_rate(cent: object) -> int:
    """The rate in cents per point: a positive integer, else ``KasseError``."""
    if type(cent) is not int or cent < 1:
        raise KasseError("kasse_invalid_rate", field="cent")
    return cent


def settle(cents: Mapping[str, int], pot: int = 0) -> tuple[Payment, ...]:
    """The payments that bring every balance in ``cents`` (player -> cents, negative: he
    owes) and the ``pot`` (cents owed to it, 0 or more) to zero, by the spec's rule:
    the largest debtor pays the largest creditor the smaller amount; ties by name in
    code-point order, the pot after every player."""
    if pot < 0 or sum(cents.values()) + pot != 0:
        raise ValueError("balances and pot must sum to zero, the pot owed 0 or more")
    owes = {name: -c for name, c in cents.items() if c < 0}
    owed: dict[str | None, int] = {name: c for name, c in cents.items() if c > 0}
    if pot:
        owed[None] = pot
    payments: list[Payment] = []
    while owes:
        payer = min(owes, key=lambda name: (-owes[name], name))
        payee = min(owed, key=lambda name: (-owed[name], name is None, name or ""))
        amount = min(owes[payer], owed[payee])
        payments.append(Payment(payer, payee, amount))
        owes[payer] -= amount
        if not owes[payer]:
            del owes[payer]
        owed[payee] -= amount
        if not owed[payee]:
            del owed[payee]
    return tuple(payments)


def kasse_of_totals(totals: Mapping[str, int], cent: int) -> Kasse:
    """The Kasse of players' totals in points (in the order given) at ``cent`` per point."""
    rate = check_rate(cent)
    balances = tuple(Balance(name, points, points * rate) for name, points in totals.items())
    pot = max(0, -sum(b.cents for b in balances))
    payments = settle({b.player: b.cents for b in balances}, pot)
    return Kasse(cent=rate, balances=balances, pot=pot, payments=payments)


def kasse(state: RoundState, cent: int) -> Kasse:
    """A replayed list's Kasse: each seat's Stand (penalty rows included) × ``cent``,
    balances in seat order."""
    return kasse_of_totals({name: state.totals[name] for name in state.seats}, cent)
