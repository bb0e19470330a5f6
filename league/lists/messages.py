"""The lists app's refusal texts: code → German msgid (English in this app's ``locale/``).

Registered with ``league.core.messages`` from the app's ``AppConfig.ready``.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_noop

MESSAGES: Mapping[str, str] = {
    "invalid_listenfuehrer": gettext_noop("Der Listenführer sitzt auf einem der Plätze."),
    "seat_taken_twice": gettext_noop("Ein Spieler kann nur einen Platz haben."),
    "no_games": gettext_noop("Die Liste hat noch kein Spiel."),
    "no_such_game": gettext_noop("Spiel {number} gibt es in dieser Liste nicht."),
    "not_at_table": gettext_noop("{name} sitzt nicht an diesem Tisch."),
    "referee_missing": gettext_noop("Strafzeilen zeichnet ein Schiedsrichter ab (8.2.2)."),
    "time_already_up": gettext_noop("Die Zeit ist bereits abgelaufen."),
    "round_closed": gettext_noop(
        "Diese Runde ist abgeschlossen; Änderungen nur nach Wiedereröffnung durch die "
        "Turnierleitung."
    ),
    "conflict": gettext_noop(
        "Die Liste wurde inzwischen an anderer Stelle geändert. Bitte die Seite neu laden "
        "und die Eingabe prüfen."
    ),
    "not_last_game": gettext_noop(
        "Nur das letzte Spiel ({last}) kann gelöscht werden, nicht Spiel {number}."
    ),
    "confirm_incomplete": gettext_noop("Bestätigen lässt sich nur eine vollständige Liste."),
    "invalid_seat": gettext_noop("Platz {seat} gibt es an diesem Tisch nicht."),
    "confirm_same_session": gettext_noop(
        "Bestätigen muss ein anderer Spieler am Tisch – nicht das Gerät, mit dem zuletzt "
        "eingetragen wurde."
    ),
    "confirm_seat_required": gettext_noop("Wer bestätigt? Bitte den eigenen Platz wählen."),
    "correction_invalidates": gettext_noop(
        "Die Berichtigung macht Spiel {game} ungültig: {reason}"
    ),
    "no_redeal": gettext_noop("Vor dem nächsten Spiel wurde nicht neu gegeben."),
    "no_redeal_before": gettext_noop("Vor Spiel {number} wurde nicht neu gegeben."),
    "quick_rows_not_allowed": gettext_noop(
        "Diese Liste nimmt keine Schnelleingabe: jedes Spiel wird vollständig eingetragen."
    ),
    # list rows (short labels of the paper list)
    "row_hochzeit_alone": gettext_noop("Hochzeit (allein)"),
    "row_stille_hochzeit": gettext_noop("Stille H."),
    "row_voided": gettext_noop("{label} (abgebrochen, 9.4.4)"),
    "row_penalty": gettext_noop("Strafe"),
    "row_redeal": gettext_noop("neu gegeben"),
    "row_quick": gettext_noop("schnell"),
    "penalty_row": gettext_noop("{kind}: {offender}"),
    "merge_same_list": gettext_noop(
        "Beide Spieler sitzen in derselben Liste „{title}“: das sind zwei Personen."
    ),
    # tournament day: paper results, clock, time-up, dropouts
    "list_totals_only": gettext_noop(
        "Für diese Liste ist das Ergebnis von der Papierliste eingetragen. Wer sie Spiel für "
        "Spiel eintragen will, lässt das Papierergebnis zuerst von der Turnierleitung entfernen."
    ),
    "list_ended_early": gettext_noop(
        "Diese Liste hat die Turnierleitung vorzeitig beendet; sie nimmt keine Einträge mehr an."
    ),
    "list_complete": gettext_noop("Die Liste ist schon vollständig."),
    "close_bock_queued": gettext_noop(
        "Es stehen noch Bockspiele in der Warteschlange ({n}); sie verfallen, wenn die "
        "Runde jetzt endet. Zum Beenden „Trotzdem beenden“ wählen, sonst weiterspielen."
    ),
    "list_has_games": gettext_noop(
        "An diesem Tisch sind schon Spiele eingetragen; sie sind das Ergebnis. Ein "
        "Papierergebnis geht nur für eine Liste ohne Spiele."
    ),
    "list_not_from_paper": gettext_noop("Für diese Liste ist kein Papierergebnis eingetragen."),
    "paper_entry_invalid": gettext_noop(
        "Eingabe 1 oder 2 – die zweite nur, wenn das Turnier doppelte Eingabe verlangt."
    ),
    "paper_seat_count": gettext_noop(
        "Der Tisch hat {seats} Plätze: bitte genau {seats} Summen eintragen."
    ),
    "no_game_in_progress": gettext_noop(
        "Hier läuft nach der Zeitansage kein Spiel mehr, das sich zurücknehmen ließe."
    ),
    "added_minutes_range": gettext_noop(
        "Zusätzliche Zeit: 1 bis {max} Minuten insgesamt (bisher {already})."
    ),
    "substitute_from_range": gettext_noop(
        "Der Ersatzspieler kann ab Spiel 1 bis {last} übernehmen."
    ),
    "substitute_at_table": gettext_noop("{name} sitzt schon an diesem Tisch."),
    "seat_substituted": gettext_noop("Für Platz {seat} spielt schon ein Ersatzspieler."),
    "silent_round_list": gettext_noop(
        "Stille Runde: die Listen dieser Runde zeigt die Turnierleitung erst bei der "
        "Siegerehrung. Am Tisch öffnet der Tisch-Code die eigene Liste."
    ),
    "backup_player_missing": gettext_noop("Spieler {id} fehlt in der Datei"),
    "backup_seat_order": gettext_noop("Plätze nicht in der Reihenfolge 1, 2, …"),
    "backup_seat_twice": gettext_noop("ein Spieler sitzt zweimal am Tisch"),
    "backup_seat_invalid": gettext_noop("Platz ungültig"),
    "backup_table_size": gettext_noop("Tischgröße passt nicht zu den Plätzen"),
    "backup_listenfuehrer": gettext_noop("Listenführer-Platz ungültig"),
    "backup_added_minutes": gettext_noop("Zeitzugabe ungültig"),
    "backup_redeals": gettext_noop("redeals ungültig"),
    "backup_not_at_table": gettext_noop("„{name}“ sitzt nicht am Tisch"),
    "backup_referee_missing": gettext_noop("Schiedsrichter fehlt"),
    "backup_paper_and_games": gettext_noop("Papierergebnis und Spiele zugleich"),
    "backup_paper_with_games": gettext_noop("Papiereingaben an einer Liste mit Spielen"),
    "backup_points_range": gettext_noop("Punkte jenseits dessen, was eine Liste speichert"),
    "backup_replay_differs": gettext_noop(
        "die Wiedergabe ergibt einen anderen Stand als exportiert"
    ),
    "not_found": gettext_noop("Nicht gefunden."),
    "request_invalid": gettext_noop("Die Anfrage kann so nicht bearbeitet werden."),
    "club_forbidden": gettext_noop(
        "Listen eines Vereins legen seine Vereinsverwaltung oder die Seitenbetreuung an."
    ),
    "confirm_pin_wrong": gettext_noop(
        "Falsche PIN für diesen Platz: bestätigen kann nur der Spieler dieses Platzes mit "
        "der PIN von seinem Teilnehmerzettel."
    ),
    "confirm_pin_blocked": gettext_noop(
        "Zu viele falsche PINs für diesen Platz: bitte {wait} Sekunden warten, mit der PIN "
        "eines anderen Spielers bestätigen oder die Turnierleitung fragen."
    ),
    # --- the Kasse (statistics.md; league.lists.services.kasse) ---------------------------
    "kasse_not_here": gettext_noop(
        "Turnier- und Ligalisten spielen nicht um Geld: diese Liste hat keine Kasse."
    ),
}
