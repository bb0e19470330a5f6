"""Tournament forms: they collect input for the services; no rules here."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from league.core.messages import choices

TIE_BREAK_CHOICES = [("", "—"), *choices("tie_break")]


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    date = forms.DateField(label=_("Datum"), widget=forms.DateInput(attrs={"type": "date"}))
    venue = forms.CharField(label=_("Ort"), max_length=120, required=False)
    rounds_planned = forms.IntegerField(label=_("Runden"), min_value=1, max_value=20, initial=3)
    official = forms.BooleanField(
        label=_("Offizielles DDV-Turnier (nur Vierertische)"), required=False
    )
    require_confirmation = forms.BooleanField(
        label=_("Nur bestätigte Listen zählen (Bestätigung am Tisch oder Papierliste)"),
        required=False,
    )
    tie_1 = forms.ChoiceField(label=_("Wertung 1"), choices=TIE_BREAK_CHOICES, initial="total")
    tie_2 = forms.ChoiceField(
        label=_("Wertung 2"), choices=TIE_BREAK_CHOICES, initial="positive_rounds", required=False
    )
    tie_3 = forms.ChoiceField(
        label=_("Wertung 3"), choices=TIE_BREAK_CHOICES, initial="best_round", required=False
    )
    tie_4 = forms.ChoiceField(
        label=_("Wertung 4"), choices=TIE_BREAK_CHOICES, initial="last_round", required=False
    )

    def tie_breaks(self) -> list[str]:
        return [
            self.cleaned_data[f"tie_{i}"] for i in range(1, 5) if self.cleaned_data.get(f"tie_{i}")
        ]


class ParticipantForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    club = forms.CharField(label=_("Verein"), max_length=120, required=False)
    ddv_number = forms.CharField(label=_("DDV-Nummer"), max_length=20, required=False)


class CsvUploadForm(forms.Form):
    file = forms.FileField(
        label=_("CSV-Datei (Name; Verein; DDV-Nummer)"),
        help_text=_("UTF-8 mit oder ohne BOM, Trennzeichen Komma oder Semikolon."),
    )


class DrawForm(forms.Form):
    seeded = forms.BooleanField(
        label=_("Nach Tabellenstand setzen (die Besten zusammen)"), required=False
    )
