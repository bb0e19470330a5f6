"""House rules on the site: the plain-language German summary of a rule profile.

The profile itself is the engine's (``scoring.rules``); this module only says it in words
for the club page, the new-list page and the list ("Re/Kontra verdoppeln, Solo +1, Bock
nach verlorenem Re/Kontra …"). Glossary: see ``scoring.rules`` (Bockrunde, Armut,
Schmeißen, Herzstich, Karlchen gefangen).
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext, gettext_noop

from scoring.rules import PRESETS, RuleProfile, options_summary, preset_name

SUMMARY: Mapping[str, str] = {
    "rules.doubling": gettext_noop("Re/Kontra verdoppeln"),
    "rules.solo_bonus": gettext_noop("Solo +{count}"),
    "rules.specials_in_solo": gettext_noop("Sonderpunkte auch im Solo"),
    "rules.karlchen_gefangen": gettext_noop("Karlchen gefangen +1"),
    "rules.herzstich": gettext_noop("Herzstich +1"),
    "rules.no_winner_zero": gettext_noop("ohne Sieger zählt das Spiel 0"),
    "rules.no_pflichtsolo": gettext_noop("kein Pflichtsolo"),
    "rules.repeat_every_solo": gettext_noop("nach jedem Solo gibt derselbe Geber noch einmal"),
    "rules.repeat_never": gettext_noop("nach einem Pflichtsolo wird nicht noch einmal gegeben"),
    "rules.games_open": gettext_noop("Spielzahl offen (Runde beenden nach voller Geberrunde)"),
    "rules.bock_lost_announcement": gettext_noop("Bock nach verlorenem Re/Kontra"),
    "rules.bock_zero_game": gettext_noop("Bock nach 0-Punkte-Spiel"),
    "rules.bock_split": gettext_noop("Bock bei 120 : 120"),
    "rules.stacking_append": gettext_noop(
        "Bockrunden hinten angehängt (Doppel-/Dreifachbock bei mehreren Auslösern)"
    ),
    "rules.stacking_multiply": gettext_noop("Bockrunden überlagern sich und multiplizieren"),
    "rules.armut": gettext_noop("Armut"),
    "rules.schmeissen": gettext_noop("Schmeißen (neu geben)"),
    "rules.ohne_neunen": gettext_noop("ohne Neunen"),
}
PRESET_LABELS: Mapping[str, str] = {
    "tsr": gettext_noop("Turnierspielregeln (TSR)"),
    "verein-002": gettext_noop("Vereinsregeln (Re/Kontra verdoppeln, Bockrunden)"),
    "palast-003": gettext_noop("Online-Sonderregeln (Herzstich, Bock multipliziert)"),
}
TSR_SUMMARY = gettext_noop("Turnierspielregeln (TSR)")


def rules_summary(profile: RuleProfile) -> str:
    """E.g. "Re/Kontra verdoppeln, Solo +1, Bock nach verlorenem Re/Kontra, …"; the TSR
    in one phrase."""
    parts = [gettext(SUMMARY[key]).format(**params) for key, params in options_summary(profile)]
    return ", ".join(parts) if parts else gettext(TSR_SUMMARY)


def preset_choices() -> list[tuple[str, str]]:
    """``(preset, label)`` for a choice, labels in the active language."""
    return [(name, gettext(PRESET_LABELS[name])) for name in PRESETS]


def profile_label(profile: RuleProfile) -> str:
    """The preset's name in words, or "eigene Hausregeln"."""
    name = preset_name(profile)
    return gettext(PRESET_LABELS[name]) if name else gettext("Eigene Hausregeln")
