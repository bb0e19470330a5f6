"""What every part of a list's page shares (league.lists.views.parts): the list replayed
for this visitor, its status lines, who plays each seat now, and the forms of the next
game; built once per page or part."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import Any

from django import forms
from django.http import HttpRequest
from django.utils.translation import gettext as _

from league.lists.access import ListAccess
from league.lists.forms import (
    PenaltyForm,
    QuickForm,
    SubstituteForm,
    VersionedGameForm,
)
from league.lists.owners import quick_rows_allowed
from league.lists.presenters import Head, seat_heads
from league.lists.selectors import ListeSnapshot, ListStatus, list_status
from scoring.round import NextGame


def entry_form_for(snap: ListeSnapshot, data: Any = None) -> VersionedGameForm | None:
    """The next game's form (None: the list takes no game now)."""
    state = snap.state
    if state is None or state.next_game is None or snap.liste.frozen or snap.from_paper:
        return None
    nxt = state.next_game
    players = list(nxt.players)
    form = VersionedGameForm(
        data, players=players, rules=snap.rules, initial={"version": snap.liste.version}
    )
    if nxt.vorfuehrung:  # 4.1.9: the soloist is known; pre-fill him
        if data is None:
            form.initial.update(
                {"kind": "solo", "pflicht": True, "re": [str(players.index(nxt.vorfuehrung))]}
            )
        # His chip tapped off (it was pre-ticked): say whom to tap, not only "required".
        form.fields["re"].error_messages["required"] = _(
            "Vorführung: %(name)s spielt das Solo. Bitte %(name)s unter „Re-Partei“ antippen "
            "(das Häkchen muss bei ihm stehen), dann speichern."
        ) % {"name": nxt.vorfuehrung}
    return form


def quick_form_for(snap: ListeSnapshot, data: Any = None) -> QuickForm | None:
    """The quick entry, for lists outside tournaments and leagues."""
    state = snap.state
    if state is None or state.next_game is None or snap.liste.frozen or snap.from_paper:
        return None
    return QuickForm(
        data,
        players=list(state.next_game.players),
        rules=snap.rules,
        initial={"version": snap.liste.version},
    )


def substitute_form_for(
    snap: ListeSnapshot,
    data: Any = None,
    vacant: list[str] | None = None,
    candidates: Sequence[tuple[int, str]] = (),
) -> SubstituteForm:
    """The substitute form; ``vacant`` (seats waiting for a decision) picks the first."""
    initial: dict[str, Any] = {
        "version": snap.liste.version,
        "from_game": snap.liste.games_played + 1,
    }
    first = next((s.position for s in snap.seats if vacant and s.name in vacant), None)
    if first is not None:
        initial["position"] = first
    return SubstituteForm(
        data,
        seats=[(s.position, f"{s.position}: {s.name}") for s in snap.seats],
        candidates=candidates,
        initial=initial,
    )


def penalty_form_for(snap: ListeSnapshot, data: Any = None) -> PenaltyForm:
    seats = [(s.player_id, s.name) for s in snap.seats]
    return PenaltyForm(
        data,
        seats=seats,
        initial={"version": snap.liste.version, "after_game": snap.liste.games_played},
    )


def playing_now(snap: ListeSnapshot, status: ListStatus) -> dict[str, str]:
    """Seat name → the substitute who plays that seat, from his first game on (his first
    game is the next one or played): wherever the page names the seat, it names him."""
    upcoming = snap.liste.games_played + 1
    return {s.seat_name: s.name for s in status.substitutions if s.from_game <= upcoming}


def relabel_players(form: forms.Form | None, playing: dict[str, str]) -> None:
    """The entry forms' player buttons name the substitute (the record keeps the seat's
    name at the table: only the labels change)."""
    if form is None or not playing:
        return
    for field in form.fields.values():
        if isinstance(field, forms.ChoiceField):
            current: list[tuple[Any, Any]] = list(getattr(field, "choices", ()))
            field.choices = [
                (value, playing.get(label, label) if isinstance(label, str) else label)
                for value, label in current
            ]


def _decision_needed(access: ListAccess, snap: ListeSnapshot, status: ListStatus) -> list[str]:
    """Seats whose player withdrew from the owner's event while the list runs and nobody
    took over: the organiser chooses a substitute or ends the list early."""
    owner, liste = access.owner, snap.liste
    if owner is None or not owner.withdrawn:
        return []
    if liste.complete or liste.ended_early or liste.totals_only or liste.frozen:
        return []
    taken = {s.position for s in status.substitutions}
    return [
        s.name for s in snap.seats if s.player_id in owner.withdrawn and s.position not in taken
    ]


def _candidates(access: ListAccess) -> list[tuple[int, str]]:
    """Whom the owner offers first as a substitute (for its managers only: 1 query)."""
    owner = access.owner
    if not access.manages or owner is None or owner.substitute_candidates is None:
        return []
    return owner.substitute_candidates()


class Page:
    """A list's page (or one of its parts) for one visitor."""

    def __init__(self, request: HttpRequest, snap: ListeSnapshot, access: ListAccess) -> None:
        self.request = request
        self.snap = snap
        self.access = access
        self.status: ListStatus = list_status(snap, access.owner, reveal=access.writes)
        self.playing = playing_now(snap, self.status)

    def named(self, name: str | None) -> str | None:
        """A seat's name as the page says it: a substitute by his own name."""
        return self.playing.get(name, name) if name else name

    @property
    def next_game(self) -> NextGame | None:
        return self.snap.state.next_game if self.snap.state else None

    @cached_property
    def heads(self) -> list[Head]:
        return seat_heads(self.snap, self.playing)

    @cached_property
    def totals(self) -> list[tuple[str, int]]:
        """The totals every reader shows: a paper list's typed totals, else the replay's."""
        counted = self.snap.counted_totals
        return [(s.name, counted[s.name]) for s in self.snap.seats if s.name in counted]

    @property
    def stand(self) -> list[tuple[Head, int]]:
        return list(zip(self.heads, (total for _name, total in self.totals), strict=False))

    @cached_property
    def vacant(self) -> list[str]:
        """Seats waiting for the organiser's decision (a withdrawal)."""
        if not self.access.manages:
            return []
        return _decision_needed(self.access, self.snap, self.status)

    def entry_form(self, given: VersionedGameForm | None = None) -> VersionedGameForm | None:
        """The next game's form (a refused one as it was sent), its players named as
        they play now."""
        form = given or entry_form_for(self.snap)
        relabel_players(form, self.playing)
        return form

    def quick_form(self, given: QuickForm | None = None) -> QuickForm | None:
        form = given or (
            quick_form_for(self.snap) if quick_rows_allowed(self.access.owner) else None
        )
        relabel_players(form, self.playing)
        return form

    def substitute_form(self) -> SubstituteForm:
        return substitute_form_for(
            self.snap, vacant=self.vacant, candidates=_candidates(self.access)
        )

    def penalty_form(self) -> PenaltyForm:
        return penalty_form_for(self.snap)

    def common(self) -> dict[str, Any]:
        """What every part's template may name."""
        snap, access = self.snap, self.access
        return {
            "snap": snap,
            "liste": snap.liste,
            "owner": access.owner,
            "access": access,
            # Write actions are offered only where the service would take them.
            "writable": access.writes and not snap.liste.frozen,
            "state": snap.state,
            "rules": snap.rules,
            "heads": self.heads,
            "status": self.status,
            # a seat left empty (a withdrawal) waits for a substitute or the end: say so
            "decision_needed": self.vacant,
        }


def page_of(request: HttpRequest, snap: ListeSnapshot, access: ListAccess) -> Page:
    return Page(request, snap, access)
