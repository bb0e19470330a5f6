"""The site's code → text table: every app registers its own (German msgids; English in
the app's ``locale/``).

An app keeps the codes its services raise in its ``messages.py`` and registers them from its
``AppConfig.ready`` (``register_messages``), as it registers its sections; this module keeps
the table, the codes of ``core`` itself (backup fields, places, dates) and the rendering.
Codes of the rules engine live in ``scoring.messages`` and are rendered through the same
Django catalogue, so one language switch covers both.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from django.utils.translation import gettext, gettext_lazy, gettext_noop

from scoring import messages as scoring_messages
from scoring.errors import ScoringError

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# Every registered code → its German msgid; read through ``MESSAGES``.
_TABLE: dict[str, str] = {}
MESSAGES: Mapping[str, str] = _TABLE


def register_messages(table: Mapping[str, str]) -> None:
    """Add an app's codes (from its ``AppConfig.ready``); a code belongs to one app only."""
    twice = sorted(_TABLE.keys() & table.keys())
    if twice:
        raise ValueError("message_code_twice", twice)
    _TABLE.update(table)


CORE_MESSAGES: Mapping[str, str] = {
    "round_not_started": gettext_noop("Die Runde ist noch nicht gestartet."),
    "not_in_round": gettext_noop("{name} sitzt in dieser Runde an keinem Tisch."),
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
    "backup_not_a_list": gettext_noop("„{key}“ ist keine Liste."),
    "backup_not_object": gettext_noop("kein JSON-Objekt"),
    "backup_field_missing": gettext_noop("Feld „{key}“ fehlt"),
    "backup_field_type": gettext_noop("Feld „{key}“ hat den falschen Typ"),
    "backup_field_invalid": gettext_noop("Feld „{key}“ ungültig"),
    "backup_field_empty_or_long": gettext_noop("Feld „{key}“ leer oder zu lang"),
    "backup_field_too_long": gettext_noop("Feld „{key}“ ist länger als {max} Zeichen"),
    "backup_field_range": gettext_noop("Feld „{key}“ liegt nicht zwischen {min} und {max}"),
    "backup_field_not_time": gettext_noop("Feld „{key}“ ist kein Zeitpunkt"),
    "backup_date_invalid": gettext_noop("Datum ungültig"),
    "backup_summary_replaced": gettext_noop("{count} Turnier(e) ersetzt."),
    "backup_list_twice": gettext_noop("Liste {id} an zwei Tischen"),
    "backup_role_unknown": gettext_noop("Rolle {role} unbekannt"),
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
    "game_in_progress_unsupported": gettext_noop(
        "Die Zeit während eines laufenden Spiels auszurufen geht noch nicht: bitte nach "
        "dem Spiel melden (game_in_progress false)."
    ),
    "claim_not_yours": gettext_noop(
        "Über diese Anfrage entscheidet die Vereinsverwaltung des Spielers oder der "
        "Ranglistenwart: der Spieler hat Einträge außerhalb dieses Turniers."
    ),
    "date_out_of_range": gettext_noop("Das Datum muss zwischen {first} und {last} liegen."),
    "backup_history_action": gettext_noop("„{action}“ ist keine Aktion des Protokolls"),
    "backup_history_future": gettext_noop("Zeitpunkt liegt in der Zukunft"),
    "backup_history_order": gettext_noop("Zeitpunkt vor dem des vorigen Eintrags"),
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
