"""A list's page: its rows, totals and chart, and the forms of whoever writes it."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

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
from league.lists.presenters import list_chart, list_rows, pflichtsolo_section, seat_heads
from league.lists.rules import rules_summary
from league.lists.selectors import ListeSnapshot, list_status
from league.lists.views.reading import read_snapshot


def entry_form_for(snap: ListeSnapshot, data: Any = None) -> VersionedGameForm | None:
    """The next game's form (None: the list takes no game now)."""
    state = snap.state
    if state is None or state.next_game is None or snap.liste.frozen:
        return None
    nxt = state.next_game
    players = list(nxt.players)
    form = VersionedGameForm(
        data, players=players, rules=snap.rules, initial={"version": snap.liste.version}
    )
    if nxt.vorfuehrung and data is None:  # 4.1.9: the soloist is known; pre-fill him
        form.initial.update(
            {"kind": "solo", "pflicht": True, "re": [str(players.index(nxt.vorfuehrung))]}
        )
    return form


def quick_form_for(snap: ListeSnapshot, data: Any = None) -> QuickForm | None:
    """The quick entry, for lists outside tournaments and leagues."""
    state = snap.state
    if state is None or state.next_game is None or snap.liste.frozen:
        return None
    return QuickForm(
        data,
        players=list(state.next_game.players),
        rules=snap.rules,
        initial={"version": snap.liste.version},
    )


def substitute_form_for(snap: ListeSnapshot, data: Any = None) -> SubstituteForm:
    return SubstituteForm(
        data,
        seats=[(s.position, f"{s.position}: {s.name}") for s in snap.seats],
        initial={"version": snap.liste.version, "from_game": snap.liste.games_played + 1},
    )


def penalty_form_for(snap: ListeSnapshot, data: Any = None) -> PenaltyForm:
    seats = [(s.player_id, s.name) for s in snap.seats]
    return PenaltyForm(
        data,
        seats=seats,
        initial={"version": snap.liste.version, "after_game": snap.liste.games_played},
    )


def liste_detail(request: HttpRequest, pk: int) -> HttpResponse:
    snap, access = read_snapshot(request, pk)
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
    heads = seat_heads(snap)
    totals = list(snap.state.totals.items()) if snap.state else []
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
        "rows": list_rows(snap),
        "pflicht": pflichtsolo_section(snap) if snap.rules.pflicht else [],
        "rules": snap.rules,
        "rules_summary": rules_summary(snap.rules),
        "redeal_pending": snap.liste.redeals.count(snap.liste.games_played + 1),
        "form": form or entry_form_for(snap),
        "quick_form": quick_form
        or (quick_form_for(snap) if quick_rows_allowed(access.owner) else None),
        "penalty_form": penalty_form or penalty_form_for(snap),
        "listenfuehrer": snap.seat_names[snap.liste.listenfuehrer_position - 1]
        if snap.seats
        else "",
        "status": list_status(snap, access.owner, reveal=access.writes),
        "time_form": time_form or AddTimeForm(initial={"version": liste.version}),
        "substitute_form": substitute_form or substitute_form_for(snap),
        "kasse": kasse_view(snap),
        # The rate is the table's to set where the list plays its own rules (free and
        # club lists); tournament and league lists never play for money.
        "kasse_settable": access.writes and not liste.frozen and quick_rows_allowed(access.owner),
    }
    return render(request, "lists/detail.html", context, status=status)
