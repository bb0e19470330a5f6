"""The rankings app's refusal texts: code → German msgid (English in this app's ``locale/``).

Registered with ``league.core.messages`` from the app's ``AppConfig.ready``.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_noop

MESSAGES: Mapping[str, str] = {
    "merge_same_player": gettext_noop(
        "Ein Spieler kann nicht mit sich selbst zusammengeführt werden."
    ),
    "merge_ddv_conflict": gettext_noop(
        "Die Spieler haben verschiedene DDV-Nummern ({first} und {second}): das sind zwei Personen."
    ),
    "merge_both_accounts": gettext_noop(
        "Beide Spieler sind mit einem Konto verbunden; zuerst eine Verbindung lösen."
    ),
    "merge_conflict": gettext_noop(
        "Die Spieler lassen sich nicht zusammenführen: ein Eintrag bestünde doppelt."
    ),
}
