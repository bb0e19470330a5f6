"""League pages: thin views over the league selectors (reads) and services (writes); every
permission through ``league.leagues.access``."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from league.clubs.matching import PersonChoiceNeeded
from league.clubs.models import Player
from league.clubs.services import player_get_or_create
from league.clubs.views import person_choice_page
from league.core.audit import Actor
from league.core.confirm import ask_first
from league.core.forms import form_action, on_form, with_message
from league.core.live import by_site, live
from league.core.messages import render as render_message
from league.core.pdf import pdf_response
from league.core.spreadsheets import EXPORT_FORMATS, spreadsheet_response
from league.leagues import pdf as league_pdf
from league.leagues import services as ls
from league.leagues.access import LeagueAccess, actor_of, league_access, organiser_required
from league.leagues.forms import (
    AbsentForm,
    LeagueForm,
    LineupForm,
    PaperResultForm,
    PlaceForm,
    RosterForm,
    ScheduleForm,
    TeamForm,
)
from league.leagues.models import League, Lineup, Spieltag, Team
from league.leagues.selectors import (
    LeagueTable,
    answer_label,
    availability_of,
    dates_by_spieltag,
    deadline_passed,
    league_page,
    league_standings,
    lineup_deadline,
    missed_deadlines,
    moving_days,
    next_step,
    open_moves,
    regulars,
    report_states,
    roster_names,
    season_steps,
    siegpunkte_text,
    spieltag_close_outlook,
    spieltag_date,
    spieltag_paper_board,
    spieltag_start_outlook,
    spieltag_view,
    team_results,
    with_reports,
)
from league.leagues.views.moves import move_context
from league.lists.codes import code_url
from league.lists.selectors import PAPER_DIFFERS, PAPER_WAITING
from scoring.liga import number


def league_index(request: HttpRequest) -> HttpResponse:
    return render(request, "leagues/index.html", {"leagues": League.objects.all()})


@login_required
def league_create(request: HttpRequest) -> HttpResponse:
    form = LeagueForm(request.POST or None)

    def again() -> HttpResponse:
        return render(
            request, "leagues/create.html", {"form": form}, status=422 if form.errors else 200
        )

    if request.method != "POST":
        return again()
    return form_action(
        request,
        form,
        lambda cd: ls.league_create(
            name=cd["name"],
            season=cd["season"],
            players_per_team=cd["players_per_team"],
            rounds_per_spieltag=cd["rounds_per_spieltag"],
            spieltage_per_round=cd["spieltage_per_round"],
            user=request.user,
        ),
        success=_("Liga angelegt. Jetzt Mannschaften eintragen."),
        to=lambda league: reverse("league-manage", args=[league.pk]),
        again=again,
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


@live(by_site)
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
    with_reports(schedule)
    days = [item.spieltag for r in schedule for g in r.groups for item in g.spieltage]
    table, rows = _table_rows(league, provisional, standings)
    steps = season_steps(league=league) if access.organiser else []
    missed = missed_deadlines(league, days) if access.organiser else []
    return render(
        request,
        "leagues/detail.html",
        {
            "steps": steps,
            "missed": missed,
            "moving": moving_days(days),
            "next_step": next_step(steps),
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


def _manage_page(
    request: HttpRequest,
    league: League,
    access: LeagueAccess,
    *,
    team_form: TeamForm | None = None,
    schedule_form: ScheduleForm | None = None,
    status: int = 200,
) -> HttpResponse:
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
            "team_form": team_form or TeamForm(),
            "roster_form": RosterForm(),
            "schedule_form": schedule_form or ScheduleForm(),
            "organisers": league.organisers.order_by("username"),
            "scheduled": league.group_rounds.exists(),
            "open_moves": open_moves(league=league),
        },
        status=status,
    )


@organiser_required
@require_safe
def league_manage(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser's page: teams, rosters, captains, organisers, the schedule; each of its
    forms posts to its own action below."""
    league = get_object_or_404(League, pk=pk)
    return _manage_page(request, league, league_access(request.user, league))


def managed(
    request: HttpRequest,
    pk: int,
    act: Callable[[League, Actor], str | None],
    *,
    form: forms.Form | None = None,
    team_form: TeamForm | None = None,
    schedule_form: ScheduleForm | None = None,
) -> HttpResponse:
    """An action of the organiser's page: ``act`` returns the success message (then back to
    the page), or None when its form is invalid; a refusal is shown on the page."""
    league = get_object_or_404(League, pk=pk)
    access = league_access(request.user, league)

    def said(text: str | None) -> str:  # None: its form is invalid, the page again
        return text or ""

    done = with_message(request, lambda: act(league, actor_of(request.user, access)), said)
    if done.ok and done.value is not None:
        return redirect("league-manage", pk)
    invalid = any(f is not None and f.errors for f in (form, team_form, schedule_form))
    return _manage_page(
        request,
        league,
        access,
        team_form=team_form,
        schedule_form=schedule_form,
        status=422 if invalid else 200,
    )


@organiser_required
@require_POST
def team_create(request: HttpRequest, pk: int) -> HttpResponse:
    form = TeamForm(request.POST)

    def act(league: League, actor: Actor) -> str | None:
        if not form.is_valid():
            return None
        team = ls.team_create(league=league, name=form.cleaned_data["name"], user=actor)
        return _("Mannschaft %(name)s eingetragen.") % {"name": team.name}

    return managed(request, pk, act, team_form=form)


@organiser_required
@require_POST
def schedule_generate(request: HttpRequest, pk: int) -> HttpResponse:
    form = ScheduleForm(request.POST)

    def act(league: League, actor: Actor) -> str | None:
        if not form.is_valid():
            return None
        count = ls.schedule_generate(league=league, rounds=form.cleaned_data["rounds"], user=actor)
        return _("Spielplan mit %(n)d Gruppenrunden erstellt.") % {"n": count}

    return managed(request, pk, act, schedule_form=form)


@organiser_required
@require_POST
def league_organiser_add(request: HttpRequest, pk: int) -> HttpResponse:
    def act(league: League, actor: Actor) -> str:
        account = request.POST.get("account", "").strip()
        added = ls.league_add_organiser(league=league, account=account, user=actor)
        return _("%(who)s gehört jetzt zur Ligaleitung.") % {"who": added.get_username()}

    return managed(request, pk, act)


@organiser_required
@require_POST
def team_player_add(request: HttpRequest, pk: int, team_id: int) -> HttpResponse:
    team = get_object_or_404(Team, league_id=pk, pk=team_id)
    form = RosterForm(request.POST)
    asked: list[PersonChoiceNeeded] = []

    def act(league: League, actor: Actor) -> str | None:
        if not form.is_valid():
            messages.error(request, _("Bitte einen Namen angeben."))
            return None
        try:
            player = ls.team_add_player(
                team=team,
                name=form.cleaned_data["name"],
                ddv_number=form.cleaned_data["ddv_number"],
                person=form.person_choice(),
                user=actor,
            )
        except PersonChoiceNeeded as err:  # "Ist das …?" before a new record (issue 33)
            asked.append(err)
            return None
        return _("%(name)s spielt jetzt für %(team)s.") % {"name": player.name, "team": team.name}

    response = managed(request, pk, act, form=form)
    if not asked:
        return response
    form.ask_person(asked[0].offers, asked[0].found.name)
    return person_choice_page(
        request, form, title=team.name, back=reverse("league-manage", args=[pk])
    )


@organiser_required
@require_POST
def team_player_remove(request: HttpRequest, pk: int, team_id: int, player_id: int) -> HttpResponse:
    team = get_object_or_404(Team, league_id=pk, pk=team_id)
    player = get_object_or_404(Player, pk=player_id)

    def act(league: League, actor: Actor) -> str:
        ls.team_remove_player(team=team, player=player, user=actor)
        return _("%(name)s aus dem Kader genommen.") % {"name": player.name}

    return managed(request, pk, act)


@organiser_required
@require_POST
def team_captain_add(request: HttpRequest, pk: int, team_id: int) -> HttpResponse:
    team = get_object_or_404(Team, league_id=pk, pk=team_id)

    def act(league: League, actor: Actor) -> str:
        account = request.POST.get("account", "").strip()
        added = ls.team_add_captain(team=team, account=account, user=actor)
        return _("%(who)s ist jetzt Mannschaftsführer von %(team)s.") % {
            "who": added.get_username(),
            "team": team.name,
        }

    return managed(request, pk, act)


def team_detail(request: HttpRequest, pk: int, team_id: int) -> HttpResponse:
    team = get_object_or_404(
        Team.objects.select_related("league", "club"), league_id=pk, pk=team_id
    )
    access = league_access(request.user, team.league)
    rows = team_results(team=team)
    dates = dates_by_spieltag([r.day for r in rows], team.league)
    results = [
        {
            "spieltag": r.day.spieltag,
            "date": dates.get(r.day.spieltag.pk),
            "label": r.label,
            "row": r.row,
            "siegpunkte": siegpunkte_text(r.row.siegpunkte) if r.row else "",
            "result": r.result,
        }
        for r in rows
    ]
    roster = roster_names([team], reveal=access.reveal).get(team.pk, [])
    return render(
        request,
        "leagues/team.html",
        {
            "league": team.league,
            "team": team,
            "access": access,
            "roster": roster,
            "captains": team.captains.order_by("username") if access.organiser else [],
            "captains_team": access.captains(team),
            "my_player": request.user.is_authenticated
            and any(p.account_id == request.user.pk for p, _name in roster),
            "results": results,
            "moving": moving_days(r.day.spieltag for r in rows),
        },
    )


def _spieltag(pk: int, spieltag_id: int) -> Spieltag:
    return get_object_or_404(
        Spieltag.objects.select_related("group__group_round__league"),
        pk=spieltag_id,
        group__group_round__league_id=pk,
    )


@live(by_site)
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
    place = spieltag_date(view.spieltag, view.teams)
    missed = missed_deadlines(league, [view.spieltag]) if access.organiser else []
    report = report_states([(view.spieltag, view.teams, view.result)])[spieltag.pk]
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
            "deadline": lineup_deadline(view.spieltag, league),
            "missed": missed[0].teams if missed else (),
            "absent_form": AbsentForm(),
            "place": place,
            "report": report,
            **move_context(access, view.spieltag, view.teams),
            "report_teams": [
                (r, access.captains(r.team) and not access.organiser) for r in report.teams
            ],
            "place_form": PlaceForm(
                initial={
                    "date": spieltag.date,
                    "start_time": spieltag.start_time,
                    "venue": spieltag.venue,
                    "host": spieltag.host_id or "",
                    "scope": "zusammen",
                },
                teams=view.teams,
            )
            if access.organiser
            else None,
        },
    )


def _on_spieltag(
    request: HttpRequest,
    pk: int,
    spieltag_id: int,
    act: Callable[[Spieltag, League, Actor], None],
) -> HttpResponse:
    """An organiser's action on a Spieltag; a refusal is shown on the Spieltag's page."""
    spieltag = _spieltag(pk, spieltag_id)
    league = spieltag.group.group_round.league
    actor = actor_of(request.user, league_access(request.user, league))
    with_message(request, lambda: act(spieltag, league, actor))
    return redirect("spieltag-detail", pk, spieltag_id)


@organiser_required
@require_POST
def spieltag_start(request: HttpRequest, pk: int, spieltag_id: int) -> HttpResponse:
    """Seat the line-ups and create the day's lists (asked first: it names what refuses)."""
    question = ask_first(
        request,
        question=_("Spieltag starten?"),
        detail=spieltag_start_outlook(spieltag=_spieltag(pk, spieltag_id)),
        yes=_("Spieltag starten"),
        back=reverse("spieltag-detail", args=[pk, spieltag_id]),
    )
    if question is not None:
        return question

    def act(spieltag: Spieltag, league: League, actor: Actor) -> None:
        lists = ls.spieltag_start(spieltag=spieltag, user=actor)
        messages.success(
            request, _("Spieltag gestartet: %(n)d Spiellisten angelegt.") % {"n": len(lists)}
        )

    return _on_spieltag(request, pk, spieltag_id, act)


@organiser_required
@require_POST
def spieltag_close(request: HttpRequest, pk: int, spieltag_id: int) -> HttpResponse:
    question = ask_first(
        request,
        question=_("Spieltag abschließen?"),
        detail=spieltag_close_outlook(spieltag=_spieltag(pk, spieltag_id)),
        yes=_("Spieltag abschließen"),
        back=reverse("spieltag-detail", args=[pk, spieltag_id]),
    )
    if question is not None:
        return question

    def act(spieltag: Spieltag, league: League, actor: Actor) -> None:
        ls.spieltag_close(spieltag=spieltag, user=actor)
        messages.success(request, _("Spieltag abgeschlossen: die Listen sind gesperrt."))

    return _on_spieltag(request, pk, spieltag_id, act)


@organiser_required
@require_POST
def spieltag_reopen(request: HttpRequest, pk: int, spieltag_id: int) -> HttpResponse:
    def act(spieltag: Spieltag, league: League, actor: Actor) -> None:
        ls.spieltag_reopen(spieltag=spieltag, user=actor)
        messages.success(request, _("Spieltag wieder geöffnet."))

    return _on_spieltag(request, pk, spieltag_id, act)


@organiser_required
@require_POST
def spieltag_absent(request: HttpRequest, pk: int, spieltag_id: int, team_id: int) -> HttpResponse:
    """A team did not show up: the organiser names its substitutes."""

    def act(spieltag: Spieltag, league: League, actor: Actor) -> None:
        team = get_object_or_404(Team, league=league, pk=team_id)
        form = AbsentForm(request.POST)
        if not form.is_valid():
            messages.error(request, _("Bitte die Ersatzspieler nennen."))
            return
        substitutes = [player_get_or_create(name=name, user=actor) for name in form.names()]
        ls.lineup_set_absent(spieltag=spieltag, team=team, substitutes=substitutes, user=actor)
        messages.success(
            request,
            _("%(team)s ist nicht angetreten; die Ersatzspieler sind eingetragen.")
            % {"team": team.name},
        )

    return _on_spieltag(request, pk, spieltag_id, act)


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
    answers = availability_of(spieltag, [p for p, _name in roster])
    reserves = set(p.pk for p, _n in roster) - set(regulars(team, league.players_per_team))
    roster = [
        (p, _reserve(p.pk in reserves, answer_label(name, answers.get(p.pk, ""))))
        for p, name in roster
    ]
    current = Lineup.objects.filter(spieltag=spieltag, team=team).first()
    initial = {}
    if current is not None and not current.absent:
        for entry in current.entries.all():
            initial[f"s{entry.position}"] = str(entry.player_id)
    deadline = lineup_deadline(spieltag, league)
    locked = deadline_passed(spieltag, league) and not access.organiser
    form = LineupForm(
        request.POST or None, initial=initial, roster=roster, size=league.players_per_team
    )
    for field in form.fields.values() if locked else ():
        field.disabled = True  # shown, not changed: the service refuses him anyway
    if request.method == "POST" and form.is_valid():
        saved = on_form(
            form,
            lambda: ls.lineup_set(
                spieltag=spieltag,
                team=team,
                players=form.players(),
                by_organiser=access.organiser,
                user=actor_of(request.user, access),
            ),
        )
        if saved.ok:
            messages.success(
                request, _("Aufstellung von %(team)s gespeichert.") % {"team": team.name}
            )
            for warning in saved.value:
                messages.warning(request, warning.message)
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
            "deadline": deadline,
            "locked": locked,
            "late": deadline_passed(spieltag, league),
        },
        status=422 if form.errors else 200,
    )


def _reserve(reserve: bool, label: str) -> str:
    return f"{label} · {_('Ersatz')}" if reserve else label


@organiser_required
def spieltag_results(request: HttpRequest, pk: int, spieltag_id: int) -> HttpResponse:
    """Results from paper: round, table, the seats' totals in seat order."""
    spieltag = _spieltag(pk, spieltag_id)
    league = spieltag.group.group_round.league
    access = league_access(request.user, league)
    form = PaperResultForm(request.POST or None, seats=league.group_size)
    raw = request.GET.get("eingabe") or request.POST.get("eingabe")
    entry = 2 if raw == "2" and league.double_entry else 1  # the second typist, blind
    if request.method == "POST" and form.is_valid():
        saved = on_form(
            form,
            lambda: ls.spieltag_paper_result(
                spieltag=spieltag,
                round=form.cleaned_data["round"],
                table=form.cleaned_data["table"],
                totals=form.totals(),
                entry=entry,
                user=actor_of(request.user, access),
            ),
        )
        if saved.ok:
            status, warnings = saved.value
            where = {"r": form.cleaned_data["round"], "t": form.cleaned_data["table"]}
            if status == PAPER_DIFFERS:
                text = _(
                    "Runde %(r)d, Tisch %(t)d gespeichert – weicht von der anderen Eingabe ab."
                )
            elif status == PAPER_WAITING:
                text = _("Runde %(r)d, Tisch %(t)d gespeichert – die zweite Eingabe fehlt noch.")
            else:
                text = _("Runde %(r)d, Tisch %(t)d gespeichert.")
            messages.success(request, text % where)
            for notice in warnings:
                messages.warning(request, render_message(f"warning.{notice.code}", notice.params))
            return redirect(
                reverse("spieltag-results", args=[pk, spieltag_id]) + f"?eingabe={entry}"
            )
    view = spieltag_view(spieltag=spieltag, reveal=True)
    form.focus()
    return render(
        request,
        "leagues/results.html",
        {
            "league": league,
            "view": view,
            "spieltag": view.spieltag,
            "form": form,
            "entry": entry,
            "tables": spieltag_paper_board(spieltag=spieltag, entry=entry),
        },
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
