"""Parts of the tournament page that apps above tournaments contribute through a
registered section (as the club page's, ``league.clubs.page``): the venue's "An die
Verbandsseite übertragen" box (``league.federation``). Tournaments knows none of them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest

from league.tournaments.models import Tournament

# (request, tournament, whether the reader organises it) → the template's ``section``, or
# None when the part has nothing to show this reader.
SectionContext = Callable[[HttpRequest, Tournament, bool], Mapping[str, Any] | None]


@dataclass(frozen=True)
class TournamentSection:
    template: str  # included with ``section`` = what ``context`` returns
    context: SectionContext


_sections: list[TournamentSection] = []


def register_section(section: TournamentSection) -> None:
    if section not in _sections:
        _sections.append(section)


def page_sections(
    request: HttpRequest, tournament: Tournament, organiser: bool
) -> list[dict[str, Any]]:
    """The registered parts this reader sees, in registration order."""
    shown = []
    for section in _sections:
        context = section.context(request, tournament, organiser)
        if context is not None:
            shown.append({"template": section.template, "context": context})
    return shown
