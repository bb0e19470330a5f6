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


KEEP_THIS, INTO_OTHER = "bleibt", "entfaellt"


class MergeForm(forms.Form):
    other = forms.IntegerField(
        label=_("Anderer Eintrag (Spieler-Nr.)"),
        min_value=1,
        help_text=_("Der Eintrag, der entfällt, wird mit allen Ergebnissen übernommen."),
    )
    direction = forms.ChoiceField(
        label=_("Welcher Eintrag bleibt?"),
        choices=[
            (KEEP_THIS, _("Dieser Spieler bleibt; der andere Eintrag entfällt")),
            (INTO_OTHER, _("Der andere Spieler bleibt; dieser Eintrag entfällt")),
        ],
        initial=KEEP_THIS,
        required=False,
        widget=forms.RadioSelect,
        help_text=_(
            "Ein an der Turnierleitung angelegter doppelter Eintrag wird in den echten "
            "Eintrag übernommen: dessen Name, Nummer und Ergebnisse bleiben."
        ),
    )


class RatingDecisionForm(forms.Form):
    """A Ranglistenwart's decision on a request to count in the Rangliste."""

    approve = forms.TypedChoiceField(
        choices=[("1", _("Genehmigen")), ("0", _("Zurückziehen"))],
        coerce=lambda v: v == "1",
        widget=forms.HiddenInput,
    )
    reason = forms.CharField(
        label=_("Begründung"),
        max_length=300,
        required=False,
        help_text=_("Beim Zurückziehen erforderlich; die Turnierleitung liest sie."),
    )
