"""A list's page: its parts (league.lists.views.parts) composed, and the page shown again
with a refused write's bound form."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse

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
from league.lists.selectors import ListeSnapshot, list_live_version
from league.lists.views.page import (
    entry_form_for,
    penalty_form_for,
    playing_now,
    quick_form_for,
    relabel_players,
    substitute_form_for,
)
from league.lists.views.parts import Forms, render_page
from league.lists.views.reading import read_snapshot, readable_as_anybody

__all__ = [
    "entry_form_for",
    "liste_detail",
    "penalty_form_for",
    "playing_now",
    "quick_form_for",
    "relabel_players",
    "render_detail",
    "substitute_form_for",
]


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
    forms = Forms(form, penalty_form, time_form, substitute_form, quick_form)
    return render_page(request, snap, access, forms, status)
