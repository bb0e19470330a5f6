"""Club forms: input for the services, no rules."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class AccountForm(forms.Form):
    account = forms.CharField(
        label=_("Benutzername oder E-Mail-Adresse"),
        max_length=254,
        help_text=_("Das Konto muss schon bestehen."),
    )
