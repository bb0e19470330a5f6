"""The evenings app's refusal texts: code → German msgid (English in this app's ``locale/``).

Registered with ``league.core.messages`` from the app's ``AppConfig.ready``.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_noop

MESSAGES: Mapping[str, str] = {
    # club seasons, Rangliste, player merge (competitions.md "Clubs", "Ranking list")
    "season_invalid_month": gettext_noop("Der Saisonbeginn ist ein Monat von 1 bis 12."),
    "evening_table_size": gettext_noop("Tisch {number}: ein Tisch hat 4 oder 5 Spieler."),
    "backup_season_month": gettext_noop("Saisonbeginn ungültig"),
}
