"""Club pages: the club with its players and lists; its managers manage the managers."""

from __future__ import annotations

from functools import partial

from django.contrib import messages
from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.accounts import services as account_services
from league.accounts.forms import AccountForm, InviteForm
from league.accounts.invitation_views import invitation_link
from league.accounts.models import Invitation
from league.clubs import services
from league.clubs.access import can_manage_club, can_read_club, clubs_closed_to
from league.clubs.forms import CUSTOM, MemberInviteForm, RulesForm
from league.clubs.models import Club, Player, PlayerClaim
from league.core.audit import Actor
from league.core.errors import ServiceError
from league.core.models import AuditEntry
from league.core.params import int_param
from league.lists.access import lists_closed_to
from league.lists.rules import preset_choices, profile_label, rules_summary
from scoring.errors import RulesError
from scoring.interchange import rules_from_dict
from scoring.rules import preset, preset_name


def club_index(request: HttpRequest) -> HttpResponse:
    readable = Club.objects.exclude(clubs_closed_to(request.user))
    return render(request, "clubs/index.html", {"clubs": readable})


def club_detail(request: HttpRequest, pk: int) -> HttpResponse:
    club = get_object_or_404(Club, pk=pk)
    if not can_read_club(request.user, club):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise PermissionDenied
    manager = can_manage_club(request.user, club)
    posted = request.POST if request.method == "POST" else None
    action = request.POST.get("do", "add") if posted else ""
    form = AccountForm(posted if action == "add" else None)
    invite = InviteForm(posted if action == "invite" else None)
    players = [(p.pk, p.name) for p in club.members.filter(account__isnull=True).order_by("name")]
    member = MemberInviteForm(posted if action == "member" else None, players=players)
    rules_form = RulesForm(
        posted if action == "rules" else None,
        presets=preset_choices(),
        current=club.rules,
        initial={"preset": preset_name(club.profile) or CUSTOM},
    )
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not manager:
            raise PermissionDenied
        actor = Actor(request.user, role=AuditEntry.Role.CLUB_MANAGER)
        try:
            link = partial(invitation_link, request)
            if action == "invite" and invite.is_valid():
                account_services.invitation_create(
                    kind=Invitation.Kind.CLUB_MANAGER,
                    target_id=club.pk,
                    email=invite.cleaned_data["email"],
                    link=link,
                    user=actor,
                )
                messages.success(request, _("Einladung verschickt."))
                return redirect("club-detail", pk)
            if action == "member" and member.is_valid():
                account_services.invitation_create(
                    kind=Invitation.Kind.MEMBER,
                    target_id=club.pk,
                    player_id=member.cleaned_data["player"],
                    email=member.cleaned_data["email"],
                    link=link,
                    user=actor,
                )
                messages.success(request, _("Einladung verschickt."))
                return redirect("club-detail", pk)
            if action == "visibility":
                services.club_set_members_only(
                    club=club, members_only=request.POST.get("members_only") == "1", user=actor
                )
                messages.success(request, _("Sichtbarkeit gespeichert."))
                return redirect("club-detail", pk)
            if action == "rules" and rules_form.is_valid():
                chosen = rules_form.cleaned_data["preset"]
                try:
                    profile = (
                        rules_from_dict(rules_form.options())
                        if chosen == CUSTOM
                        else preset(chosen)
                    )
                except RulesError as err:
                    target = err.field.replace(".", "_") if err.field else None
                    if target not in rules_form.fields:
                        target = None
                    rules_form.add_error(target, ServiceError.from_scoring(err).message)
                else:
                    services.club_set_rules(club=club, profile=profile, user=actor)
                    messages.success(request, _("Hausregeln gespeichert."))
                    return redirect("club-detail", pk)
            if action == "claim":
                claim = get_object_or_404(
                    PlayerClaim, pk=int_param(request.POST.get("claim")), player__club=club
                )
                services.player_claim_decide(
                    claim=claim, accept=request.POST.get("accept") == "1", user=actor
                )
                return redirect("club-detail", pk)
            if "remove" in request.POST:
                services.club_remove_manager(
                    club=club, account_id=int_param(request.POST.get("remove")), user=actor
                )
                messages.success(request, _("Aus der Vereinsverwaltung entfernt."))
                return redirect("club-detail", pk)
            if action == "add" and form.is_valid():
                added = services.club_add_manager(
                    club=club, account=form.cleaned_data["account"], user=actor
                )
                messages.success(
                    request,
                    _("%(who)s verwaltet jetzt den Verein.") % {"who": added.get_username()},
                )
                return redirect("club-detail", pk)
        except ServiceError as err:
            if err.field in form.fields:
                form.add_error(err.field, err.message)
            else:
                messages.error(request, err.message)
    return render(
        request,
        "clubs/detail.html",
        {
            "club": club,
            "manager": manager,
            "managers": club.managers.order_by("username") if manager else [],
            "members": club.members.order_by("name"),
            "lists": club.spiellisten.exclude(lists_closed_to(request.user)).order_by(
                "-created_at"
            )[:50],
            "form": form,
            "invite": invite,
            "member": member,
            "rules_form": rules_form,
            "rules_label": profile_label(club.profile),
            "rules_summary": rules_summary(club.profile),
            "claims": PlayerClaim.objects.filter(
                player__club=club, decided_at__isnull=True
            ).select_related("player", "account")
            if manager
            else [],
        },
    )


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
