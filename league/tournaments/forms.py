"""Tournament forms: they collect input for the services; no rules here."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from league.clubs.forms import PersonChoiceForm
from league.core.dates import validate_event_date
from league.core.messages import choices
from league.tournaments.models import Tournament
from scoring.totals import TABLE_SIZES

TIE_BREAK_CHOICES = [("", "—"), *choices("tie_break")]


SETTINGS_FIELDS = (
    "name",
    "date",
    "venue",
    "rounds_planned",
    "double_entry",
    "separate_clubs",
    "round_minutes",
    "members_only",
)


class TournamentSettingsForm(forms.Form):
    """What an organiser may change after creating the tournament (its settings page;
    the service says what may change when)."""

    name = forms.CharField(label=_("Name"), max_length=120)
    date = forms.DateField(
        label=_("Datum"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        validators=[validate_event_date],
    )
    venue = forms.CharField(label=_("Ort"), max_length=120, required=False)
    rounds_planned = forms.IntegerField(label=_("Runden"), min_value=1, max_value=20, initial=3)
    double_entry = forms.BooleanField(
        label=_("Papierergebnisse doppelt eingeben (zwei Personen, blind)"), required=False
    )
    separate_clubs = forms.BooleanField(
        label=_("Spieler eines Vereins möglichst nicht an einen Tisch losen"),
        required=False,
        initial=True,
    )
    round_minutes = forms.IntegerField(
        label=_("Spielzeit je Runde in Minuten (leer: 100, am Fünfertisch 125)"),
        required=False,
        min_value=1,
        max_value=999,
    )
    members_only = forms.BooleanField(
        label=_(
            "Nur für Teilnehmer sichtbar (Wertung, Listen, Auslosung; sonst öffentlich lesbar)"
        ),
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

    def settings_initial(self, tournament: Tournament) -> None:
        """Fill the form from the tournament as it stands."""
        for name in SETTINGS_FIELDS:
            self.initial[name] = getattr(tournament, name)
        order = list(tournament.tie_breaks)
        for i in range(1, 5):
            self.initial[f"tie_{i}"] = order[i - 1] if i <= len(order) else ""


class TournamentForm(TournamentSettingsForm):
    """Creating a tournament: its settings, and what is fixed from then on."""

    official = forms.BooleanField(
        label=_("Offizielles DDV-Turnier (nur Vierertische)"), required=False
    )
    require_confirmation = forms.BooleanField(
        label=_("Nur bestätigte Listen zählen (Bestätigung am Tisch oder Papierliste)"),
        required=False,
    )
    field_order = [
        "name",
        "date",
        "venue",
        "rounds_planned",
        "official",
        "require_confirmation",
        "double_entry",
        "separate_clubs",
        "round_minutes",
        "members_only",
    ]


class ParticipantForm(PersonChoiceForm):
    name = forms.CharField(label=_("Name"), max_length=80)
    club = forms.CharField(label=_("Verein"), max_length=120, required=False)
    ddv_number = forms.CharField(
        label=_("DDV-Nummer"),
        max_length=20,
        required=False,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
    # Shown (a checkbox) once the DDV number turned out to name somebody else's record.
    take_record = forms.BooleanField(required=False, widget=forms.HiddenInput)
    # Shown once the DDV number turned out to be held by no record yet.
    take_new_number = forms.BooleanField(required=False, widget=forms.HiddenInput)

    # Shown (a checkbox) once the name turned out to be registered already.
    namesake = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def ask_take_record(self, name: str) -> None:
        """The number belongs to ``name``: offer to register that record after all."""
        field = self.fields["take_record"]
        field.widget = forms.CheckboxInput()
        field.label = _("Ja, %(name)s (Inhaber dieser DDV-Nummer) anmelden") % {"name": name}

    def ask_take_new_number(self, name: str, number: str) -> None:
        """Nobody holds the number yet: the new record takes it only once confirmed."""
        field = self.fields["take_new_number"]
        field.widget = forms.CheckboxInput()
        field.label = _("Ja, die DDV-Nummer %(number)s gehört %(name)s") % {
            "number": number,
            "name": name,
        }

    def ask_namesake(self, name: str) -> None:
        """``name`` is registered already: ask whether this is another person."""
        field = self.fields["namesake"]
        field.widget = forms.CheckboxInput()
        field.label = _("Ja, eine andere Person namens %(name)s anmelden") % {"name": name}


class CsvUploadForm(forms.Form):
    file = forms.FileField(
        label=_("CSV-Datei (Name; Verein; DDV-Nummer)"),
        help_text=_(
            "Eine Zeile je Spieler, getrennt durch Komma oder Semikolon – so, wie Excel "
            "oder LibreOffice eine CSV-Datei speichern."
        ),
    )


class DrawForm(forms.Form):
    seeded = forms.BooleanField(
        label=_("Nach Tabellenstand setzen (die Besten zusammen)"), required=False
    )


class PaperTotalsForm(forms.Form):
    """One table's totals from its paper list: the table number, then the seats' totals in
    seat order (the way the paper list reads), optional 9.7.2 b deductions."""

    table = forms.IntegerField(label=_("Tisch"), min_value=1, max_value=999)

    def __init__(self, *args: Any, seats: int = max(TABLE_SIZES), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for i in range(1, seats + 1):
            self.fields[f"p{i}"] = forms.IntegerField(
                label=_("Platz %(n)d") % {"n": i},
                required=False,
                min_value=-9999,
                max_value=9999,
            )
        for i in range(1, seats + 1):
            self.fields[f"d{i}"] = forms.IntegerField(
                label=_("Abzug Platz %(n)d") % {"n": i},
                required=False,
                min_value=0,
                max_value=999,
            )

    def focus(self) -> str:
        """Keyboard entry: the field the cursor starts in — the first in error, else the
        table number (its value selected by static/js/focus.js, so typing replaces it)."""
        return next((name for name in self.fields if name in self.errors), "table")

    def totals(self) -> dict[int, int]:
        return {
            int(name[1:]): value
            for name, value in self.cleaned_data.items()
            if name.startswith("p") and value is not None
        }

    def deduction(self) -> dict[int, int]:
        return {
            int(name[1:]): value
            for name, value in self.cleaned_data.items()
            if name.startswith("d") and value
        }


class PaperCsvForm(forms.Form):
    file = forms.FileField(
        label=_("CSV-Datei (Tisch; Summe Platz 1; Platz 2; Platz 3; Platz 4; Platz 5)"),
        help_text=_("Eine Zeile je Tisch; Trennzeichen Komma oder Semikolon."),
    )


class RehearsalForm(forms.Form):
    """A Probelauf of N generated players (issue 36)."""

    players = forms.IntegerField(label=_("Spieler"), min_value=8, max_value=200, initial=32)
    rounds = forms.IntegerField(label=_("Runden"), min_value=1, max_value=20, initial=3)
    name = forms.CharField(label=_("Name (frei)"), max_length=80, required=False)


class RehearsalManualForm(forms.Form):
    """The tables of a Probelauf the organiser enters himself ("1-2")."""

    manual = forms.CharField(label=_("Tische selbst eintragen"), max_length=40, required=False)


class RehearsalPlayForm(forms.Form):
    """How many generated games each open table plays now."""

    spiele = forms.ChoiceField(choices=[("1", "1"), ("alle", "alle")])


class SelfConfirmForm(forms.Form):
    """A participant confirms his table's list from his own page: his slip's PIN."""

    pin = forms.RegexField(
        label=_("PIN"),
        regex=r"^\d{4}$",
        max_length=4,
        widget=forms.TextInput(
            attrs={"inputmode": "numeric", "autocomplete": "one-time-code", "size": 4}
        ),
    )
