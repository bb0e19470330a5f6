"""Ranking pages: the Rangliste on any Stichtag (with exports and PDF), a player's record
across all events, closing a tournament for the Rangliste, merging duplicate players."""

from __future__ import annotations

import datetime

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from league.clubs.models import Player
from league.core.audit import Actor
from league.core.forms import on_form, with_message
from league.core.live import live
from league.core.models import AuditEntry
from league.core.params import int_param
from league.core.pdf import pdf_response
from league.leagues.selectors import coming, dates_of_teams, player_teams
from league.lists import owners
from league.lists.chart import Series, running_totals_svg
from league.rankings import selectors, services, statistics
from league.rankings.access import can_approve_rating, can_merge_pair, can_merge_player
from league.rankings.exports import EXPORT_FORMATS, rangliste_export
from league.rankings.forms import INTO_OTHER, KEEP_THIS, MergeForm, RatingForm
from league.rankings.pdf import rangliste_pdf
from league.rankings.presenters import average_text
from league.rankings.search import QUERY_MAX, find_players
from league.rankings.strength import PlayerStrength, player_strength
from league.rankings.strength_views import by_site_and_strength
from league.tournaments import services as tournament_services
from league.tournaments.access import (
    can_organise,
    organiser_actor,
    organiser_required,
    tournaments_closed_to,
)
from league.tournaments.models import Bundesland, Tournament
from scoring.rangliste import round_half_away


def stichtag_of(request: HttpRequest) -> tuple[datetime.date, bool]:
    """The reference date asked for (``?stichtag=YYYY-MM-DD``), today when absent; and
    whether a given value was unreadable (then today, with a notice)."""
    raw = request.GET.get("stichtag", "").strip()
    if not raw:
        return timezone.localdate(), False
    try:
        day = datetime.date.fromisoformat(raw[:10])
    except ValueError:
        return timezone.localdate(), True
    if not 1900 <= day.year <= 2999:
        return timezone.localdate(), True
    return day, False


def _reveal(request: HttpRequest) -> bool:
    return bool(request.user.is_authenticated and request.user.is_staff)


def rangliste_page(request: HttpRequest) -> HttpResponse:
    as_of, bad = stichtag_of(request)
    view = selectors.rangliste(as_of=as_of, reveal=_reveal(request))
    fmt = request.GET.get("_export", "")
    if fmt in EXPORT_FORMATS:
        return rangliste_export(view, fmt, which=request.GET.get("liste", "rangliste"))
    if bad:
        messages.warning(request, _("Unlesbarer Stichtag: die Rangliste von heute."))
    query = " ".join(request.GET.get("q", "").split())[:QUERY_MAX]
    own = (
        Player.objects.filter(account_id=request.user.pk).values_list("pk", flat=True).first()
        if query and request.user.is_authenticated
        else None
    )
    return render(
        request,
        "rankings/rangliste.html",
        {
            "view": view,
            "rows": [
                {
                    "rank": r.rank,
                    "player": view.players[r.player],
                    "rounds": r.rounds,
                    "points": r.points,
                    "average": average_text(r.average),
                }
                for r in view.rangliste
            ],
            "unter_36": [
                {"player": view.players[r.player], "rounds": r.rounds, "points": r.points}
                for r in view.unter_36
            ],
            "laender": [
                {
                    "rank": r.rank,
                    "player": view.players[r.player],
                    "points": r.points,
                    "counted": [(view.tournaments[c.tournament], c.points) for c in r.counted],
                }
                for r in view.bundeslaender
            ],
            "stichtag": as_of.isoformat(),
            "counting": _counting(request, view),
            "can_approve": can_approve_rating(request.user),
            "q": query,
            "found": (
                find_players(
                    query,
                    view=view,
                    reveal=_reveal(request),
                    own_id=own,
                )
                if query
                else None
            ),
        },
    )


def _counting(request: HttpRequest, view: selectors.RanglisteView) -> list[dict[str, object]]:
    """The tournaments that count on this Stichtag, newest first; a members-only one the
    visitor may not read is shown without its name."""
    closed = set(
        Tournament.objects.filter(
            tournaments_closed_to(request.user), pk__in=[t.pk for t in view.tournaments.values()]
        ).values_list("pk", flat=True)
    )
    infos = sorted(view.tournaments.values(), key=lambda t: (t.date, t.pk), reverse=True)
    return [
        {
            "pk": t.pk,
            "name": t.name,
            "date": t.date,
            "bundesland": Bundesland(t.bundesland).label if t.bundesland else "",
            "shown": t.pk not in closed,
        }
        for t in infos
    ]


def rangliste_pdf_view(request: HttpRequest) -> HttpResponse:
    as_of, _bad = stichtag_of(request)
    view = selectors.rangliste(as_of=as_of, reveal=_reveal(request))
    return pdf_response(rangliste_pdf(view), f"rangliste-{as_of.isoformat()}.pdf")


def _chart(record: selectors.PlayerRecord, name: str) -> str:
    values = tuple(int(round_half_away(v, 0)) for v in record.running)
    if len(values) < 2:
        return ""
    return running_totals_svg(
        [Series(name=_("Schnitt je Runde"), short="Ø", values=values)],
        title=_("Laufender Schnitt je Runde (Liste) von %(name)s") % {"name": name},
    )


def _strength_chart(strength: PlayerStrength | None, name: str) -> str:
    values = tuple(point.rating for point in strength.history) if strength else ()
    if len(values) < 2:
        return ""
    return running_totals_svg(
        [Series(name=_("Spielstärke"), short="", values=values)],
        title=_("Spielstärke von %(name)s nach jeder gewerteten Liste") % {"name": name},
        start=1000,
    )


@live(by_site_and_strength)
def player_record(request: HttpRequest, player_id: int) -> HttpResponse:
    player = get_object_or_404(Player.objects.select_related("club"), pk=player_id, rehearsal=False)
    as_of, _bad = stichtag_of(request)
    record = selectors.player_record(player=player, as_of=as_of, reader=request.user)
    reveal = _reveal(request) or bool(
        request.user.is_authenticated and player.account_id == request.user.pk
    )
    name = player.name if reveal or not player.hide_name else player.public_alias
    chart = _chart(record, name)
    strength = player_strength(player=player, reader=request.user)
    strength_chart = _strength_chart(strength, name)
    return render(
        request,
        "rankings/player.html",
        {
            "player": player,
            "name": name,
            "strength": strength,
            "strength_chart": mark_safe(strength_chart) if strength_chart else "",
            "reveal": reveal,
            "record": record,
            "rated_average": (
                average_text(record.rated_average) if record.rated_average is not None else ""
            ),
            "running_last": average_text(record.running[-1]) if record.running else "",
            "chart": mark_safe(chart) if chart else "",
            "can_merge": can_merge_player(request.user, player),
            "stichtag": as_of.isoformat(),
            "league_dates": coming(dates_of_teams(player_teams(player.pk))),
        },
    )


def _day(raw: str) -> datetime.date | None:
    try:
        day = datetime.date.fromisoformat(raw.strip()[:10])
    except ValueError:
        return None
    return day if 1900 <= day.year <= 2999 else None


def stats_filter_of(params: QueryDict) -> statistics.StatsFilter:
    """The filters asked for (``von``, ``bis`` and the owners' facets: ``saison``,
    ``turnier``, ``liga``); an unreadable value is no filter."""
    chosen: dict[str, str] = {}
    for facet, _kind in owners.facets():
        value = params.get(facet.param, "").strip()
        if facet_value(value):  # as the choices spell it: "12", "12-2026"
            chosen[facet.param] = "-".join(str(int(p)) for p in value.split("-"))
    return statistics.StatsFilter(
        von=_day(params.get("von", "")), bis=_day(params.get("bis", "")), facets=chosen
    )


def facet_value(value: str) -> bool:
    """Whether ``value`` can be a facet's choice: an event's id or a season (``12-2026``),
    digits with at most one dash between (never 0 alone)."""
    parts = value.split("-")
    return (
        len(parts) <= 2
        and all(p.isdigit() and len(p) < 10 for p in parts)
        and any(int(p) for p in parts)
    )


def _percent(won: int, played: int) -> str:
    return f"{round(100 * won / played)} %" if played else "–"


RECENT_LISTS = 20


@require_safe
def player_statistics(request: HttpRequest, player_id: int) -> HttpResponse:
    """A player's statistics across every event the reader may see, with filters."""
    player = get_object_or_404(Player.objects.select_related("club"), pk=player_id, rehearsal=False)
    reveal = _reveal(request) or bool(
        request.user.is_authenticated and player.account_id == request.user.pk
    )
    name = player.name if reveal or not player.hide_name else player.public_alias
    view = statistics.player_statistics(
        player=player, reader=request.user, filters=stats_filter_of(request.GET), reveal=reveal
    )
    values = tuple(int(round_half_away(v, 0)) for v in view.running)
    chart = (
        running_totals_svg(
            [Series(name=_("Rundenschnitt"), short="Ø", values=values)],
            title=_("Rundenschnitt über die Zeit von %(name)s") % {"name": name},
            x_label=_("Listen"),
        )
        if len(values) >= 2
        else ""
    )
    s = view.stats
    # His Spielstärke over every rated list (the filters do not narrow it; rating.md).
    strength = player_strength(player=player, reader=request.user) if view.public else None
    strength_chart = _strength_chart(strength, name)
    return render(
        request,
        "rankings/statistics.html",
        {
            "player": player,
            "name": name,
            "strength": strength,
            "strength_chart": mark_safe(strength_chart) if strength_chart else "",
            "view": view,
            "s": s,
            "average": average_text(s.average_exact) if s.average_exact is not None else "–",
            "running_last": average_text(view.running[-1]) if view.running else "–",
            "rates": {
                "all": _percent(s.won, s.games),
                "re": _percent(s.re_won, s.re),
                "kontra": _percent(s.kontra_won, s.kontra),
                "announced": _percent(s.announced_won, s.announced),
            },
            "solos": [(row, _percent(row.won, row.played)) for row in view.solos],
            "partners": [(p, _percent(p.won, p.games)) for p in view.partners],
            "best_rate": _percent(view.best.won, view.best.games) if view.best else "",
            "worst_rate": _percent(view.worst.won, view.worst.games) if view.worst else "",
            "chart": mark_safe(chart) if chart else "",
            "f": view.filter,
            # The newest lists of the selection (the player's page lists every one), with
            # their address and date made here: cheaper than a tag and a filter a row.
            "recent": [
                (item, reverse("liste-detail", args=[item.liste_id]), f"{item.date:%d.%m.%Y}")
                for item in view.lists[: -RECENT_LISTS - 1 : -1]
            ],
            "older": max(len(view.lists) - RECENT_LISTS, 0),
        },
    )


def player_merge(request: HttpRequest, player_id: int) -> HttpResponse:
    """Merge a duplicate record into this player, or this (desk) record into another
    (organisers, club managers, staff); the record that stays keeps its name and id."""
    player = get_object_or_404(Player.objects.select_related("club"), pk=player_id, rehearsal=False)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not can_merge_player(request.user, player):
        raise PermissionDenied
    form = MergeForm(
        request.POST or None,
        initial={"other": int_param(request.GET.get("mit")), "direction": KEEP_THIS},
    )
    keep = merged = None
    if form.is_bound and form.is_valid():
        other = Player.objects.select_related("club").filter(pk=form.cleaned_data["other"]).first()
        if other is not None:
            into_other = form.cleaned_data.get("direction") == INTO_OTHER
            keep, merged = (other, player) if into_other else (player, other)
        if keep is None or merged is None:
            form.add_error("other", _("Diesen Spieler gibt es nicht."))
        elif not can_merge_pair(request.user, keep, merged):
            form.add_error("other", _("Diesen Spieler dürfen Sie nicht zusammenführen."))
        elif request.POST.get("confirm") == "1":
            done = on_form(
                form,
                lambda: services.player_merge(
                    keep=keep,
                    merge=merged,
                    user=Actor(
                        request.user, role=AuditEntry.Role.STAFF if request.user.is_staff else ""
                    ),
                ),
            )
            if done.ok:
                messages.success(
                    request,
                    _("Zusammengeführt: alle Listen und Ergebnisse gehören jetzt zu %(name)s.")
                    % {"name": keep.name},
                )
                return redirect("player-record", keep.pk)
    same_name = list(
        Player.objects.filter(name__iexact=player.name, rehearsal=False)
        .exclude(pk=player.pk)
        .select_related("club")
        .order_by("pk")[:20]
    )
    return render(
        request,
        "rankings/merge.html",
        {
            "player": player,
            "form": form,
            "keep": keep,
            "merged": merged,
            "same_name": same_name,
        },
    )


def _rating_page(request: HttpRequest, tournament: Tournament, form: RatingForm) -> HttpResponse:
    return render(
        request,
        "rankings/tournament_rating.html",
        {
            "tournament": tournament,
            "organiser": can_organise(request.user, tournament),
            "form": form,
            "rounds": tournament.rounds.count(),
            "players": tournament.participants.filter(withdrawn=False).count(),
        },
    )


def _rating_form(tournament: Tournament, data: QueryDict | None = None) -> RatingForm:
    return RatingForm(
        data, initial={"rated": tournament.rated, "bundesland": tournament.bundesland}
    )


@organiser_required
@require_safe
def tournament_rating(request: HttpRequest, pk: int) -> HttpResponse:
    """Closing the tournament and the Rangliste: its rating, the close, reopening."""
    tournament = get_object_or_404(Tournament, pk=pk)
    return _rating_page(request, tournament, _rating_form(tournament))


@organiser_required
@require_POST
def tournament_rating_save(request: HttpRequest, pk: int) -> HttpResponse:
    """Flag as Ranglistenturnier in a Bundesland (or not)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    form = _rating_form(tournament, request.POST)
    if form.is_valid():
        done = on_form(
            form,
            lambda: tournament_services.tournament_set_rating(
                tournament=tournament,
                rated=form.cleaned_data["rated"],
                bundesland=form.cleaned_data["bundesland"],
                user=organiser_actor(request),
            ),
            else_message=request,
        )
        if done.ok:
            messages.success(request, _("Gespeichert."))
            return redirect("tournament-rating", pk)
    return _rating_page(request, tournament, form)


@organiser_required
@require_POST
def tournament_close(request: HttpRequest, pk: int) -> HttpResponse:
    """Close the tournament (checked: a Ranglistenturnier needs 32 players and 3 rounds)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    done = with_message(
        request,
        lambda: tournament_services.tournament_close(
            tournament=tournament, user=organiser_actor(request)
        ),
    )
    if done.ok:
        messages.success(request, _("Turnier abgeschlossen."))
    return redirect("tournament-rating", pk)


@organiser_required
@require_POST
def tournament_reopen(request: HttpRequest, pk: int) -> HttpResponse:
    """Reopen a closed tournament for a late correction."""
    tournament = get_object_or_404(Tournament, pk=pk)
    done = with_message(
        request,
        lambda: tournament_services.tournament_reopen(
            tournament=tournament, user=organiser_actor(request)
        ),
    )
    if done.ok:
        messages.success(request, _("Turnier wieder geöffnet."))
    return redirect("tournament-rating", pk)
