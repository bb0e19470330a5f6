"""Club forms: input for the club managers' actions (services decide), no rules."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from league.clubs.matching import NEW, PersonChoice, PersonChoiceNeeded, PersonMatch, PersonOffer
from league.clubs.models import KASSE_CENT_MAX
from league.core.errors import ServiceError
from scoring.people import normalise, parse_ddv

T = TypeVar("T")


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


class PersonChoiceForm(forms.Form):
    """A form where a player's name is typed: once the name has close records
    (``PersonChoiceNeeded``), ``ask_person`` turns the hidden ``person`` field into the choice
    "Ist das …? [Jörg Müller, TSV X] / Neu anlegen" (radio buttons: big targets on a phone)."""

    person = forms.CharField(required=False, widget=forms.HiddenInput)

    def ask_person(self, offers: Sequence[PersonOffer], name: str) -> None:
        choices = [(str(o.id), o.label) for o in offers]
        choices.append(
            (NEW, gettext("Neu anlegen: eine andere Person namens %(name)s") % {"name": name})
        )
        del self.fields["person"]  # asked last, beside the button
        # Cleaning bound the hidden field; the choice is bound afresh.
        vars(self).get("_bound_fields_cache", {}).pop("person", None)
        self.fields["person"] = forms.ChoiceField(
            label=_("Ist das …?"),
            choices=choices,
            widget=forms.RadioSelect(attrs={"class": "person-choice"}),
        )
        if "person" in self.errors:
            del self.errors["person"]
        self.add_error("person", ServiceError("player_maybe_known", {"name": name}).message)

    def person_choice(self) -> PersonChoice:
        """What the typist decided: an offered record's id, a new person, or not yet."""
        return person_value(self.cleaned_data.get("person"))


def person_value(value: object) -> PersonChoice:
    """A posted decision: an offered record's id, a new person, or not yet ("ask")."""
    text = str(value or "")
    if text == NEW:
        return NEW
    return int(text) if text.isdigit() and len(text) < 19 else "ask"


def _key(name: object) -> str:
    return normalise(parse_ddv(str(name or ""))[0])


class PeopleChoiceForm(forms.Form):
    """A form of several typed names (a list's seats, an evening's guests): each name field
    ``f`` has a hidden ``person_f``; once names have close records (``PersonChoiceNeeded``
    with ``asked``), ``ask_people`` turns each of theirs into the choice "Ist das …?" right
    under the name, and ``people`` hands the services what was decided."""

    asked = False  # "Ist das …?" shown: the page answers 422

    def add_person_fields(self, names: Sequence[str]) -> None:
        self.person_for = tuple(names)
        for name in names:
            self.fields[f"person_{name}"] = forms.CharField(
                required=False, widget=forms.HiddenInput
            )

    def people(self) -> dict[str, PersonChoice]:
        """The normalised typed name → what was decided for it (``"ask"`` if nothing)."""
        out: dict[str, PersonChoice] = {}
        for name in self.person_for:
            key = _key(self.cleaned_data.get(name))
            if key:
                out[key] = person_value(self.cleaned_data.get(f"person_{name}"))
        return out

    def ask_people(self, asked: Sequence[PersonMatch]) -> None:
        self.asked = True
        by_key = {_key(found.name): found for found in asked}
        order = list(self.fields)
        for name in self.person_for:
            typed = str(self.cleaned_data.get(name) or "")
            found = by_key.get(_key(typed))
            if found is None:
                continue
            field = f"person_{name}"
            choices = [(str(o.id), o.label) for o in found.offers]
            choices.append(
                (
                    NEW,
                    gettext("Neu anlegen: eine andere Person namens %(name)s")
                    % {"name": found.name},
                )
            )
            vars(self).get("_bound_fields_cache", {}).pop(field, None)
            self.fields[field] = forms.ChoiceField(
                label=gettext("Ist das …? (%(name)s)") % {"name": found.name},
                choices=choices,
                widget=forms.RadioSelect(attrs={"class": "person-choice"}),
            )
            order.remove(field)
            order.insert(order.index(name) + 1, field)
            if field in self.errors:
                del self.errors[field]
            self.add_error(field, ServiceError("player_maybe_known", {"name": found.name}).message)
        self.order_fields(order)


def asking(form: PeopleChoiceForm, write: Callable[[], T]) -> Callable[[], T | None]:
    """``write`` for ``on_form``: names with close records ask on ``form`` (None)."""

    def run() -> T | None:
        try:
            return write()
        except PersonChoiceNeeded as err:  # "Ist das …?" before new records (issue 33)
            form.ask_people(err.asked)
            return None

    return run
