"""The Kasse of a list as shown (statistics.md "The Kasse"): each player's balance in
euros while playing and, once the list is over, who pays whom — the engine's
``scoring.kasse`` over the list's Stand; a page, the PDF and the API show the same.

- **Decision** (when the payments show): once the list is over — complete, ended by the
  keeper (``games: open``), ended early or frozen by its owner. Before, the balances only:
  the Stand can still change.
- **Decision** (a list from paper): its totals are its Stand, so its Kasse is theirs.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.utils.formats import number_format

from league.lists.selectors import ListeSnapshot
from scoring.kasse import Kasse, kasse_of_totals


def euro_text(cents: int) -> str:
    """Cents in euros as shown: "1,20 €", "-0,45 €" (the active locale's decimals)."""
    return f"{number_format(Decimal(cents) / 100, 2)} €"


@dataclass(frozen=True)
class KasseLine:
    name: str
    points: int
    cents: int

    @property
    def euros(self) -> str:
        return euro_text(self.cents)


@dataclass(frozen=True)
class KassePayment:
    payer: str
    payee: str | None  # None: the pot
    cents: int

    @property
    def euros(self) -> str:
        return euro_text(self.cents)


@dataclass(frozen=True)
class KasseView:
    cent: int
    balances: tuple[KasseLine, ...]
    pot: int
    payments: tuple[KassePayment, ...]
    settled: bool  # the list is over: the payments are due

    @property
    def pot_euros(self) -> str:
        return euro_text(self.pot)

    @property
    def rate_euros(self) -> str:
        return euro_text(self.cent)


def list_totals(snap: ListeSnapshot) -> dict[str, int] | None:
    """Each seat's Stand (penalty rows included), in seat order; a paper list's totals;
    None when the list has neither."""
    if snap.state is not None:
        return {name: snap.state.totals[name] for name in snap.state.seats}
    if snap.liste.totals_only:
        totals = {s.player_id: 0 for s in snap.seats}
        for line in snap.liste.lines.all():
            totals[line.player_id] = totals.get(line.player_id, 0) + line.points
        return {s.name: totals[s.player_id] for s in snap.seats}
    return None


def kasse_view(snap: ListeSnapshot) -> KasseView | None:
    """The list's Kasse (None: it plays for no money)."""
    liste = snap.liste
    if not liste.kasse_cent:
        return None
    totals = list_totals(snap)
    if totals is None:
        return None
    k: Kasse = kasse_of_totals(totals, liste.kasse_cent)
    complete = snap.state.complete if snap.state is not None else liste.complete
    return KasseView(
        cent=k.cent,
        balances=tuple(KasseLine(b.player, b.points, b.cents) for b in k.balances),
        pot=k.pot,
        payments=tuple(KassePayment(p.payer, p.payee, p.cents) for p in k.payments),
        settled=bool(complete or liste.closed or liste.ended_early or liste.frozen),
    )
