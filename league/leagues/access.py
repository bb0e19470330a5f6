"""Who may do what in a league — the one helper pages and the API ask:

staff           Django staff: everything.
organiser       an account of the league's organisers (Ligaleitung, per league): teams,
                rosters, captains, the schedule, no-shows, starting a Spieltag, paper
                results; the Spieltag's lists like a tournament organiser's
                (league.lists.access via the list owner in ``selectors.list_owner``);
                approves or refuses a request to move a Spieltag, records a team's
                answer to it on the team's behalf.
captain         a captain (Mannschaftsführer) of a team: that team's line-ups; for a
                Spieltag his team plays, a request to move it (and withdrawing it), and
                his team's answer to another team's request (league.leagues.views.moves).
public          everybody reads leagues, tables, schedules, Spieltage and team pages
                (names of players who asked not to be named are hidden).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext

from league.core.audit import Actor
from league.core.models import AuditEntry
from league.leagues.models import League, Team

Visitor = User | AnonymousUser


@dataclass(frozen=True)
class LeagueAccess:
    organiser: bool  # staff or one of the league's organisers
    captain_of: frozenset[int]  # team ids the visitor captains (all teams for organisers)

    @property
    def reveal(self) -> bool:
        """Sees the names of players who asked not to be named (a captain sees his own
        roster's on the line-up page only)."""
        return self.organiser

    def captains(self, team: Team) -> bool:
        return self.organiser or team.pk in self.captain_of


def league_access(user: Visitor, league: League) -> LeagueAccess:
    """What ``user`` may do in ``league`` (two queries at most)."""
    if not user.is_authenticated:
        return LeagueAccess(False, frozenset())
    organiser = user.is_staff or league.organisers.filter(pk=user.pk).exists()
    if organiser:
        return LeagueAccess(True, frozenset(league.teams.values_list("pk", flat=True)))
    captained = Team.captains.through.objects.filter(
        user_id=user.pk, team__league=league
    ).values_list("team_id", flat=True)
    return LeagueAccess(False, frozenset(captained))


def can_organise(user: Visitor, league: League) -> bool:
    return league_access(user, league).organiser


def organiser_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The view gets the league ``pk`` if the visitor organises it: nobody → the login
    page; anybody else → 403."""

    @wraps(view)
    def wrapped(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        league = get_object_or_404(League, pk=pk)
        if not can_organise(request.user, league):
            raise PermissionDenied
        return view(request, pk, *args, **kwargs)

    return wrapped


def actor_of(user: Visitor, access: LeagueAccess) -> Actor:
    """The audit actor: staff, the league's organiser, or a captain (by account)."""
    if user.is_authenticated and user.is_staff:
        return Actor(user, role=AuditEntry.Role.STAFF)
    if access.organiser:
        return Actor(user, role=AuditEntry.Role.ORGANISER, label=gettext("Ligaleitung"))
    return Actor(user, label=gettext("Mannschaftsführer"))
