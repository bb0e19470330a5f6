"""Every text the engine shows: one table of German templates, rendered in any language.

The engine never builds a sentence where it finds a problem. It raises an error with a
stable **code** and **parameters** (``scoring.errors``); a breakdown line carries a stable
**key**; enum members carry their interchange **code**. Text is made only when something
is reported, by ``render`` — through a translator the caller passes in:

    render("re_wrong_size", {"variant": "solo", "count": 2})             # German
    render("re_wrong_size", {"variant": "solo", "count": 2}, translator("en"))
    render(err.code, err.params, django.utils.translation.gettext)       # the site

German is the source language: the templates below are the gettext msgids, so the
German translator is the identity. The English texts live in the site's one catalogue,
``league/locale/en/LC_MESSAGES/django.po`` (domain ``django``); ``translator(lang)`` reads
its compiled ``.mo`` with the standard library, from ``$SCORING_LOCALE_DIR`` when that is
set, else from ``<repository>/league/locale`` (found relative to this package). Django's
``makemessages`` finds the templates because each is wrapped in ``gettext_noop``.

Glossary of keys (``MESSAGES``):
    <code>              an error code, e.g. ``augen_out_of_range`` (see ``scoring.errors``).
    <code>.<variant>    the same code in another situation, chosen by the parameter
                        ``variant`` (e.g. ``re_wrong_size.solo``): one code for callers that
                        key on it, a whole sentence for each case so that translators never
                        get sentence fragments. A variant key is used only when it exists.
    wrap.<where>        a frame around another error's text, ``{message}``: an error of
                        game k of a round input, or of a penalty row (``ScoringError.context``).
    warning.<code>      a notice that refuses nothing (e.g. a draw with 5-player tables).
    item.<key>          a breakdown line's label (``BreakdownLine.key``, TSR 7.2).
    kind.<code>, solo.<code>, solo_short.<code>, level.<code>, party.<code>,
    penalty.<code>, penalty_short.<code>, tie_break.<key>
                        display labels of the interchange vocabularies, for choices and
                        tables; see ``label`` and ``choices``.

Parameters fill ``{name}`` placeholders (``str.format``). Their values are names, numbers
and interchange codes — never German words: where a sentence differs by situation it has
a variant. A parameter a template lacks is left as ``{name}`` rather than failing, and a
broken translation falls back to the German template: rendering never raises.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Callable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Protocol

Translate = Callable[[str], str]
"""A gettext-like function: German template (msgid) -> template in the target language."""


def gettext_noop(message: str) -> str:
    """Mark a German template for extraction by ``xgettext``/``makemessages``; identity."""
    return message


def identity(message: str) -> str:
    """The German translator: templates are German already."""
    return message


MESSAGES: Mapping[str, str] = {
    # --- game record (scoring.md §1, §5) ---------------------------------------------
    "not_an_object": gettext_noop("Ein Spiel ist ein JSON-Objekt."),
    "unknown_field": gettext_noop("Unbekanntes Feld „{name}“."),
    "unknown_field.party": gettext_noop("Unbekannte Partei „{name}“."),
    "unknown_field.special": gettext_noop("Unbekannter Sonderpunkt „{name}“."),
    "missing_field": gettext_noop("Das Feld „{name}“ fehlt."),
    "invalid_kind": gettext_noop("Unbekannte Spielart {value}; erlaubt: {allowed}."),
    "invalid_solo": gettext_noop("Unbekannte Soloart {value}; erlaubt: {allowed}."),
    "invalid_level": gettext_noop("Unbekannte Ansage {value}; erlaubt: {allowed}."),
    "invalid_type": gettext_noop("{name} hat den falschen Typ."),
    "invalid_type.bool": gettext_noop("{name} muss true oder false sein."),
    "invalid_type.names": gettext_noop("{name} ist eine Liste von Namen."),
    "invalid_type.parties": gettext_noop("{name} ist ein Objekt mit re und kontra."),
    "invalid_type.object": gettext_noop("{name} ist ein Objekt."),
    "invalid_type.name": gettext_noop("Name erwartet."),
    "augen_out_of_range": gettext_noop("Re-Augen müssen eine ganze Zahl 0–240 sein."),
    "invalid_schwarz": gettext_noop('schwarz ist null, "re" oder "kontra".'),
    "invalid_karlchen": gettext_noop('karlchen ist null, "re" oder "kontra".'),
    "invalid_count": gettext_noop("Anzahl muss eine ganze Zahl sein."),
    "negative_count": gettext_noop("Anzahl darf nicht negativ sein."),
    "wrong_player_count": gettext_noop("Genau 4 Mitspieler müssen genannt sein."),
    "duplicate_players": gettext_noop("Die 4 Mitspieler müssen verschieden sein."),
    "invalid_player_name": gettext_noop("Jeder Mitspieler braucht einen Namen."),
    "re_not_subset": gettext_noop("„{name}“ ist kein Mitspieler dieses Spiels."),
    "re_not_subset.duplicate": gettext_noop("Ein Re-Spieler ist doppelt genannt."),
    "re_wrong_size": gettext_noop(
        "Die Re-Partei hat {count} Spieler; das passt nicht zu dieser Spielart."
    ),
    "re_wrong_size.normal": gettext_noop(
        "Bei einem Normalspiel hat die Re-Partei 2 Spieler, nicht {count}."
    ),
    "re_wrong_size.hochzeit": gettext_noop(
        "Bei einer Hochzeit hat die Re-Partei 1 oder 2 Spieler, nicht {count}."
    ),
    "re_wrong_size.stille_hochzeit": gettext_noop(
        "Bei einer Stillen Hochzeit hat die Re-Partei 1 Spieler, nicht {count}."
    ),
    "re_wrong_size.solo": gettext_noop(
        "Bei einem Solo hat die Re-Partei 1 Spieler, nicht {count}."
    ),
    "solo_missing": gettext_noop("Bei einem Solo muss die Soloart angegeben sein."),
    "solo_not_allowed": gettext_noop("Eine Soloart gibt es nur bei kind = solo."),
    "pflicht_not_allowed": gettext_noop("Pflichtsolo gibt es nur bei einem Solo."),
    "schwarz_contradicts_augen": gettext_noop("schwarz passt nicht zu den Re-Augen."),
    "schwarz_contradicts_augen.kontra": gettext_noop(
        "Kontra schwarz heißt: Re hat alle Stiche und damit 240 Augen."
    ),
    "schwarz_contradicts_augen.re": gettext_noop(
        "Re schwarz heißt: Kontra hat alle Stiche, Re also 0 Augen."
    ),
    "specials_in_solo": gettext_noop(
        "Sonderpunkte gibt es nur im Normalspiel, nicht in einem Solo (7.2.3)."
    ),
    "too_many_doppelkopf": gettext_noop(
        "Mehr als 4 Doppelköpfe in einem Spiel sind nicht möglich."
    ),
    "too_many_doppelkopf.re": gettext_noop(
        "{count} Doppelköpfe brauchen mindestens {needed} Augen; Re hat {augen}."
    ),
    "too_many_doppelkopf.kontra": gettext_noop(
        "{count} Doppelköpfe brauchen mindestens {needed} Augen; Kontra hat {augen}."
    ),
    "too_many_fuchs": gettext_noop("Es gibt nur 2 Füchse (Karo-Asse)."),
    "special_without_trick": gettext_noop("Eine Partei ohne Stich kann keinen Sonderpunkt machen."),
    "special_without_trick.fuchs": gettext_noop("Eine Partei ohne Stich kann keinen Fuchs fangen."),
    "special_without_trick.karlchen": gettext_noop(
        "Eine Partei ohne Stich kann den letzten Stich nicht machen."
    ),
    # --- house rules (scoring.rules, house-rules.md) ---------------------------------------
    "re_wrong_size.armut": gettext_noop(
        "Bei einer Armut hat die Re-Partei 2 Spieler (der Arme und der Übernehmende), "
        "nicht {count}."
    ),
    "option_not_enabled": gettext_noop(
        "„{name}“ ist in diesem Regelprofil nicht eingeschaltet (Hausregel)."
    ),
    "invalid_bock": gettext_noop("bock ist der Bock-Faktor: 1, 2, 4, 8, …"),
    "invalid_karlchen_gefangen": gettext_noop('karlchen_gefangen ist null, "re" oder "kontra".'),
    "herzstich_in_solo": gettext_noop("Einen Herzstich gibt es nur im Normalspiel."),
    "karlchen_contradiction": gettext_noop(
        "Karlchen und Karlchen gefangen fallen in den letzten Stich: beide gehören der "
        "Partei, die ihn gemacht hat."
    ),
    "too_many_herzstich": gettext_noop(
        "Es gibt höchstens einen Herzstich im Spiel (nur 6 Herzkarten sind Fehl)."
    ),
    "quick_invalid_value": gettext_noop("Der Spielwert ist eine ganze Zahl ab 0."),
    "quick_invalid_value.too_high": gettext_noop("Der Spielwert ist höchstens {max}."),
    "quick_wrong_winners": gettext_noop("Die Gewinner passen nicht zum Spiel."),
    "quick_wrong_winners.normal": gettext_noop(
        "Ohne Solo gewinnen genau 2 Spieler (oder keiner bei einem Spiel mit Wert 0)."
    ),
    "quick_wrong_winners.solo": gettext_noop(
        "Bei einem Solo gewinnt der Solospieler allein oder die drei anderen."
    ),
    "quick_invalid_triggers": gettext_noop("bock_triggers ist 0 bis 3."),
    "quick_bock_triggers": gettext_noop(
        "Diese Hausregeln kennen nur {count} Bock-Auslöser: mehr kann ein Spiel nicht auslösen."
    ),
    "bock_mismatch": gettext_noop(
        "Spiel {game} zählt nach der Liste {expected}-fach (Bock), eingetragen ist {entered}."
    ),
    "close_not_allowed": gettext_noop(
        "Die Liste kann erst beendet werden, wenn alle {count} Spieler gleich oft gegeben haben."
    ),
    "game_beyond_round.closed": gettext_noop("Spiel {game}: Die Liste ist beendet."),
    "invalid_time_up.open": gettext_noop(
        "Eine Liste ohne feste Spielzahl hat kein Zeitende (games: open)."
    ),
    "rules_not_an_object": gettext_noop("Ein Regelprofil ist ein JSON-Objekt von Optionen."),
    "rules_unknown_option": gettext_noop("Unbekannte Regeloption „{name}“."),
    "rules_invalid_value": gettext_noop(
        "Regeloption „{name}“: {value} ist nicht erlaubt; erlaubt: {allowed}."
    ),
    "rules_contradiction": gettext_noop(
        "Regeloption „{name}“ widerspricht „{other}“ (games: open geht nur ohne Pflichtsolo)."
    ),
    "rules_unknown_preset": gettext_noop("Unbekanntes Regelprofil {value}; bekannt: {allowed}."),
    "rules_bock_without_triggers": gettext_noop(
        "Bockrunden brauchen mindestens einen Auslöser (sonst bock: none)."
    ),
    # --- penalty rows (TSR 9, round.md) ------------------------------------------------
    "penalty_not_an_object": gettext_noop("Eine Strafzeile ist ein JSON-Objekt."),
    "penalty_unknown_kind": gettext_noop("Unbekannte Strafart {value}; erlaubt: {allowed}."),
    "penalty_invalid_after_game": gettext_noop("after_game ist eine Zahl ab 0."),
    "penalty_invalid_offender": gettext_noop("Verursacher fehlt."),
    "penalty_invalid_beneficiary": gettext_noop("Name erwartet."),
    "penalty_beneficiary_missing": gettext_noop(
        "Bei einer Solo-Strafe muss der Solospieler (beneficiary) genannt sein."
    ),
    "penalty_beneficiary_not_allowed": gettext_noop(
        "Einen Begünstigten gibt es nur bei minor_solo_harm und serious_solo_opponent."
    ),
    "penalty_invalid_absagen": gettext_noop("absagen ist 0 bis 4."),
    "penalty_invalid_absagen.not_serious": gettext_noop(
        "Absagen zählen nur bei schwerwiegenden Regelverstößen (9.4)."
    ),
    "penalty_invalid_points": gettext_noop("Punktabzug ist 1 bis 12 Punkte (9.7.2 b)."),
    "penalty_invalid_points.not_unsporting": gettext_noop("points gibt es nur bei unsporting."),
    # --- the round (round.md) ------------------------------------------------------------
    "invalid_seats": gettext_noop("Ein Tisch hat 4 oder 5 Spieler (8.3.1, 10)."),
    "invalid_seats.list": gettext_noop("seats ist die Liste der Spieler nach Position."),
    "invalid_seats.name": gettext_noop("Jeder Platz braucht einen Namen."),
    "invalid_seats.distinct": gettext_noop("Die Spieler am Tisch müssen verschieden sein."),
    "duplicate_names": gettext_noop(
        "Zwei Spieler am Tisch heißen „{name}“ – bitte unterscheidbar benennen (z. B. „Thomas M.“)."
    ),
    "invalid_games": gettext_noop("games ist eine Liste von Spielen."),
    "invalid_penalties": gettext_noop("penalties ist eine Liste."),
    "invalid_time_up": gettext_noop(
        "time_up_after nennt das Spiel, nach dem die Zeit abgelaufen ist."
    ),
    "invalid_time_up.type": gettext_noop("time_up_after ist null oder eine Spielnummer."),
    "invalid_time_up.complete": gettext_noop(
        "Die Runde war schon vollständig: beim Zeitende kann kein Spiel mehr gelaufen sein."
    ),
    "game_beyond_round": gettext_noop("Spiel {game}: Die Runde hat nur {total} Spiele."),
    "game_beyond_round.time_up": gettext_noop(
        "Spiel {game}: Die Zeit ist abgelaufen und alle Pflichtsoli sind gespielt."
    ),
    "unknown_player": gettext_noop("{name} sitzt nicht an diesem Tisch (Spiel {game})."),
    "sitting_out_player_in_game": gettext_noop("{name} gibt Spiel {game} und sitzt aus (10.1.1)."),
    "vorfuehrung_due": gettext_noop(
        "Spiel {game} ist eine Vorführung: {name} muss jetzt das Pflichtsolo spielen (4.2.3)."
    ),
    "wrong_soloist": gettext_noop(
        "Spiel {game} ist eine Vorführung für {name}, nicht für {soloist}."
    ),
    "vorfuehrung_must_be_pflicht": gettext_noop(
        "Ein vorgeführtes Solo ist ein Pflichtsolo: bitte als Pflichtsolo eintragen (Spiel {game})."
    ),
    "second_pflichtsolo": gettext_noop(
        "Das Pflichtsolo von {name} war schon Spiel {pflicht_game}; ein weiteres "
        "Solo ist ein Lustsolo."
    ),
    "lustsolo_before_pflichtsolo": gettext_noop(
        "{name} muss das Pflichtsolo noch spielen: ein Lustsolo ist erst danach "
        "erlaubt (4.3.1). Als Pflichtsolo eintragen?"
    ),
    "penalty_after_game_out_of_range": gettext_noop(
        "Strafzeile nach Spiel {game}: so viele Spiele gibt es noch nicht."
    ),
    "penalty_after_game_out_of_range.last": gettext_noop(
        "Nach dem letzten Spiel wird kein Spiel mehr gegeben."
    ),
    "penalty_after_game_out_of_range.zero": gettext_noop(
        "Diese Strafzeile gehört zu einem Spiel: after_game muss mindestens 1 sein."
    ),
    "game_already_aborted": gettext_noop(
        "Spiel {game} wurde schon wegen eines schwerwiegenden Regelverstoßes beendet."
    ),
    "penalty_not_in_solo": gettext_noop(
        "Spiel {game} war kein Solo: diese Strafart gibt es nur im Solo."
    ),
    "penalty_beneficiary_not_soloist": gettext_noop(
        "Begünstigt ist der Solospieler von Spiel {game}: {name}."
    ),
    "penalty_offender_not_in_game": gettext_noop("{name} hat in diesem Spiel nicht mitgespielt."),
    "penalty_offender_is_soloist": gettext_noop(
        "Für einen Fehler des Solospielers gelten minor bzw. serious (9.3.3 a, 9.4.4)."
    ),
    "wrap.game": gettext_noop("Spiel {game}: {message}"),
    "wrap.penalty": gettext_noop("Strafzeile: {message}"),
    # --- tournaments: draw and standings (competitions.md) ------------------------------
    "draw_impossible": gettext_noop(
        "{count} Teilnehmer lassen sich nicht auf Vierer- und Fünfertische verteilen "
        "(möglich: 4, 5, 8, 9, 10 und ab 12)."
    ),
    "duplicate_participant": gettext_noop("Ein Teilnehmer ist doppelt genannt."),
    "official_needs_fours": gettext_noop(
        "{count} Teilnehmer: ein offizielles DDV-Turnier braucht eine durch 4 teilbare Zahl "
        "(Vierertische, TSR 8.3.1). Bitte Teilnehmer an- oder abmelden."
    ),
    "warning.five_player_tables": gettext_noop(
        "Fünfertische sind nur bei inoffiziellen Turnieren zulässig; ein offizielles "
        "DDV-Turnier braucht eine durch 4 teilbare Teilnehmerzahl (TSR 8.3.1)."
    ),
    # --- Rangliste, Bundesländerwertung, club seasons (scoring.rangliste, .season) ---------
    "rangliste_missing_field": gettext_noop("Das Feld „{name}“ fehlt."),
    "rangliste_unknown_field": gettext_noop("Unbekanntes Feld „{name}“."),
    "rangliste_invalid_date": gettext_noop("{name} ist kein Datum der Form JJJJ-MM-TT."),
    "rangliste_invalid_results": gettext_noop("results ist eine Liste von Turnierergebnissen."),
    "rangliste_invalid_result": gettext_noop(
        "Ein Turnierergebnis ist ein JSON-Objekt mit player, tournament, date, bundesland "
        "und rounds."
    ),
    "rangliste_invalid_name": gettext_noop("{name} muss ein nicht leerer Text sein."),
    "rangliste_invalid_rounds": gettext_noop(
        "rounds ist eine nicht leere Liste von höchstens 99 ganzen Zahlen zwischen "
        "-99999 und 99999 (die Punkte je Runde)."
    ),
    "rangliste_inconsistent_tournament": gettext_noop(
        "Das Turnier „{tournament}“ ist mit verschiedenen Daten oder Bundesländern genannt."
    ),
    "rangliste_duplicate_result": gettext_noop(
        "{name} hat im Turnier „{tournament}“ mehr als ein Ergebnis."
    ),
    "rlt_too_few_players": gettext_noop(
        "Ein Ranglistenturnier braucht mindestens {needed} Spieler; gespielt haben {count}."
    ),
    "rlt_too_few_rounds": gettext_noop(
        "Ein Ranglistenturnier braucht mindestens {needed} Runden; gespielt sind {count}."
    ),
    "season_invalid_mode": gettext_noop("Unbekannte Saisonwertung; erlaubt: {allowed}."),
    "season_invalid_number": gettext_noop("{name} muss eine ganze Zahl von mindestens 1 sein."),
    # --- leagues: schedule, Spieltag, table (scoring.schedule, scoring.liga) -----------
    "schedule_not_integer": gettext_noop("{name} muss eine ganze Zahl sein."),
    "schedule_group_size": gettext_noop("Eine Gruppe hat 2 bis {max} Mannschaften."),
    "schedule_teams": gettext_noop("Ein Spielplan braucht {min} bis {max} Mannschaften."),
    "schedule_rounds": gettext_noop("Ein Spielplan hat 1 bis {max} Runden."),
    "liga_not_an_object": gettext_noop(
        "Die Eingabe ist ein JSON-Objekt mit „spieltage“: einer Liste von Spieltagen."
    ),
    "liga_spieltag_not_an_object": gettext_noop(
        "Ein Spieltag ist ein Objekt: Mannschaft → Spielpunkte."
    ),
    "liga_group_too_small": gettext_noop("An einem Spieltag spielen mindestens 2 Mannschaften."),
    "liga_team_name": gettext_noop("Jede Mannschaft braucht einen Namen."),
    "liga_spielpunkte": gettext_noop("Die Spielpunkte von {name} müssen eine ganze Zahl sein."),
    "liga_absent_unknown": gettext_noop("{name} spielt an diesem Spieltag nicht mit."),
    "liga_lineup_size": gettext_noop("Jede Mannschaft stellt gleich viele Spieler ({count})."),
    "liga_lineup_duplicate": gettext_noop("Ein Spieler ist in zwei Aufstellungen genannt."),
    "liga_rounds": gettext_noop("Ein Spieltag hat 1 bis 24 Runden."),
    # --- final totals typed from the paper list (scoring.totals) --------------------------
    "totals_not_an_object": gettext_noop(
        "Die Endstände eines Tisches sind ein JSON-Objekt mit table, totals und deduction."
    ),
    "totals_invalid_table": gettext_noop("table ist die Tischnummer (eine ganze Zahl ab 1)."),
    "totals_invalid": gettext_noop("totals nennt zu jedem Spieler seinen Endstand."),
    "totals_invalid.deduction": gettext_noop(
        "deduction nennt zu einem Spieler seine Punktabzüge (9.7.2 b)."
    ),
    "totals_missing_seat": gettext_noop("Der Endstand von {name} fehlt."),
    "totals_unknown_seat": gettext_noop("{name} sitzt nicht an diesem Tisch."),
    "totals_not_integer": gettext_noop("Der Endstand von {name} muss eine ganze Zahl sein."),
    "totals_out_of_range": gettext_noop(
        "Endstand {value} für {name} ist unmöglich: eine Runde bringt einem Spieler "
        "höchstens {bound} Punkte (plus oder minus)."
    ),
    "deduction_out_of_range": gettext_noop(
        "Punktabzug für {name}: zusammen 1 bis {bound} Punkte, jeder einzelne höchstens "
        "{each} (9.7.2 b)."
    ),
    "totals_zero_sum": gettext_noop(
        "Die Endstände ergeben zusammen {sum}, es müssen 0 sein (7.3.3): bitte die Zahlen prüfen."
    ),
    "totals_zero_sum.deduction": gettext_noop(
        "Die Endstände ergeben zusammen {sum}; mit den Punktabzügen müssen es {expected} "
        "sein (9.7.2 b): bitte die Zahlen prüfen."
    ),
    "warning.totals_parity": gettext_noop(
        "Die Endstände sind nicht alle gerade oder alle ungerade. Ohne Strafzeile in einem "
        "Solo zugunsten des Solospielers (9.3.3 b1, 9.4.4) ist das unmöglich (7.3.3): "
        "wahrscheinlich ein Tippfehler."
    ),
    "warning.totals_unusual": gettext_noop(
        "{name}: {value} Punkte sind ungewöhnlich viel (mehr als {bound}) – bitte prüfen."
    ),
    "invalid_tie_breaks": gettext_noop(
        "Wertungsreihenfolge aus {allowed} (jeder Schlüssel höchstens einmal)."
    ),
    # --- statistics and the Kasse (scoring.stats, scoring.kasse, statistics.md) -----------
    "stats_invalid_lists": gettext_noop(
        "Die Eingabe ist ein JSON-Objekt mit „lists“: einer Liste von Spiellisten."
    ),
    "stats_invalid_list": gettext_noop(
        "Liste {list}: Eine Spielliste ist ein JSON-Objekt mit seats und games."
    ),
    "wrap.list": gettext_noop("Liste {list}: {message}"),
    # --- the Spielstärke (scoring.rating, rating.md) -------------------------------------
    "rating_invalid_input": gettext_noop(
        "Die Eingabe ist ein JSON-Objekt mit „lists“: einer Liste gewerteter Listen."
    ),
    "rating_invalid_list": gettext_noop(
        "Eine gewertete Liste ist ein JSON-Objekt mit key, date und totals (und order)."
    ),
    "rating_missing_field": gettext_noop("Das Feld „{name}“ fehlt."),
    "rating_unknown_field": gettext_noop("Unbekanntes Feld „{name}“."),
    "rating_invalid_key": gettext_noop("key ist ein nicht leerer Text."),
    "rating_invalid_date": gettext_noop("„{value}“ ist kein Datum der Form JJJJ-MM-TT."),
    "rating_invalid_order": gettext_noop(
        "order ist [Art der Veranstaltung, ihre Nummer, Runde, Tisch, Liste]: ein Text und "
        "vier ganze Zahlen ab 0."
    ),
    "rating_invalid_totals": gettext_noop(
        "totals ist ein JSON-Objekt: Name des Spielers → Punkte der Liste."
    ),
    "rating_seats": gettext_noop(
        "Gewertet wird eine Liste mit 4 oder 5 Spielern, nicht mit {count}."
    ),
    "rating_player_twice": gettext_noop("{name} steht zweimal in der Liste."),
    "rating_invalid_name": gettext_noop("Ein Spieler braucht einen nicht leeren Namen."),
    "rating_invalid_total": gettext_noop(
        "Die Punkte von {name} sind keine ganze Zahl (höchstens {bound} vom Betrag)."
    ),
    "rating_duplicate_key": gettext_noop("Den Schlüssel „{key}“ haben zwei Listen."),
    "rating_unknown_player": gettext_noop("{name} hat keine gewertete Liste gespielt."),
    "wrap.rated_list": gettext_noop("Liste {list} („{key}“): {message}"),
    "kasse_invalid_rate": gettext_noop(
        "Der Satz ist eine ganze Zahl von Cent je Punkt, mindestens 1."
    ),
    # --- a club's history from its spreadsheets (scoring.history, history-import.md) -----
    "history_unreadable": gettext_noop(
        "Die Datei lässt sich nicht lesen: erwartet wird .xlsx, .ods oder .csv ({reason})."
    ),
    "history_nothing": gettext_noop(
        "Kein Blatt der Datei hat eine Kopfzeile mit „Datum“ und Punkten darunter."
    ),
    "history_not_a_number": gettext_noop("„{value}“ ist keine Zahl."),
    "history_too_high": gettext_noop("{value} liegt außerhalb von ±{max}."),
    "history_bad_date": gettext_noop(
        "„{value}“ ist kein Datum (TT.MM.JJJJ, TT.MM.JJ oder JJJJ-MM-TT)."
    ),
    "history_bad_table": gettext_noop("„{value}“ ist keine Tischnummer (1–99)."),
    "history_no_date": gettext_noop(
        "Die Zeile hat kein Datum, und keine Zeile darüber nennt eins."
    ),
    "history_duplicate_column": gettext_noop("Der Spieler steht zweimal in der Kopfzeile."),
    "history_player_count": gettext_noop(
        "{count} Spieler haben Punkte; in einem Spiel sind es genau 4."
    ),
    "history_player_count.totals": gettext_noop(
        "{count} Spieler haben Punkte; an einem Tisch sind es 4 oder 5."
    ),
    "history_sum": gettext_noop("die Punkte ergeben {sum} statt 0."),
    "history_shape": gettext_noop(
        "Die Punkte ({points}) sind kein Spiel: zweimal +x und zweimal −x, oder ein Solo "
        "mit ±3x gegen dreimal ∓x."
    ),
    "history_table_size": gettext_noop(
        "An Tisch {table} am {date} haben {count} Spieler Punkte; ein Tisch hat 4 oder 5."
    ),
    "history_table_twice": gettext_noop("Tisch {table} am {date} steht schon in Zeile {other}."),
    "history_undecided": gettext_noop(
        "„{name}“ ist vielleicht {candidates}: bitte entscheiden, wer gemeint ist oder ob "
        "er neu ist."
    ),
    "history_unknown_player": gettext_noop("„{name}“: einen Spieler {id} gibt es nicht."),
    "history_unknown_name": gettext_noop("„{name}“ steht in keiner Kopfzeile der Datei."),
    "history_same_seat": gettext_noop(
        "„{name}“ und „{other}“ sind derselbe Spieler und sitzen am selben Tisch."
    ),
    "history_already_imported": gettext_noop(
        "Der Abend am {date} hat schon Listen aus einem Import ({file}); eine Datei wird "
        "nur absichtlich ersetzt."
    ),
    "history_date_range": gettext_noop(
        "Der Abend am {date} liegt außerhalb von {first} bis {last}."
    ),
    "wrap.history_cell": gettext_noop("{sheet}, Zeile {row}, Spalte „{column}“: {message}"),
    "wrap.history_row": gettext_noop("{sheet}, Zeile {row}: {message}"),
    # --- breakdown items (TSR 7.2; keys of scoring.results.ITEM_TSR) --------------------
    "item.won": gettext_noop("Gewonnen"),
    "item.under_90": gettext_noop("Unter 90 gespielt"),
    "item.under_60": gettext_noop("Unter 60 gespielt"),
    "item.under_30": gettext_noop("Unter 30 gespielt"),
    "item.schwarz": gettext_noop("Schwarz gespielt"),
    "item.re_announced": gettext_noop("„Re“ angesagt"),
    "item.kontra_announced": gettext_noop("„Kontra“ angesagt"),
    "item.re_k90": gettext_noop("„keine 90“ von Re abgesagt"),
    "item.re_k60": gettext_noop("„keine 60“ von Re abgesagt"),
    "item.re_k30": gettext_noop("„keine 30“ von Re abgesagt"),
    "item.re_schwarz": gettext_noop("„schwarz“ von Re abgesagt"),
    "item.kontra_k90": gettext_noop("„keine 90“ von Kontra abgesagt"),
    "item.kontra_k60": gettext_noop("„keine 60“ von Kontra abgesagt"),
    "item.kontra_k30": gettext_noop("„keine 30“ von Kontra abgesagt"),
    "item.kontra_schwarz": gettext_noop("„schwarz“ von Kontra abgesagt"),
    "item.reached_120_vs_k90": gettext_noop("120 Augen gegen „keine 90“ erreicht"),
    "item.reached_90_vs_k60": gettext_noop("90 Augen gegen „keine 60“ erreicht"),
    "item.reached_60_vs_k30": gettext_noop("60 Augen gegen „keine 30“ erreicht"),
    "item.reached_30_vs_schwarz": gettext_noop("30 Augen gegen „schwarz“ erreicht"),
    "item.gegen_die_alten": gettext_noop("Gegen die Kreuz-Damen gewonnen"),
    "item.doppelkopf": gettext_noop("Doppelkopf"),
    "item.fuchs": gettext_noop("Fuchs gefangen"),
    "item.karlchen": gettext_noop("Karlchen macht den letzten Stich"),
    "item.karlchen_gefangen": gettext_noop("Karlchen gefangen"),
    "item.herzstich": gettext_noop("Herzstich"),
    "item.solo_bonus": gettext_noop("Solo-Zuschlag"),
    # --- labels of the interchange vocabularies (scoring.interchange) -------------------
    "kind.normal": gettext_noop("Normalspiel"),
    "kind.hochzeit": gettext_noop("Hochzeit"),
    "kind.stille_hochzeit": gettext_noop("Stille Hochzeit"),
    "kind.solo": gettext_noop("Solo"),
    "kind.armut": gettext_noop("Armut"),
    "solo.damen": gettext_noop("Damensolo"),
    "solo.buben": gettext_noop("Bubensolo"),
    "solo.fleischlos": gettext_noop("Fleischloser"),
    "solo.kreuz": gettext_noop("Kreuzsolo"),
    "solo.pik": gettext_noop("Piksolo"),
    "solo.herz": gettext_noop("Herzsolo"),
    "solo.karo": gettext_noop("Karosolo"),
    "solo_short.damen": gettext_noop("Damen"),
    "solo_short.buben": gettext_noop("Buben"),
    "solo_short.fleischlos": gettext_noop("Fleischlos"),
    "solo_short.kreuz": gettext_noop("Kreuz"),
    "solo_short.pik": gettext_noop("Pik"),
    "solo_short.herz": gettext_noop("Herz"),
    "solo_short.karo": gettext_noop("Karo"),
    # Level "none" has no label: forms show a dash.
    "level.ansage": gettext_noop("angesagt"),
    "level.k90": gettext_noop("keine 90"),
    "level.k60": gettext_noop("keine 60"),
    "level.k30": gettext_noop("keine 30"),
    "level.schwarz": gettext_noop("schwarz"),
    "party.re": gettext_noop("Re"),
    "party.kontra": gettext_noop("Kontra"),
    "penalty.minor": gettext_noop("Geringfügig (9.3.2): Verursacher −3, Mitspieler je +1"),
    "penalty.minor_solo_harm": gettext_noop(
        "Geringfügig zum Nachteil des Solospielers (9.3.3 b1): −3 / +3"
    ),
    "penalty.serious": gettext_noop("Schwerwiegend (9.4.3): Spiel gilt als nicht gespielt"),
    "penalty.serious_solo_opponent": gettext_noop("Schwerwiegend, Gegenpartei im Solo (9.4.4)"),
    "penalty.unsporting": gettext_noop("Unsportlich (9.7.2 b): Punktabzug"),
    "penalty_short.minor": gettext_noop("Geringfügiger Regelverstoß"),
    "penalty_short.minor_solo_harm": gettext_noop(
        "Geringfügiger Regelverstoß zum Nachteil des Solospielers"
    ),
    "penalty_short.serious": gettext_noop(
        "Schwerwiegender Regelverstoß (Spiel gilt als nicht gespielt)"
    ),
    "penalty_short.serious_solo_opponent": gettext_noop(
        "Schwerwiegender Regelverstoß der Gegenpartei im Solo"
    ),
    "penalty_short.unsporting": gettext_noop("Unsportliches Verhalten (Punktabzug)"),
    "tie_break.total": gettext_noop("Gesamtpunkte"),
    "tie_break.positive_rounds": gettext_noop("Runden mit Plus"),
    "tie_break.best_round": gettext_noop("Beste Runde"),
    "tie_break.last_round": gettext_noop("Punkte der letzten Runde"),
}

LABEL_GROUPS: tuple[str, ...] = (
    "kind",
    "solo",
    "solo_short",
    "level",
    "party",
    "penalty",
    "penalty_short",
    "tie_break",
    "item",
)


class _KeepMissing(dict[str, object]):
    """Parameters for ``str.format_map``: a missing one stays ``{name}`` in the text."""

    def __missing__(self, name: str) -> str:
        return "{" + name + "}"


def key_for(code: str, params: Mapping[str, object] | None = None) -> str:
    """The table key ``code`` renders with: ``code.variant`` when that entry exists."""
    if params:
        variant = params.get("variant")
        if variant:
            key = f"{code}.{variant}"
            if key in MESSAGES:
                return key
    return code


def render(
    code: str, params: Mapping[str, object] | None = None, translate: Translate = identity
) -> str:
    """The text of ``code`` with ``params``, in the language of ``translate``.

    ``translate`` is any gettext: the identity (German, the default), ``translator(lang)``
    or Django's ``gettext``. An unknown code renders as itself.
    """
    template = MESSAGES.get(key_for(code, params))
    if template is None:
        return code
    return format_template(translate(template), template, params)


def format_template(
    translated: str, template: str, params: Mapping[str, object] | None = None
) -> str:
    """Fill ``{name}`` placeholders; a missing one stays, a broken translation falls back
    to the German ``template`` (for the site's own message table too)."""
    values = _KeepMissing(params or {})
    try:
        return translated.format_map(values)
    except (ValueError, IndexError, AttributeError, KeyError):
        return template.format_map(values)


class Reportable(Protocol):
    """What ``render_error`` needs of an error (``scoring.errors.ScoringError``)."""

    @property
    def code(self) -> str: ...
    @property
    def params(self) -> Mapping[str, object]: ...
    @property
    def context(self) -> str: ...


def render_error(err: Reportable, translate: Translate = identity) -> str:
    """An error's whole text: its code's template, framed by its context if it has one
    (e.g. "Spiel 3: …" for a bad record inside a round input)."""
    text = render(err.code, err.params, translate)
    if err.context:
        return render(err.context, {**err.params, "message": text}, translate)
    return text


def label(group: str, value: str, translate: Translate = identity) -> str:
    """Display label of an interchange code, e.g. ``label("solo", "damen") == "Damensolo"``.

    ``group`` is one of ``LABEL_GROUPS``; enum members work as values (``Kind.SOLO``).
    """
    return render(f"{group}.{value}", None, translate)


def choices(group: str, translate: Translate = identity) -> list[tuple[str, str]]:
    """``(code, label)`` pairs of a group in table order, e.g. for a form's choices.

    With the default translator the labels are the German msgids, ready for a lazy
    gettext: ``[(code, gettext_lazy(text)) for code, text in choices("kind")]``.
    """
    prefix = group + "."
    return [
        (key[len(prefix) :], translate(template))
        for key, template in MESSAGES.items()
        if key.startswith(prefix)
    ]


LOCALE_DIR_ENV = "SCORING_LOCALE_DIR"
DOMAIN = "django"


def locale_dir() -> Path:
    """Where ``translator`` looks for ``<lang>/LC_MESSAGES/django.mo``:
    ``$SCORING_LOCALE_DIR`` if set, else ``league/locale`` next to this package."""
    configured = os.environ.get(LOCALE_DIR_ENV)
    if configured:
        return Path(configured)
    return Path(__file__).resolve().parent.parent / "league" / "locale"


def translator(lang: str | None = None) -> Translate:
    """The standard-library gettext for ``lang`` ("en", "en-GB", ...); German (the source
    language, also for ``None`` or "") is the identity. A language without a catalogue
    falls back to German."""
    if not lang or lang.replace("-", "_").split("_")[0].lower() == "de":
        return identity
    return _translator(lang, str(locale_dir()))


@lru_cache(maxsize=16)
def _translator(lang: str, localedir: str) -> Translate:
    catalogue = gettext.translation(DOMAIN, localedir=localedir, languages=[lang], fallback=True)
    return catalogue.gettext
