"""The Kasse of a list (statistics.md "The Kasse"): the rate in cents per point it plays
for. Only lists that play their own rules — free lists and club evenings — have one;
tournament and league lists play the TSR and never play for money (issue 25)."""

from __future__ import annotations

from django.db import transaction

from league.clubs.models import KASSE_CENT_MAX
from league.clubs.services import check_kasse_rate
from league.core.audit import User, audit_field_set
from league.core.errors import ServiceError
from league.lists.models import Spielliste
from league.lists.owners import owner_of
from league.lists.services.context import lock


def kasse_allowed(liste: Spielliste) -> bool:
    """May ``liste`` have a Kasse (it plays its own rules: a free or a club list)?"""
    owner = owner_of(liste)
    return owner is None or owner.own_rules


__all__ = ["KASSE_CENT_MAX", "check_kasse_rate", "kasse_allowed", "spielliste_set_kasse"]


@transaction.atomic
def spielliste_set_kasse(
    *, spielliste: Spielliste, cent: int | None, user: User = None
) -> Spielliste:
    """Play ``liste`` for ``cent`` per point (None: not for money). Refused for
    tournament and league lists and for a frozen list."""
    liste = lock(spielliste)
    if not kasse_allowed(liste):
        raise ServiceError("kasse_not_here", field="kasse_cent")
    if liste.frozen:
        raise ServiceError("round_closed")
    check_kasse_rate(cent)
    audit_field_set(liste, "kasse_cent", cent, user=user, action="kasse")
    spielliste.kasse_cent = cent
    return liste
