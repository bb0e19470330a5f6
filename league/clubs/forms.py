"""Club forms: input for the club managers' actions (services decide), no rules."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from league.clubs.models import KASSE_CENT_MAX


class MemberInviteForm(forms.Form):
    player = forms.TypedChoiceField(label=_("Spieler"), coerce=int)
    email = forms.EmailField(label=_("E-Mail-Adresse"))

    def __init__(self, *args: Any, players: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["player"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = players


# Record ids typed into a form: more digits than any id has are refused, never a query.
ID_MAX = 2**31 - 1


class ManagerRemoveForm(forms.Form):
    account = forms.IntegerField(min_value=1, max_value=ID_MAX)


class ClaimDecisionForm(forms.Form):
    """ "Das bin ich" decided: ``accept`` "1" links the account, "0" refuses."""

    claim = forms.IntegerField(min_value=1, max_value=ID_MAX)
    accept = forms.TypedChoiceField(choices=[("1", "1"), ("0", "0")], coerce=lambda v: v == "1")


class VisibilityForm(forms.Form):
    members_only = forms.BooleanField(required=False)


class ClubFoundForm(forms.Form):
    name = forms.CharField(label=_("Name des Vereins"), max_length=120)
    city = forms.CharField(label=_("Ort"), max_length=80, required=False)


class KasseForm(forms.Form):
    """The Kasse rate the club's evenings play for (empty: no money)."""

    kasse_cent = forms.IntegerField(
        label=_("Cent je Punkt"), required=False, min_value=1, max_value=KASSE_CENT_MAX
    )
