"""The tournaments app's refusal texts: code → German msgid (English in this app's ``locale/``).

Registered with ``league.core.messages`` from the app's ``AppConfig.ready``.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_noop

MESSAGES: Mapping[str, str] = {
    "tournament_not_finished": gettext_noop(
        "Das Turnier ist noch nicht fertig: Runde {number} ist nicht abgeschlossen."
    ),
    "tournament_no_rounds": gettext_noop("Das Turnier hat noch keine abgeschlossene Runde."),
    "tournament_already_closed": gettext_noop("Das Turnier ist bereits abgeschlossen."),
    "tournament_not_closed": gettext_noop("Das Turnier ist nicht abgeschlossen."),
    "bundesland_missing": gettext_noop("Ein Ranglistenturnier braucht ein Bundesland."),
    "merge_same_tournament": gettext_noop(
        "Beide Spieler sind im selben Turnier „{name}“ gemeldet: das sind zwei Personen."
    ),
    # the participant's own page (issue 36)
    "self_withdrawn": gettext_noop("Du bist abgemeldet."),
    "self_tournament_closed": gettext_noop("Das Turnier ist abgeschlossen."),
    "self_nothing_to_confirm": gettext_noop(
        "Deine Liste wartet auf keine Bestätigung (noch nicht fertig oder schon bestätigt)."
    ),
    "self_check_in_drawn": gettext_noop("Du bist schon ausgelost: anmelden ist nicht mehr nötig."),
    "self_withdraw_drawn": gettext_noop(
        "Du bist in Runde {number} schon ausgelost (Tisch {table}): abmelden jetzt nur "
        "über die Turnierleitung."
    ),
    # tournaments
    "name_missing": gettext_noop("Der Name fehlt."),
    "invalid_rounds": gettext_noop("1 bis 20 Runden."),
    "already_registered": gettext_noop("{name} ist schon angemeldet."),
    "participant_namesake": gettext_noop(
        "{name} ist schon angemeldet: Startnummer {number}, Verein {club}. Eine andere "
        "Person gleichen Namens? Dann unten bestätigen."
    ),
    "round_open": gettext_noop("Runde {number} ist noch nicht abgeschlossen."),
    "all_rounds_drawn": gettext_noop("Alle {rounds} Runden sind gespielt."),
    "round_started": gettext_noop(
        "An dieser Runde wurde schon gespielt: sie kann nicht neu ausgelost werden."
    ),
    "round_incomplete": gettext_noop("Noch nicht fertig: Tisch {tables}. Erst dann abschließen."),
    "round_not_closed": gettext_noop("Die Runde ist nicht abgeschlossen."),
    "round_already_closed": gettext_noop("Die Runde ist bereits abgeschlossen."),
    "rounds_below_drawn": gettext_noop("Es sind schon {drawn} Runden ausgelost."),
    "import_line_refused": gettext_noop("Zeile {line}: {reason}"),
    "paper_table_refused": gettext_noop("Tisch {table}: {reason}"),
    "paper_table_unknown": gettext_noop("Einen Tisch {table} gibt es in dieser Runde nicht."),
    "paper_table_twice": gettext_noop("Tisch {table} steht zweimal in der Eingabe."),
    "paper_no_tables": gettext_noop("Keine Tische in der Eingabe."),
    "paper_csv_line": gettext_noop(
        "Zeile {line}: erwartet Tischnummer und 4 oder 5 Summen (ganze Zahlen)."
    ),
    "paper_entries_differ": gettext_noop(
        "Die beiden Eingaben weichen ab: Tisch {tables}. Bitte mit der Papierliste vergleichen "
        "und die falsche Eingabe neu tippen."
    ),
    "round_already_started": gettext_noop("Die Uhr dieser Runde läuft schon."),
    "round_minutes_official": gettext_noop(
        "Offizielle Turniere spielen 100 Minuten je Runde (125 am Fünfertisch, TSR 8.5.1)."
    ),
    "round_minutes_range": gettext_noop("Spielzeit: 30 bis 240 Minuten."),
    # the organiser's settings page (league.tournaments.services.changes)
    "rounds_below_silent": gettext_noop(
        "Bei {silent} stillen Runden braucht das Turnier mindestens {least} Runden: "
        "erst die stillen Runden verringern."
    ),
    "double_entry_paper_typed": gettext_noop(
        "Runde {number} hat schon Ergebnisse von Papierlisten: die doppelte Eingabe erst "
        "umstellen, wenn sie abgeschlossen ist."
    ),
    "round_minutes_running": gettext_noop(
        "Die Uhr von Runde {number} läuft: ihre Spielzeit bleibt. Mehr Zeit für einen Tisch "
        "gibt die Zeitzugabe; die Spielzeit nach der Runde umstellen."
    ),
    "silent_rounds_range": gettext_noop(
        "Stille Runden: 0 bis {most} (weniger als die {planned} geplanten Runden)."
    ),
    "redraw_impossible": gettext_noop(
        "Neu auslosen geht nur für Tische, an denen noch nicht gespielt wird; dafür sind es "
        "{count} Spieler – das geht nicht auf."
    ),
    "csv_too_large": gettext_noop("Die Datei ist zu groß (höchstens {mb} MB)."),
    "csv_unreadable": gettext_noop(
        "Die Datei ist weder UTF-8 noch Windows-1252. Bitte als „CSV UTF-8“ speichern."
    ),
    "csv_empty": gettext_noop("Die Datei ist leer – keine Zeilen."),
    "csv_no_rows": gettext_noop("Keine Zeilen: die Datei enthält nur die Kopfzeile."),
    "csv_nul": gettext_noop(
        "Zeile {line} enthält ein NUL-Zeichen: das ist keine Textdatei (CSV). Nichts übernommen."
    ),
    "csv_broken": gettext_noop("Zeile {line} ist nicht lesbar ({reason}). Nichts übernommen."),
    "csv_too_long": gettext_noop("{column} ist länger als {max} Zeichen ({length})."),
    "csv_extra_columns": gettext_noop("Diese Spalten werden nicht übernommen: {columns}."),
    "csv_column": gettext_noop("Spalte {n}"),
    "import_conflict": gettext_noop(
        "Während des Imports wurde gleichzeitig angemeldet oder ein Spieler angelegt. "
        "Nichts übernommen – bitte den Import wiederholen."
    ),
    "csv_bad_ddv_number": gettext_noop("„{number}“ ist keine gültige DDV-Nummer."),
    "csv_duplicate_number": gettext_noop("DDV-Nummer {number} steht schon in Zeile {line}."),
    "csv_duplicate_name": gettext_noop("{name} (ohne Verein) steht schon in Zeile {line}."),
    "csv_duplicate_name_club": gettext_noop("{name} ({club}) steht schon in Zeile {line}."),
    "backup_uid_invalid": gettext_noop("Kennung „{uid}“ ist keine UUID"),
    "backup_tournament_exists": gettext_noop(
        "Das Turnier „{name}“ ist schon hier (dieselbe Kennung); mit --replace ersetzen"
    ),
    "tournament_published": gettext_noop(
        "Dieses Turnier kommt vom Veranstaltungsort: dort ändern und neu veröffentlichen "
        "(manage.py publish). Hier wird es nur gelesen und für die Rangliste entschieden."
    ),
    "backup_list_missing": gettext_noop("Liste {id} fehlt in der Datei"),
    "backup_bundesland_unknown": gettext_noop("Bundesland {land} unbekannt"),
    "backup_status_invalid": gettext_noop("Status ungültig"),
    # Rights end at the event (api.md)
    "ddv_name_differs": gettext_noop(
        "Die DDV-Nummer {number} gehört zu „{name}“, nicht zu „{typed}“. Bitte prüfen; "
        "soll „{name}“ angemeldet werden, das Häkchen darunter setzen."
    ),
    "ddv_other_player": gettext_noop(
        "Die DDV-Nummer {number} gehört zu einem anderen Spieler. Bitte Nummer und Namen "
        "prüfen (den Namen so, wie der Spieler ihn angibt)."
    ),
    "ddv_number_unused": gettext_noop(
        "Die DDV-Nummer {number} hat hier noch niemand. Gehört sie wirklich „{name}“? Dann "
        "das Häkchen darunter setzen."
    ),
    "ddv_checks_blocked": gettext_noop(
        "Zu viele DDV-Nummern, die nicht zum Namen passen: bitte {minutes} Minuten warten."
    ),
    "rating_not_requested": gettext_noop(
        "Die Turnierleitung hat dieses Turnier nicht für die Rangliste beantragt."
    ),
    "rating_not_closed": gettext_noop(
        "Genehmigt wird erst ein abgeschlossenes Turnier (mindestens 32 Spieler, 3 Runden)."
    ),
    "rating_reason_missing": gettext_noop("Bitte einen Grund angeben."),
    # the Probelauf (issue 36)
    "rehearsal_players": gettext_noop("Ein Probelauf hat {min} bis {max} Spieler."),
    "rehearsal_rounds": gettext_noop("Ein Probelauf hat 1 bis 20 Runden."),
    "rehearsal_of_rehearsal": gettext_noop(
        "Das ist schon ein Probelauf: bitte das Turnier selbst kopieren."
    ),
    "rehearsal_manual": gettext_noop(
        "Tische bitte als Nummern oder Bereiche angeben, z. B. „1-2“ oder „1, 4“."
    ),
    "rehearsal_only": gettext_noop("Das geht nur in einem Probelauf."),
    "rehearsal_registration": gettext_noop(
        "Im Probelauf wird niemand angemeldet: die Teilnehmer kommen aus der Kopie oder "
        "werden erzeugt."
    ),
    "rehearsal_not_rated": gettext_noop("Ein Probelauf zählt nie für die Rangliste."),
}
