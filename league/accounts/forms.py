"""The login forms: Django's, with the lockout of ``league.accounts.lockout``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm, UserCreationForm
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from league.accounts import lockout, registration

if TYPE_CHECKING:  # generic in django-stubs; Django's own class takes no parameter
    UserCreationFormBase = UserCreationForm[User]
else:
    UserCreationFormBase = UserCreationForm


class LoginForm(AuthenticationForm):
    """Refuses every attempt, right or wrong, while the user name or the client address is
    locked out; counts wrong passwords; a right one clears the user name's counter."""

    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _("Benutzername oder Passwort stimmt nicht."),
        "throttled": _(
            "Zu viele fehlgeschlagene Anmeldeversuche. Die Anmeldung ist vorübergehend "
            "gesperrt; bitte in %(minutes)d Minuten erneut versuchen."
        ),
    }

    def clean(self) -> dict[str, Any]:
        username = self.cleaned_data.get("username")
        password = self.cleaned_data.get("password")
        if not (username and password) or self.request is None:
            return super().clean()
        if lockout.login_blocked(self.request, username):
            raise ValidationError(
                self.error_messages["throttled"],
                code="throttled",
                params={"minutes": lockout.WINDOW // 60},
            )
        try:
            cleaned = super().clean()
        except ValidationError as error:
            if error.code == "invalid_login":
                lockout.login_failed(self.request, username)
            raise
        lockout.clear_username(username)
        return cleaned


class AdminLoginForm(LoginForm, AdminAuthenticationForm):
    """The admin's login (staff only) under the same lockout: it must not be the way round."""

    error_messages = {
        **LoginForm.error_messages,
        "invalid_login": AdminAuthenticationForm.error_messages["invalid_login"],
    }


class CountedPasswordChangeForm(PasswordChangeForm):
    """The password-change form under the login's lockout: a wrong old password counts as
    a failed login of the account's name, and a locked-out name is refused here too (else
    this form would be the way round the lockout)."""

    def __init__(self, user: Any, *args: Any, request: HttpRequest | None = None, **kw: Any):
        super().__init__(user, *args, **kw)
        self.request = request

    def clean_old_password(self) -> str:
        name = self.user.get_username()
        if self.request is not None and lockout.login_blocked(self.request, name):
            raise ValidationError(
                LoginForm.error_messages["throttled"],
                code="throttled",
                params={"minutes": lockout.WINDOW // 60},
            )
        try:
            return str(super().clean_old_password())
        except ValidationError:
            if self.request is not None:
                lockout.login_failed(self.request, name)
            raise


# Adding an account to a role (organisers, club managers), or inviting by e-mail.


class AccountForm(forms.Form):
    account = forms.CharField(
        label=_("Benutzername oder E-Mail-Adresse"),
        max_length=254,
        help_text=_("Das Konto muss schon bestehen."),
    )


class InviteForm(forms.Form):
    email = forms.EmailField(label=_("E-Mail-Adresse"))


class RegistrationForm(UserCreationFormBase):
    """User name, e-mail, password twice; counted per client and e-mail address. Whether
    the user name is taken is no error of the form: the service answers by mail, so the
    page tells nobody which names have accounts (``league.accounts.registration``)."""

    email = forms.EmailField(label=_("E-Mail"), max_length=254)

    error_messages = {
        **UserCreationForm.error_messages,
        "throttled": _(
            "Zu viele Registrierungen von hier oder für diese Adresse. Bitte in %(minutes)d "
            "Minuten erneut versuchen."
        ),
    }

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")

    def __init__(self, *args: Any, request: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.request = request

    def clean_username(self) -> str:
        """The field's own checks only (characters, length), not whether it is taken."""
        return str(self.cleaned_data.get("username") or "")

    def validate_unique(self) -> None:
        """Not here: a taken name is answered by mail (see the class)."""

    def clean(self) -> dict[str, Any]:
        cleaned: dict[str, Any] = super().clean() or {}
        email = cleaned.get("email") or ""
        if self.request is not None and registration.registration_blocked(self.request, email):
            raise ValidationError(
                self.error_messages["throttled"],
                code="throttled",
                params={"minutes": registration.WINDOW // 60},
            )
        return cleaned

    def full_clean(self) -> None:
        super().full_clean()  # the password's rules are checked last, in its _post_clean
        # The password's rules stand under its first field; a refusal of them under the
        # second says the same sentence: one of the two suffices.
        if self.has_error("password2") or self.has_error("password1"):
            self.fields["password1"].help_text = ""
            self["password1"].help_text = ""  # the bound field copied it already
