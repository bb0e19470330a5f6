"""League pages: thin views over the league selectors (reads) and services (writes); every
permission through ``league.leagues.access``."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.clubs.models import Player
from league.clubs.services import player_get_or_create
from league.core.errors import ServiceError
from league.core.messages import render as render_message
from league.core.params import int_param
from league.core.pdf import pdf_response
from league.core.spreadsheets import EXPORT_FORMATS, spreadsheet_response
from league.leagues import pdf as league_pdf
from league.leagues import services as ls
from league.leagues.access import actor_of, league_access, organiser_required
from league.leagues.forms import (
    AbsentForm,
    LeagueForm,
    LineupForm,
    PaperResultForm,
    RosterForm,
    ScheduleForm,
    TeamForm,
)
from league.leagues.models import League, Lineup, Spieltag, Team
from league.leagues.selectors import (
    LeagueTable,
    league_page,
    league_standings,
    roster_names,
    siegpunkte_text,
    spieltag_view,
    team_results,
)
from league.lists.codes import code_url
from scoring.liga import number


def league_index(request: HttpRequest) -> HttpResponse:
    return render(request, "leagues/index.html", {"leagues": League.objects.all()})


@login_required
def league_create(request: HttpRequest) -> HttpResponse:
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        cd = form.cleaned_data
        try:
            league = ls.league_create(
                name=cd["name"],
                season=cd["season"],
                players_per_team=cd["players_per_team"],
                rounds_per_spieltag=cd["rounds_per_spieltag"],
                spieltage_per_round=cd["spieltage_per_round"],
                user=request.user,
            )
        except ServiceError as err:
            form.add_error(err.field if err.field in form.fields else None, err.message)
        else:
            messages.success(request, _("Liga angelegt. Jetzt Mannschaften eintragen."))
            return redirect("league-manage", league.pk)
    return render(
        request, "leagues/create.html", {"form": form}, status=422 if form.errors else 200
    )


def _table_rows(
    league: League, provisional: bool, table: LeagueTable | None = None
) -> tuple[LeagueTable, list[dict[str, Any]]]:
    table = table or league_standings(league=league, provisional=provisional)
    rows = [
        {
            "rank": row.rank,
            "team": row.team,
            "team_id": table.team_ids.get(row.team),
            "siegpunkte": siegpunkte_text(row.siegpunkte),
            "siegpunkte_value": row.siegpunkte,
            "spielpunkte": row.spielpunkte,
            "spieltage": row.spieltage,
        }
        for row in table.rows
    ]
    return table, rows


def league_detail(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(League, pk=pk)
    provisional = request.GET.get("vorlaeufig") == "1"
    fmt = request.GET.get("_export")
    if fmt is not None:
        if fmt not in EXPORT_FORMATS:
            raise Http404
        return _export(league, provisional, fmt)
    access = league_access(request.user, league)
    standings, schedule = league_page(league=league, provisional=provisional)
    table, rows = _table_rows(league, provisional, standings)
    return render(
        request,
        "leagues/detail.html",
        {
            "league": league,
            "access": access,
            "table": table,
            "rows": rows,
            "provisional": provisional,
            "schedule": schedule,
            "formats": [("csv-excel", _("CSV (Excel)")), ("csv", "CSV"), ("xlsx", "XLSX")],
        },
    )


def _export(league: League, provisional: bool, fmt: str) -> HttpResponse:
    _table, rows = _table_rows(league, provisional)
    values: list[list[Any]] = [
        [_("Platz"), _("Mannschaft"), _("Siegpunkte"), _("Spielpunkte"), _("Spieltage")]
    ]
    values += [
        [r["rank"], r["team"], number(r["siegpunkte_value"]), r["spielpunkte"], r["spieltage"]]
        for r in rows
    ]
    return spreadsheet_response(
        values, fmt, title=_("Tabelle"), filename=f"tabelle-liga-{league.pk}"
    )


def league_table_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(League, pk=pk)
    provisional = request.GET.get("vorlaeufig") == "1"
    table, rows = _table_rows(league, provisional)
    return pdf_response(league_pdf.table_pdf(league, table, rows), f"tabelle-liga-{pk}.pdf")


@organiser_required
def league_manage(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser's page: teams, rosters, captains, organisers, the schedule."""
    league = get_object_or_404(League, pk=pk)
    access = league_access(request.user, league)
    actor = actor_of(request.user, access)
    action = request.POST.get("action", "") if request.method == "POST" else ""
    team_form = TeamForm(request.POST if action == "team" else None)
    roster_form = RosterForm(request.POST if action == "player" else None)
    schedule_form = ScheduleForm(request.POST if action == "schedule" else None)
    if action:
        try:
            done = _manage_action(
                request, league, action, actor, team_form, roster_form, schedule_form
            )
        except ServiceError as err:
            messages.error(request, err.message)
        else:
            if done:
                messages.success(request, done)
                return redirect("league-manage", pk)
    teams = list(league.teams.prefetch_related("captains"))
    rosters = roster_names(teams, reveal=True)
    return render(
        request,
        "leagues/manage.html",
        {
            "league": league,
            "access": access,
            "teams": [
                {"team": t, "roster": rosters.get(t.pk, []), "captains": list(t.captains.all())}
                for t in teams
            ],
            "team_form": team_form,
            "roster_form": RosterForm(),
            "schedule_form": schedule_form,
            "organisers": league.organisers.order_by("username"),
            "scheduled": league.group_rounds.exists(),
        },
        status=422 if team_form.errors or roster_form.errors or schedule_form.errors else 200,
    )


def _manage_action(
    request: HttpRequest,
    league: League,
    action: str,
    actor: Any,
    team_form: TeamForm,
    roster_form: RosterForm,
    schedule_form: ScheduleForm,
) -> str | None:
    post = request.POST
    if action == "team":
        if not team_form.is_valid():
            return None
        team = ls.team_create(league=league, name=team_form.cleaned_data["name"], user=actor)
        return _("Mannschaft %(name)s eingetragen.") % {"name": team.name}
    if action == "schedule":
        if not schedule_form.is_valid():
            return None
        count = ls.schedule_generate(
            league=league, rounds=schedule_form.cleaned_data["rounds"], user=actor
        )
        return _("Spielplan mit %(n)d Gruppenrunden erstellt.") % {"n": count}
    if action == "organiser":
        added = ls.league_add_organiser(
            league=league, account=post.get("account", "").strip(), user=actor
        )
        return _("%(who)s gehört jetzt zur Ligaleitung.") % {"who": added.get_username()}
    team = get_object_or_404(Team, league=league, pk=int_param(post.get("team")))
    if action == "player":
        if not roster_form.is_valid():
            messages.error(request, _("Bitte einen Namen angeben."))
            return None
        player = ls.team_add_player(
            team=team,
            name=roster_form.cleaned_data["name"],
            ddv_number=roster_form.cleaned_data["ddv_number"],
            user=actor,
        )
        return _("%(name)s spielt jetzt für %(team)s.") % {"name": player.name, "team": team.name}
    if action == "remove_player":
        player = get_object_or_404(Player, pk=int_param(post.get("player")))
        ls.team_remove_player(team=team, player=player, user=actor)
        return _("%(name)s aus dem Kader genommen.") % {"name": player.name}
    if action == "captain":
        added = ls.team_add_captain(team=team, account=post.get("account", "").strip(), user=actor)
        return _("%(who)s ist jetzt Mannschaftsführer von %(team)s.") % {
            "who": added.get_username(),
            "team": team.name,
        }
    raise Http404


def team_detail(request: HttpRequest, pk: int, team_id: int) -> HttpResponse:
    team = get_object_or_404(
        Team.objects.select_related("league", "club"), league_id=pk, pk=team_id
    )
    access = league_access(request.user, team.league)
    results = [
        {
            "spieltag": spieltag,
            "label": label,
            "row": row,
            "siegpunkte": siegpunkte_text(row.siegpunkte) if row else "",
            "result": result,
        }
        for spieltag, label, row, result in team_results(team=team)
    ]
    return render(
        request,
        "leagues/team.html",
        {
            "league": team.league,
            "team": team,
            "access": access,
            "roster": roster_names([team], reveal=access.reveal).get(team.pk, []),
            "captains": team.captains.order_by("username") if access.organiser else [],
            "results": results,
        },
    )


def _spieltag(pk: int, spieltag_id: int) -> Spieltag:
    return get_object_or_404(
        Spieltag.objects.select_related("group__group_round__league"),
        pk=spieltag_id,
        group__group_round__league_id=pk,
    )


def spieltag_detail(request: HttpRequest, pk: int, spieltag_id: int) -> HttpResponse:
    spieltag = _spieltag(pk, spieltag_id)
    league = spieltag.group.group_round.league
    access = league_access(request.user, league)
    view = spieltag_view(spieltag=spieltag, reveal=access.reveal)
    rows = [
        {
            "place": r.place,
            "team": r.team,
            "team_id": view.result.team_ids.get(r.team),
            "spielpunkte": r.spielpunkte,
            "siegpunkte": siegpunkte_text(r.siegpunkte),
            "absent": r.absent,
        }
        for r in view.result.rows
    ]
    teams = [
        {
            "team": t,
            "lineup": view.lineups.get(t.pk),
            "names": view.lineup_names.get(t.pk, []),
            "captain": access.captains(t),
        }
        for t in view.teams
    ]
    ready = all(len(view.lineup_names.get(t.pk, [])) == league.players_per_team for t in view.teams)
    return render(
        request,
        "leagues/spieltag.html",
        {
            "league": league,
            "view": view,
            "spieltag": view.spieltag,
            "access": access,
            "teams": teams,
            "rows": rows,
            "ready": ready,
            "absent_form": AbsentForm(),
        },
    )


@require_POST
def spieltag_action(request: HttpRequest, pk: int, spieltag_id: int) -> HttpResponse:
    """Organiser actions on a Spieltag: start, close or reopen it, or mark a team absent."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    spieltag = _spieltag(pk, spieltag_id)
    league = spieltag.group.group_round.league
    access = league_access(request.user, league)
    if not access.organiser:
        raise PermissionDenied
    actor = actor_of(request.user, access)
    action = request.POST.get("action")
    try:
        if action == "start":
            lists = ls.spieltag_start(spieltag=spieltag, user=actor)
            messages.success(
                request, _("Spieltag gestartet: %(n)d Spiellisten angelegt.") % {"n": len(lists)}
            )
        elif action == "close":
            ls.spieltag_close(spieltag=spieltag, user=actor)
            messages.success(request, _("Spieltag abgeschlossen: die Listen sind gesperrt."))
        elif action == "reopen":
            ls.spieltag_reopen(spieltag=spieltag, user=actor)
            messages.success(request, _("Spieltag wieder geöffnet."))
        elif action == "absent":
            team = get_object_or_404(Team, league=league, pk=int_param(request.POST.get("team")))
            form = AbsentForm(request.POST)
            if not form.is_valid():
                messages.error(request, _("Bitte die Ersatzspieler nennen."))
            else:
                substitutes = [player_get_or_create(name=name, user=actor) for name in form.names()]
                ls.lineup_set_absent(
                    spieltag=spieltag, team=team, substitutes=substitutes, user=actor
                )
                messages.success(
                    request,
                    _("%(team)s ist nicht angetreten; die Ersatzspieler sind eingetragen.")
                    % {"team": team.name},
                )
        else:
            raise Http404
    except ServiceError as err:
        messages.error(request, err.message)
    return redirect("spieltag-detail", pk, spieltag_id)


def lineup_edit(request: HttpRequest, pk: int, spieltag_id: int, team_id: int) -> HttpResponse:
    """The captain picks the day's line-up from the roster (the others are reserves)."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    spieltag = _spieltag(pk, spieltag_id)
    league = spieltag.group.group_round.league
    team = get_object_or_404(Team, league=league, pk=team_id)
    access = league_access(request.user, league)
    if not access.captains(team):
        raise PermissionDenied
    roster = roster_names([team], reveal=True).get(team.pk, [])
    current = Lineup.objects.filter(spieltag=spieltag, team=team).first()
    initial = {}
    if current is not None and not current.absent:
        for entry in current.entries.all():
            initial[f"s{entry.position}"] = str(entry.player_id)
    form = LineupForm(
        request.POST or None, initial=initial, roster=roster, size=league.players_per_team
    )
    if request.method == "POST" and form.is_valid():
        try:
            ls.lineup_set(
                spieltag=spieltag,
                team=team,
                players=form.players(),
                user=actor_of(request.user, access),
            )
        except ServiceError as err:
            form.add_error(None, err.message)
        else:
            messages.success(
                request, _("Aufstellung von %(team)s gespeichert.") % {"team": team.name}
            )
            return redirect("spieltag-detail", pk, spieltag_id)
    return render(
        request,
        "leagues/lineup.html",
        {
            "league": league,
            "spieltag": spieltag,
            "team": team,
            "form": form,
            "roster": roster,
            "started": spieltag.started_at is not None,
        },
        status=422 if form.errors else 200,
    )


@organiser_required
def spieltag_results(request: HttpRequest, pk: int, spieltag_id: int) -> HttpResponse:
    """Results from paper: round, table, the seats' totals in seat order."""
    spieltag = _spieltag(pk, spieltag_id)
    league = spieltag.group.group_round.league
    access = league_access(request.user, league)
    form = PaperResultForm(request.POST or None, seats=league.group_size)
    if request.method == "POST" and form.is_valid():
        try:
            _status, warnings = ls.spieltag_paper_result(
                spieltag=spieltag,
                round=form.cleaned_data["round"],
                table=form.cleaned_data["table"],
                totals=form.totals(),
                user=actor_of(request.user, access),
            )
        except ServiceError as err:
            form.add_error(None, err.message)
        else:
            messages.success(
                request,
                _("Runde %(r)d, Tisch %(t)d gespeichert.")
                % {"r": form.cleaned_data["round"], "t": form.cleaned_data["table"]},
            )
            for notice in warnings:
                messages.warning(request, render_message(f"warning.{notice.code}", notice.params))
            return redirect("spieltag-results", pk, spieltag_id)
    view = spieltag_view(spieltag=spieltag, reveal=True)
    return render(
        request,
        "leagues/results.html",
        {"league": league, "view": view, "spieltag": view.spieltag, "form": form},
        status=422 if form.errors else 200,
    )


def spieltag_seating_pdf(request: HttpRequest, pk: int, spieltag_id: int) -> HttpResponse:
    spieltag = _spieltag(pk, spieltag_id)
    access = league_access(request.user, spieltag.group.group_round.league)
    view = spieltag_view(spieltag=spieltag, reveal=access.reveal)
    return pdf_response(league_pdf.seating_pdf(view), f"sitzplan-spieltag-{spieltag_id}.pdf")


def spieltag_lists_pdf(request: HttpRequest, pk: int, spieltag_id: int) -> HttpResponse:
    """All the day's lists (filled, or blank with ``?leer=1``); with the codes for the
    organiser while the lists are open."""
    spieltag = _spieltag(pk, spieltag_id)
    access = league_access(request.user, spieltag.group.group_round.league)
    data = league_pdf.lists_pdf(
        spieltag,
        blank=request.GET.get("leer") == "1",
        reveal=access.reveal,
        code_url=partial(code_url, request) if access.organiser else None,
    )
    return pdf_response(data, f"spiellisten-spieltag-{spieltag_id}.pdf")
