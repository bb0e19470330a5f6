"""Login with lockout; password reset and change are Django's views (see urls.py). (The
account's privacy page decides about its player: ``league.clubs.views.privacy``.)"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm, SetPasswordForm
from django.core.exceptions import NON_FIELD_ERRORS
from django.http import HttpResponse

from league.accounts import lockout
from league.accounts.forms import CountedPasswordChangeForm, LoginForm


class LoginView(auth_views.LoginView):
    """Django's login; a locked-out attempt answers 429 with ``Retry-After``."""

    authentication_form = LoginForm

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {
            **super().get_context_data(**kwargs),
            "registration_open": settings.REGISTRATION_OPEN,
        }

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
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


class PasswordChangeView(auth_views.PasswordChangeView):
    """Django's, with the old password counted by the login's lockout: a wrong one counts
    as a failed login of the account's name, and while the name (or the client address)
    is locked out every try is refused, the right password too, with 429 and
    ``Retry-After`` like the login."""

    form_class = CountedPasswordChangeForm
    template_name = "accounts/password_change_form.html"

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "request": self.request}

    def form_invalid(self, form: PasswordChangeForm) -> HttpResponse:
        response = super().form_invalid(form)
        if form.has_error("old_password", "throttled"):
            response.status_code = 429
            response["Retry-After"] = str(lockout.WINDOW)
        return response


# The cookie that asks this browser's pages to forget what the service worker kept
# (static/js/live.js): the copies of the pages the account saw must not outlive its session
# on a phone handed on (an offline reload would show them).
FORGET_COOKIE = "doko_forget"


class LogoutView(auth_views.LogoutView):
    """Log out, and have the next page empty the service worker's copies."""

    def post(self, request: Any, *args: Any, **kwargs: Any) -> HttpResponse:
        response: HttpResponse = super().post(request, *args, **kwargs)
        response.set_cookie(FORGET_COOKIE, "1", max_age=300, samesite="Lax")
        return response
