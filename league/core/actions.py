"""Every history action as a sentence (issue 20): no raw key like "substitute" on a page.

Services write audit entries with an ``action`` key (``league.core.audit``); a history
shows each as a sentence in the reader's language. A sentence may name the entry's
``item`` as ``%(n)s`` (a game, round or start number) and any value of its ``before`` or
``after`` data by key (``%(name)s``); a value the entry lacks reads "—". Where one key
means different things for different targets (``close`` of a list, of a round), the
target's own sentence comes first (``"<app>.<model>:<action>"``).
``tests/core/test_action_sentences.py`` walks every action key the services can write.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, gettext_noop

ACTION_SENTENCES: Mapping[str, str] = {
    # lists
    "create": gettext_noop("Angelegt"),
    "update": gettext_noop("Geändert"),
    "import": gettext_noop("Aus einer Sicherung oder Datei übernommen"),
    "replace": gettext_noop("Durch eine neuere Fassung aus einer Datei ersetzt"),
    "publish": gettext_noop("Vom Veranstaltungsort veröffentlicht"),
    "federation_link": gettext_noop("Verbindung zur Verbandsseite eingestellt: %(address)s"),
    "register_fetch": gettext_noop("Spielerregister von der Verbandsseite geholt"),
    "tournament_send": gettext_noop("An die Verbandsseite übertragen"),
    "assignment_decide": gettext_noop("Zuordnung entschieden: %(name)s"),
    "register_expired": gettext_noop("Unbestätigt abgelaufen und gelöscht"),
    "record": gettext_noop("Spiel %(n)s eingetragen"),
    "correct": gettext_noop("Spiel %(n)s berichtigt"),
    "delete": gettext_noop("Spiel %(n)s gelöscht"),
    "penalty": gettext_noop("Strafzeile nach Spiel %(n)s"),
    "penalty_delete": gettext_noop("Strafzeile nach Spiel %(n)s gelöscht"),
    "time_up": gettext_noop("Zeit abgelaufen nach Spiel %(n)s"),
    "time_no_game": gettext_noop("Bei der Zeitansage lief kein Spiel mehr (nach Spiel %(n)s)"),
    "time_resumed": gettext_noop("Zeitansage zurückgenommen"),
    "add_time": gettext_noop("Zeitzugabe: %(minutes)s Minuten (Schiedsrichter %(referee)s)"),
    "freeze": gettext_noop("Liste abgeschlossen"),
    "unfreeze": gettext_noop("Liste wieder geöffnet"),
    "renew_code": gettext_noop("Tisch-Code erneuert"),
    "confirm": gettext_noop("Liste bestätigt"),
    "unconfirm": gettext_noop("Bestätigung aufgehoben (die Liste wurde geändert)"),
    "redeal": gettext_noop("Neu gegeben vor Spiel %(n)s"),
    "redeal_undo": gettext_noop("Neu gegeben vor Spiel %(n)s zurückgenommen"),
    "close": gettext_noop("Abgeschlossen"),
    "reopen": gettext_noop("Wieder geöffnet"),
    "end_early": gettext_noop("Vorzeitig beendet nach Spiel %(n)s (ein Platz blieb leer)"),
    "end_early_undone": gettext_noop("Vorzeitiges Ende zurückgenommen"),
    "substitute": gettext_noop("Ersatzspieler %(name)s übernimmt Platz %(seat)s ab Spiel %(n)s"),
    "paper": gettext_noop("Ergebnis von der Papierliste eingegeben (Eingabe %(n)s)"),
    "paper_clear": gettext_noop("Ergebnis von der Papierliste entfernt"),
    # tournaments
    "register": gettext_noop("Teilnehmer %(name)s angemeldet (Startnummer %(n)s)"),
    "withdraw": gettext_noop("Teilnehmer %(n)s zurückgezogen"),
    "readmit": gettext_noop("Teilnehmer %(n)s wieder zugelassen"),
    "check_in": gettext_noop("Teilnehmer %(n)s als anwesend gemeldet"),
    "link_renew": gettext_noop("Neuer persönlicher Link für Teilnehmer %(n)s"),
    "link_mail": gettext_noop("Persönlicher Link an Teilnehmer %(n)s gemailt"),
    "start": gettext_noop("Gestartet"),
    "call_time": gettext_noop("Zeit angesagt in Runde %(n)s (%(tables)s Tische)"),
    "draw": gettext_noop("Runde %(n)s ausgelost"),
    "redraw": gettext_noop("Runde %(n)s neu ausgelost"),
    "unofficial": gettext_noop("Als inoffiziell markiert"),
    "rating": gettext_noop("Wertung für die Rangliste geändert"),
    "tournament_close": gettext_noop("Turnier abgeschlossen"),
    "tournament_reopen": gettext_noop("Turnier wieder geöffnet"),
    "set_name": gettext_noop("Name geändert: %(name)s"),
    "set_date": gettext_noop("Datum geändert: %(date)s"),
    "set_venue": gettext_noop("Ort geändert: %(venue)s"),
    "set_rounds": gettext_noop("Rundenzahl geändert: %(rounds_planned)s Runden"),
    "set_tie_breaks": gettext_noop("Reihenfolge der Wertung geändert"),
    "set_round_minutes": gettext_noop("Spielzeit je Runde geändert: %(round_minutes)s Minuten"),
    "unset_round_minutes": gettext_noop("Spielzeit je Runde wieder nach TSR (100 Minuten)"),
    "double_entry_on": gettext_noop("Doppelte Ergebniseingabe eingeschaltet"),
    "double_entry_off": gettext_noop("Doppelte Ergebniseingabe ausgeschaltet"),
    "separate_clubs_on": gettext_noop("Vereinskameraden werden getrennt gelost"),
    "separate_clubs_off": gettext_noop("Vereinskameraden werden nicht mehr getrennt gelost"),
    "members_only_on": gettext_noop("Nur noch für Teilnehmer sichtbar"),
    "members_only_off": gettext_noop("Wieder öffentlich lesbar"),
    "rehearsal": gettext_noop("Probelauf angelegt (%(players)s Spieler)"),
    "rehearsal_manual": gettext_noop("Probelauf: Tische selbst eintragen: %(manual)s"),
    "rehearsal_delete": gettext_noop("Probelauf %(name)s gelöscht"),
    # leagues
    "add_player": gettext_noop("Spieler in die Mannschaft aufgenommen"),
    "remove_player": gettext_noop("Spieler aus der Mannschaft genommen"),
    "schedule": gettext_noop("Spielplan erstellt (%(rounds)s Spieltage)"),
    "lineup": gettext_noop("Aufstellung gemeldet"),
    "absent": gettext_noop("Abwesenheit gemeldet, Ersatz benannt"),
    # clubs and players
    "rules": gettext_noop("Hausregeln geändert"),
    "hide_name": gettext_noop("Name verborgen (Alias öffentlich)"),
    "show_name": gettext_noop("Name wieder öffentlich"),
    "link_account": gettext_noop("Mit einem Konto verknüpft"),
    "claim": gettext_noop("Als eigener Spieler beansprucht"),
    "claim_accepted": gettext_noop("Anspruch angenommen"),
    "claim_refused": gettext_noop("Anspruch abgelehnt"),
    "merge": gettext_noop("Zwei Einträge desselben Spielers zusammengeführt"),
    "mark_distinct": gettext_noop(
        "Als andere Person bestätigt als Eintrag Nr. %(other)s (%(other_name)s)"
    ),
    "forget": gettext_noop("Persönliche Daten gelöscht (pseudonymisiert)"),
    # club evenings
    "add_table": gettext_noop("Tisch hinzugefügt"),
    "season_settings": gettext_noop("Saison-Einstellungen geändert"),
    # accounts and roles
    "invite": gettext_noop("Einladung verschickt"),
    "accept": gettext_noop("Einladung angenommen"),
    "venue_organiser": gettext_noop("Turnierleitung des Spielorts eingerichtet"),
    "add_manager": gettext_noop("Vereinsverwaltung hinzugefügt"),
    "remove_manager": gettext_noop("Vereinsverwaltung entfernt"),
    "add_organiser": gettext_noop("Turnierleitung hinzugefügt"),
    "remove_organiser": gettext_noop("Turnierleitung entfernt"),
    "add_league_organiser": gettext_noop("Ligaleitung hinzugefügt"),
    "remove_league_organiser": gettext_noop("Ligaleitung entfernt"),
    "add_captain": gettext_noop("Mannschaftsführer hinzugefügt"),
    "remove_captain": gettext_noop("Mannschaftsführer entfernt"),
    # added with issues 21-25
    "kasse": gettext_noop("Kasse geändert"),
    "rating_approved": gettext_noop("Für die Rangliste genehmigt"),
    "rating_withdrawn": gettext_noop("Genehmigung für die Rangliste zurückgenommen"),
    "role": gettext_noop("Rolle geändert"),
    "unlock": gettext_noop("Sperre aufgehoben"),
    "silent": gettext_noop("Stille Runden geändert"),
    "schedule_day": gettext_noop("Termin und Ort festgelegt"),
    "report_confirmed": gettext_noop("Ergebnis bestätigt"),
    "report_disputed": gettext_noop("Ergebnis bestritten"),
    "settle": gettext_noop("Einspruch entschieden"),
    "availability": gettext_noop("Verfügbarkeit angegeben"),
    "availability_link": gettext_noop("Persönlicher Link erneuert"),
    "remind": gettext_noop("Erinnerung verschickt"),
    "reminders": gettext_noop("Erinnerungen umgestellt"),
    "move_request": gettext_noop("Verlegung beantragt"),
    "move_accept": gettext_noop("Verlegung angenommen"),
    "move_decline": gettext_noop("Verlegung abgelehnt (Mannschaft)"),
    "move_accept_behalf": gettext_noop(
        "Verlegung im Namen der Mannschaft angenommen (Ligaleitung)"
    ),
    "move_decline_behalf": gettext_noop(
        "Verlegung im Namen der Mannschaft abgelehnt (Ligaleitung)"
    ),
    "move_approve": gettext_noop("Verlegung genehmigt"),
    "move_refuse": gettext_noop("Verlegung abgelehnt (Ligaleitung)"),
    "move_withdraw": gettext_noop("Verlegungsantrag zurückgezogen"),
    # evenings: a club's history import (history-import.md)
    "history_import": gettext_noop("importiert aus %(file)s"),
    "history_remove": gettext_noop(
        "Importierte Liste an Tisch %(table)s (aus %(file)s) für einen neuen Import entfernt"
    ),
}

# One key, different meaning by target ("<app>.<model>:<action>").
TARGET_SENTENCES: Mapping[str, str] = {
    "lists.spielliste:create": gettext_noop("Liste angelegt"),
    "lists.spielliste:import": gettext_noop("%(games)s Spiele übernommen"),
    "lists.spielliste:close": gettext_noop("Runde beendet nach Spiel %(n)s"),
    "lists.spielliste:reopen": gettext_noop("Liste wieder geöffnet"),
    "tournaments.tournamentround:start": gettext_noop("Runde %(n)s gestartet"),
    "tournaments.tournament:start": gettext_noop("Runde %(n)s gestartet"),
    "tournaments.tournament:close": gettext_noop("Runde %(n)s abgeschlossen"),
    "tournaments.tournament:reopen": gettext_noop("Runde %(n)s wieder geöffnet"),
    "tournaments.tournament:import": gettext_noop("Teilnehmer übernommen (ab Startnummer %(n)s)"),
    "leagues.spieltag:start": gettext_noop("Spieltag gestartet"),
    "leagues.spieltag:close": gettext_noop("Spieltag abgeschlossen"),
    "leagues.spieltag:reopen": gettext_noop("Spieltag wieder geöffnet"),
}


class _Values(dict[str, Any]):
    """The entry's values by name; one it lacks reads "—"."""

    def __missing__(self, key: str) -> str:
        return "—"


def action_template(action: str, target: str = "") -> str | None:
    """The German sentence template of ``action`` (on ``target``), None if it has none."""
    return TARGET_SENTENCES.get(f"{target}:{action}") or ACTION_SENTENCES.get(action)


def action_sentence(
    action: str,
    *,
    target: str = "",
    item: int | None = None,
    before: Mapping[str, Any] | None = None,
    after: Mapping[str, Any] | None = None,
) -> str:
    """The sentence for one history entry in the active language; an action without one
    (none should be: the test walks them) reads as a neutral "Änderung (key)"."""
    template = action_template(action, target)
    if template is None:
        return gettext("Änderung (%(action)s)") % {"action": action}
    values = _Values()
    for data in (before or {}, after or {}):
        values.update({k: v for k, v in data.items() if isinstance(v, str | int)})
    values["n"] = "—" if item is None else item
    return gettext(template) % values


_TABLE = re.compile(r"^(?:Tisch|Table) (\S+)$")


def actor_label(label: str) -> str:
    """A stored actor ("Tisch 3", written in the writer's language) in the reader's."""
    found = _TABLE.match(label)
    if found is None:
        return label
    return gettext("Tisch %(table)s") % {"table": found.group(1)}
