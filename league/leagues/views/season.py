"""League season pages: the dates and places of the Spieltage (the schedule page, which is
also the Doppelspieltage's page), setting them, and the calendar feeds; the captains'
reports, availability, the line-up deadline, the reminder switch. Thin views over
``league.leagues.selectors`` and ``services``; permissions through ``league.leagues.access``.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from league.clubs.models import Player
from league.core.audit import Actor
from league.core.errors import ServiceError
from league.core.forms import button_action, with_message
from league.leagues import services as ls
from league.leagues.access import LeagueAccess, actor_of, league_access, organiser_required
from league.leagues.forms import PlaceForm
from league.leagues.models import (
    Availability,
    AvailabilityLink,
    League,
    ReminderSetting,
    Spieltag,
    Team,
)
from league.leagues.selectors import (
    DateItem,
    coming_of_team,
    dates_of_teams,
    finished_days,
    player_teams,
    reminder_setting,
    season_dates,
)
from league.leagues.selectors import team_availability as team_availability_rows
from league.leagues.views.calendar import calendar
from league.leagues.views.league import managed


def _ics(request: HttpRequest, items: list[DateItem], name: str, filename: str) -> HttpResponse:
    def url(item: DateItem) -> str:
        return request.build_absolute_uri(
            reverse("spieltag-detail", args=[item.league.pk, item.spieltag.pk])
        )

    response = HttpResponse(
        calendar(items, name=name, url=url), content_type="text/calendar; charset=utf-8"
    )
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@require_safe
def league_dates(request: HttpRequest, pk: int) -> HttpResponse:
    """Every Spieltag of the season by date, with time, venue and host: phone-first and
    printable; ``?mannschaft=<id>`` one team's. Also the page of the Doppelspieltage."""
    league = get_object_or_404(League, pk=pk)
    team = None
    wanted = request.GET.get("mannschaft", "")
    if wanted.isdigit():
        team = get_object_or_404(Team, league=league, pk=int(wanted))
    items = season_dates(league=league, team=team)
    return render(
        request,
        "leagues/dates.html",
        {
            "league": league,
            "access": league_access(request.user, league),
            "team": team,
            "items": items,
            "teams": league.teams.all(),
            "undated": sum(1 for i in items if i.date is None),
            "finished": finished_days(league),
        },
    )


@organiser_required
@require_POST
def spieltag_place(request: HttpRequest, pk: int, spieltag_id: int) -> HttpResponse:
    """The organiser sets a Spieltag's date, time and venue: with its Doppelspieltag (the
    group's others that day), unless he splits it on purpose (``scope=einzeln``)."""
    spieltag = get_object_or_404(
        Spieltag.objects.select_related("group__group_round__league"),
        pk=spieltag_id,
        group__group_round__league_id=pk,
    )
    league = spieltag.group.group_round.league
    form = PlaceForm(request.POST, teams=list(spieltag.group.teams.order_by("number")))
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, " ".join(str(e) for e in errors))
        return redirect("spieltag-detail", pk, spieltag_id)
    cd = form.cleaned_data
    actor = actor_of(request.user, league_access(request.user, league))
    place = ls.spieltag_schedule if form.split() else ls.doppelspieltag_schedule
    return button_action(
        request,
        lambda: place(
            spieltag=spieltag,
            date=cd["date"],
            start_time=cd["start_time"],
            venue=cd["venue"],
            host=form.host_team(),
            reorder=cd["reorder"],
            user=actor,
        ),
        success=_("Termin und Ort gespeichert."),
        to=reverse("spieltag-detail", args=[pk, spieltag_id]),
    )


@require_safe
def league_calendar(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(League, pk=pk)
    return _ics(
        request,
        season_dates(league=league),
        f"{league.name} {league.season}",
        f"liga-{league.pk}.ics",
    )


@require_safe
def team_calendar(request: HttpRequest, pk: int, team_id: int) -> HttpResponse:
    team = get_object_or_404(Team.objects.select_related("league"), league_id=pk, pk=team_id)
    return _ics(
        request,
        season_dates(league=team.league, team=team),
        f"{team.name} · {team.league.name} {team.league.season}",
        f"mannschaft-{team.pk}.ics",
    )


@require_safe
def player_calendar(request: HttpRequest, player_id: int) -> HttpResponse:
    """A player's Spieltage: those of every team whose roster holds him (leagues are public,
    as their rosters are; a hidden name is never written into the feed)."""
    player = get_object_or_404(Player, pk=player_id)
    return _ics(
        request,
        dates_of_teams(player_teams(player.pk)),
        _("Spieltage"),
        f"spieler-{player.pk}.ics",
    )


@organiser_required
@require_POST
def league_double_entry(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser switches the blind double entry of paper results on or off."""

    def act(league: League, actor: Actor) -> str:
        on = request.POST.get("double_entry") == "on"
        ls.league_set_double_entry(league=league, double_entry=on, user=actor)
        if on:
            return _("Papierergebnisse werden jetzt doppelt und blind eingegeben.")
        return _("Papierergebnisse werden jetzt einfach eingegeben.")

    return managed(request, pk, act)


def _spieltag_of(pk: int, spieltag_id: int) -> Spieltag:
    return get_object_or_404(
        Spieltag.objects.select_related("group__group_round__league"),
        pk=spieltag_id,
        group__group_round__league_id=pk,
    )


@require_POST
def spieltag_report(request: HttpRequest, pk: int, spieltag_id: int, team_id: int) -> HttpResponse:
    """A captain confirms his team's result (``aktion=bestaetigen``) or disputes it with a
    note (``aktion=bestreiten``)."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    spieltag = _spieltag_of(pk, spieltag_id)
    league = spieltag.group.group_round.league
    team = get_object_or_404(Team, league=league, pk=team_id)
    access = league_access(request.user, league)
    if not access.captains(team):
        raise PermissionDenied
    actor = actor_of(request.user, access)
    back = reverse("spieltag-detail", args=[pk, spieltag_id])
    if request.POST.get("aktion") == "bestreiten":
        return button_action(
            request,
            lambda: ls.report_dispute(
                spieltag=spieltag, team=team, note=request.POST.get("note", ""), user=actor
            ),
            success=_("Einspruch eingetragen; die Ligaleitung entscheidet."),
            to=back,
        )
    return button_action(
        request,
        lambda: ls.report_confirm(spieltag=spieltag, team=team, user=actor),
        success=_("Ergebnis bestätigt."),
        to=back,
    )


@organiser_required
@require_POST
def spieltag_settle(request: HttpRequest, pk: int, spieltag_id: int) -> HttpResponse:
    """The organiser decides a disputed result: it holds as it stands, with his reasons."""
    spieltag = _spieltag_of(pk, spieltag_id)
    league = spieltag.group.group_round.league
    return button_action(
        request,
        lambda: ls.spieltag_settle(
            spieltag=spieltag,
            note=request.POST.get("note", ""),
            user=actor_of(request.user, league_access(request.user, league)),
        ),
        success=_("Entscheidung eingetragen."),
        to=reverse("spieltag-detail", args=[pk, spieltag_id]),
    )


# --- availability -------------------------------------------------------------------------


def _captained_team(request: HttpRequest, pk: int, team_id: int) -> tuple[Team, LeagueAccess]:
    team = get_object_or_404(Team.objects.select_related("league"), league_id=pk, pk=team_id)
    access = league_access(request.user, team.league)
    if not access.captains(team):
        raise PermissionDenied
    return team, access


@require_safe
def team_availability(request: HttpRequest, pk: int, team_id: int) -> HttpResponse:
    """The captain's view: who can play on the team's coming Spieltage, and each player's
    personal link to answer."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    team, access = _captained_team(request, pk, team_id)
    items = coming_of_team(team)
    rows = team_availability_rows(team=team, items=items, reveal=True)
    return render(
        request,
        "leagues/availability.html",
        {
            "league": team.league,
            "team": team,
            "access": access,
            "items": items,
            "rows": [
                (row, list(zip(items, row.answers, strict=True)), _answer_url(request, row.token))
                for row in rows
            ],
        },
    )


def _answer_url(request: HttpRequest, token: str) -> str:
    return request.build_absolute_uri(reverse("availability-answer", args=[token])) if token else ""


@require_POST
def availability_link_renew(
    request: HttpRequest, pk: int, team_id: int, player_id: int
) -> HttpResponse:
    """The captain makes (or replaces) a player's personal link."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    team, access = _captained_team(request, pk, team_id)
    player = get_object_or_404(Player, pk=player_id)
    return button_action(
        request,
        lambda: ls.availability_link_renew(
            team=team, player=player, user=actor_of(request.user, access)
        ),
        success=_("Neuer persönlicher Link erstellt; ein alter gilt nicht mehr."),
        to=reverse("team-availability", args=[pk, team_id]),
    )


def _answer_page(
    request: HttpRequest, team: Team, player: Player, actor: Actor | None
) -> HttpResponse:
    """A player's answers for his team's coming Spieltage (GET), one answer (POST)."""
    items = coming_of_team(team)
    if request.method == "POST":
        spieltag = next(
            (i.spieltag for i in items if str(i.spieltag.pk) == request.POST.get("spieltag")),
            None,
        )
        if spieltag is None:
            messages.error(request, _("Diesen Spieltag gibt es nicht mehr zur Auswahl."))
        else:
            chosen = spieltag
            with_message(
                request,
                lambda: ls.availability_set(
                    spieltag=chosen,
                    player=player,
                    answer=request.POST.get("answer", ""),
                    user=actor,
                ),
                _("Antwort gespeichert. Danke!"),
            )
        # back at the answered row (its answer in view), not at the page's top
        anchor = f"#spieltag-{spieltag.pk}" if spieltag is not None else ""
        return redirect(request.get_full_path() + anchor)
    row = next(
        (
            r
            for r in team_availability_rows(team=team, items=items, reveal=True)
            if r.player.pk == player.pk
        ),
        None,
    )
    answers = row.answers if row is not None else tuple("" for _i in items)
    return render(
        request,
        "leagues/availability_answer.html",
        {
            "league": team.league,
            "team": team,
            "player": player,
            "items": list(zip(items, answers, strict=True)),
            "choices": Availability.Answer.choices,
        },
    )


def availability_answer(request: HttpRequest, token: str) -> HttpResponse:
    """A player answers through his personal link (no account needed)."""
    link = get_object_or_404(
        AvailabilityLink.objects.select_related("team__league", "player"), token=token
    )
    if request.method not in ("GET", "HEAD", "POST"):
        return HttpResponse(status=405)
    return _answer_page(request, link.team, link.player, None)


def availability_mine(request: HttpRequest, pk: int, team_id: int) -> HttpResponse:
    """A player answers with his account (linked to a player on the team's roster)."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    team = get_object_or_404(Team.objects.select_related("league"), league_id=pk, pk=team_id)
    player = team.roster.filter(account=request.user).first()
    if player is None:
        raise PermissionDenied
    return _answer_page(request, team, player, Actor(request.user))


# --- line-up deadline ---------------------------------------------------------------------


@organiser_required
@require_POST
def league_lineup_deadline(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser sets the captains' line-up deadline (hours before the start) or none."""

    def act(league: League, actor: Actor) -> str:
        raw = request.POST.get("hours", "").strip()
        if raw and not raw.isdigit():
            raise ServiceError("league_deadline_hours", {"max": ls.MAX_DEADLINE_HOURS})
        hours = int(raw) if raw else None
        ls.league_set_lineup_deadline(league=league, hours=hours, user=actor)
        if hours is None:
            return _("Keine Aufstellungsfrist.")
        return _("Aufstellungsfrist: %(n)d Stunden vor Beginn.") % {"n": hours}

    return managed(request, pk, act)


# --- reminder mails -----------------------------------------------------------------------


def reminders_mine(request: HttpRequest) -> HttpResponse:
    """An account's switch for the league reminder mails (GET shows it, POST sets it)."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if request.method not in ("GET", "HEAD", "POST"):
        return HttpResponse(status=405)
    account = request.user
    if request.method == "POST":
        off = request.POST.get("off") == "1"
        ls.reminders_switch(account=account, off=off, user=Actor(account))
        messages.success(
            request, _("Keine Erinnerungen mehr.") if off else _("Erinnerungen sind an.")
        )
        return redirect("reminders-mine")
    setting = reminder_setting(account)
    return render(
        request,
        "leagues/reminders.html",
        {"off": setting is not None and setting.off, "action": reverse("reminders-mine")},
    )


def reminders_off(request: HttpRequest, token: str) -> HttpResponse:
    """The link in every reminder mail: switches them off without logging in (asked first:
    GET shows the button, POST switches)."""
    setting = get_object_or_404(ReminderSetting.objects.select_related("account"), token=token)
    if request.method not in ("GET", "HEAD", "POST"):
        return HttpResponse(status=405)
    if request.method == "POST":
        off = request.POST.get("off", "1") == "1"
        ls.reminders_switch(account=setting.account, off=off, user=None)
        messages.success(
            request, _("Keine Erinnerungen mehr.") if off else _("Erinnerungen sind an.")
        )
        return redirect(request.get_full_path())
    return render(
        request,
        "leagues/reminders.html",
        {"off": setting.off, "action": request.get_full_path()},
    )
