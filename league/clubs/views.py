"""Club pages: the club with its players (and what apps above add to its page); its
managers' actions, one view each: managers, invitations, visibility, claims; a player's
"Das bin ich" and the account's privacy page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from league.accounts import services as account_services
from league.accounts.forms import AccountForm, InviteForm
from league.accounts.invitation_views import invitation_link
from league.accounts.models import Invitation
from league.clubs import services
from league.clubs.access import (
    club_actor,
    club_manager_required,
    club_reader_required,
    clubs_closed_to,
)
from league.clubs.forms import (
    ClaimDecisionForm,
    ClubFoundForm,
    KasseForm,
    ManagerRemoveForm,
    VisibilityForm,
)
from league.clubs.models import Club, Player, PlayerClaim
from league.clubs.page import member_invite_form, render_club_page
from league.core.errors import ServiceError
from league.core.forms import form_error_from_service


def club_index(request: HttpRequest) -> HttpResponse:
    readable = Club.objects.exclude(clubs_closed_to(request.user))
    return render(request, "clubs/index.html", {"clubs": readable})


@login_required
def club_found(request: HttpRequest) -> HttpResponse:
    """Any account founds a club and manages it (issue 22: a club starts on its own)."""
    form = ClubFoundForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        assert isinstance(request.user, User)
        try:
            club = services.club_found(
                name=form.cleaned_data["name"],
                city=form.cleaned_data["city"],
                account=request.user,
                user=request.user,
            )
        except ServiceError as err:
            form_error_from_service(form, err)
        else:
            messages.success(
                request,
                _("Verein gegründet. Sie verwalten ihn: Mitglieder einladen, Abende beginnen."),
            )
            return redirect("club-detail", club.pk)
    return render(request, "clubs/found.html", {"form": form}, status=422 if form.errors else 200)


@require_safe
@club_reader_required
def club_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return render_club_page(request, get_object_or_404(Club, pk=pk))


@require_POST
@club_manager_required
def club_manager_add(request: HttpRequest, club: Club) -> HttpResponse:
    form = AccountForm(request.POST)
    if form.is_valid():
        try:
            added = services.club_add_manager(
                club=club, account=form.cleaned_data["account"], user=club_actor(request)
            )
        except ServiceError as err:
            form_error_from_service(form, err, "account")
        else:
            messages.success(
                request, _("%(who)s verwaltet jetzt den Verein.") % {"who": added.get_username()}
            )
            return redirect("club-detail", club.pk)
    return render_club_page(request, club, bound={"form": form})


@require_POST
@club_manager_required
def club_manager_remove(request: HttpRequest, club: Club) -> HttpResponse:
    form = ManagerRemoveForm(request.POST)
    if form.is_valid():
        try:
            services.club_remove_manager(
                club=club, account_id=form.cleaned_data["account"], user=club_actor(request)
            )
        except ServiceError as err:
            form_error_from_service(form, err)
        else:
            messages.success(request, _("Aus der Vereinsverwaltung entfernt."))
            return redirect("club-detail", club.pk)
    return render_club_page(request, club, bound={"remove_form": form})


@require_POST
@club_manager_required
def club_manager_invite(request: HttpRequest, club: Club) -> HttpResponse:
    form = InviteForm(request.POST)
    if form.is_valid():
        try:
            account_services.invitation_create(
                kind=Invitation.Kind.CLUB_MANAGER,
                target_id=club.pk,
                email=form.cleaned_data["email"],
                link=lambda token: invitation_link(request, token),
                user=club_actor(request),
            )
        except ServiceError as err:
            form_error_from_service(form, err)
        else:
            messages.success(request, _("Einladung verschickt."))
            return redirect("club-detail", club.pk)
    return render_club_page(request, club, bound={"invite": form})


@require_POST
@club_manager_required
def club_member_invite(request: HttpRequest, club: Club) -> HttpResponse:
    form = member_invite_form(club, request.POST)
    if form.is_valid():
        try:
            account_services.invitation_create(
                kind=Invitation.Kind.MEMBER,
                target_id=club.pk,
                player_id=form.cleaned_data["player"],
                email=form.cleaned_data["email"],
                link=lambda token: invitation_link(request, token),
                user=club_actor(request),
            )
        except ServiceError as err:
            form_error_from_service(form, err)
        else:
            messages.success(request, _("Einladung verschickt."))
            return redirect("club-detail", club.pk)
    return render_club_page(request, club, bound={"member": form})


@require_POST
@club_manager_required
def club_visibility(request: HttpRequest, club: Club) -> HttpResponse:
    form = VisibilityForm(request.POST)
    if form.is_valid():
        try:
            services.club_set_members_only(
                club=club, members_only=form.cleaned_data["members_only"], user=club_actor(request)
            )
        except ServiceError as err:
            form_error_from_service(form, err)
        else:
            messages.success(request, _("Sichtbarkeit gespeichert."))
            return redirect("club-detail", club.pk)
    return render_club_page(request, club, bound={"visibility_form": form})


@require_POST
@club_manager_required
def club_kasse(request: HttpRequest, club: Club) -> HttpResponse:
    """The Kasse rate (cents per point) the club's new evening lists start with."""
    form = KasseForm(request.POST)
    if form.is_valid():
        try:
            services.club_set_kasse(
                club=club, cent=form.cleaned_data["kasse_cent"], user=club_actor(request)
            )
        except ServiceError as err:
            form_error_from_service(form, err)
        else:
            messages.success(request, _("Kasse gespeichert."))
            return redirect("club-detail", club.pk)
    return render_club_page(request, club, bound={"kasse_form": form})


@require_POST
@club_manager_required
def club_claim_decide(request: HttpRequest, club: Club) -> HttpResponse:
    """ "Das bin ich" of one of the club's players: confirmed (linked) or refused."""
    form = ClaimDecisionForm(request.POST)
    if form.is_valid():
        claim = get_object_or_404(PlayerClaim, pk=form.cleaned_data["claim"], player__club=club)
        try:
            services.player_claim_decide(
                claim=claim, accept=form.cleaned_data["accept"], user=club_actor(request)
            )
        except ServiceError as err:
            form_error_from_service(form, err)
        else:
            return redirect("club-detail", club.pk)
    return render_club_page(request, club, bound={"claim_form": form})


@require_POST
def player_claim(request: HttpRequest, player_id: int) -> HttpResponse:
    """ "Das bin ich" on a player's page: asks to link the visitor's account to him."""
    if not isinstance(request.user, User):
        return redirect_to_login(request.POST.get("next") or request.get_full_path())
    player = get_object_or_404(Player, pk=player_id)
    try:
        services.player_claim(player=player, account=request.user)
    except ServiceError as err:
        messages.error(request, err.message)
    else:
        messages.success(
            request,
            _("Anfrage gesendet: die Turnierleitung oder Vereinsverwaltung bestätigt sie."),
        )
    back = request.POST.get("next", "")
    if back and url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        return redirect(back)
    return redirect("club-index")


@login_required
def privacy(request: HttpRequest) -> HttpResponse:
    """The player linked to this account decides whether the public reads his name."""
    player = Player.objects.filter(account_id=request.user.pk).first()
    if request.method == "POST" and player is not None:
        hidden = request.POST.get("hide_name") == "1"
        services.player_set_hidden(player=player, hidden=hidden, user=request.user)
        messages.success(
            request,
            _("Dein Name wird öffentlich nicht mehr gezeigt.")
            if hidden
            else _("Dein Name wird wieder öffentlich gezeigt."),
        )
        return redirect("privacy")
    return render(request, "clubs/privacy.html", {"player": player})
