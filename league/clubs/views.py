"""Club pages: the club with its players (and what apps above add to its page); its
managers' actions, one view each: managers, invitations, visibility, claims; a player's
"Das bin ich" and the account's privacy page."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
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
    PersonChoiceForm,
    VisibilityForm,
)
from league.clubs.models import Club, Player, PlayerClaim
from league.clubs.page import member_invite_form, render_club_page
from league.core.forms import Success, form_action, with_message

T = TypeVar("T")


def club_index(request: HttpRequest) -> HttpResponse:
    readable = Club.objects.exclude(clubs_closed_to(request.user))
    return render(request, "clubs/index.html", {"clubs": readable})


@login_required
def club_found(request: HttpRequest) -> HttpResponse:
    """Any account founds a club and manages it (issue 22: a club starts on its own)."""
    form = ClubFoundForm(request.POST or None)

    def page() -> HttpResponse:
        status = 422 if form.errors else 200
        return render(request, "clubs/found.html", {"form": form}, status=status)

    if request.method != "POST":
        return page()
    assert isinstance(request.user, User)
    account = request.user
    return form_action(
        request,
        form,
        lambda data: services.club_found(
            name=data["name"], city=data["city"], account=account, user=account
        ),
        success=_("Verein gegründet. Sie verwalten ihn: Mitglieder einladen, Abende beginnen."),
        to=lambda club: reverse("club-detail", args=[club.pk]),
        again=page,
    )


@require_safe
@club_reader_required
def club_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return render_club_page(request, get_object_or_404(Club, pk=pk))


def _club_action(
    request: HttpRequest,
    club: Club,
    form: forms.BaseForm,
    bound_as: str,
    write: Callable[[Mapping[str, Any]], T],
    *,
    success: Success[T],
    field: str | None = None,
) -> HttpResponse:
    """A manager's action on the club page: done, back to the page with ``success``;
    refused, the page again with the form (``bound_as``, its name there) and its errors."""
    return form_action(
        request,
        form,
        write,
        success=success,
        to=reverse("club-detail", args=[club.pk]),
        again=lambda: render_club_page(request, club, bound={bound_as: form}),
        field=field,
    )


@require_POST
@club_manager_required
def club_manager_add(request: HttpRequest, club: Club) -> HttpResponse:
    return _club_action(
        request,
        club,
        AccountForm(request.POST),
        "form",
        lambda data: services.club_add_manager(
            club=club, account=data["account"], user=club_actor(request)
        ),
        success=lambda added: (
            _("%(who)s verwaltet jetzt den Verein.") % {"who": added.get_username()}
        ),
        field="account",
    )


@require_POST
@club_manager_required
def club_manager_remove(request: HttpRequest, club: Club) -> HttpResponse:
    return _club_action(
        request,
        club,
        ManagerRemoveForm(request.POST),
        "remove_form",
        lambda data: services.club_remove_manager(
            club=club, account_id=data["account"], user=club_actor(request)
        ),
        success=_("Aus der Vereinsverwaltung entfernt."),
    )


def _invite(
    request: HttpRequest, club: Club, kind: Invitation.Kind, data: Mapping[str, Any]
) -> Invitation:
    return account_services.invitation_create(
        kind=kind,
        target_id=club.pk,
        player_id=data.get("player"),
        email=data["email"],
        link=lambda token: invitation_link(request, token),
        user=club_actor(request),
    )


@require_POST
@club_manager_required
def club_manager_invite(request: HttpRequest, club: Club) -> HttpResponse:
    return _club_action(
        request,
        club,
        InviteForm(request.POST),
        "invite",
        lambda data: _invite(request, club, Invitation.Kind.CLUB_MANAGER, data),
        success=_("Einladung verschickt."),
    )


@require_POST
@club_manager_required
def club_member_invite(request: HttpRequest, club: Club) -> HttpResponse:
    return _club_action(
        request,
        club,
        member_invite_form(club, request.POST),
        "member",
        lambda data: _invite(request, club, Invitation.Kind.MEMBER, data),
        success=_("Einladung verschickt."),
    )


@require_POST
@club_manager_required
def club_visibility(request: HttpRequest, club: Club) -> HttpResponse:
    return _club_action(
        request,
        club,
        VisibilityForm(request.POST),
        "visibility_form",
        lambda data: services.club_set_members_only(
            club=club, members_only=data["members_only"], user=club_actor(request)
        ),
        success=_("Sichtbarkeit gespeichert."),
    )


@require_POST
@club_manager_required
def club_kasse(request: HttpRequest, club: Club) -> HttpResponse:
    """The Kasse rate (cents per point) the club's new evening lists start with."""
    return _club_action(
        request,
        club,
        KasseForm(request.POST),
        "kasse_form",
        lambda data: services.club_set_kasse(
            club=club, cent=data["kasse_cent"], user=club_actor(request)
        ),
        success=_("Kasse gespeichert."),
    )


@require_POST
@club_manager_required
def club_claim_decide(request: HttpRequest, club: Club) -> HttpResponse:
    """ "Das bin ich" of one of the club's players: confirmed (linked) or refused."""

    def decide(data: Mapping[str, Any]) -> None:
        claim = get_object_or_404(PlayerClaim, pk=data["claim"], player__club=club)
        services.player_claim_decide(claim=claim, accept=data["accept"], user=club_actor(request))

    return _club_action(
        request, club, ClaimDecisionForm(request.POST), "claim_form", decide, success=None
    )


@require_POST
def player_claim(request: HttpRequest, player_id: int) -> HttpResponse:
    """ "Das bin ich" on a player's page: asks to link the visitor's account to him."""
    account = request.user
    if not isinstance(account, User):
        return redirect_to_login(request.POST.get("next") or request.get_full_path())
    player = get_object_or_404(Player, pk=player_id)
    with_message(
        request,
        lambda: services.player_claim(player=player, account=account),
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


def person_choice_page(
    request: HttpRequest, form: PersonChoiceForm, *, title: str, back: str
) -> HttpResponse:
    """ "Ist das …?": a typed name has close records; the form again, with the choice, posting
    back to the action that asked (its hidden and typed fields kept)."""
    return render(
        request,
        "clubs/person_choice.html",
        {"form": form, "title": title, "back": back, "action": request.path},
        status=422,
    )
