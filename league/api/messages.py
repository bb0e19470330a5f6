"""The api app's refusal texts: code → German msgid (English in this app's ``locale/``).

Registered with ``league.core.messages`` from the app's ``AppConfig.ready``.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_noop

MESSAGES: Mapping[str, str] = {
    "redeal_not_a_game": gettext_noop(
        "„Neu gegeben“ ist kein Spiel und ersetzt keines; es wird gelöscht, nicht berichtigt."
    ),
    "paper_name_unknown": gettext_noop("{name} sitzt nicht an Tisch {table}."),
    # REST API (api.md "Conventions"): refusals of the API itself
    "not_authenticated": gettext_noop(
        "Anmeldung nötig: ein Token, eine Sitzung oder der Tisch-Code (X-Tisch-Code)."
    ),
    "authentication_failed": gettext_noop("Die Anmeldedaten sind ungültig."),
    "permission_denied": gettext_noop("Dafür fehlt die Berechtigung."),
    "csrf_failed": gettext_noop(
        "Die CSRF-Prüfung ist fehlgeschlagen: wer mit einer Sitzung schreibt, sendet das "
        "CSRF-Token mit."
    ),
    "table_code_wrong": gettext_noop("Dieser Tisch-Code gilt nicht (mehr) für diese Liste."),
    "table_code_blocked": gettext_noop(
        "Zu viele falsche Tisch-Codes. Bitte in {wait} Sekunden wieder versuchen."
    ),
    "method_not_allowed": gettext_noop("Die Methode {method} ist hier nicht erlaubt."),
    "malformed_json": gettext_noop("Der Inhalt ist kein gültiges JSON."),
    "unsupported_media_type": gettext_noop("Bitte JSON senden (Content-Type: application/json)."),
    "body_not_an_object": gettext_noop("Der Inhalt muss ein JSON-Objekt sein."),
    "body_too_large": gettext_noop("Die Anfrage ist zu groß (höchstens {kb} KB)."),
    "invalid_value": gettext_noop("Ungültiger Wert für „{name}“: {detail}"),
    "list_invalid": gettext_noop("Die gespeicherte Liste verstößt gegen die Regeln: {reason}"),
    "rules_unsupported": gettext_noop(
        "Unbekanntes Regelprofil; erlaubt: „tsr“, „verein-002“, „palast-003“."
    ),
    "club_unknown": gettext_noop("Den Verein {id} gibt es nicht."),
}
