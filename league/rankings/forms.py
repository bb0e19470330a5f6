"""Ranking forms: input for the services, no rules."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from league.tournaments.models import Bundesland


class RatingForm(forms.Form):
    rated = forms.BooleanField(label=_("Ranglistenturnier"), required=False)
    bundesland = forms.ChoiceField(
        label=_("Bundesland"),
        required=False,
        choices=[("", "—"), *Bundesland.choices],
    )


class MergeForm(forms.Form):
    other = forms.IntegerField(
        label=_("Doppelter Eintrag (Spieler-Nr.)"),
        min_value=1,
        help_text=_("Dieser Eintrag wird in den oben genannten Spieler übernommen und entfällt."),
    )
