"""The lists' index, a new list, and the table code that opens a list at its table."""

from __future__ import annotations

import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from league.clubs import services as club_services
from league.clubs.access import clubs_closed_to
from league.clubs.forms import asking
from league.clubs.matching import each_person
from league.clubs.models import Club
from league.clubs.selectors import player_name_choices
from league.core.forms import on_form
from league.core.params import int_param
from league.core.throttle import blocked, client_key, record_failure
from league.lists import services
from league.lists.access import (
    CODE_FAILURES_LIMIT,
    CODE_FAILURES_WINDOW,
    CODE_SCOPE,
    bind_code,
    lists_closed_to,
)
from league.lists.codes import normalise
from league.lists.forms import SpiellisteCreateForm
from league.lists.models import Spielliste
from league.lists.owners import owner_filters
from league.lists.rules import preset_choices
from league.lists.selectors import spielliste_overview
from scoring.rules import TSR, preset


def table_code_entry(request: HttpRequest, code: str = "") -> HttpResponse:
    """``/t/<code>/`` (from the QR code on the table's list) or ``/t/`` with a form: binds
    this browser to the code's list and opens its entry form; no account needed."""
    raw = code or request.POST.get("code", "")
    if not raw:
        return render(request, "lists/table_code.html", {})
    key = client_key(request)
    if blocked(CODE_SCOPE, key, CODE_FAILURES_LIMIT):
        response = render(
            request, "lists/table_code.html", {"error": _("Zu viele falsche Codes.")}, status=429
        )
        response["Retry-After"] = str(CODE_FAILURES_WINDOW)
        return response
    normal = normalise(raw)
    liste = Spielliste.objects.filter(code=normal).first() if normal else None
    if liste is not None and liste.frozen:
        # A right code of a closed round: 409 round_closed, as the API answers its writes
        # (api.md); not a failed guess, so not counted.
        error = _("Diese Liste ist abgeschlossen; der Code gilt nicht mehr.")
        return render(request, "lists/table_code.html", {"error": error}, status=409)
    if liste is None:
        record_failure(CODE_SCOPE, key, CODE_FAILURES_WINDOW)
        error = _("Diesen Tisch-Code gibt es nicht (mehr). Bitte vom Zettel abtippen.")
        return render(request, "lists/table_code.html", {"error": error}, status=403)
    bind_code(request, liste)
    messages.success(request, _("Willkommen am Tisch: ihr führt diese Liste."))
    return redirect(f"{liste.get_absolute_url()}#eingabe")


LISTS_PER_PAGE = 25


def liste_index(request: HttpRequest) -> HttpResponse:
    """All lists, newest first, filtered by club, owner (tournament) and day, in pages."""
    club_id = int_param(request.GET.get("verein"))
    try:
        day = datetime.date.fromisoformat(request.GET.get("datum", "")[:10])
    except ValueError:
        day = None
    filters, conditions = [], []
    for owner_filter in owner_filters():
        chosen = int_param(request.GET.get(owner_filter.param))
        filters.append((owner_filter, chosen))
        if chosen:
            conditions.append(owner_filter.lists_of(chosen))
    conditions.append(~lists_closed_to(request.user))
    lists = spielliste_overview(club_id=club_id or None, day=day, owners=conditions)
    # Pages without a count query: one row more than a page tells whether another follows.
    number = max(int_param(request.GET.get("seite"), 1, digits=6), 1)
    start = (number - 1) * LISTS_PER_PAGE
    rows = list(lists[start : start + LISTS_PER_PAGE + 1])
    query = request.GET.copy()
    query.pop("seite", None)
    return render(
        request,
        "lists/index.html",
        {
            "page": number,
            "has_previous": number > 1,
            "has_next": len(rows) > LISTS_PER_PAGE,
            "listen": rows[:LISTS_PER_PAGE],
            "clubs": Club.objects.exclude(clubs_closed_to(request.user))
            .order_by("name")
            .values_list("pk", "name"),
            "club_id": club_id,
            "day": day,
            "owner_filters": [(f, f.choices(request.user), chosen) for f, chosen in filters],
            "filtered": bool(club_id or day or conditions),
            "query": query.urlencode(),
        },
    )


@login_required
def liste_create(request: HttpRequest) -> HttpResponse:
    managed = Club.objects.order_by("name")
    if not request.user.is_staff:
        managed = managed.filter(managers=request.user.pk)
    clubs = {pk: name for pk, name in managed.values_list("pk", "name")}
    form = SpiellisteCreateForm(
        request.POST or None, clubs=list(clubs.items()), presets=preset_choices()
    )
    if request.method == "POST" and form.is_valid():
        club_id = form.cleaned_data.get("club")
        club = Club.objects.get(pk=club_id) if club_id in clubs else None
        done = on_form(form, asking(form, lambda: _create(form, club, request)))
        if done.ok and done.value is not None:
            messages.success(request, _("Liste angelegt. Gut Blatt!"))
            return redirect(done.value)
    return render(
        request,
        "lists/create.html",
        {"form": form, "player_names": player_name_choices()},
        status=422 if form.asked else 200,
    )


@transaction.atomic  # no player is left behind by a refused list
def _create(form: SpiellisteCreateForm, club: Club | None, request: HttpRequest) -> Spielliste:
    players = each_person(
        form.seat_names(),
        lambda n, person: club_services.player_find_or_create(
            name=n, club=club, person=person, user=request.user
        ),
        form.people(),
    )
    return services.spielliste_create(
        title=form.cleaned_data["title"],
        club=club,
        players=players,
        listenfuehrer_position=form.cleaned_data.get("listenfuehrer_position"),
        created_by=request.user if isinstance(request.user, User) else None,
        rules=preset(chosen)
        if (chosen := form.cleaned_data.get("rules"))
        else (club.profile if club else TSR),
        user=request.user,
    )
