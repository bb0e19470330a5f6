"""The clubs app's refusal texts: code → German msgid (English in this app's ``locale/``).

Registered with ``league.core.messages`` from the app's ``AppConfig.ready``.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_noop

MESSAGES: Mapping[str, str] = {
    # lists
    "player_name_missing": gettext_noop("Jeder Spieler braucht einen Namen."),
    "claim_own": gettext_noop("Die eigene Anfrage bestätigt jemand anderes."),
    "player_linked_elsewhere": gettext_noop("{name} ist schon mit einem anderen Konto verbunden."),
    "account_linked_elsewhere": gettext_noop("Dieses Konto ist schon mit einem Spieler verbunden."),
    # clubs
    "value_too_long": gettext_noop("Zu lang: höchstens {max} Zeichen."),
    "club_name_missing": gettext_noop("Der Verein braucht einen Namen."),
    "club_name_taken": gettext_noop("Einen Verein „{name}“ gibt es schon."),
    "ddv_number_taken": gettext_noop("Die DDV-Nummer {number} ist schon vergeben."),
    "backup_duplicate": gettext_noop("doppelt"),
    "backup_club_missing": gettext_noop("Verein {id} fehlt in der Datei"),
    "backup_ddv_twice": gettext_noop("DDV-Nummer {number} doppelt"),
    # bad input (issue 21)
    "ddv_number_invalid": gettext_noop(
        "„{number}“ ist keine gültige DDV-Nummer: nur Ziffern, ohne Leerzeichen."
    ),
    "kasse_rate_range": gettext_noop("Cent je Punkt: eine ganze Zahl von 1 bis {max}."),
    "player_maybe_known": gettext_noop(
        "Zu „{name}“ gibt es schon ähnliche Spieler. Bitte wählen: einer von ihnen, oder "
        "„Neu anlegen“ für eine andere Person."
    ),
    "person_not_offered": gettext_noop(
        "Der Spieler {id} passt nicht zu diesem Namen; bitte einen der angebotenen wählen."
    ),
}
