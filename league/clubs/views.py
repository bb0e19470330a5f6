"""Club pages: the club with its players and lists; its managers manage the managers."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from league.clubs import services
from league.clubs.access import can_manage_club
from league.clubs.forms import AccountForm
from league.clubs.models import Club
from league.core.audit import Actor
from league.core.errors import ServiceError
from league.core.models import AuditEntry


def club_index(request: HttpRequest) -> HttpResponse:
    return render(request, "clubs/index.html", {"clubs": Club.objects.all()})


def club_detail(request: HttpRequest, pk: int) -> HttpResponse:
    club = get_object_or_404(Club, pk=pk)
    manager = can_manage_club(request.user, club)
    form = AccountForm(request.POST or None)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not manager:
            raise PermissionDenied
        actor = Actor(request.user, role=AuditEntry.Role.CLUB_MANAGER)
        try:
            if "remove" in request.POST:
                raw = request.POST.get("remove", "")
                services.club_remove_manager(
                    club=club, account_id=int(raw) if raw.isdecimal() else 0, user=actor
                )
                messages.success(request, _("Aus der Vereinsverwaltung entfernt."))
                return redirect("club-detail", pk)
            if form.is_valid():
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
            "lists": club.spiellisten.order_by("-created_at")[:50],
            "form": form,
        },
    )
