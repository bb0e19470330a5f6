"""The accounts app's refusal texts: code → German msgid (English in this app's ``locale/``).

Registered with ``league.core.messages`` from the app's ``AppConfig.ready``.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_noop

MESSAGES: Mapping[str, str] = {
    # roles
    "account_unknown": gettext_noop(
        "Kein (eindeutiges) Konto „{who}“. Bitte Benutzernamen oder E-Mail-Adresse eines "
        "bestehenden Kontos angeben."
    ),
    "already_organiser": gettext_noop("{who} gehört schon zur Turnierleitung."),
    "not_organiser": gettext_noop("Dieses Konto gehört nicht zur Turnierleitung."),
    "last_organiser": gettext_noop("Ein Turnier braucht mindestens eine Turnierleitung."),
    "already_manager": gettext_noop("{who} verwaltet den Verein schon."),
    "not_manager": gettext_noop("Dieses Konto verwaltet den Verein nicht."),
    "last_manager": gettext_noop("Ein Verein braucht mindestens eine Vereinsverwaltung."),
    "mail_failed": gettext_noop(
        "Die E-Mail konnte nicht verschickt werden; bitte später noch einmal versuchen."
    ),
    "invalid_email": gettext_noop("„{email}“ ist keine gültige E-Mail-Adresse."),
    "invitation_invalid": gettext_noop(
        "Diese Einladung gilt nicht (mehr): schon angenommen, abgelaufen oder unbekannt."
    ),
    "username_taken": gettext_noop("Den Benutzernamen „{name}“ gibt es schon."),
    "confirmation_invalid": gettext_noop(
        "Dieser Bestätigungslink gilt nicht (mehr): schon benutzt, abgelaufen oder unvollständig."
    ),
    "already_league_organiser": gettext_noop("{who} gehört schon zur Ligaleitung."),
    "not_league_organiser": gettext_noop("Dieses Konto gehört nicht zur Ligaleitung."),
    "last_league_organiser": gettext_noop("Eine Liga braucht mindestens eine Ligaleitung."),
    "already_captain": gettext_noop("{who} ist schon Mannschaftsführer."),
    "throttled": gettext_noop("Zu viele Anfragen. Bitte in {wait} Sekunden wieder versuchen."),
}
