"""The backup app's refusal texts: code → German msgid (English in this app's ``locale/``).

Registered with ``league.core.messages`` from the app's ``AppConfig.ready``.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_noop

MESSAGES: Mapping[str, str] = {
    "backup_unreadable": gettext_noop("{file}: {error}"),
    "backup_not_json": gettext_noop("{file}: kein gültiges JSON ({error})"),
    "backup_refused": gettext_noop("{count} Fehler: nichts importiert."),
    "backup_season_needs_club": gettext_noop("--season geht nur zusammen mit --club."),
    "backup_scope_missing": gettext_noop("{place} gibt es nicht."),
    "backup_not_json_object": gettext_noop("Die Datei ist kein JSON-Objekt."),
    "backup_wrong_format": gettext_noop("Keine Sicherung dieser Anwendung (format ≠ {expected})."),
    "backup_wrong_version": gettext_noop(
        "Formatversion {version} wird nicht unterstützt (erwartet {expected})."
    ),
    "backup_shape": gettext_noop("Aufbau der Datei fehlerhaft: {error}"),
    "backup_database": gettext_noop("Die Datenbank lehnt einen Eintrag ab: {error}"),
    "backup_nul": gettext_noop("Text mit NUL-Zeichen"),
    "backup_not_finite": gettext_noop("keine endliche Zahl"),
    "backup_too_big": gettext_noop("Zahl zu groß"),
    "backup_surrogate": gettext_noop("Text mit einem einzelnen Ersatzzeichen (kein Unicode)"),
}
