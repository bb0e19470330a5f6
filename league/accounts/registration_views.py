"""Register (``/konto/registrieren/``) and confirm by the mailed link."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from league.accounts import registration
from league.accounts.forms import RegistrationForm
from league.core.forms import attempt, on_form


def _open() -> None:
    if not settings.REGISTRATION_OPEN:
        raise Http404


def register(request: HttpRequest) -> HttpResponse:
    _open()
    if request.user.is_authenticated:
        return redirect("my-tasks")
    form = RegistrationForm(request.POST or None, request=request)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            cd = form.cleaned_data
            registration.registration_counted(request, cd["email"])
            done = on_form(
                form,
                lambda: registration.account_register(
                    username=cd["username"],
                    email=cd["email"],
                    password=cd["password1"],
                    link=lambda account: request.build_absolute_uri(
                        reverse("register-confirm", args=registration.confirmation_path(account))
                    ),
                ),
            )
            if done.ok:
                return redirect("register-sent")
        if form.has_error("__all__", "throttled"):
            status = 429
        else:
            registration.registration_refused(request)
            status = 422
    return render(request, "accounts/register.html", {"form": form}, status=status)


def register_sent(request: HttpRequest) -> HttpResponse:
    _open()
    return render(request, "accounts/register_sent.html")


def register_confirm(request: HttpRequest, uidb64: str, token: str) -> HttpResponse:
    """The link from the mail: GET shows a button (mail scanners open links), POST confirms
    and logs the account in."""
    if request.method != "POST":
        return render(request, "accounts/register_confirm.html", {})
    confirmed = attempt(lambda: registration.account_confirm(uidb64=uidb64, token=token))
    if confirmed.error is not None:
        return render(
            request,
            "accounts/register_confirm.html",
            {"error": confirmed.error.message},
            status=400,
        )
    account: User = confirmed.value
    login(request, account, backend="django.contrib.auth.backends.ModelBackend")
    messages.success(
        request,
        _(
            "Konto bestätigt. Willkommen! Als Nächstes: einen Verein gründen oder eine "
            "Liste beginnen."
        ),
    )
    return redirect("my-tasks")
