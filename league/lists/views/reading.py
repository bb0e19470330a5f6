"""Who reads and who writes a list's pages (``league.lists.access``), and the steps every
list page shares: the list as this visitor may see it, the writer of a POST
(``league.lists.writers``, the same for the API)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse

from league.clubs.models import public_alias
from league.core.error_views import Withheld
from league.core.messages import render as render_message
from league.core.middleware import LoginRequired
from league.core.params import int_param
from league.lists.access import (
    ListAccess,
    Visitor,
    anybody_reads,
    list_access,
    visitor_of,
)
from league.lists.models import Seat, Spielliste
from league.lists.selectors import ListeSnapshot, snapshots_of
from league.lists.writers import ListWriter, writer_for


def list_or_404(pk: int) -> Spielliste:
    liste = Spielliste.objects.select_related("club").filter(pk=pk).first()
    if liste is None:
        raise Http404(render_message("not_found"))
    return liste


def read_list(
    request: HttpRequest, pk: int, visitor: Visitor | None = None
) -> tuple[Spielliste, ListAccess]:
    """The list and what this visitor may do with it, not yet replayed; nobody without
    the right to read it → the login page (raised, so that every reading view gets it),
    anybody else → 403."""
    liste = list_or_404(pk)
    visitor = visitor or visitor_of(request)
    access = list_access(visitor, liste)
    if not access.reads:
        if access.owner is not None and access.owner.rehearsal:
            # A Probelauf is its organisers' (and its table codes'): to anyone else it does
            # not exist, as in the API and on the tournament's pages.
            raise Http404
        if access.owner is not None and access.owner.silent:
            raise Withheld("silent_round_list")  # until the prize ceremony
        # A members-only tournament's or club's list (api.md).
        if not request.user.is_authenticated and visitor.code is None:
            raise LoginRequired
        raise PermissionDenied
    return liste, access


def readable_as_anybody(snap: ListeSnapshot, access: ListAccess) -> bool:
    """Does this visitor's page of the list show no more than the anonymous visitor's
    (league.core.private: then the phone may keep it)? Not for a manager (codes, accounts);
    a table's writer sees the names hidden from the public, so only where there are none."""
    if access.manages:
        return False
    if not anybody_reads(snap.liste, access.owner):
        return False
    return not (snap.revealed and any(s.player.hide_name for s in snap.seats))


def snapshot_for(liste: Spielliste, access: ListAccess) -> ListeSnapshot:
    """The list replayed as this visitor may see it: names hidden from the public stay
    hidden unless he writes to the list (sits at it or manages it)."""
    return snapshots_of([liste], reveal=access.writes)[0]


def read_snapshot(request: HttpRequest, pk: int) -> tuple[ListeSnapshot, ListAccess]:
    liste, access = read_list(request, pk)
    return snapshot_for(liste, access), access


Writer = ListWriter  # the views' name for it

WriteView = Callable[..., HttpResponse]


def list_writer(view: WriteView) -> Callable[..., HttpResponse]:
    """Only for who may write this list (``league.lists.writers.writer_for``, the same as
    the API's): the view gets a ``ListWriter``; nobody → the login page, anybody else
    without the right → 403."""

    @wraps(view)
    def wrapped(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        return view(request, writer_for(request, list_or_404(pk)), *args, **kwargs)

    return wrapped


def list_post(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A write to a list: only a POST writes. A GET of its address — left in the address
    bar by a refusal shown there, then reloaded or reopened — goes to the list's page
    (#eingabe, the entry box) instead of a bare 405 (issue 29)."""

    @wraps(view)
    def wrapped(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method != "POST":
            return redirect(f"{reverse('liste-detail', args=[pk])}#eingabe")
        return view(request, pk, *args, **kwargs)

    return wrapped


def versioned_post(request: HttpRequest) -> int:
    """The list version the form was based on; a missing or garbled one never matches
    (-1), so the write is refused as a conflict instead of skipping the check."""
    return int_param(request.POST.get("version"), -1)


def aliases(liste: Spielliste, access: ListAccess) -> dict[str, str]:
    """Names at the table → what this reader may see (hidden players' aliases); the
    history's data holds the names as they were written."""
    if access.writes:
        return {}
    hidden = Seat.objects.filter(spielliste=liste, player__hide_name=True)
    return {name: public_alias(player) for name, player in hidden.values_list("name", "player")}
