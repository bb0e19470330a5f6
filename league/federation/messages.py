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
    "federation_no_address": gettext_noop(
        "Die Adresse der Verbandsseite ist noch nicht eingetragen (Veranstaltung → Verbandsseite)."
    ),
    "federation_address_long": gettext_noop("Die Adresse ist länger als 200 Zeichen."),
    "federation_token_bad": gettext_noop(
        "Ein Token hat keine Leerzeichen und höchstens 200 Zeichen."
    ),
    "federation_unreachable": gettext_noop(
        "Die Verbandsseite ist nicht erreichbar ({reason}). Dort ist nichts geändert; "
        "später noch einmal versuchen."
    ),
    "federation_timeout": gettext_noop(
        "Die Verbandsseite hat nicht binnen {seconds} Sekunden geantwortet. Vielleicht hat sie "
        "die Übertragung trotzdem übernommen; noch einmal versuchen schadet nicht."
    ),
    "federation_refused": gettext_noop("Die Verbandsseite lehnt ab ({status}): {message}"),
    "assignment_missing": gettext_noop("Diese Zuordnung gibt es nicht (mehr)."),
    "assignment_decided": gettext_noop("„{name}“ ist schon zugeordnet."),
    "assignment_not_candidate": gettext_noop("Bitte einen der vorgeschlagenen Spieler wählen."),
    "assignment_elsewhere": gettext_noop(
        "„{name}“ hat hier schon weitere Turniere: bitte über „Doppelte zusammenführen“ "
        "auf der Spielerseite entscheiden."
    ),
    "rehearsal_not_published": gettext_noop(
        "Ein Probelauf wird nicht an die Verbandsseite übertragen."
    ),
}
