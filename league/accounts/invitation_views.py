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
from league.core.forms import Attempt, attempt, on_form, with_message


def invitation_link(request: HttpRequest, token: str) -> str:
    """The absolute address of an invitation's accept page (for the e-mail)."""
    return request.build_absolute_uri(reverse("invitation", args=[token]))


def invitation(request: HttpRequest, token: str) -> HttpResponse:
    opened = attempt(lambda: services.invitation_open(token=token))
    if opened.error is not None:
        return render(
            request, "accounts/invitation.html", {"error": opened.error.message}, status=404
        )
    invite = opened.value
    what = kind_of(invite.kind).describe(invite.target_id, invite.player_id)
    form: UserCreationForm[User] | None = (
        UserCreationForm(request.POST or None) if not request.user.is_authenticated else None
    )
    if request.method == "POST":
        accepted: Attempt[str | None] | None = None
        if isinstance(request.user, User):
            account = request.user
            accepted = with_message(
                request, lambda: services.invitation_accept(token=token, account=account)
            )
        elif form is not None and form.is_valid():
            new = form
            accepted = on_form(
                new,
                lambda: _accept_new(request, token, new),
                else_message=request,
            )
        if accepted is not None and accepted.ok and (url := accepted.value) is not None:
            messages.success(request, _("Willkommen: %(what)s.") % {"what": what})
            return redirect(url)
    return render(
        request,
        "accounts/invitation.html",
        {"invite": invite, "what": what, "form": form},
        status=422 if form is not None and form.errors else 200,
    )


def _accept_new(request: HttpRequest, token: str, form: UserCreationForm[User]) -> str:
    """A new account accepts the invitation, and is logged in; where it leads."""
    account, url = services.invitation_accept_new_account(
        token=token,
        username=form.cleaned_data["username"],
        password=form.cleaned_data["password1"],
    )
    login(request, account, backend="django.contrib.auth.backends.ModelBackend")
    return url
