"""The box on the tournament page for its organisers (a ``tournaments.page`` section): "An
die Verbandsseite übertragen", the last publication's time and answer, whether anything
changed since, and a failed last try said plainly.

- **Decision**: the box shows on a venue install (``make venue``) and wherever a site's
  address is set — not on the federation's own site, and never for a tournament that was
  published *to* this site (its source is elsewhere).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.http import HttpRequest

from league.federation.access import can_link_site
from league.federation.presenters import problem_sentence
from league.federation.selectors import sending_state, site_link
from league.tournaments.models import Tournament
from league.tournaments.page import TournamentSection


def box_context(
    request: HttpRequest, tournament: Tournament, organiser: bool
) -> Mapping[str, Any] | None:
    if not organiser or tournament.published_at is not None or tournament.rehearsal:
        return None
    if not (getattr(settings, "VENUE", False) or site_link().address):
        return None
    state = sending_state(tournament)
    sending = state.sending
    problem = (
        problem_sentence(sending.tried_problem, sending.tried_status, sending.tried_note)
        if sending is not None
        else ""
    )
    return {
        "tournament": tournament,
        "link": state.link,
        "sending": sending,
        "changed_since": state.changed_since,
        "problem": problem,
        "may_link": can_link_site(request.user),
        "assignments_url": state.link.address.rstrip("/") + "/verband/zuordnungen/",
    }


SECTION = TournamentSection(template="federation/_tournament_box.html", context=box_context)


def people_context(
    request: HttpRequest, tournament: Tournament, organiser: bool
) -> Mapping[str, Any] | None:
    """On the site: a published tournament's open assignments (league.federation.people)."""
    if tournament.people_open == 0:
        return None
    return {"open": tournament.people_open, "organiser": organiser}


PEOPLE = TournamentSection(template="federation/_people_open.html", context=people_context)
