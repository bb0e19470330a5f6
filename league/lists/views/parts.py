"""A list's page in parts: the next game and its form, the rows, the stand and chart, the
Kasse, penalties and the clock. Each part is a template (``lists/parts/<name>.html``) with
the context it needs and a version; the page is composed of the same templates, and an
open page asks each part again (htmx, static/js/live.js) and gets a 304 while its version
and the viewer are unchanged (league.core.live). DEVELOPING.md "Live parts".

A part's version must change whenever anything it renders changes:
``tests/lists/test_parts.py`` changes each input of every part and checks it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from league.core.conditional import etag_for
from league.core.live import live
from league.core.private import readable_by_anyone
from league.lists.access import ListAccess
from league.lists.forms import AddTimeForm, PenaltyForm, QuickForm, SubstituteForm
from league.lists.forms import VersionedGameForm as GameForm
from league.lists.kasse import kasse_view
from league.lists.owners import quick_rows_allowed
from league.lists.presenters import dealers_named, list_chart, list_rows, pflichtsolo_section
from league.lists.rules import rules_summary
from league.lists.selectors import ListeSnapshot, list_live_version
from league.lists.strength import AtTable, at_tables, counts_for_rating
from league.lists.views.guide import guide_open
from league.lists.views.page import Page, page_of
from league.lists.views.reading import read_snapshot, readable_as_anybody


@dataclass(frozen=True)
class Forms:
    """The forms a refused write sends back bound (with its errors); None: a fresh one."""

    game: GameForm | None = None
    penalty: PenaltyForm | None = None
    time: AddTimeForm | None = None
    substitute: SubstituteForm | None = None
    quick: QuickForm | None = None


Context = dict[str, Any]


def _next(page: Page, forms: Forms) -> Context:
    """The head, the next game (its dealer, Bock, the stand strip), the status lines, a
    decision waiting, the confirmation and the entry forms."""
    snap, nxt = page.snap, page.next_game
    liste = snap.liste
    return {
        "stand": page.stand,
        "has_rows": bool(list_rows(snap)),
        "listenfuehrer": snap.seat_names[liste.listenfuehrer_position - 1] if snap.seats else "",
        "rules_summary": rules_summary(snap.rules),
        "next_dealer": page.named(nxt.dealer) if nxt else None,
        "next_sitting_out": page.named(nxt.sitting_out) if nxt else None,
        "next_vorfuehrung": page.named(nxt.vorfuehrung) if nxt else None,
        "owes_pflichtsolo": [page.named(n) for n in snap.state.owes_pflichtsolo]
        if snap.state
        else [],
        "redeal_pending": liste.redeals.count(liste.games_played + 1),
        "form": page.entry_form(forms.game),
        "quick_form": page.quick_form(forms.quick),
        "substitute_form": forms.substitute or page.substitute_form(),
        "guide_open": guide_open(page.request, page.access),
    }


def _rows(page: Page, forms: Forms) -> Context:
    return {
        "totals": page.totals,
        "rows": dealers_named(list_rows(page.snap), page.status.substitutions),
    }


def _strength(page: Page) -> list[tuple[str, AtTable]]:
    """Each seat's Spielstärke before the list and expected placing, where its owner rates
    it (rating.md "What players see"); a hidden player's figure only for those who see
    his name."""
    snap = page.snap
    if page.access.owner is None or not snap.seats or not counts_for_rating(snap.liste.pk):
        return []  # a free list never counts: no query
    seated = {snap.liste.pk: [seat.player_id for seat in snap.seats]}
    at = at_tables(seated, reveal=page.access.writes)[snap.liste.pk]
    return [(seat.name, a) for seat, a in zip(snap.seats, at, strict=True) if not a.hidden]


def _stand(page: Page, forms: Forms) -> Context:
    snap = page.snap
    return {
        "strength": _strength(page),
        "chart": mark_safe(  # built by league.lists.chart, every text escaped
            list_chart(snap, title=_("Verlauf des Stands"), x_label=_("Spiel"))
        ),
        "pflicht": [
            replace(e, player=page.named(e.player) or e.player) for e in pflichtsolo_section(snap)
        ]
        if snap.rules.pflicht and not snap.from_paper
        else [],
    }


def _kasse(page: Page, forms: Forms) -> Context:
    liste, access = page.snap.liste, page.access
    return {
        "kasse": kasse_view(page.snap),
        # The rate is the table's to set where the list plays its own rules (free and
        # club lists); tournament and league lists never play for money.
        "kasse_settable": access.sets_kasse
        and not liste.frozen
        and quick_rows_allowed(access.owner),
    }


def _actions(page: Page, forms: Forms) -> Context:
    """The PDFs and history, deleting the last game, the time call and added time, the
    organiser's tools and the penalty form."""
    return {
        "penalty_form": forms.penalty or page.penalty_form(),
        "time_form": forms.time or AddTimeForm(initial={"version": page.snap.liste.version}),
        "substitute_form": forms.substitute or page.substitute_form(),
    }


@dataclass(frozen=True)
class Part:
    name: str  # in its address (listen/<pk>/teil/<name>/) and its template's name
    element: str  # the id of its element on the page (tests and scripts find it by it)
    context: Callable[[Page, Forms], Context]


PARTS = (
    Part("naechstes", "live-head", _next),
    Part("zeilen", "live-table", _rows),
    Part("stand", "live-stand", _stand),
    Part("kasse", "live-kasse", _kasse),
    Part("strafen", "live-actions", _actions),
)
BY_NAME = {part.name: part for part in PARTS}


def part_version(pk: int, name: str) -> str | None:
    """A part's version: every part shows the list's games (its row: version, last change,
    frozen) and names the organiser may change (the newest audit entry not a list's), so
    every part's version is the list's live version; the part's name keeps the tags
    apart."""
    found = list_live_version(pk)
    return None if found is None else f"{name}:{found}"


def part_context(page: Page, part: Part, forms: Forms = Forms()) -> Context:
    return {**page.common(), **part.context(page, forms)}


def page_parts(request: HttpRequest, page: Page) -> list[dict[str, str]]:
    """The parts as the page shows them: their element, address, template and tag (the
    tag of the part's own answer now, so that its first poll is a 304)."""
    get_token(request)  # the CSRF cookie the tags name is the one the page sets
    shown = []
    version = list_live_version(page.snap.liste.pk) or ""
    for part in PARTS:
        url = reverse("liste-part", args=[page.snap.liste.pk, part.name])
        shown.append(
            {
                "element": part.element,
                "url": url,
                "template": f"lists/parts/{part.name}.html",
                "tag": etag_for(request, f"{part.name}:{version}", url, "live"),
            }
        )
    return shown


def render_page(
    request: HttpRequest,
    snap: ListeSnapshot,
    access: ListAccess,
    forms: Forms = Forms(),
    status: int = 200,
) -> HttpResponse:
    """The whole page: every part's template with its context."""
    page = page_of(request, snap, access)
    context: Context = {"page": True, "parts": page_parts(request, page), **page.common()}
    for part in PARTS:
        context.update(part.context(page, forms))
    return render(request, "lists/detail.html", context, status=status)


@live(lambda request, pk, name: part_version(pk, name) if name in BY_NAME else None)
def liste_part(request: HttpRequest, pk: int, name: str) -> HttpResponse:
    """One part of a list's page, for its live update."""
    part = BY_NAME.get(name)
    if part is None:
        raise Http404
    snap, access = read_snapshot(request, pk)
    if readable_as_anybody(snap, access):
        readable_by_anyone(request)
    page = page_of(request, snap, access)
    return render(request, f"lists/parts/{part.name}.html", part_context(page, part))
