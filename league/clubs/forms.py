"""Club forms: input for the services, no rules."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _


class MemberInviteForm(forms.Form):
    player = forms.TypedChoiceField(label=_("Spieler"), coerce=int)
    email = forms.EmailField(label=_("E-Mail-Adresse"))

    def __init__(self, *args: Any, players: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["player"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = players
