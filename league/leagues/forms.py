"""League forms: they collect input for the services; no rules here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from league.clubs.forms import PersonChoiceForm
from league.clubs.models import Player


class LeagueForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    season = forms.CharField(label=_("Saison"), max_length=20, help_text=_("z. B. 2026"))
    players_per_team = forms.IntegerField(
        label=_("Spieler je Mannschaft (= Tische je Runde)"), min_value=1, max_value=12, initial=4
    )
    rounds_per_spieltag = forms.IntegerField(
        label=_("Runden je Spieltag"), min_value=1, max_value=12, initial=3
    )
    spieltage_per_round = forms.IntegerField(
        label=_("Spieltage je Gruppenrunde (2: Doppelspieltag)"),
        min_value=1,
        max_value=4,
        initial=2,
    )


class TeamForm(forms.Form):
    name = forms.CharField(label=_("Mannschaft"), max_length=120)


class RosterForm(PersonChoiceForm):
    name = forms.CharField(label=_("Spieler"), max_length=80)
    ddv_number = forms.CharField(label=_("DDV-Nummer"), max_length=20, required=False)


class ScheduleForm(forms.Form):
    rounds = forms.IntegerField(
        label=_("Gruppenrunden (leer: so wenige, dass jeder jeden trifft)"),
        required=False,
        min_value=1,
        max_value=60,
    )


class LineupForm(forms.Form):
    """The line-up: one select per seat, from the roster (the others are reserves)."""

    def __init__(
        self, *args: Any, roster: Sequence[tuple[Player, str]], size: int, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        options = [("", "—"), *((str(p.pk), name) for p, name in roster)]
        self.by_pk = {str(p.pk): p for p, _name in roster}
        for i in range(1, size + 1):
            self.fields[f"s{i}"] = forms.ChoiceField(
                label=_("Spieler %(n)d") % {"n": i}, choices=options, required=False
            )

    def clean(self) -> dict[str, Any]:
        """A player chosen twice: the later seat is marked, naming the earlier one (the
        service refuses it too; this only says where)."""
        cleaned: dict[str, Any] = super().clean() or {}
        first: dict[str, int] = {}
        for name in sorted(self.fields, key=_seat):
            value = cleaned.get(name)
            if not value:
                continue
            if value in first:
                self.add_error(
                    name, _("Schon als Spieler %(n)d aufgestellt.") % {"n": first[value]}
                )
            else:
                first[value] = _seat(name)
        return cleaned

    def players(self) -> list[Player]:
        """The chosen players in seat order (an empty seat is skipped: fewer players are a
        warning, not an error)."""
        names = sorted(self.fields, key=_seat)
        return [self.by_pk[self.cleaned_data[n]] for n in names if self.cleaned_data.get(n)]


def _seat(name: str) -> int:
    return int(name[1:])


class AbsentForm(forms.Form):
    """A no-show: the substitutes' names (one per line), the organiser's decision."""

    substitutes = forms.CharField(
        label=_("Ersatzspieler (ein Name je Zeile)"), widget=forms.Textarea(attrs={"rows": 4})
    )

    def names(self) -> list[str]:
        return [n.strip() for n in self.cleaned_data["substitutes"].splitlines() if n.strip()]


class PaperResultForm(forms.Form):
    """One table's totals from its paper list, in seat order."""

    round = forms.IntegerField(label=_("Runde"), min_value=1, max_value=99)
    table = forms.IntegerField(label=_("Tisch"), min_value=1, max_value=99)

    def __init__(self, *args: Any, seats: int = 4, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for i in range(1, seats + 1):
            self.fields[f"p{i}"] = forms.IntegerField(
                label=_("Platz %(n)d") % {"n": i}, min_value=-9999, max_value=9999
            )

    def focus(self) -> None:
        """Keyboard entry: the cursor starts in the first field in error, else in "Runde"."""
        first = next((name for name in self.fields if name in self.errors), "round")
        for name, field in self.fields.items():
            field.widget.attrs.pop("autofocus", None)
            if name == first:
                field.widget.attrs["autofocus"] = True

    def totals(self) -> dict[int, int]:
        return {
            int(name[1:]): value
            for name, value in self.cleaned_data.items()
            if name.startswith("p") and value is not None
        }


class PlaceForm(forms.Form):
    """When and where a Spieltag is played (or the whole Doppelspieltag of its group)."""

    date = forms.DateField(
        label=_("Datum"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    start_time = forms.TimeField(
        label=_("Beginn"), required=False, widget=forms.TimeInput(attrs={"type": "time"})
    )
    venue = forms.CharField(
        label=_("Spielort (Adresse)"),
        max_length=200,
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "street-address"}),
    )
    host = forms.ChoiceField(label=_("Ausrichter"), required=False)
    scope = forms.ChoiceField(
        label=_("Doppelspieltag"),
        choices=[
            ("zusammen", _("zusammen verlegen (die Spieltage des Tages bleiben nacheinander)")),
            ("einzeln", _("nur diesen Spieltag (den Doppelspieltag teilen)")),
        ],
        required=False,
        widget=forms.RadioSelect,
    )
    reorder = forms.BooleanField(
        label=_("Reihenfolge der Spieltage umkehren"),
        required=False,
    )

    def __init__(self, *args: Any, teams: Sequence[Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.teams = {str(t.pk): t for t in teams}
        host = self.fields["host"]
        assert isinstance(host, forms.ChoiceField)
        host.choices = [("", "—"), *((str(t.pk), t.name) for t in teams)]

    def host_team(self) -> Any:
        return self.teams.get(self.cleaned_data.get("host") or "")

    def split(self) -> bool:
        """Only this Spieltag, on purpose; the default moves its Doppelspieltag with it."""
        return self.cleaned_data.get("scope") == "einzeln"


class MoveForm(forms.Form):
    """A captain's request to move a Spieltag: the new date (required), start and venue
    (empty: they stay), and why."""

    date = forms.DateField(label=_("Neues Datum"), widget=forms.DateInput(attrs={"type": "date"}))
    start_time = forms.TimeField(
        label=_("Beginn (leer: bleibt)"),
        required=False,
        widget=forms.TimeInput(attrs={"type": "time"}),
    )
    venue = forms.CharField(
        label=_("Spielort (leer: bleibt)"),
        max_length=200,
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "street-address"}),
    )
    note = forms.CharField(
        label=_("Begründung"),
        max_length=1000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
