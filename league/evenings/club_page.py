"""What the evenings add to the club's page (``league.clubs.page`` sections): the house
rules the club's evenings and lists start with, the way to the season and the evenings,
and the club's lists dated by the evening they were played at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest

from league.clubs.models import Club
from league.clubs.page import Bound, ClubSection
from league.core.params import int_param
from league.evenings.forms import CUSTOM, RulesForm
from league.evenings.selectors import CLUB_PAGE_LISTS, club_lists
from league.lists.rules import preset_choices, profile_label, rules_summary
from scoring.rules import preset_name


def rules_form(club: Club, data: Any = None) -> RulesForm:
    return RulesForm(
        data,
        presets=preset_choices(),
        current=club.rules,
        initial={"preset": preset_name(club.profile) or CUSTOM},
    )


def _top(request: HttpRequest, club: Club, manager: bool, bound: Bound) -> Mapping[str, Any]:
    return {
        "rules_label": profile_label(club.profile),
        "rules_summary": rules_summary(club.profile),
        "rules_form": (bound.get("rules_form") or rules_form(club)) if manager else None,
    }


# The newest lists of a page stand open; the older ones of the page fold into one line
# (the demo club's page was 6,570 px long on a phone).
CLUB_PAGE_OPEN = 8


def _lists(request: HttpRequest, club: Club, manager: bool, bound: Bound) -> Mapping[str, Any]:
    page = int_param(request.GET.get("seite"), 1, digits=5) or 1
    rows = club_lists(club=club, reader=request.user, page=page)[: CLUB_PAGE_LISTS + 1]
    shown = rows[:CLUB_PAGE_LISTS]
    return {
        "lists": shown[:CLUB_PAGE_OPEN],
        "older": shown[CLUB_PAGE_OPEN:],
        "page": page,
        "next_page": page + 1 if len(rows) > len(shown) else None,
        "previous_page": page - 1 if page > 1 else None,
    }


SECTIONS = (
    ClubSection(slot="top", template="evenings/club_top.html", context=_top),
    ClubSection(slot="main", template="evenings/club_lists.html", context=_lists),
)
