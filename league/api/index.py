"""``/api/``: what the API offers, said for people who are not programmers — each public
endpoint with what it gives and a link to try it (the browser shows the JSON), the
widgets to frame, and the OpenAPI document for programmers (``/api/schema/``,
``/api/docs/``). The addresses are the API's own (``league.api.urls``); an example link
names the first public tournament, league and club when there is one."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from league.clubs.access import clubs_closed_to
from league.clubs.models import Club
from league.core.private import readable_by_anyone
from league.leagues.models import League
from league.tournaments.access import tournaments_closed_to
from league.tournaments.models import Tournament


@require_safe
def api_index(request: HttpRequest) -> HttpResponse:
    nobody = AnonymousUser()
    readable_by_anyone(request)
    tournament = (
        Tournament.objects.exclude(tournaments_closed_to(nobody))
        .order_by("-date", "-pk")
        .values_list("pk", flat=True)
        .first()
    )
    club = (
        Club.objects.exclude(clubs_closed_to(nobody))
        .order_by("name")
        .values_list("pk", flat=True)
        .first()
    )
    league = League.objects.order_by("-pk").values_list("pk", flat=True).first()
    return render(
        request,
        "api/index.html",
        {"tournament": tournament, "club": club, "league": league},
    )
