"""A tournament's own pages: the index, creating one, its page, the organisers, continuing
as an unofficial event."""

from __future__ import annotations

from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_POST

from league.accounts import services as account_services
from league.accounts.forms import AccountForm, InviteForm
from league.accounts.invitation_views import invitation_link
from league.accounts.models import Invitation
from league.core.errors import ServiceError
from league.core.forms import form_error_from_service
from league.core.params import int_param
from league.tournaments import services as ts
from league.tournaments.access import (
    can_organise,
    organiser_actor,
    organiser_required,
    reader_required,
    tournaments_closed_to,
)
from league.tournaments.forms import DrawForm, TournamentForm
from league.tournaments.models import Tournament
from league.tournaments.selectors import next_round_problem, tournament_rounds
from league.tournaments.views.common import Question


def tournament_index(request: HttpRequest) -> HttpResponse:
    readable = Tournament.objects.exclude(tournaments_closed_to(request.user))
    return render(request, "tournaments/index.html", {"tournaments": readable})


@login_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        cd = form.cleaned_data
        try:
            tournament = ts.tournament_create(
                name=cd["name"],
                date=cd["date"],
                venue=cd["venue"],
                rounds_planned=cd["rounds_planned"],
                official=cd["official"],
                require_confirmation=cd["require_confirmation"],
                double_entry=cd["double_entry"],
                separate_clubs=cd["separate_clubs"],
                round_minutes=cd["round_minutes"],
                members_only=cd["members_only"],
                tie_breaks=form.tie_breaks(),
                user=organiser_actor(request),
            )
        except ServiceError as err:
            form_error_from_service(form, err)
        else:
            messages.success(request, _("Turnier angelegt. Jetzt Teilnehmer anmelden."))
            return redirect("tournament-participants", tournament.pk)
    return render(request, "tournaments/create.html", {"form": form})


@reader_required
def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    rounds = tournament_rounds(tournament=tournament)
    active = tournament.participants.filter(withdrawn=False).count()
    return render(
        request,
        "tournaments/detail.html",
        {
            "tournament": tournament,
            "organiser": can_organise(request.user, tournament),
            "rounds": rounds,
            "participant_count": active,
            "short_of_fours": (4 - active % 4) % 4 if active >= 4 else 0,
            "draw_form": DrawForm(),
            "next_round": (rounds[-1].number + 1) if rounds else 1,
            "can_draw": next_round_problem(tournament=tournament) is None,
        },
    )


@organiser_required
def tournament_organisers(request: HttpRequest, pk: int) -> HttpResponse:
    """Who organises the tournament; organisers add co-organisers (existing accounts)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    inviting = request.method == "POST" and "email" in request.POST
    form = AccountForm(request.POST if request.method == "POST" and not inviting else None)
    invite = InviteForm(request.POST if inviting else None)
    if request.method == "POST":
        try:
            if inviting:
                if invite.is_valid():
                    account_services.invitation_create(
                        kind=Invitation.Kind.ORGANISER,
                        target_id=tournament.pk,
                        email=invite.cleaned_data["email"],
                        link=partial(invitation_link, request),
                        user=organiser_actor(request),
                    )
                    messages.success(request, _("Einladung verschickt."))
                    return redirect("tournament-organisers", pk)
            elif "remove" in request.POST:
                ts.tournament_remove_organiser(
                    tournament=tournament,
                    account_id=int_param(request.POST.get("remove")),
                    user=organiser_actor(request),
                )
                messages.success(request, _("Aus der Turnierleitung entfernt."))
                return redirect("tournament-organisers", pk)
            if form.is_valid():
                added = ts.tournament_add_organiser(
                    tournament=tournament,
                    account=form.cleaned_data["account"],
                    user=organiser_actor(request),
                )
                messages.success(
                    request,
                    _("%(who)s gehört jetzt zur Turnierleitung.") % {"who": added.get_username()},
                )
                return redirect("tournament-organisers", pk)
        except ServiceError as err:
            if err.field in form.fields:
                form_error_from_service(form, err)
            else:
                messages.error(request, err.message)
    return render(
        request,
        "tournaments/organisers.html",
        {
            "tournament": tournament,
            "organiser": True,
            "organisers": tournament.organisers.order_by("username"),
            "form": form,
            "invite": invite,
        },
    )


_UNOFFICIAL = Question(
    _lazy("Als inoffizielles Turnier weiterspielen?"),
    _lazy("Dann sind Fünfertische erlaubt; das Turnier zählt nicht als offizielles DDV-Turnier."),
    _lazy("Ja, inoffiziell weiterspielen"),
)


@organiser_required
@require_POST
def tournament_unofficial(request: HttpRequest, pk: int) -> HttpResponse:
    """An official event below a multiple of four continues as an unofficial one."""
    tournament = get_object_or_404(Tournament, pk=pk)
    asking = _UNOFFICIAL.first(request, back=tournament.get_absolute_url())
    if asking is not None:
        return asking
    ts.tournament_set_unofficial(tournament=tournament, user=organiser_actor(request))
    messages.success(request, _("Das Turnier läuft jetzt als inoffizielles Turnier."))
    return redirect(tournament)
