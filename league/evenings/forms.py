"""Club evening and season forms: input for the services, no rules."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from league.clubs.forms import PeopleChoiceForm
from league.core.dates import validate_event_date
from league.evenings.models import SeasonSettings
from scoring.interchange.rules import RULE_OPTIONS
from scoring.rules import (
    GAMES_FIXED,
    GAMES_OPEN,
    AnnouncementMode,
    BockTrigger,
    Pflichtsolo,
    RepeatDeal,
    Stacking,
)

CUSTOM = "eigene"


class RulesForm(forms.Form):
    """A club's house rules: a preset, or option by option (``preset`` = "eigene").
    The options' check is the engine's (``scoring.interchange.rules_from_dict``)."""

    preset = forms.ChoiceField(label=_("Regelprofil"), choices=())
    announcements = forms.ChoiceField(
        label=_("Re/Kontra"),
        choices=[
            (AnnouncementMode.ADDITIVE, _("je +2 Punkte (TSR)")),
            (AnnouncementMode.DOUBLING, _("verdoppeln")),
        ],
        required=False,
    )
    solo_bonus = forms.TypedChoiceField(
        label=_("Solo-Zuschlag"), coerce=int, choices=[(0, "0"), (1, "+1")], required=False
    )
    specials_in_solo = forms.BooleanField(label=_("Sonderpunkte auch im Solo"), required=False)
    karlchen_gefangen = forms.BooleanField(label=_("Karlchen gefangen +1"), required=False)
    herzstich = forms.BooleanField(label=_("Herzstich +1"), required=False)
    no_winner_specials = forms.BooleanField(
        label=_("Ohne Sieger zählen Sonderpunkte und erreichte Stufen (TSR)"),
        required=False,
        initial=True,
    )
    pflichtsolo = forms.ChoiceField(
        label=_("Pflichtsolo"),
        choices=[(Pflichtsolo.REQUIRED, _("ja (TSR)")), (Pflichtsolo.NONE, _("nein"))],
        required=False,
    )
    repeat_deal_after = forms.ChoiceField(
        label=_("Derselbe Geber gibt noch einmal"),
        choices=[
            (RepeatDeal.PFLICHTSOLO, _("nach einem Pflichtsolo (TSR)")),
            (RepeatDeal.EVERY_SOLO, _("nach jedem Solo")),
            (RepeatDeal.NEVER, _("nie")),
        ],
        required=False,
    )
    games = forms.ChoiceField(
        label=_("Spielzahl"),
        choices=[(str(GAMES_FIXED), _("24 (30 am Fünfertisch)")), (GAMES_OPEN, _("offen"))],
        required=False,
    )
    bock_triggers = forms.MultipleChoiceField(
        label=_("Bockrunden nach"),
        choices=[
            (BockTrigger.LOST_ANNOUNCEMENT, _("verlorenem Re/Kontra")),
            (BockTrigger.ZERO_GAME, _("0-Punkte-Spiel")),
            (BockTrigger.SPLIT, _("120 : 120")),
        ],
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    bock_stacking = forms.ChoiceField(
        label=_("Mehrere Bockrunden"),
        choices=[(Stacking.APPEND, _("hinten anhängen")), (Stacking.MULTIPLY, _("multiplizieren"))],
        required=False,
    )
    armut = forms.BooleanField(label=_("Armut"), required=False)
    schmeissen = forms.BooleanField(label=_("Schmeißen (neu geben)"), required=False)
    ohne_neunen = forms.BooleanField(label=_("ohne Neunen"), required=False)

    # Every option of the engine but Bock, which has two fields of its own.
    OPTION_FIELDS = tuple(o for o in RULE_OPTIONS if o != "bock")

    def __init__(
        self, *args: Any, presets: list[tuple[str, str]], current: dict[str, Any], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        preset = self.fields["preset"]
        assert isinstance(preset, forms.ChoiceField)
        preset.choices = [*presets, (CUSTOM, _("eigene Hausregeln (Option für Option)"))]
        for name in self.OPTION_FIELDS:
            if name in current:
                self.initial[name] = str(current[name]) if name == "games" else current[name]
        bock = current.get("bock")
        if isinstance(bock, dict):
            self.initial["bock_triggers"] = bock.get("triggers", [])
            self.initial["bock_stacking"] = bock.get("stacking", "append")

    def options(self) -> dict[str, Any]:
        """The options as ``scoring.interchange.rules_from_dict`` reads them."""
        cd = self.cleaned_data
        out: dict[str, Any] = {}
        for name in self.OPTION_FIELDS:
            value = cd.get(name)
            if value in ("", None):
                continue
            out[name] = GAMES_FIXED if name == "games" and value == str(GAMES_FIXED) else value
        triggers = cd.get("bock_triggers") or []
        if triggers:
            out["bock"] = {
                "triggers": list(triggers),
                "stacking": cd.get("bock_stacking") or Stacking.APPEND.value,
            }
        return out


class SeasonSettingsForm(forms.Form):
    """How the club ranks its season (checked by the service)."""

    mode = forms.ChoiceField(label=_("Wertung"))
    minimum = forms.IntegerField(
        label=_("Mindestanzahl"),
        min_value=1,
        max_value=9999,
        help_text=_("Listen (Schnitt je Liste) bzw. Spiele (Schnitt je Spiel)."),
    )
    best_n = forms.IntegerField(label=_("N (beste Listen)"), min_value=1, max_value=999)
    start_month = forms.IntegerField(
        label=_("Saisonbeginn (Monat)"), min_value=1, max_value=12, help_text=_("1 = Kalenderjahr.")
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["mode"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = SeasonSettings.Mode.choices


GUEST_FIELDS = 8


class EveningForm(PeopleChoiceForm):
    """A new club evening: the date, who is here (members ticked, none in advance), guests
    by name; the tables are formed in this order (4 each, 5 where the count needs it)."""

    # A date input reads ISO dates only: the German "25.11.2026" would show an empty field.
    date = forms.DateField(
        validators=[validate_event_date],
        label=_("Datum"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    note = forms.CharField(label=_("Notiz"), max_length=120, required=False)
    present = forms.TypedMultipleChoiceField(
        label=_("Anwesende Mitglieder"),
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args: Any, members: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["present"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = members
        self.member_names = dict(members)
        for i in range(1, GUEST_FIELDS + 1):
            self.fields[f"guest_{i}"] = forms.CharField(
                label=_("Gast %(n)s") % {"n": i}, max_length=80, required=False
            )
        # "Ist das …?" per guest (issue 33): a typed name with close records asks first.
        self.add_person_fields([f"guest_{i}" for i in range(1, GUEST_FIELDS + 1)])

    def guest_fields(self) -> list[forms.BoundField]:
        """Each guest's name, and under it his "Ist das …?" (hidden until asked)."""
        return [self[name] for name in self.fields if name.startswith(("guest_", "person_"))]

    def names(self) -> list[str]:
        """Everybody present, members first (in the order ticked), then the guests."""
        present = [self.member_names[pk] for pk in self.cleaned_data.get("present", [])]
        guests = [
            self.cleaned_data.get(f"guest_{i}", "").strip() for i in range(1, GUEST_FIELDS + 1)
        ]
        return present + [g for g in guests if g]


class TableForm(PeopleChoiceForm):
    """One more table at an evening: 4 or 5 names in seat order."""

    seat_1 = forms.CharField(label=_("Platz 1"), max_length=80)
    seat_2 = forms.CharField(label=_("Platz 2"), max_length=80)
    seat_3 = forms.CharField(label=_("Platz 3"), max_length=80)
    seat_4 = forms.CharField(label=_("Platz 4"), max_length=80)
    seat_5 = forms.CharField(label=_("Platz 5 (Fünfertisch)"), max_length=80, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.add_person_fields([f"seat_{i}" for i in range(1, 6)])

    def names(self) -> list[str]:
        return [
            self.cleaned_data[f"seat_{i}"].strip()
            for i in range(1, 6)
            if self.cleaned_data.get(f"seat_{i}", "").strip()
        ]


class HistoryUploadForm(forms.Form):
    """A club's old spreadsheet and its layout (history-import.md "Layouts")."""

    file = forms.FileField(
        label=_("Datei (.xlsx, .ods oder .csv)"),
        widget=forms.ClearableFileInput(attrs={"accept": ".xlsx,.ods,.csv"}),
    )
    layout = forms.ChoiceField(
        label=_("Aufbau"),
        choices=[
            ("spiele", _("Spiele: eine Zeile je Spiel")),
            ("abende", _("Abende: eine Zeile je Tisch und Abend (Summen)")),
        ],
        initial="spiele",
        widget=forms.RadioSelect,
    )
