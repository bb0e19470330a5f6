"""The settings page's history: every change of the tournament's settings (one query)."""

from __future__ import annotations

from league.core.models import AuditEntry
from league.lists.history import ChangeLine, change_lines
from league.tournaments.models import Tournament

# The history actions of the tournament's own settings (services.changes, the admin's
# update, continuing unofficially, silent rounds).
SETTINGS_ACTIONS = (
    "update",
    "unofficial",
    "silent",
    "set_name",
    "set_date",
    "set_venue",
    "set_rounds",
    "set_tie_breaks",
    "set_round_minutes",
    "unset_round_minutes",
    "double_entry_on",
    "double_entry_off",
    "separate_clubs_on",
    "separate_clubs_off",
    "members_only_on",
    "members_only_off",
)


def settings_history(*, tournament: Tournament, limit: int = 50) -> list[ChangeLine]:
    """The newest changes of the tournament's settings first."""
    entries = AuditEntry.objects.filter(
        target="tournaments.tournament", target_id=tournament.pk, action__in=SETTINGS_ACTIONS
    ).order_by("-at", "-pk")[:limit]
    return change_lines(entries)
