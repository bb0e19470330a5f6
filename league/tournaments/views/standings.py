"""The standings page with its exports, the projector, a participant's page."""

from __future__ import annotations

import math
import time
from itertools import accumulate

from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from league.clubs.matching import records_like
from league.core import conditional
from league.core.live import live
from league.core.params import int_param
from league.core.text import name_matches
from league.lists.chart import Series, running_totals_svg
from league.lists.presenters import initials
from league.tournaments.access import can_organise, read_or_refuse, reader_required
from league.tournaments.models import Participant, Tournament
from league.tournaments.selectors import (
    StandingRow,
    Standings,
    current_draw,
    player_rounds,
    round_clock,
    standings_cached,
    standings_version,
)
from league.tournaments.tables import EXPORT_FORMATS, StandingsTable, standings_export


def _provisional(request: HttpRequest) -> bool:
    return request.GET.get("vorlaeufig") == "1"


def _standings_version(request: HttpRequest, pk: int) -> str | None:
    return standings_version(
        tournament_id=pk, provisional=_provisional(request), reader=request.user
    )


def _projector_version(request: HttpRequest, pk: int) -> str | None:
    return standings_version(tournament_id=pk, provisional=True, reader=request.user)


# Polled by every phone in the hall: the read check (members-only) rides on the version's
# query, so a 304 costs one query; the view itself checks again before it answers.
# Nothing on it is relative to now: strangers' shared copy lasts until the next change.
@conditional.conditional(_standings_version, timeless=True)
def standings_view(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    read_or_refuse(request, tournament)
    provisional = _provisional(request)
    organiser = can_organise(request.user, tournament)
    result = standings_cached(
        tournament=tournament,
        version=conditional.version(request, lambda: _standings_version(request, pk)),
        provisional=provisional,
        reveal=organiser,
        silent=not organiser,
    )
    table = StandingsTable(result, tournament_id=tournament.pk)
    export = request.GET.get("_export", "")
    if export in EXPORT_FORMATS:
        RequestConfig(request, paginate=False).configure(table)
        return standings_export(table, export, f"wertung-{tournament.pk}")
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    # The table is the expensive part and the same for every phone that asks for this
    # address in this language and role (the rest of the page carries the viewer's CSRF
    # token): rendered once per version.
    table_html = conditional.cached(
        "standings-table:"
        + conditional.digest(
            pk,
            conditional.version(request, lambda: _standings_version(request, pk)),
            get_language(),
            organiser,
            request.get_full_path(),
        ),
        lambda: str(table.as_html(request)),
    )
    query = request.GET.get("q", "").strip()
    found = [r for r in result.rows if name_matches(query, r.name)] if query else []
    # "Find me" also says where he sits in the round being played.
    draw = current_draw(tournament=tournament, reveal=organiser) if found else None
    seats = {s.participant_id: s for s in draw.seats} if draw else {}
    return render(
        request,
        "tournaments/standings.html",
        {
            "tournament": tournament,
            "organiser": organiser,
            "table_html": mark_safe(table_html),  # rendered by django-tables2, escaped
            "standings": result,
            "provisional": provisional,
            "query": query,
            "found": [(r, seats.get(r.participant_id)) for r in found],
            "draw": draw,
        },
    )


@conditional.conditional(_projector_version)
def projector(request: HttpRequest, pk: int) -> HttpResponse:
    """Large type for the hall: the standings (and, on request, the current round's seats
    by surname, never the codes). The page script fits the rows to the screen and cycles
    through every page, then reloads for fresh results. ``ansicht`` = wertung (default),
    tische or beides; ``takt`` = seconds per screen page (1-120, default 12).

    The page carries no form and nothing of the viewer but his language: rendered once per
    version, language, address and minute (the clock's text without script) and shared by
    every projector and phone that asks."""
    tournament = get_object_or_404(Tournament, pk=pk)
    read_or_refuse(request, tournament)
    version = conditional.version(request, lambda: _projector_version(request, pk))
    if "siegerehrung" in request.GET and can_organise(request.user, tournament):
        return _ceremony(request, tournament, version)
    key = "projector:" + conditional.digest(
        pk, version, get_language(), request.get_full_path(), int(time.time() // 60)
    )
    html = conditional.cached(key, lambda: _projector_html(request, tournament, version))
    return HttpResponse(html)


def _projector_html(request: HttpRequest, tournament: Tournament, version: str) -> str:
    # The hall's screen: silent rounds stay hidden even on the organiser's laptop.
    result = standings_cached(tournament=tournament, version=version, provisional=True, silent=True)
    view = request.GET.get("ansicht", "wertung")
    if view not in ("wertung", "tische", "beides"):
        view = "wertung"
    try:
        takt = float(request.GET.get("takt", "12")[:8])
    except ValueError:
        takt = 12.0
    takt = min(max(takt, 0.2), 120.0) if math.isfinite(takt) else 12.0
    draw = current_draw(tournament=tournament) if view != "wertung" else None
    rows = _projector_rows(result) if view != "tische" or draw is None else []
    return render_to_string(
        "tournaments/projector.html",
        {
            "tournament": tournament,
            "standings": result,
            "clock": next(
                (
                    c
                    for c in (round_clock(r) for r in tournament.rounds.exclude(status="closed"))
                    if c is not None
                ),
                None,
            ),
            "rows": rows,
            # The "E" legend only above rows that carry an E (silent rounds hide some).
            "shared_cells": any(shared for _row, cells in rows for _v, shared in cells),
            "draw": draw,
            # "Wo sitze ich?" asked for while no round is drawn: the screen says so.
            "no_draw": view != "wertung" and draw is None,
            "takt_ms": int(takt * 1000),
        },
        request,
    )


def _projector_rows(result: Standings) -> list[tuple[StandingRow, list[tuple[int | None, bool]]]]:
    """Each row with its round cells, each marked where a substitute shared the seat that
    round (the points are the player's own games: the screen says so, as the list does)."""
    shared = {(p, n.round_number) for n in result.substitutes for p in n.participant_ids}
    return [
        (r, [(v, (r.participant_id, i) in shared) for i, v in enumerate(r.per_round, start=1)])
        for r in result.rows
    ]


def _ceremony(request: HttpRequest, tournament: Tournament, version: str) -> HttpResponse:
    """The projector's prize ceremony (Siegerehrung, organisers only): the final ranks,
    silent rounds included, revealed one place at a time from ``siegerehrung`` (a place)
    upwards; ``bis`` is the best place shown so far. The next place comes with the "next"
    link, which a presenter's clicker reaches with the arrow or page key
    (static/js/ceremony.js)."""
    result = standings_cached(tournament=tournament, version=version, provisional=True)
    ranks = sorted({r.rank for r in result.rows})
    start = min(max(int_param(request.GET.get("siegerehrung", ""), 0), 1), max(ranks, default=1))
    shown_from = int_param(request.GET.get("bis", ""), start + 1)
    rows = [r for r in result.rows if shown_from <= r.rank <= start]
    next_rank = max((n for n in ranks if n < shown_from and n <= start), default=None)
    return render(
        request,
        "tournaments/ceremony.html",
        {
            "tournament": tournament,
            "standings": result,
            "rows": rows,
            "start": start,
            "next_rank": next_rank,
            "newest": min((r.rank for r in rows), default=None),
        },
    )


# The version asks whether the reader may read the tournament (a members-only one: None, so
# no 304 and the view refuses); polled by phones, a 304 costs that one query.
@live(
    lambda request, pk, participant_id: standings_version(
        tournament_id=pk, reader=request.user, participant_id=participant_id
    ),
    timeless=True,  # no clock on it: the shared copy lasts until his next change
)
@reader_required
def player_view(request: HttpRequest, pk: int, participant_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    participant = get_object_or_404(
        Participant.objects.select_related("player__club"), pk=participant_id, tournament=tournament
    )
    organiser = can_organise(request.user, tournament)
    rounds = player_rounds(tournament=tournament, participant=participant, reveal=organiser)
    silent_after = None if organiser else tournament.silent_after()
    if not organiser:  # silent rounds: his points there would tell his rank
        rounds = [r for r in rounds if not tournament.round_silent(r.round_number)]
    player_name = (
        participant.player.name
        if organiser or not participant.player.hide_name
        else participant.player.public_alias
    )
    can_claim = (
        isinstance(request.user, User)
        and participant.player.account_id is None
        and not hasattr(request.user, "player")
    )
    return render(
        request,
        "tournaments/player.html",
        {
            "tournament": tournament,
            "organiser": organiser,
            "participant": participant,
            "rounds": rounds,
            "silent_after": silent_after,
            "chart": mark_safe(  # built by league.lists.chart, every text escaped
                running_totals_svg(
                    [
                        Series(
                            player_name,
                            initials([player_name])[0],
                            tuple(accumulate(r.points for r in rounds)),
                        )
                    ],
                    title=_("Stand nach jeder Runde"),
                    x_label=_("Runde"),
                )
            ),
            "can_claim": can_claim,
            # One person, one record: the records close to his, to claim or merge too.
            "also_like": records_like(participant.player) if can_claim else (),
            "player_name": player_name,
            # His page and statistics across events: for a player who asked not to be
            # named only to himself, staff and the organisers (who read his name here).
            "player_links": organiser
            or not participant.player.hide_name
            or request.user.is_staff
            or (request.user.is_authenticated and participant.player.account_id == request.user.pk),
        },
    )
