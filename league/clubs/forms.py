"""Club forms: input for the services, no rules."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _


class AccountForm(forms.Form):
    account = forms.CharField(
        label=_("Benutzername oder E-Mail-Adresse"),
        max_length=254,
        help_text=_("Das Konto muss schon bestehen."),
    )


class InviteForm(forms.Form):
    email = forms.EmailField(label=_("E-Mail-Adresse"))


class MemberInviteForm(forms.Form):
    player = forms.TypedChoiceField(label=_("Spieler"), coerce=int)
    email = forms.EmailField(label=_("E-Mail-Adresse"))

    def __init__(self, *args: Any, players: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["player"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = players
