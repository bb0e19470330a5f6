"""A list's page: its rows, totals and chart, and the forms of whoever writes it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from league.core.live import live
from league.core.private import readable_by_anyone
from league.lists.access import ListAccess, list_access, visitor_of
from league.lists.forms import (
    AddTimeForm,
    PenaltyForm,
    QuickForm,
    SubstituteForm,
    VersionedGameForm,
)
from league.lists.kasse import kasse_view
from league.lists.owners import quick_rows_allowed
from league.lists.presenters import (
    dealers_named,
    list_chart,
    list_rows,
    pflichtsolo_section,
    seat_heads,
)
from league.lists.rules import rules_summary
from league.lists.selectors import (
    ListeSnapshot,
    ListStatus,
    list_live_version,
    list_status,
    recent_write_keys,
)
from league.lists.views.reading import read_snapshot, readable_as_anybody


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


@live(lambda request, pk: list_live_version(pk))
def liste_detail(request: HttpRequest, pk: int) -> HttpResponse:
    snap, access = read_snapshot(request, pk)
    if readable_as_anybody(snap, access):
        readable_by_anyone(request)
    return render_detail(request, snap, access)


def render_detail(
    request: HttpRequest,
    snap: ListeSnapshot,
    access: ListAccess | None = None,
    form: VersionedGameForm | None = None,
    penalty_form: PenaltyForm | None = None,
    time_form: AddTimeForm | None = None,
    substitute_form: SubstituteForm | None = None,
    quick_form: QuickForm | None = None,
    status: int = 200,
) -> HttpResponse:
    """The list's page; a refused write passes its bound form (and status 422)."""
    access = access or list_access(visitor_of(request), snap.liste)
    liste = snap.liste
    status_lines = list_status(snap, access.owner, reveal=access.writes)
    playing = playing_now(snap, status_lines)
    heads = seat_heads(snap, playing)
    # The totals every reader shows: a paper list's typed totals, else the replay's.
    counted = snap.counted_totals
    totals = [(s.name, counted[s.name]) for s in snap.seats if s.name in counted]
    entry_form = form or entry_form_for(snap)
    quick = quick_form or (quick_form_for(snap) if quick_rows_allowed(access.owner) else None)
    for shown in (entry_form, quick):
        relabel_players(shown, playing)
    nxt = snap.state.next_game if snap.state else None
    vacant = _decision_needed(access, snap, status_lines) if access.manages else []

    def named(name: str | None) -> str | None:
        return playing.get(name, name) if name else name

    context = {
        "heads": heads,
        "totals": totals,
        "stand": list(zip(heads, (total for _name, total in totals), strict=False)),
        "chart": mark_safe(  # built by league.lists.chart, every text escaped
            list_chart(snap, title=_("Verlauf des Stands"), x_label=_("Spiel"))
        ),
        "snap": snap,
        "liste": snap.liste,
        "owner": access.owner,
        "access": access,
        # Write actions are offered only where the service would take them.
        "writable": access.writes and not snap.liste.frozen,
        "state": snap.state,
        "rows": dealers_named(list_rows(snap), status_lines.substitutions),
        # the next game's people, a substitute by his own name
        "next_dealer": named(nxt.dealer) if nxt else None,
        "next_sitting_out": named(nxt.sitting_out) if nxt else None,
        "next_vorfuehrung": named(nxt.vorfuehrung) if nxt else None,
        "owes_pflichtsolo": [named(n) for n in snap.state.owes_pflichtsolo] if snap.state else [],
        "pflicht": [
            replace(e, player=named(e.player) or e.player) for e in pflichtsolo_section(snap)
        ]
        if snap.rules.pflicht and not snap.from_paper
        else [],
        "rules": snap.rules,
        "rules_summary": rules_summary(snap.rules),
        "redeal_pending": snap.liste.redeals.count(snap.liste.games_played + 1),
        "form": entry_form,
        "quick_form": quick,
        "penalty_form": penalty_form or penalty_form_for(snap),
        "listenfuehrer": snap.seat_names[snap.liste.listenfuehrer_position - 1]
        if snap.seats
        else "",
        "status": status_lines,
        "time_form": time_form or AddTimeForm(initial={"version": liste.version}),
        "substitute_form": substitute_form
        or substitute_form_for(snap, vacant=vacant, candidates=_candidates(access)),
        # a seat left empty (a withdrawal) waits for a substitute or the end: say so first
        "decision_needed": vacant,
        # The saves a phone's outbox may still wait for an answer to (static/js/outbox.js).
        "written_keys": recent_write_keys(liste_id=liste.pk) if access.writes else [],
        "kasse": kasse_view(snap),
        # The rate is the table's to set where the list plays its own rules (free and
        # club lists); tournament and league lists never play for money.
        "kasse_settable": access.sets_kasse
        and not liste.frozen
        and quick_rows_allowed(access.owner),
    }
    return render(request, "lists/detail.html", context, status=status)
