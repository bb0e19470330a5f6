"""The tournament's PDFs: the draw, a round's lists, the codes sheet, the standings."""

from __future__ import annotations

from functools import partial

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse

from league.core.pdf import pdf_response
from league.lists.codes import code_url
from league.tournaments import pdf as tournament_pdf
from league.tournaments.access import can_organise, organiser_required, reader_required
from league.tournaments.models import Tournament
from league.tournaments.selectors import participant_slips, standings
from league.tournaments.views.common import round_of


@reader_required
def draw_pdf(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    rnd = round_of(pk, number)
    data = tournament_pdf.draw_pdf(rnd, reveal=can_organise(request.user, rnd.tournament))
    return pdf_response(data, f"auslosung-runde-{number}.pdf")


@reader_required
def round_lists_pdf(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    rnd = round_of(pk, number)
    blank = request.GET.get("leer") == "1"
    # The organiser prints the lists for the tables: each with its code (api.md).
    organiser = can_organise(request.user, rnd.tournament)
    if not blank and not organiser and rnd.tournament.round_silent(rnd.number):
        raise PermissionDenied  # a silent round's lists: after the ceremony
    with_codes = organiser and not rnd.closed
    data = tournament_pdf.round_lists_pdf(
        rnd,
        blank=blank,
        reveal=organiser,
        code_url=partial(code_url, request) if with_codes else None,
    )
    return pdf_response(data, f"spiellisten-runde-{number}{'-leer' if blank else ''}.pdf")


@organiser_required
def codes_pdf(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    rnd = round_of(pk, number)
    data = tournament_pdf.codes_pdf(rnd, partial(code_url, request))
    return pdf_response(data, f"tisch-codes-runde-{number}.pdf")


@reader_required
def standings_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    provisional = request.GET.get("vorlaeufig") == "1"
    reveal = can_organise(request.user, tournament)
    result = standings(
        tournament=tournament, provisional=provisional, reveal=reveal, silent=not reveal
    )
    return pdf_response(tournament_pdf.standings_pdf(tournament, result), f"wertung-{pk}.pdf")


@organiser_required
def participant_slips_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    """Every participant's slip with his personal PIN (organisers only: the PINs)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    data = tournament_pdf.participant_slips_pdf(
        tournament,
        participant_slips(tournament),
        lambda slip: request.build_absolute_uri(
            reverse("participant-self", args=[tournament.pk, slip.link])
        ),
    )
    return pdf_response(data, f"teilnehmerzettel-{pk}.pdf")
