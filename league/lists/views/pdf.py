"""A list as PDF: as played, or blank for the table to fill in by hand."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse

from league.core.pdf import pdf_response
from league.lists.access import ListAccess
from league.lists.codes import code_url
from league.lists.models import Placement, Spielliste
from league.lists.pdf import blank_spielliste_pdf, spielliste_pdf
from league.lists.views.reading import read_snapshot


def _code_url_for(request: HttpRequest, liste: Spielliste, access: ListAccess) -> str | None:
    """The code goes on a printout only for who may see it (api.md Decision)."""
    return code_url(request, liste) if access.sees_code and not liste.frozen else None


def _rehearsal(pk: int) -> bool:
    """A practice run's list (its placement says so): marked on every page."""
    return Placement.objects.filter(spielliste_id=pk, rehearsal=True).exists()


def liste_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    snap, access = read_snapshot(request, pk)
    data = spielliste_pdf(
        snap, _code_url_for(request, snap.liste, access), rehearsal=_rehearsal(pk)
    )
    return pdf_response(data, f"spielliste-{pk}.pdf")


def liste_blank_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    snap, access = read_snapshot(request, pk)
    data = blank_spielliste_pdf(
        snap, _code_url_for(request, snap.liste, access), rehearsal=_rehearsal(pk)
    )
    return pdf_response(data, f"spielliste-{pk}-blanko.pdf")
