"""Export and erase one person's data (DSGVO Art. 15 and 17).

Erasure pseudonymises: the player record keeps its id (lists, standings and penalty rows
point at it) but loses name, club and DDV number; every seat he had takes the pseudonym,
and his old names are replaced in the history's before/after data. Points and standings
stay exactly as they were, so nobody else's results change.

This module knows no app's rows: each app registers a privacy section
(``league.core.sections.PrivacySection``) that exports and pseudonymises its own; here they
are run in order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db import transaction

from league.core.audit import User, audit_record
from league.core.history import history_pseudonymise
from league.core.sections import Erasure, privacy_sections

if TYPE_CHECKING:
    from league.clubs.models import Player


def pseudonym(player: Player) -> str:
    return f"Gelöscht {player.pk}"


def player_export(*, player: Player) -> dict[str, Any]:
    """Everything stored about ``player``, as JSON-ready data (each section's part)."""
    out: dict[str, Any] = {}
    for section in privacy_sections():
        if section.export is not None:
            section.export(player.pk, out)
    return out


@transaction.atomic
def player_forget(*, player: Player, user: User = None) -> Player:
    """Pseudonymise ``player`` everywhere; results stay as they are."""
    erasure = Erasure(player.pk, pseudonym(player))
    sections = privacy_sections()
    for section in sections:  # locks, and every name he appears under
        if section.prepare is not None:
            section.prepare(erasure)
    for section in sections:
        if section.forget is not None:
            section.forget(erasure)
    history_pseudonymise(erasure.history, erasure.names, erasure.pseudonym)
    player.refresh_from_db()
    # The entry says that, not who: it carries no name.
    audit_record(user=user, action="forget", target=player)
    return player
