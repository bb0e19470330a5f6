"""A list's stored title in the reader's language.

Decision (issue 29): the owners store a list's title once, in German, at its creation
("… – Runde 2, Tisch 3", "… · Tisch 1"); the name of the event in it is the organiser's
and stays as typed. Rather than store a title per language or ask every owner again for
every row of an index, the known tails the owners write are translated where a title is
shown; any other title (typed by a person) is shown as stored.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext

# Tournaments (tournaments/services/draw.py): "<name> – Runde 2, Tisch 3".
# Leagues (leagues/services.py): "<league> <season> – 3.2 / Gruppe B, Runde 1, Tisch 2".
_ROUND_TABLE = re.compile(
    r"^(?P<head>.* – )(?:(?P<label>\d+\.\d+) / Gruppe (?P<letter>\w+), )?"
    r"Runde (?P<round>\d+), Tisch (?P<table>\d+)$"
)
# Club evenings (evenings/services.py): "<club> · 05.03.2026 · Tisch 1".
_EVENING_TABLE = re.compile(r"^(?P<head>.* · \d{2}\.\d{2}\.\d{4} · )Tisch (?P<table>\d+)$")


def shown_title(title: str) -> str:
    """``title`` with the tail an owner wrote in German in the active language."""
    match = _ROUND_TABLE.match(title)
    if match:
        tail = gettext("Runde %(round)s, Tisch %(table)s") % {
            "round": match["round"],
            "table": match["table"],
        }
        if match["label"]:
            group = gettext("Gruppe %(letter)s") % {"letter": match["letter"]}
            tail = f"{match['label']} / {group}, {tail}"
        return f"{match['head']}{tail}"
    match = _EVENING_TABLE.match(title)
    if match:
        return match["head"] + gettext("Tisch %(table)s") % {"table": match["table"]}
    return title
