"""The venue's pages for its link to the federation's site: the settings (address and
token, set once), the register fetched by a button (from the health page), and a
tournament sent by a button on its page. Each button is a POST with CSRF and works without
JavaScript; the answer is said on the page it returns to."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from league.clubs.models import Player
from league.core.errors import ServiceError
from league.core.forms import form_error_from_service
from league.core.messages import render as render_message
from league.core.params import int_param
from league.federation import people, services
from league.federation.access import link_required
from league.federation.forms import SiteLinkForm
from league.federation.models import Sending
from league.federation.people import open_assignments
from league.federation.presenters import problem_sentence, register_problem
from league.federation.selectors import site_link
from league.tournaments.access import organiser_required
from league.tournaments.models import Tournament


@link_required
@require_http_methods(["GET", "POST"])
def link_settings(request: HttpRequest) -> HttpResponse:
    link = site_link()
    form = SiteLinkForm(request.POST or None, initial={"address": link.address})
    if request.method == "POST" and form.is_valid():
        cd = form.cleaned_data
        try:
            services.site_link_update(
                address=cd["address"],
                token=cd["token"],
                forget_token=cd["forget_token"],
                user=request.user,
            )
        except ServiceError as err:
            form_error_from_service(form, err)
        else:
            messages.success(request, _("Verbindung zur Verbandsseite gespeichert."))
            return redirect("federation-link")
    return render(
        request,
        "federation/link.html",
        {"form": form, "link": link, "register_problem": register_problem(link)},
        status=400 if form.errors else 200,
    )


@link_required
@require_POST
def register_fetch(request: HttpRequest) -> HttpResponse:
    back = "federation-link" if request.POST.get("back") == "link" else "venue-health"
    try:
        link, copy = services.site_register_fetch(user=request.user)
    except ServiceError as err:
        messages.error(request, err.message)
        return redirect(back)
    if copy is None:
        messages.error(request, register_problem(link))
    else:
        messages.success(
            request,
            _(
                "Spielerregister geholt: %(read)s Spieler (%(created)s neu, %(updated)s "
                "geändert, %(unchanged)s unverändert)."
            )
            % {
                "read": copy.read,
                "created": copy.created,
                "updated": copy.updated,
                "unchanged": copy.unchanged,
            },
        )
    return redirect(back)


@organiser_required
@require_POST
def tournament_send(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    try:
        sending = services.tournament_send(tournament=tournament, user=request.user)
    except ServiceError as err:
        messages.error(request, err.message)
        return redirect(tournament)
    if sending.tried_problem:
        messages.error(
            request,
            problem_sentence(sending.tried_problem, sending.tried_status, sending.tried_note),
        )
    elif sending.outcome == Sending.Outcome.UNCHANGED:
        messages.success(request, _("Die Verbandsseite hat schon diesen Stand: unverändert."))
    elif sending.outcome == Sending.Outcome.CREATED:
        messages.success(request, _("An die Verbandsseite übertragen: dort neu angelegt."))
    else:
        messages.success(request, _("An die Verbandsseite übertragen: dort ersetzt."))
    return redirect(tournament)


@login_required
def assignments(request: HttpRequest) -> HttpResponse:
    """The open assignments of the publisher's tournaments: for each, the same player (one
    of the candidates) or a new one."""
    rows = list(open_assignments(request.user))
    ids = {pk for a in rows for pk in a.candidates}
    players = Player.objects.select_related("club").in_bulk(list(ids))
    tournaments = {
        t.uid: t for t in Tournament.objects.filter(uid__in=[a.tournament_uid for a in rows])
    }
    shown = [
        {
            "assignment": a,
            "tournament": tournaments.get(a.tournament_uid),
            "candidates": [players[pk] for pk in a.candidates if pk in players],
        }
        for a in rows
    ]
    return render(request, "federation/assignments.html", {"rows": shown})


@login_required
@require_POST
def assignment_decide(request: HttpRequest, pk: int) -> HttpResponse:
    choice = request.POST.get("choice", "")
    same_as = None if choice == "new" else int_param(choice, 0)
    if same_as == 0:
        messages.error(request, render_message("assignment_not_candidate"))
        return redirect("federation-assignments")
    try:
        decided = people.assignment_decide(assignment_id=pk, same_as=same_as, user=request.user)
    except ServiceError as err:
        if err.code == "permission_denied":
            raise PermissionDenied from None
        messages.error(request, err.message)
    else:
        if decided.decision == decided.Decision.SAME:
            messages.success(
                request, _("„%(name)s“ ist zugeordnet: derselbe Spieler.") % {"name": decided.name}
            )
        else:
            messages.success(
                request, _("„%(name)s“ bleibt ein neuer Spieler.") % {"name": decided.name}
            )
    return redirect("federation-assignments")
