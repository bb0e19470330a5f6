"""Login with lockout; password reset and change are Django's views (see urls.py); the
account's privacy page."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import SetPasswordForm
from django.core.exceptions import NON_FIELD_ERRORS
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from league.accounts import lockout
from league.accounts.forms import LoginForm
from league.clubs import services as club_services
from league.clubs.models import Player


class LoginView(auth_views.LoginView):
    """Django's login; a locked-out attempt answers 429 with ``Retry-After``."""

    authentication_form = LoginForm

    def form_invalid(self, form: LoginForm) -> HttpResponse:  # type: ignore[override]
        response = super().form_invalid(form)
        if form.has_error(NON_FIELD_ERRORS, "throttled"):
            response.status_code = 429
            response["Retry-After"] = str(lockout.WINDOW)
        return response


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's; a password set through the mailed link also ends a lockout of that user
    name (whoever reads the account's mail may log in again at once)."""

    def form_valid(self, form: SetPasswordForm[Any]) -> HttpResponse:
        response = super().form_valid(form)
        lockout.clear_username(form.user.get_username())
        return response


@login_required
def privacy(request: HttpRequest) -> HttpResponse:
    """The player linked to this account decides whether the public reads his name."""
    player = Player.objects.filter(account_id=request.user.pk).first()
    if request.method == "POST" and player is not None:
        hidden = request.POST.get("hide_name") == "1"
        club_services.player_set_hidden(player=player, hidden=hidden, user=request.user)
        messages.success(
            request,
            _("Dein Name wird öffentlich nicht mehr gezeigt.")
            if hidden
            else _("Dein Name wird wieder öffentlich gezeigt."),
        )
        return redirect("privacy")
    return render(request, "accounts/privacy.html", {"player": player})
