"""The leagues app's refusal texts: code → German msgid (English in this app's ``locale/``).

Registered with ``league.core.messages`` from the app's ``AppConfig.ready``.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_noop

MESSAGES: Mapping[str, str] = {
    "roster_ddv_other_player": gettext_noop(
        "Die DDV-Nummer {number} gehört einem anderen Spieler. Bitte den Namen genau so "
        "eintragen, wie er zu dieser Nummer gespeichert ist."
    ),
    "merge_same_spieltag": gettext_noop(
        "Beide Spieler sind am selben Spieltag ({league}, Spieltag {number}) aufgestellt: das "
        "sind zwei Personen."
    ),
    "merge_two_teams": gettext_noop(
        "Die Spieler stehen in der Liga {league} im Kader zweier Mannschaften: das sind zwei "
        "Personen."
    ),
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
}
