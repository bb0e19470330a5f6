"""A tournament's own pages: the index, creating one, its page, its settings, the
organisers, continuing as an unofficial event."""

from __future__ import annotations

from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from league.accounts import services as account_services
from league.accounts.forms import AccountForm, InviteForm
from league.accounts.invitation_views import invitation_link
from league.accounts.models import Invitation
from league.core.forms import on_form, with_message
from league.core.params import int_param
from league.tournaments import services as ts
from league.tournaments.access import (
    can_organise,
    organiser_actor,
    organiser_required,
    reader_required,
    tournaments_closed_to,
)
from league.tournaments.forms import DrawForm, TournamentForm, TournamentSettingsForm
from league.tournaments.models import Tournament, TournamentRound
from league.tournaments.page import page_sections
from league.tournaments.selectors import (
    day_steps,
    next_round_problem,
    next_step,
    presence,
    round_lines,
)
from league.tournaments.selectors.changes import settings_history
from league.tournaments.selectors.rehearsal import running_round
from league.tournaments.views.common import Question


def tournament_index(request: HttpRequest) -> HttpResponse:
    readable = Tournament.objects.exclude(tournaments_closed_to(request.user)).annotate(
        n_rounds=Count("rounds"),
        open_rounds=Count("rounds", filter=~Q(rounds__status=TournamentRound.Status.CLOSED)),
    )
    return render(request, "tournaments/index.html", {"tournaments": readable})


@login_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        cd = form.cleaned_data
        done = on_form(
            form,
            lambda: ts.tournament_create(
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
            ),
        )
        if done.ok:
            tournament = done.value
            messages.success(request, _("Turnier angelegt. Jetzt Teilnehmer anmelden."))
            return redirect("tournament-participants", tournament.pk)
    return render(request, "tournaments/create.html", {"form": form})


@reader_required
def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    lines = round_lines(tournament=tournament)
    rounds = [line.round for line in lines]
    active = tournament.participants.filter(withdrawn=False).count()
    organiser = can_organise(request.user, tournament)
    steps = day_steps(tournament=tournament, rounds=rounds, active=active) if organiser else []
    can_draw = next_round_problem(tournament=tournament) is None
    return render(
        request,
        "tournaments/detail.html",
        {
            "tournament": tournament,
            "organiser": organiser,
            "steps": steps,
            "next_step": next_step(steps),
            "rounds": lines,
            "participant_count": active,
            "short_of_fours": (4 - active % 4) % 4 if active >= 4 else 0,
            "draw_form": DrawForm(),
            "next_round": (rounds[-1].number + 1) if rounds else 1,
            "can_draw": can_draw,
            "presence": presence(tournament_id=pk) if organiser and can_draw else None,
            "sections": page_sections(request, tournament, organiser),
            "running": running_round(tournament) if tournament.rehearsal else None,
        },
    )


@organiser_required
@require_http_methods(["GET", "POST"])
def tournament_settings(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser changes his tournament after creating it: name, date, place, rounds,
    double entry, tie-breaks, playing time (services.changes says what may change when)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    form = TournamentSettingsForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        cd = form.cleaned_data
        done = on_form(
            form,
            lambda: ts.tournament_change_settings(
                tournament=tournament,
                settings=ts.TournamentSettings(
                    name=cd["name"],
                    date=cd["date"],
                    venue=cd["venue"],
                    rounds_planned=cd["rounds_planned"],
                    double_entry=cd["double_entry"],
                    tie_breaks=form.tie_breaks(),
                    round_minutes=cd["round_minutes"],
                    separate_clubs=cd["separate_clubs"],
                    members_only=cd["members_only"],
                ),
                user=organiser_actor(request),
            ),
        )
        if done.ok:
            changed = done.value
            if changed:
                messages.success(request, _("Einstellungen gespeichert."))
            else:
                messages.info(request, _("Nichts geändert."))
            return redirect("tournament-settings", pk)
    elif request.method != "POST":
        form.settings_initial(tournament)
    return render(
        request,
        "tournaments/settings.html",
        {
            "tournament": tournament,
            "organiser": True,
            "form": form,
            "drawn": tournament.rounds.count(),
            "history": settings_history(tournament=tournament),
        },
    )


def _organisers_page(
    request: HttpRequest,
    tournament: Tournament,
    form: AccountForm | None = None,
    invite: InviteForm | None = None,
) -> HttpResponse:
    return render(
        request,
        "tournaments/organisers.html",
        {
            "tournament": tournament,
            "organiser": True,
            "organisers": tournament.organisers.order_by("username"),
            "form": form or AccountForm(),
            "invite": invite or InviteForm(),
        },
    )


@organiser_required
@require_GET
def tournament_organisers(request: HttpRequest, pk: int) -> HttpResponse:
    """Who organises the tournament; its organisers add, remove and invite co-organisers
    (each action its own view below)."""
    return _organisers_page(request, get_object_or_404(Tournament, pk=pk))


@organiser_required
@require_POST
def tournament_organiser_add(request: HttpRequest, pk: int) -> HttpResponse:
    """An existing account joins the Turnierleitung."""
    tournament = get_object_or_404(Tournament, pk=pk)
    form = AccountForm(request.POST)
    if form.is_valid():
        done = on_form(
            form,
            lambda: ts.tournament_add_organiser(
                tournament=tournament,
                account=form.cleaned_data["account"],
                user=organiser_actor(request),
            ),
            "account",
        )
        if done.ok:
            added = done.value
            messages.success(
                request,
                _("%(who)s gehört jetzt zur Turnierleitung.") % {"who": added.get_username()},
            )
            return redirect("tournament-organisers", pk)
    return _organisers_page(request, tournament, form=form)


@organiser_required
@require_POST
def tournament_organiser_remove(request: HttpRequest, pk: int) -> HttpResponse:
    """An organiser leaves the Turnierleitung (never the last one)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    done = with_message(
        request,
        lambda: ts.tournament_remove_organiser(
            tournament=tournament,
            account_id=int_param(request.POST.get("account")),
            user=organiser_actor(request),
        ),
    )
    if done.ok:
        messages.success(request, _("Aus der Turnierleitung entfernt."))
    return redirect("tournament-organisers", pk)


@organiser_required
@require_POST
def tournament_organiser_invite(request: HttpRequest, pk: int) -> HttpResponse:
    """An invitation by e-mail to somebody without an account yet."""
    tournament = get_object_or_404(Tournament, pk=pk)
    invite = InviteForm(request.POST)
    if invite.is_valid():
        done = on_form(
            invite,
            lambda: account_services.invitation_create(
                kind=Invitation.Kind.ORGANISER,
                target_id=tournament.pk,
                email=invite.cleaned_data["email"],
                link=partial(invitation_link, request),
                user=organiser_actor(request),
            ),
            "email",
        )
        if done.ok:
            messages.success(request, _("Einladung verschickt."))
            return redirect("tournament-organisers", pk)
    return _organisers_page(request, tournament, invite=invite)


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


@organiser_required
@require_POST
def tournament_silent(request: HttpRequest, pk: int) -> HttpResponse:
    """Silent rounds: the standings of the last N rounds hidden from all but the
    organisers until the prize ceremony (0 shows every round again)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    rounds = int_param(request.POST.get("silent_rounds", "").strip(), -1, digits=3)
    done = with_message(
        request,
        lambda: ts.tournament_set_silent(
            tournament=tournament, rounds=rounds, user=organiser_actor(request)
        ),
    )
    if done.ok:
        if rounds:
            messages.success(
                request,
                _("Die Wertung zeigt öffentlich nur den Stand nach Runde %(n)d.")
                % {"n": tournament.rounds_planned - rounds},
            )
        else:
            messages.success(request, _("Die Wertung zeigt wieder alle Runden."))
    return redirect(tournament)
