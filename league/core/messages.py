"""The site's code → text table (German msgids; English in the one ``.po`` catalogue).

Codes raised by services of the site live here; codes of the rules engine live in
``scoring.messages`` and are rendered through the same Django catalogue, so one
language switch covers both.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from django.utils.translation import gettext, gettext_lazy, gettext_noop

from scoring import messages as scoring_messages
from scoring.errors import ScoringError

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

MESSAGES: Mapping[str, str] = {
    # lists
    "player_name_missing": gettext_noop("Jeder Spieler braucht einen Namen."),
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
    "redeal_not_a_game": gettext_noop(
        "„Neu gegeben“ ist kein Spiel und ersetzt keines; es wird gelöscht, nicht berichtigt."
    ),
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
    "claim_own": gettext_noop("Die eigene Anfrage bestätigt jemand anderes."),
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
    "player_linked_elsewhere": gettext_noop("{name} ist schon mit einem anderen Konto verbunden."),
    "account_linked_elsewhere": gettext_noop("Dieses Konto ist schon mit einem Spieler verbunden."),
    # clubs
    "value_too_long": gettext_noop("Zu lang: höchstens {max} Zeichen."),
    "club_name_missing": gettext_noop("Der Verein braucht einen Namen."),
    "club_name_taken": gettext_noop("Einen Verein „{name}“ gibt es schon."),
    "ddv_number_taken": gettext_noop("Die DDV-Nummer {number} ist schon vergeben."),
    "roster_ddv_other_player": gettext_noop(
        "Die DDV-Nummer {number} gehört einem anderen Spieler. Bitte den Namen genau so "
        "eintragen, wie er zu dieser Nummer gespeichert ist."
    ),
    # club seasons, Rangliste, player merge (competitions.md "Clubs", "Ranking list")
    "season_invalid_month": gettext_noop("Der Saisonbeginn ist ein Monat von 1 bis 12."),
    "evening_table_size": gettext_noop("Tisch {number}: ein Tisch hat 4 oder 5 Spieler."),
    "tournament_not_finished": gettext_noop(
        "Das Turnier ist noch nicht fertig: Runde {number} ist nicht abgeschlossen."
    ),
    "tournament_no_rounds": gettext_noop("Das Turnier hat noch keine abgeschlossene Runde."),
    "tournament_already_closed": gettext_noop("Das Turnier ist bereits abgeschlossen."),
    "tournament_not_closed": gettext_noop("Das Turnier ist nicht abgeschlossen."),
    "bundesland_missing": gettext_noop("Ein Ranglistenturnier braucht ein Bundesland."),
    "merge_same_player": gettext_noop(
        "Ein Spieler kann nicht mit sich selbst zusammengeführt werden."
    ),
    "merge_ddv_conflict": gettext_noop(
        "Die Spieler haben verschiedene DDV-Nummern ({first} und {second}): das sind zwei Personen."
    ),
    "merge_both_accounts": gettext_noop(
        "Beide Spieler sind mit einem Konto verbunden; zuerst eine Verbindung lösen."
    ),
    "merge_same_list": gettext_noop(
        "Beide Spieler sitzen in derselben Liste „{title}“: das sind zwei Personen."
    ),
    "merge_conflict": gettext_noop(
        "Die Spieler lassen sich nicht zusammenführen: ein Eintrag bestünde doppelt."
    ),
    "merge_same_tournament": gettext_noop(
        "Beide Spieler sind im selben Turnier „{name}“ gemeldet: das sind zwei Personen."
    ),
    "merge_same_spieltag": gettext_noop(
        "Beide Spieler sind am selben Spieltag ({league}, Spieltag {number}) aufgestellt: das "
        "sind zwei Personen."
    ),
    "merge_two_teams": gettext_noop(
        "Die Spieler stehen in der Liga {league} im Kader zweier Mannschaften: das sind zwei "
        "Personen."
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
    "paper_table_refused": gettext_noop("Tisch {table}: {reason}"),
    "paper_table_unknown": gettext_noop("Einen Tisch {table} gibt es in dieser Runde nicht."),
    "paper_table_twice": gettext_noop("Tisch {table} steht zweimal in der Eingabe."),
    "paper_name_unknown": gettext_noop("{name} sitzt nicht an Tisch {table}."),
    "paper_no_tables": gettext_noop("Keine Tische in der Eingabe."),
    "paper_csv_line": gettext_noop(
        "Zeile {line}: erwartet Tischnummer und 4 oder 5 Summen (ganze Zahlen)."
    ),
    "paper_seat_count": gettext_noop(
        "Der Tisch hat {seats} Plätze: bitte genau {seats} Summen eintragen."
    ),
    "paper_entries_differ": gettext_noop(
        "Die beiden Eingaben weichen ab: Tisch {tables}. Bitte mit der Papierliste vergleichen "
        "und die falsche Eingabe neu tippen."
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
    "round_not_started": gettext_noop("Die Runde ist noch nicht gestartet."),
    "round_already_started": gettext_noop("Die Uhr dieser Runde läuft schon."),
    "round_minutes_official": gettext_noop(
        "Offizielle Turniere spielen 100 Minuten je Runde (125 am Fünfertisch, TSR 8.5.1)."
    ),
    "round_minutes_range": gettext_noop("Spielzeit: 30 bis 240 Minuten."),
    "silent_round_list": gettext_noop(
        "Stille Runde: die Listen dieser Runde zeigt die Turnierleitung erst bei der "
        "Siegerehrung. Am Tisch öffnet der Tisch-Code die eigene Liste."
    ),
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
    "not_in_round": gettext_noop("{name} sitzt in dieser Runde an keinem Tisch."),
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
    # leagues (league.leagues.services)
    "league_name_missing": gettext_noop("Die Liga braucht einen Namen."),
    "league_season_missing": gettext_noop("Bitte die Saison angeben (z. B. 2026)."),
    "league_players_per_team": gettext_noop(
        "Eine Mannschaft stellt 1 bis {max} Spieler je Spieltag."
    ),
    "league_rounds_per_spieltag": gettext_noop("Ein Spieltag hat 1 bis {max} Runden."),
    "league_spieltage_per_round": gettext_noop("Eine Gruppenrunde hat 1 bis {max} Spieltage."),
    "league_group_size": gettext_noop("Eine Gruppe hat 4 Mannschaften (oder 5 an Fünfertischen)."),
    "league_exists": gettext_noop("Die Liga {name} gibt es in der Saison {season} schon."),
    "already_league_organiser": gettext_noop("{who} gehört schon zur Ligaleitung."),
    "not_league_organiser": gettext_noop("Dieses Konto gehört nicht zur Ligaleitung."),
    "last_league_organiser": gettext_noop("Eine Liga braucht mindestens eine Ligaleitung."),
    "already_captain": gettext_noop("{who} ist schon Mannschaftsführer."),
    "team_name_missing": gettext_noop(
        "Die Mannschaft braucht einen Namen (höchstens 120 Zeichen)."
    ),
    "team_exists": gettext_noop("Eine Mannschaft „{name}“ gibt es in dieser Liga schon."),
    "schedule_exists": gettext_noop(
        "Der Spielplan steht schon; neue Mannschaften erst nach einem neuen Spielplan."
    ),
    "player_in_other_team": gettext_noop("{name} spielt in dieser Liga schon für {team}."),
    "player_on_roster": gettext_noop("{name} steht schon im Kader."),
    "player_not_on_roster": gettext_noop("{name} steht nicht im Kader."),
    "schedule_started": gettext_noop("Ein Spieltag hat schon begonnen: der Spielplan bleibt."),
    "schedule_too_few_teams": gettext_noop(
        "Für einen Spielplan braucht es mindestens {min} Mannschaften."
    ),
    "spieltag_started": gettext_noop("Der Spieltag hat schon begonnen: Aufstellungen stehen fest."),
    "team_not_in_group": gettext_noop("{name} spielt nicht in dieser Gruppe."),
    "lineup_size": gettext_noop("Die Aufstellung hat genau {count} Spieler."),
    "player_in_other_lineup": gettext_noop("{name} ist schon für {team} aufgestellt."),
    "lineup_not_in_roster": gettext_noop("{name} steht nicht im Kader der Mannschaft."),
    "lineup_missing": gettext_noop("Die Aufstellung von {name} fehlt noch."),
    # line-up deadline and checks (league.leagues.deadline)
    "lineup_incomplete": gettext_noop("Die Aufstellung von {name} hat noch nicht {count} Spieler."),
    "lineup_empty": gettext_noop("Bitte mindestens einen Spieler aufstellen."),
    "lineup_too_many": gettext_noop("Die Aufstellung hat höchstens {count} Spieler."),
    "lineup_deadline_passed": gettext_noop(
        "Die Aufstellungsfrist ist am {deadline} abgelaufen; ändern kann sie jetzt nur die "
        "Ligaleitung."
    ),
    "lineup_short": gettext_noop("Nur {count} von {usual} Spielern aufgestellt."),
    "lineup_reserve": gettext_noop("{name} ist Ersatzspieler."),
    "lineup_said_no": gettext_noop("{name} hat für diesen Spieltag abgesagt."),
    "reminder_days": gettext_noop("Die Tage vorher sind 0 oder mehr."),
    "league_deadline_hours": gettext_noop("Die Frist ist 0 bis {max} Stunden vor Beginn."),
    "spieltag_table_unknown": gettext_noop(
        "Runde {round}, Tisch {table} gibt es an diesem Spieltag nicht."
    ),
    "spieltag_not_started": gettext_noop("Der Spieltag hat noch nicht begonnen."),
    "spieltag_already_closed": gettext_noop("Der Spieltag ist bereits abgeschlossen."),
    "spieltag_not_closed": gettext_noop("Der Spieltag ist nicht abgeschlossen."),
    "spieltag_incomplete": gettext_noop(
        "Noch nicht fertig: Runde/Tisch {tables}. Erst dann abschließen."
    ),
    # league season: dates and places, calendars (league.leagues.season_services)
    "spieltag_venue_long": gettext_noop("Der Spielort hat höchstens {max} Zeichen."),
    "spieltag_time_without_date": gettext_noop("Eine Uhrzeit braucht ein Datum."),
    "spieltag_order_flip": gettext_noop(
        "Danach läge Spieltag {later} vor Spieltag {earlier}. Soll sich die Reihenfolge "
        "umkehren, bitte „Reihenfolge der Spieltage umkehren“ ankreuzen."
    ),
    "availability_answer": gettext_noop("Bitte ja, nein oder vielleicht."),
    "report_not_ready": gettext_noop(
        "Bestätigen lässt sich ein Ergebnis erst, wenn alle Listen des Spieltags vollständig sind."
    ),
    "report_note_missing": gettext_noop("Bitte kurz begründen."),
    "report_note_long": gettext_noop("Die Anmerkung hat höchstens {max} Zeichen."),
    "report_nothing_to_settle": gettext_noop("Das Ergebnis ist nicht bestritten."),
    "league_double_entry_running": gettext_noop(
        "Ein laufender Spieltag hat schon Ergebnisse von Papier: erst abschließen, dann umstellen."
    ),
    # moving a Spieltag (league.leagues.moves)
    "move_clash_team": gettext_noop(
        "Verlegung nicht möglich: {team} spielt am {date} schon ({spieltag})."
    ),
    "move_clash_venue": gettext_noop(
        "Verlegung nicht möglich: {venue} ist am {date} schon belegt ({spieltag})."
    ),
    "move_open_exists": gettext_noop(
        "Für diesen Spieltag liegt schon ein offener Verlegungsantrag vor."
    ),
    "move_date_past": gettext_noop("Das neue Datum darf nicht in der Vergangenheit liegen."),
    "move_no_change": gettext_noop("Das ist der bisherige Termin."),
    "move_started": gettext_noop(
        "Der Spieltag hat schon begonnen und lässt sich nicht mehr verlegen."
    ),
    "move_not_open": gettext_noop("Dieser Verlegungsantrag ist nicht mehr offen."),
    "move_own_team": gettext_noop("Über ihren eigenen Antrag stimmt die Mannschaft nicht ab."),
    "move_not_accepted": gettext_noop("Noch nicht zugestimmt haben: {teams}."),
    "backup_at": gettext_noop("{place}: {reason}"),
    "backup_done": gettext_noop("Import abgeschlossen."),
    "backup_dry_run": gettext_noop("Probelauf: nichts geschrieben."),
    "backup_summary_clubs": gettext_noop(
        "Vereine: {created} angelegt, {matched} nach Name gefunden"
    ),
    "backup_summary_players": gettext_noop(
        "Spieler: {created} angelegt, {matched} nach DDV-Nummer gefunden"
    ),
    "backup_summary_rest": gettext_noop(
        "Spiellisten: {lists}, Turniere: {tournaments}, Ligen: {leagues}, "
        "Protokolleinträge: {history}"
    ),
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
    "backup_not_a_list": gettext_noop("„{key}“ ist keine Liste."),
    "backup_nul": gettext_noop("Text mit NUL-Zeichen"),
    "backup_not_finite": gettext_noop("keine endliche Zahl"),
    "backup_too_big": gettext_noop("Zahl zu groß"),
    "backup_not_object": gettext_noop("kein JSON-Objekt"),
    "backup_field_missing": gettext_noop("Feld „{key}“ fehlt"),
    "backup_field_type": gettext_noop("Feld „{key}“ hat den falschen Typ"),
    "backup_field_invalid": gettext_noop("Feld „{key}“ ungültig"),
    "backup_field_empty_or_long": gettext_noop("Feld „{key}“ leer oder zu lang"),
    "backup_field_too_long": gettext_noop("Feld „{key}“ ist länger als {max} Zeichen"),
    "backup_field_range": gettext_noop("Feld „{key}“ liegt nicht zwischen {min} und {max}"),
    "backup_field_not_time": gettext_noop("Feld „{key}“ ist kein Zeitpunkt"),
    "backup_date_invalid": gettext_noop("Datum ungültig"),
    "backup_duplicate": gettext_noop("doppelt"),
    "backup_uid_invalid": gettext_noop("Kennung „{uid}“ ist keine UUID"),
    "backup_tournament_exists": gettext_noop(
        "Das Turnier „{name}“ ist schon hier (dieselbe Kennung); mit --replace ersetzen"
    ),
    "backup_summary_replaced": gettext_noop("{count} Turnier(e) ersetzt."),
    "register_not_json": gettext_noop("Die Antwort ist kein JSON."),
    "tournament_published": gettext_noop(
        "Dieses Turnier kommt vom Veranstaltungsort: dort ändern und neu veröffentlichen "
        "(manage.py publish). Hier wird es nur gelesen und für die Rangliste entschieden."
    ),
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
    "backup_club_missing": gettext_noop("Verein {id} fehlt in der Datei"),
    "backup_player_missing": gettext_noop("Spieler {id} fehlt in der Datei"),
    "backup_list_missing": gettext_noop("Liste {id} fehlt in der Datei"),
    "backup_list_twice": gettext_noop("Liste {id} an zwei Tischen"),
    "backup_ddv_twice": gettext_noop("DDV-Nummer {number} doppelt"),
    "backup_role_unknown": gettext_noop("Rolle {role} unbekannt"),
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
    "backup_bundesland_unknown": gettext_noop("Bundesland {land} unbekannt"),
    "backup_status_invalid": gettext_noop("Status ungültig"),
    "backup_season_month": gettext_noop("Saisonbeginn ungültig"),
    "backup_teams_numbering": gettext_noop("Mannschaften nicht 1, 2, … nummeriert"),
    "backup_roster_twice": gettext_noop("Spieler {id} in zwei Mannschaften"),
    "backup_group_teams": gettext_noop("Mannschaften ungültig"),
    "backup_closed_not_started": gettext_noop("abgeschlossen, aber nicht gestartet"),
    "backup_lineup_team": gettext_noop("Mannschaft nicht in der Gruppe oder doppelt"),
    "backup_lineup_size": gettext_noop("Anzahl der Spieler passt nicht"),
    "backup_lineup_twice": gettext_noop("Spieler {id} zweimal aufgestellt"),
    "backup_table_not_started": gettext_noop("Tisch an einem nicht gestarteten Spieltag"),
    "backup_team_not_in_group": gettext_noop("Mannschaft nicht in der Gruppe"),
    "backup_table_teams": gettext_noop("Mannschaften passen nicht zu den Plätzen"),
    # places in a backup ("Turnier 3, Runde 2, Tisch 4, Spiel 5")
    "place_club": gettext_noop("Verein {n}"),
    "place_player": gettext_noop("Spieler {n}"),
    "place_list": gettext_noop("Liste {n}"),
    "place_tournament": gettext_noop("Turnier {n}"),
    "place_participant": gettext_noop("Teilnehmer {n}"),
    "place_round": gettext_noop("Runde {n}"),
    "place_table": gettext_noop("Tisch {n}"),
    "place_seat": gettext_noop("Platz {n}"),
    "place_game": gettext_noop("Spiel {n}"),
    "place_penalty": gettext_noop("Strafzeile"),
    "place_substitute": gettext_noop("Ersatzspieler"),
    "place_paper": gettext_noop("Papiereingabe {n}"),
    "place_house_rules": gettext_noop("Hausregeln"),
    "place_evening": gettext_noop("Vereinsabend {n}"),
    "place_season": gettext_noop("Saisonwertung"),
    "place_league": gettext_noop("Liga {n}"),
    "place_team": gettext_noop("Mannschaft {n}"),
    "place_group_round": gettext_noop("Gruppenrunde {n}"),
    "place_group": gettext_noop("Gruppe {n}"),
    "place_spieltag": gettext_noop("Spieltag {n}"),
    "place_lineup": gettext_noop("Aufstellung {n}"),
    "place_history": gettext_noop("Protokolleintrag {n}"),
    "place_path": gettext_noop("Stelle {n}"),
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
    "throttled": gettext_noop("Zu viele Anfragen. Bitte in {wait} Sekunden wieder versuchen."),
    "not_found": gettext_noop("Nicht gefunden."),
    "method_not_allowed": gettext_noop("Die Methode {method} ist hier nicht erlaubt."),
    "malformed_json": gettext_noop("Der Inhalt ist kein gültiges JSON."),
    "unsupported_media_type": gettext_noop("Bitte JSON senden (Content-Type: application/json)."),
    "body_not_an_object": gettext_noop("Der Inhalt muss ein JSON-Objekt sein."),
    "body_too_large": gettext_noop("Die Anfrage ist zu groß (höchstens {kb} KB)."),
    "invalid_value": gettext_noop("Ungültiger Wert für „{name}“: {detail}"),
    "request_invalid": gettext_noop("Die Anfrage kann so nicht bearbeitet werden."),
    "list_invalid": gettext_noop("Die gespeicherte Liste verstößt gegen die Regeln: {reason}"),
    "game_in_progress_unsupported": gettext_noop(
        "Die Zeit während eines laufenden Spiels auszurufen geht noch nicht: bitte nach "
        "dem Spiel melden (game_in_progress false)."
    ),
    "rules_unsupported": gettext_noop(
        "Unbekanntes Regelprofil; erlaubt: „tsr“, „verein-002“, „palast-003“."
    ),
    "club_unknown": gettext_noop("Den Verein {id} gibt es nicht."),
    "club_forbidden": gettext_noop(
        "Listen eines Vereins legen seine Vereinsverwaltung oder die Seitenbetreuung an."
    ),
    # One person, one record (history-import.md "People")
    "player_maybe_known": gettext_noop(
        "Zu „{name}“ gibt es schon ähnliche Spieler. Bitte wählen: einer von ihnen, oder "
        "„Neu anlegen“ für eine andere Person."
    ),
    "person_not_offered": gettext_noop(
        "Der Spieler {id} passt nicht zu diesem Namen; bitte einen der angebotenen wählen."
    ),
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
    "confirm_pin_wrong": gettext_noop(
        "Falsche PIN für diesen Platz: bestätigen kann nur der Spieler dieses Platzes mit "
        "der PIN von seinem Teilnehmerzettel."
    ),
    "confirm_pin_blocked": gettext_noop(
        "Zu viele falsche PINs für diesen Platz: bitte {wait} Sekunden warten, mit der PIN "
        "eines anderen Spielers bestätigen oder die Turnierleitung fragen."
    ),
    "claim_not_yours": gettext_noop(
        "Über diese Anfrage entscheidet die Vereinsverwaltung des Spielers oder der "
        "Ranglistenwart: der Spieler hat Einträge außerhalb dieses Turniers."
    ),
    # bad input (issue 21)
    "ddv_number_invalid": gettext_noop(
        "„{number}“ ist keine gültige DDV-Nummer: nur Ziffern, ohne Leerzeichen."
    ),
    "date_out_of_range": gettext_noop("Das Datum muss zwischen {first} und {last} liegen."),
    "backup_history_action": gettext_noop("„{action}“ ist keine Aktion des Protokolls"),
    "backup_history_future": gettext_noop("Zeitpunkt liegt in der Zukunft"),
    "backup_history_order": gettext_noop("Zeitpunkt vor dem des vorigen Eintrags"),
    "backup_surrogate": gettext_noop("Text mit einem einzelnen Ersatzzeichen (kein Unicode)"),
    # --- the Kasse (statistics.md; league.lists.services.kasse) ---------------------------
    "kasse_not_here": gettext_noop(
        "Turnier- und Ligalisten spielen nicht um Geld: diese Liste hat keine Kasse."
    ),
    "kasse_rate_range": gettext_noop("Cent je Punkt: eine ganze Zahl von 1 bis {max}."),
}


def render(code: str, params: Mapping[str, Any] | None = None) -> str:
    """The text for ``code`` in the active language; engine codes via scoring's table."""
    params = params or {}
    template = MESSAGES.get(code)
    if template is not None:
        return scoring_messages.format_template(gettext(template), template, params)
    return scoring_messages.render(code, params, gettext)


class Refusal(Protocol):
    """What ``render_error`` reads of a refusal (``league.core.errors.ServiceError``, which
    builds on this module: the message table knows no error class)."""

    @property
    def code(self) -> str: ...
    @property
    def params(self) -> Mapping[str, Any]: ...
    @property
    def game(self) -> int | None: ...
    @property
    def cause(self) -> ScoringError | None: ...
    @property
    def frame(self) -> str | None: ...


def render_error(err: Refusal) -> str:
    """An error's text; an engine error keeps its own frame ("Spiel 3: …")."""
    if err.cause is not None:
        text = scoring_messages.render_error(err.cause, gettext)
    else:
        text = render(err.code, err.params)
    if err.frame is not None:
        return render(err.frame, {**err.params, "game": err.game, "reason": text})
    return text


def label(group: str, value: str) -> str:
    """An engine vocabulary's display label in the active language ("solo_short", "damen")."""
    return scoring_messages.label(group, value, gettext)


def choices(group: str) -> list[tuple[str, StrOrPromise]]:
    """Form choices for an engine vocabulary, translated lazily (at render time)."""
    return [(code, gettext_lazy(text)) for code, text in scoring_messages.choices(group)]
