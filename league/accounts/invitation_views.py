"""Accepting an invitation: logged in, one click; otherwise create an account right here."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from league.accounts import services
from league.accounts.invitations import kind_of
from league.core.errors import ServiceError


def invitation_link(request: HttpRequest, token: str) -> str:
    """The absolute address of an invitation's accept page (for the e-mail)."""
    return request.build_absolute_uri(reverse("invitation", args=[token]))


def invitation(request: HttpRequest, token: str) -> HttpResponse:
    try:
        invite = services.invitation_open(token=token)
    except ServiceError as err:
        return render(request, "accounts/invitation.html", {"error": err.message}, status=404)
    what = kind_of(invite.kind).describe(invite.target_id, invite.player_id)
    form: UserCreationForm[User] | None = (
        UserCreationForm(request.POST or None) if not request.user.is_authenticated else None
    )
    if request.method == "POST":
        try:
            url = None
            if isinstance(request.user, User):
                url = services.invitation_accept(token=token, account=request.user)
            elif form is not None and form.is_valid():
                account, url = services.invitation_accept_new_account(
                    token=token,
                    username=form.cleaned_data["username"],
                    password=form.cleaned_data["password1"],
                )
                login(request, account, backend="django.contrib.auth.backends.ModelBackend")
            if url is not None:
                messages.success(request, _("Willkommen: %(what)s.") % {"what": what})
                return redirect(url)
        except ServiceError as err:
            if form is not None and err.field in form.fields:
                form.add_error(err.field, err.message)
            else:
                messages.error(request, err.message)
    return render(
        request,
        "accounts/invitation.html",
        {"invite": invite, "what": what, "form": form},
        status=422 if form is not None and form.errors else 200,
    )
