"""The copy-ready ``<iframe>`` with a preview that the tournament's organisers and the
club's managers see on their page (a section of ``league.tournaments.page`` and
``league.clubs.page``); the league page, which has no registry, includes the same
template for its organisers (``leagues/detail.html``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.http import HttpRequest
from django.urls import reverse

from league.clubs.models import Club
from league.clubs.page import ClubSection
from league.tournaments.models import Tournament
from league.tournaments.page import TournamentSection

TEMPLATE = "embed/_snippet.html"


def tournament_context(
    request: HttpRequest, tournament: Tournament, organiser: bool
) -> Mapping[str, Any] | None:
    """Its organisers, while anybody may read the tournament (a members-only one has no
    widget)."""
    if not organiser or tournament.members_only:
        return None
    return {"path": reverse("embed-tournament", args=[tournament.pk])}


def club_context(
    request: HttpRequest, club: Club, manager: bool, bound: Mapping[str, forms.BaseForm]
) -> Mapping[str, Any]:
    if not manager or club.members_only:
        return {}
    return {"path": reverse("embed-club", args=[club.pk])}


TOURNAMENT_SECTION = TournamentSection(template=TEMPLATE, context=tournament_context)
CLUB_SECTION = ClubSection(slot="main", template=TEMPLATE, context=club_context)
