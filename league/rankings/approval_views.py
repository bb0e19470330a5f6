"""The Ranglistenwart's page (api.md "Rights end at the event"): the tournaments whose
organisers asked to count in the Rangliste; approve, or withdraw with a reason; and the
open claims ("Das bin ich") on any record, which he decides. One view per action; the role
is checked by ``league.rankings.access.can_approve_rating``."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from league.clubs import services as club_services
from league.clubs.access import can_manage_club
from league.clubs.models import PlayerClaim
from league.core.audit import Actor
from league.core.forms import on_form, with_message
from league.core.models import AuditEntry
from league.rankings import selectors
from league.rankings.access import can_approve_rating
from league.rankings.forms import RatingDecisionForm
from league.tournaments import services as tournament_services
from league.tournaments.models import Tournament


def ranglistenwart_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Nobody → the login page; an account without the role → 403."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not can_approve_rating(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapped


def _page(
    request: HttpRequest, bound: RatingDecisionForm | None = None, bound_pk: int = 0
) -> HttpResponse:
    requests = selectors.rating_requests()
    return render(
        request,
        "rankings/requests.html",
        {
            "requests": requests,
            "waiting": sum(1 for r in requests if r.waiting),
            "bound": bound,
            "bound_pk": bound_pk,
            "claims": _claims(request),
        },
        status=422 if bound is not None else 200,
    )


def _claims(request: HttpRequest) -> list[PlayerClaim]:
    """The open claims he may decide: all but those on a members-only club's records
    (their club's managers decide; staff may)."""
    claims = PlayerClaim.objects.filter(decided_at__isnull=True)
    if not request.user.is_staff:
        claims = claims.exclude(player__club__members_only=True)
    return list(claims.select_related("player__club", "account").order_by("pk")[:200])


@ranglistenwart_required
@require_safe
def rating_requests(request: HttpRequest) -> HttpResponse:
    """Every tournament asking to count: waiting ones first."""
    return _page(request)


@ranglistenwart_required
@require_POST
def rating_decide(request: HttpRequest, pk: int) -> HttpResponse:
    """Approve a request, or withdraw (refuse) it with a reason."""
    tournament = get_object_or_404(Tournament, pk=pk, rated=True)
    form = RatingDecisionForm(request.POST)
    if form.is_valid():
        approve = form.cleaned_data["approve"]
        actor = Actor(request.user, role=AuditEntry.Role.STAFF if request.user.is_staff else "")
        done = on_form(
            form,
            lambda: tournament_services.tournament_rating_decide(
                tournament=tournament,
                approve=approve,
                reason=form.cleaned_data["reason"],
                user=actor,
            ),
            "reason",
        )
        if done.ok:
            messages.success(
                request,
                (
                    _("%(name)s zählt jetzt in der Rangliste.")
                    if approve
                    else _("%(name)s zählt nicht (mehr) in der Rangliste.")
                )
                % {"name": tournament.name},
            )
            return redirect("rangliste-requests")
    return _page(request, form, tournament.pk)


@ranglistenwart_required
@require_POST
def claim_decide(request: HttpRequest, claim_id: int) -> HttpResponse:
    """ "Das bin ich" on any record (one with history elsewhere too): confirmed or refused
    by the Ranglistenwart (api.md "Rights end at the event")."""
    claim = get_object_or_404(
        PlayerClaim.objects.select_related("player__club"), pk=claim_id, decided_at__isnull=True
    )
    club = claim.player.club
    if club is not None and club.members_only and not can_manage_club(request.user, club):
        raise PermissionDenied  # membership of a members-only club: its managers (api.md)
    actor = Actor(request.user, role=AuditEntry.Role.STAFF if request.user.is_staff else "")
    with_message(
        request,
        lambda: club_services.player_claim_decide(
            claim=claim, accept=request.POST.get("accept") == "1", user=actor
        ),
    )
    return redirect("rangliste-requests")
