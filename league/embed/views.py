"""The widgets (``/einbetten/…``): each reads what its full page reads, through the same
selectors and access helpers, as the anonymous visitor would — a hidden player by his
alias, nothing of a members-only tournament or club (404), a tournament's silent rounds
closed — and keeps itself current as the full page does (``league.core.live``: a poll
every 3 s answered 304 from one query while nothing changed)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone

from league.clubs.access import can_read_club
from league.clubs.models import Club
from league.core import conditional
from league.core.averages import average_text
from league.core.live import by_site, live
from league.embed.frame import embeddable, rows_of, theme_of
from league.embed.selectors import NEXT, next_evenings
from league.evenings.selectors import club_season
from league.leagues.models import League
from league.leagues.selectors import league_standings, season_dates, siegpunkte_text
from league.rankings.selectors import rangliste
from league.rankings.strength import strength_rows
from league.rankings.strength_views import by_site_and_strength
from league.tournaments.access import can_read_tournament
from league.tournaments.models import Tournament
from league.tournaments.selectors import standings_cached, standings_version

NOBODY = AnonymousUser()
TOP = 10  # rows of the Rangliste and Spielstärke widgets unless ?n= says otherwise


def _provisional(request: HttpRequest) -> bool:
    return request.GET.get("vorlaeufig") == "1"


def _widget(
    request: HttpRequest, template: str, full: str, title: str, **context: Any
) -> HttpResponse:
    return render(
        request,
        f"embed/{template}",
        {"theme": theme_of(request), "full_url": full, "widget_title": title, **context},
    )


def _tournament_version(request: HttpRequest, pk: int) -> str | None:
    return standings_version(tournament_id=pk, provisional=_provisional(request), reader=NOBODY)


@embeddable
@conditional.conditional(_tournament_version)
def tournament_widget(request: HttpRequest, pk: int) -> HttpResponse:
    """A tournament's standings (counted rounds; ``?vorlaeufig=1`` with the running one)."""
    tournament = Tournament.objects.filter(pk=pk).first()
    if tournament is None or not can_read_tournament(NOBODY, tournament):
        raise Http404
    provisional = _provisional(request)
    result = standings_cached(
        tournament=tournament,
        version=conditional.version(request, lambda: _tournament_version(request, pk)),
        provisional=provisional,
        reveal=False,
        silent=True,
    )
    shown = rows_of(request, 0)
    rows = result.rows[:shown] if shown else result.rows
    full = reverse("standings", args=[pk]) + ("?vorlaeufig=1" if provisional else "")
    return _widget(
        request,
        "tournament.html",
        full,
        tournament.name,
        tournament=tournament,
        standings=result,
        rows=rows,
        more=len(result.rows) - len(rows),
        provisional=provisional,
    )


@embeddable
@live(by_site)
def league_widget(request: HttpRequest, pk: int) -> HttpResponse:
    """A league's table and its next Spieltage."""
    league = League.objects.filter(pk=pk).first()
    if league is None:
        raise Http404
    provisional = _provisional(request)
    table = league_standings(league=league, provisional=provisional)
    shown = rows_of(request, 0)
    rows = [
        {
            "rank": r.rank,
            "team": r.team,
            "siegpunkte": siegpunkte_text(r.siegpunkte),
            "spielpunkte": r.spielpunkte,
            "spieltage": r.spieltage,
        }
        for r in table.rows
    ]
    upcoming = [d for d in season_dates(league=league) if d.status != "closed"][:NEXT]
    full = reverse("league-detail", args=[pk]) + ("?vorlaeufig=1" if provisional else "")
    return _widget(
        request,
        "league.html",
        full,
        f"{league.name} {league.season}",
        league=league,
        table=table,
        rows=rows[:shown] if shown else rows,
        more=max(0, len(rows) - shown) if shown else 0,
        upcoming=upcoming,
    )


@embeddable
@live(by_site)
def club_widget(request: HttpRequest, pk: int) -> HttpResponse:
    """A club's season table (the current season) and its next evenings."""
    club = Club.objects.filter(pk=pk).first()
    if club is None or not can_read_club(NOBODY, club):
        raise Http404
    season = club_season(club=club, reveal=False)
    averaged = season.settings.mode.value.startswith("schnitt")
    shown = rows_of(request, 0)
    table = season.table.rows
    rows = [
        {
            "rank": r.rank,
            "name": r.name,
            "lists": r.lists,
            "points": r.points,
            "value": average_text(r.value) if averaged else str(r.value.numerator),
        }
        for r in (table[:shown] if shown else table)
    ]
    return _widget(
        request,
        "club.html",
        reverse("club-season", args=[pk]),
        club.name,
        club=club,
        season=season,
        rows=rows,
        more=len(table) - len(rows),
        averaged=averaged,
        evenings=next_evenings(club=club, today=timezone.localdate()),
    )


@embeddable
@live(by_site)
def rangliste_widget(request: HttpRequest) -> HttpResponse:
    """The Rangliste's first ``?n=`` rows (10) as of today."""
    view = rangliste(as_of=timezone.localdate(), reveal=False)
    rows = [
        {
            "rank": r.rank,
            "player": view.players[r.player],
            "rounds": r.rounds,
            "average": average_text(r.average),
        }
        for r in view.rangliste[: rows_of(request, TOP)]
    ]
    return _widget(request, "rangliste.html", reverse("rangliste"), "", view=view, rows=rows)


@embeddable
@live(by_site_and_strength)
def strength_widget(request: HttpRequest) -> HttpResponse:
    """The Spielstärke list's first ``?n=`` rows (10)."""
    rows = strength_rows(reader=NOBODY)[: rows_of(request, TOP)]
    return _widget(request, "strength.html", reverse("spielstaerke"), "", rows=rows)
