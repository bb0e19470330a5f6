"""The venue's link to the federation's site, as the settings page takes it."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class SiteLinkForm(forms.Form):
    address = forms.CharField(
        label=_("Adresse der Verbandsseite"),
        max_length=200,
        required=False,
        widget=forms.URLInput(attrs={"placeholder": "https://", "autocomplete": "url"}),
    )
    # Never shown again: an empty field keeps the token kept.
    token = forms.CharField(
        label=_("API-Token Ihres Kontos auf der Verbandsseite"),
        max_length=200,
        required=False,
        strip=True,
        widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "off"}),
        help_text=_("Leer lassen, um das gespeicherte Token zu behalten."),
    )
    forget_token = forms.BooleanField(label=_("Gespeichertes Token löschen"), required=False)
