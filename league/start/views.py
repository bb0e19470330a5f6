"""The home page and "Meine Aufgaben"."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from league.start.selectors import evening_club, running_events
from league.start.tasks import tasks_of


def home(request: HttpRequest) -> HttpResponse:
    """The first page: join a table with its code, follow what runs, find a player, start
    a list or an evening, organise an event. The calculator lives at /rechner/; an old
    calculator address (``/?kind=…``) is sent there with its question."""
    if "kind" in request.GET:
        return redirect(f"{reverse('calculator')}?{request.GET.urlencode()}", permanent=True)
    club = evening_club(request.user)
    return render(
        request,
        "start/home.html",
        {
            "running": running_events(request.user),
            # The evening form of the club he manages; the club index to choose otherwise.
            "evening_url": (
                reverse("club-evening-create", args=[club.pk]) if club else reverse("club-index")
            ),
            "registration_open": settings.REGISTRATION_OPEN,
        },
    )


@login_required
def my_tasks(request: HttpRequest) -> HttpResponse:
    assert isinstance(request.user, User)  # login_required
    return render(request, "start/tasks.html", {"tasks": tasks_of(request.user)})
