"""One person across the site (issue 33): the "mögliche Doppelte" page of staff and the
Ranglistenwart (merge in one step, or "sind verschieden"), the public "Spieler finden" and the
head-to-head page of two players. One view per action."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from league.clubs.models import Player
from league.core.audit import Actor
from league.core.errors import ServiceError
from league.core.models import AuditEntry
from league.rankings import services
from league.rankings.access import can_merge_pair
from league.rankings.approval_views import ranglistenwart_required
from league.rankings.duplicates import duplicate_pairs
from league.rankings.people import find_people, head_to_head


def _actor(request: HttpRequest) -> Actor:
    return Actor(request.user, role=AuditEntry.Role.STAFF if request.user.is_staff else "")


@require_safe
@ranglistenwart_required
def player_duplicates(request: HttpRequest) -> HttpResponse:
    return render(request, "rankings/duplicates.html", {"found": duplicate_pairs()})


def _pair(request: HttpRequest) -> tuple[Player, Player]:
    ids = [request.POST.get("first", ""), request.POST.get("second", "")]
    if not all(i.isdigit() and len(i) < 19 for i in ids):
        raise PermissionDenied  # a forged form; the page never sends this
    first = get_object_or_404(Player, pk=int(ids[0]))
    second = get_object_or_404(Player, pk=int(ids[1]))
    return first, second


@require_POST
@ranglistenwart_required
def player_duplicates_merge(request: HttpRequest) -> HttpResponse:
    """One step: the chosen record stays (``keep``), the other is merged into it."""
    first, second = _pair(request)
    keep, merge = (second, first) if request.POST.get("keep") == str(second.pk) else (first, second)
    if not can_merge_pair(request.user, keep, merge):
        raise PermissionDenied
    name, number = merge.name, merge.pk
    try:
        services.player_merge(keep=keep, merge=merge, user=_actor(request))
    except ServiceError as err:
        messages.error(request, err.message)
    else:
        messages.success(
            request,
            _("„%(other)s“ (Nr. %(n)s) ist jetzt Teil von „%(name)s“ (Nr. %(k)s).")
            % {"other": name, "n": number, "name": keep.name, "k": keep.pk},
        )
    return redirect("player-duplicates")


@require_POST
@ranglistenwart_required
def player_duplicates_distinct(request: HttpRequest) -> HttpResponse:
    first, second = _pair(request)
    try:
        services.players_mark_distinct(first=first, second=second, user=_actor(request))
    except ServiceError as err:
        messages.error(request, err.message)
    else:
        messages.success(
            request,
            _("Gemerkt: „%(a)s“ und „%(b)s“ sind zwei Personen.")
            % {"a": first.name, "b": second.name},
        )
    return redirect("player-duplicates")


@require_safe
def player_find(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()
    found = find_people(query, reader=request.user) if query else None
    # "mit": the player whose head-to-head is being looked for (from his page).
    mit = request.GET.get("mit", "")
    other = int(mit) if mit.isdigit() and len(mit) < 19 else None
    return render(request, "rankings/find.html", {"query": query, "found": found, "other": other})


@require_safe
def player_head_to_head(request: HttpRequest, player_id: int, other_id: int) -> HttpResponse:
    first = get_object_or_404(Player.objects.select_related("club"), pk=player_id, rehearsal=False)
    second = get_object_or_404(Player.objects.select_related("club"), pk=other_id, rehearsal=False)
    figures = head_to_head(first, second, reader=request.user)
    return render(request, "rankings/head_to_head.html", {"h2h": figures})
