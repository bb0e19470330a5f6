"""The federation app's refusal texts: code → German msgid (English in this app's ``locale/``).

Registered with ``league.core.messages`` from the app's ``AppConfig.ready``.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_noop

MESSAGES: Mapping[str, str] = {
    "register_not_json": gettext_noop("Die Antwort ist kein JSON."),
    "publication_not_tournament": gettext_noop(
        "Erwartet wird die Sicherung genau eines Turniers (manage.py export --tournament)."
    ),
    "publication_uid_mismatch": gettext_noop(
        "Die Sicherung gehört zu einem anderen Turnier als {uid}."
    ),
    "publication_invalid": gettext_noop(
        "Die Veröffentlichung wurde nicht übernommen ({count} Fehler), zuerst: {first}"
    ),
    "register_no_page": gettext_noop("Die Antwort ist keine Seite des Spielerregisters."),
    "register_bad_address": gettext_noop("Die Adresse beginnt nicht mit http:// oder https://."),
}
