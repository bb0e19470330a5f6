"""Forms. They collect input and hand it to scoring/ or services: no rules here."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

from league.clubs.forms import PeopleChoiceForm
from league.core.errors import ServiceError
from league.core.messages import choices
from league.core.text import fold, squeeze
from league.lists.services.kasse import KASSE_CENT_MAX
from scoring import GameRecord, GameRecordError
from scoring.game import AUGEN_QUICK_PICKS
from scoring.interchange import record_from_dict
from scoring.penalties import MAX_ABSAGEN, MAX_DEDUCTION
from scoring.quick import MAX_BOCK_TRIGGERS, MAX_QUICK_VALUE, QuickGame
from scoring.records import TOTAL_AUGEN
from scoring.round import ADDED_MINUTES_MAX, GAMES_PER_ROUND
from scoring.rules import TSR, RuleProfile

# Choices and labels come from the engine's vocabularies (scoring.messages), never retyped.
KIND_CHOICES = choices("kind")
TSR_KIND_CHOICES = [(k, label) for k, label in KIND_CHOICES if k != "armut"]
SOLO_CHOICES = [("", "—"), *choices("solo")]
LEVEL_CHOICES = [("none", "—"), *choices("level")]
PARTY_CHOICES = [("", "—"), *choices("party")]
PENALTY_CHOICES = choices("penalty")
DEFAULT_NAMES = ("Anna", "Bernd", "Carla", "Dieter")
AUGEN_SIDES = choices("party")  # re / kontra: whose Augen the number is

# Where an engine error's field (scoring.md §1 JSON path) shows up in this form.
_ERROR_FIELD = {
    "kind": "kind",
    "solo": "solo",
    "pflicht": "pflicht",
    "re": "re",
    "re_augen": "re_augen",
    "schwarz": "schwarz",
    "announcements.re": "ann_re",
    "announcements.kontra": "ann_kontra",
    "specials.doppelkopf": "dk_re",
    "specials.doppelkopf.re": "dk_re",
    "specials.doppelkopf.kontra": "dk_kontra",
    "specials.fuchs": "fuchs_re",
    "specials.fuchs.re": "fuchs_re",
    "specials.fuchs.kontra": "fuchs_kontra",
    "specials.karlchen": "karlchen",
    "specials.karlchen_gefangen": "karlchen_gefangen",
    "specials.herzstich": "herz_re",
    "specials.herzstich.re": "herz_re",
    "specials.herzstich.kontra": "herz_kontra",
    "specials": None,
}


def _count_field(label: StrOrPromise) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        required=False,
        initial=0,
        widget=forms.NumberInput(attrs={"min": 0, "max": 4, "class": "stepper"}),
    )


class GameForm(forms.Form):
    """One game as the Listenführer enters it. ``players`` fixes the four names
    (a Spielliste); without it the four names are fields of the form (the calculator)."""

    kind = forms.ChoiceField(
        label=_("Spielart"), choices=TSR_KIND_CHOICES, initial="normal", widget=forms.RadioSelect
    )
    solo = forms.ChoiceField(label=_("Soloart"), choices=SOLO_CHOICES, required=False)
    pflicht = forms.BooleanField(label=_("Pflichtsolo"), required=False)
    re = forms.MultipleChoiceField(
        label=_("Re-Partei"),
        widget=forms.CheckboxSelectMultiple,
        error_messages={
            "required": _(
                "Niemand als Re angetippt: bitte die Re-Partei antippen (beim Solo den "
                "Solospieler)."
            )
        },
    )
    # Augen as counted: for Re or for Kontra (the keeper counts whichever pile is at hand);
    # the record always stores Re's Augen (240 − Kontra's).
    augen_side = forms.ChoiceField(
        label=_("Gezählt für"),
        choices=AUGEN_SIDES,
        initial="re",
        required=False,
        widget=forms.RadioSelect,
    )
    re_augen = forms.IntegerField(
        label=_("Augen"),
        widget=forms.NumberInput(attrs={"min": 0, "max": TOTAL_AUGEN, "inputmode": "numeric"}),
    )
    schwarz = forms.ChoiceField(
        label=_("Schwarz (ohne Stich)"), choices=PARTY_CHOICES, required=False
    )
    ann_re = forms.ChoiceField(label=_("Ansage Re"), choices=LEVEL_CHOICES, initial="none")
    ann_kontra = forms.ChoiceField(label=_("Ansage Kontra"), choices=LEVEL_CHOICES, initial="none")
    dk_re = _count_field(_("Doppelkopf Re"))
    dk_kontra = _count_field(_("Doppelkopf Kontra"))
    fuchs_re = _count_field(_("Fuchs gefangen Re"))
    fuchs_kontra = _count_field(_("Fuchs gefangen Kontra"))
    karlchen = forms.ChoiceField(label=_("Karlchen"), choices=PARTY_CHOICES, required=False)
    # House rules (scoring.rules): only in the form when the list's profile uses them.
    karlchen_gefangen = forms.ChoiceField(
        label=_("Karlchen gefangen"), choices=PARTY_CHOICES, required=False
    )
    herz_re = _count_field(_("Herzstich Re"))
    herz_kontra = _count_field(_("Herzstich Kontra"))

    def __init__(
        self,
        *args: Any,
        players: list[str] | None = None,
        rules: RuleProfile = TSR,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fixed_players = players
        self.rules = rules
        if rules.armut:
            kind = self.fields["kind"]
            assert isinstance(kind, forms.ChoiceField)
            kind.choices = KIND_CHOICES
        if not rules.karlchen_gefangen:
            del self.fields["karlchen_gefangen"]
        if not rules.herzstich:
            del self.fields["herz_re"], self.fields["herz_kontra"]
        if not rules.pflicht:
            del self.fields["pflicht"]
        if players is None:
            for i, name in enumerate(DEFAULT_NAMES):
                self.fields[f"name_{i}"] = forms.CharField(
                    label=_("Spieler %(n)d") % {"n": i + 1}, initial=name, max_length=40
                )
            names = [self._name(i) for i in range(4)]
        else:
            names = list(players)
        re_field = self.fields["re"]
        assert isinstance(re_field, forms.MultipleChoiceField)
        re_field.choices = [(str(i), name or f"#{i + 1}") for i, name in enumerate(names)]

    def _name(self, i: int) -> str:
        key = self.add_prefix(f"name_{i}")
        if self.is_bound and self.data.get(key, "").strip():
            return str(self.data[key]).strip()
        return DEFAULT_NAMES[i]

    def players(self) -> list[str]:
        if self.fixed_players is not None:
            return list(self.fixed_players)
        return [self.cleaned_data.get(f"name_{i}", "").strip() for i in range(4)]

    @property
    def has_specials(self) -> bool:
        """Whether any Sonderpunkt is entered (then its section starts open)."""
        source = self.data if self.is_bound else self.initial
        keys = ("dk_re", "dk_kontra", "fuchs_re", "fuchs_kontra", "herz_re", "herz_kontra")
        counted = any(str(source.get(self.add_prefix(k), 0) or 0) not in ("0", "") for k in keys)
        return counted or any(
            bool(source.get(self.add_prefix(k))) for k in ("karlchen", "karlchen_gefangen")
        )

    @property
    def augen_quick(self) -> tuple[int, ...]:
        return AUGEN_QUICK_PICKS

    def record_data(self) -> dict[str, Any]:
        """The scoring.md §1 game record built from the cleaned form."""
        cd = self.cleaned_data
        players = self.players()
        data: dict[str, Any] = {
            "kind": cd["kind"],
            "solo": cd.get("solo") or None,
            "pflicht": bool(cd.get("pflicht")),
            "players": players,
            "re": [players[int(i)] for i in cd.get("re", [])],
            "re_augen": self.re_augen_value(),
            "schwarz": cd.get("schwarz") or None,
            "announcements": {"re": cd["ann_re"], "kontra": cd["ann_kontra"]},
        }
        counts = {k: cd.get(k) or 0 for k in ("dk_re", "dk_kontra", "fuchs_re", "fuchs_kontra")}
        if any(counts.values()) or cd.get("karlchen"):
            data["specials"] = {
                "doppelkopf": {"re": counts["dk_re"], "kontra": counts["dk_kontra"]},
                "fuchs": {"re": counts["fuchs_re"], "kontra": counts["fuchs_kontra"]},
                "karlchen": cd.get("karlchen") or None,
            }
        herz = {k: cd.get(k) or 0 for k in ("herz_re", "herz_kontra")}
        if cd.get("karlchen_gefangen") or any(herz.values()):
            specials = data.setdefault("specials", {})
            if cd.get("karlchen_gefangen"):
                specials["karlchen_gefangen"] = cd["karlchen_gefangen"]
            if any(herz.values()):
                specials["herzstich"] = {"re": herz["herz_re"], "kontra": herz["herz_kontra"]}
        return data

    def re_augen_value(self) -> Any:
        """Re's Augen: the number as entered, or 240 minus it when it was counted for Kontra
        (a number outside 0–240 goes to the engine unchanged, which refuses it)."""
        augen = self.cleaned_data["re_augen"]
        if self.cleaned_data.get("augen_side") == "kontra" and 0 <= augen <= TOTAL_AUGEN:
            return TOTAL_AUGEN - augen
        return augen

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors:
            return cleaned
        try:
            cleaned["record"] = record_from_dict(self.record_data(), self.rules)
        except GameRecordError as err:
            target = _ERROR_FIELD.get(err.field)
            if err.field == "players":
                target = None if self.fixed_players is not None else "name_0"
            self.add_error(target, ServiceError.from_scoring(err).message)
        return cleaned

    def initial_from_record(self, record: GameRecord) -> None:
        """Pre-fill the form from a stored record (for a correction)."""
        players = self.players() if self.fixed_players is not None else list(record.players)
        sp = record.specials
        self.initial.update(
            {
                "kind": record.kind.value,
                "solo": record.solo.value if record.solo else "",
                "pflicht": record.pflicht,
                "re": [str(players.index(p)) for p in record.re if p in players],
                "re_augen": record.re_augen,
                "augen_side": "re",
                "schwarz": record.schwarz.value if record.schwarz else "",
                "ann_re": record.announcements.re.code,
                "ann_kontra": record.announcements.kontra.code,
                "dk_re": sp.doppelkopf_re,
                "dk_kontra": sp.doppelkopf_kontra,
                "fuchs_re": sp.fuchs_re,
                "fuchs_kontra": sp.fuchs_kontra,
                "karlchen": sp.karlchen.value if sp.karlchen else "",
                "karlchen_gefangen": sp.karlchen_gefangen.value if sp.karlchen_gefangen else "",
                "herz_re": sp.herzstich_re,
                "herz_kontra": sp.herzstich_kontra,
            }
        )


class VersionedGameForm(GameForm):
    """A game on a Spielliste; ``version`` guards against concurrent changes, ``key`` makes
    a save the phone retries (its answer lost) count once (an idempotency key)."""

    version = forms.IntegerField(widget=forms.HiddenInput)
    key = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["key"].initial = uuid.uuid4().hex


class QuickForm(forms.Form):
    """Quick entry (Schnelleingabe, house-rules.md): who won and the value the table
    counted, as paper lists keep it; the Bock triggers as the table states them. The
    engine (``scoring.quick.QuickGame``) checks it; the list multiplies by its Bock factor."""

    version = forms.IntegerField(widget=forms.HiddenInput)
    key = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)
    winners = forms.MultipleChoiceField(
        label=_("Gewinner"), widget=forms.CheckboxSelectMultiple, required=False
    )
    value = forms.IntegerField(
        label=_("Spielwert (ohne Bock)"),
        min_value=0,
        max_value=MAX_QUICK_VALUE,
        widget=forms.NumberInput(attrs={"min": 0, "inputmode": "numeric"}),
    )
    soloist = forms.ChoiceField(label=_("Solo von"), required=False)
    pflicht = forms.BooleanField(label=_("Pflichtsolo"), required=False)
    bock_triggers = forms.TypedChoiceField(
        label=_("Bock-Auslöser in diesem Spiel"),
        coerce=int,
        choices=[(n, str(n)) for n in range(MAX_BOCK_TRIGGERS + 1)],
        initial=0,
        required=False,
    )

    def __init__(
        self, *args: Any, players: list[str], rules: RuleProfile = TSR, **kwargs: Any
    ) -> None:
        kwargs.setdefault("prefix", "quick")
        super().__init__(*args, **kwargs)
        self.players = players
        self.fields["key"].initial = uuid.uuid4().hex
        winners, soloist = self.fields["winners"], self.fields["soloist"]
        assert isinstance(winners, forms.ChoiceField)
        assert isinstance(soloist, forms.ChoiceField)
        winners.choices = [(str(i), name) for i, name in enumerate(players)]
        soloist.choices = [("", _("kein Solo")), *((str(i), n) for i, n in enumerate(players))]
        if rules.bock is None:
            del self.fields["bock_triggers"]
        if not rules.pflicht:
            del self.fields["pflicht"]

    def initial_from_quick(self, quick: QuickGame) -> None:
        """Pre-fill the form from a stored quick row (for a correction)."""
        index = {name: str(i) for i, name in enumerate(self.players)}
        self.initial.update(
            {
                "winners": [index[n] for n in quick.winners if n in index],
                "value": quick.value,
                "soloist": index.get(quick.soloist or "", ""),
                "pflicht": quick.pflicht,
                "bock_triggers": quick.bock_triggers,
            }
        )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors:
            return cleaned
        players = self.players
        solo = cleaned.get("soloist")
        try:
            cleaned["quick"] = QuickGame(
                players=tuple(players),
                winners=tuple(players[int(i)] for i in cleaned.get("winners", [])),
                value=cleaned["value"],
                soloist=players[int(solo)] if solo else None,
                pflicht=bool(cleaned.get("pflicht")),
                bock_triggers=int(cleaned.get("bock_triggers") or 0),
            )
        except GameRecordError as err:
            target = err.field if err.field in self.fields else None
            self.add_error(target, ServiceError.from_scoring(err).message)
        return cleaned


class SpiellisteCreateForm(PeopleChoiceForm):
    title = forms.CharField(
        label=_("Titel"),
        max_length=120,
        required=False,
        help_text=_("Leer lassen: Verein und Datum, z. B. „Herz-Dame Köln · 21.11.2026“."),
    )
    club = forms.TypedChoiceField(
        label=_("Verein"), coerce=int, required=False, empty_value=None, choices=()
    )
    seat_1 = forms.CharField(label=_("Position 1 (gibt zuerst)"), max_length=80)
    seat_2 = forms.CharField(label=_("Position 2"), max_length=80)
    seat_3 = forms.CharField(label=_("Position 3"), max_length=80)
    seat_4 = forms.CharField(label=_("Position 4"), max_length=80)
    seat_5 = forms.CharField(label=_("Position 5 (nur Fünfertisch)"), max_length=80, required=False)
    listenfuehrer_position = forms.TypedChoiceField(
        label=_("Listenführer"),
        coerce=int,
        required=False,
        empty_value=None,
        choices=[("", _("Position 4 (beim Fünfertisch 5)"))]
        + [(str(i), str(i)) for i in range(1, 6)],
    )
    rules = forms.ChoiceField(
        label=_("Regeln"),
        required=False,
        choices=(),
        help_text=_(
            "Leer lassen: die Hausregeln des Vereins (freies Spiel: Turnierspielregeln). "
            "Die Liste behält ihre Regeln, auch wenn der Verein sie später ändert."
        ),
    )

    def __init__(
        self,
        *args: Any,
        clubs: Sequence[tuple[int, str]] = (),
        presets: Sequence[tuple[str, str]] = (),
        **kwargs: Any,
    ) -> None:
        """``clubs``: the clubs this account may keep lists for (it manages them);
        ``presets``: the rule profiles to pick from (house-rules.md)."""
        super().__init__(*args, **kwargs)
        rules = self.fields["rules"]
        assert isinstance(rules, forms.ChoiceField)
        rules.choices = [("", _("Hausregeln des Vereins")), *presets]
        club = self.fields["club"]
        assert isinstance(club, forms.ChoiceField)
        if clubs:
            club.choices = [("", _("kein Verein (freies Spiel)")), *clubs]
        else:
            del self.fields["club"]
        # "Ist das …?" per seat (issue 33): a typed name with close records asks first.
        self.add_person_fields([f"seat_{i}" for i in range(1, 6)])

    def seat_names(self) -> list[str]:
        names = [squeeze(self.cleaned_data.get(f"seat_{i}") or "") for i in range(1, 6)]
        return [n for n in names if n]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if "club" not in self.fields and self.data.get("club"):
            # A club this account does not manage: an error, never silently a free list.
            self.add_error(None, ServiceError("club_forbidden").message)
        names = self.seat_names()  # NFC: "Jürgen" typed two ways is one name
        folded = [n.casefold() for n in names]
        if len(set(folded)) != len(folded):
            self.add_error(None, _("Jeder Spieler darf nur einmal am Tisch sitzen."))
        pos = cleaned.get("listenfuehrer_position")
        if pos and pos > len(names):
            self.add_error("listenfuehrer_position", _("Diese Position ist nicht besetzt."))
        return cleaned


class PenaltyForm(forms.Form):
    version = forms.IntegerField(widget=forms.HiddenInput)
    after_game = forms.IntegerField(label=_("Nach Spiel"), min_value=0)
    kind = forms.ChoiceField(label=_("Art"), choices=PENALTY_CHOICES)
    offender = forms.TypedChoiceField(label=_("Verursacher"), coerce=int)
    beneficiary = forms.TypedChoiceField(
        label=_("Solospieler (nur Solo-Strafen)"), coerce=int, required=False, empty_value=None
    )
    absagen = forms.IntegerField(
        label=_("Absagen der Gegenseite / des Solospielers"),
        min_value=0,
        max_value=MAX_ABSAGEN,
        initial=0,
        required=False,
    )
    points = forms.IntegerField(
        label=_("Punktabzug (1–12, nur unsportlich)"),
        min_value=0,
        max_value=MAX_DEDUCTION,
        initial=0,
        required=False,
    )
    referee = forms.CharField(label=_("Schiedsrichter"), max_length=80)

    def __init__(self, *args: Any, seats: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        offender, beneficiary = self.fields["offender"], self.fields["beneficiary"]
        assert isinstance(offender, forms.ChoiceField)
        assert isinstance(beneficiary, forms.ChoiceField)
        offender.choices = seats
        beneficiary.choices = [("", "—"), *seats]


class AddTimeForm(forms.Form):
    """Added playing time for one table, granted by a referee (8.5.1)."""

    version = forms.IntegerField(widget=forms.HiddenInput)
    minutes = forms.IntegerField(label=_("Minuten"), min_value=1, max_value=ADDED_MINUTES_MAX)
    referee = forms.CharField(label=_("Schiedsrichter"), max_length=80)


class SubstituteForm(PeopleChoiceForm):
    """A substitute takes a seat from a game on (the organiser decides)."""

    version = forms.IntegerField(widget=forms.HiddenInput)
    position = forms.TypedChoiceField(label=_("Für"), coerce=int)
    name = forms.CharField(label=_("Ersatzspieler"), max_length=80)
    from_game = forms.IntegerField(
        label=_("ab Spiel"), min_value=1, max_value=max(GAMES_PER_ROUND.values())
    )

    def __init__(
        self,
        *args: Any,
        seats: list[tuple[int, str]],
        candidates: Sequence[tuple[int, str]] = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        position = self.fields["position"]
        assert isinstance(position, forms.ChoiceField)
        position.choices = seats
        # "Ist das …?" (issue 33): a new name with close records asks first.
        self.add_person_fields(["name"])
        # The owner's registered players without a seat in this round, offered first.
        self.candidates = list(candidates)
        if self.candidates:
            self.fields["name"].help_text = _(
                "Angemeldet, ohne Tisch in dieser Runde: %(names)s. Ein anderer Name legt "
                "einen neuen Spieler an."
            ) % {"names": ", ".join(name for _pk, name in self.candidates)}

    @property
    def candidate_names(self) -> list[str]:
        return [name for _pk, name in self.candidates]

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"]
        return squeeze(name)

    def candidate(self) -> int | None:
        """The offered player the typed name names (accents, case and spacing aside:
        "zoran  petrovic" is "Zoran Petrović"), when exactly one does."""
        typed = _folded(self.cleaned_data.get("name", ""))
        found = {pk for pk, name in self.candidates if _folded(name) == typed}
        return found.pop() if typed and len(found) == 1 else None


def _folded(name: str) -> str:
    """A name folded for matching a typed substitute: no accents, case or spaces."""
    return fold(name).replace(" ", "").replace("-", "")


class KasseForm(forms.Form):
    """The rate a free or club list plays for (empty: no money)."""

    kasse_cent = forms.IntegerField(
        label=_("Cent je Punkt"), required=False, min_value=1, max_value=KASSE_CENT_MAX
    )
