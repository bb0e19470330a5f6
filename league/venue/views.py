"""The organiser's health page (``/veranstaltung/``) and the hall poster (PDF)."""

from __future__ import annotations

import datetime as dt
import time

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone

from league.core.live import live, site_version
from league.core.params import int_param
from league.core.pdf import pdf_response
from league.federation.access import can_link_site
from league.federation.presenters import register_problem
from league.federation.selectors import site_link
from league.tournaments.access import organised_by
from league.venue.access import venue_required
from league.venue.backups import backup_latest, backups_list
from league.venue.middleware import WINDOW_S, devices_seen
from league.venue.poster import poster_pdf
from league.venue.selectors import (
    backup_dir,
    database_size,
    open_lists_today,
    running_rounds,
)


def hall_url(request: HttpRequest) -> str:
    """The address phones use: the first the venue command found, else this page's own."""
    urls: list[str] = list(settings.VENUE_HALL_URLS)
    return urls[0] if urls else request.build_absolute_uri("/")


def _health_version(request: HttpRequest) -> str:
    # Any write, and the minute (the devices seen, the backup's age).
    return f"{site_version()}:{int(time.time() // 60)}"


@venue_required  # first: nobody learns even "unchanged" (a 304) before his right is checked
@live(_health_version)
def health(request: HttpRequest) -> HttpResponse:
    now = timezone.now()
    directory = backup_dir()
    latest = backup_latest(directory)
    # The federation's site (address, register): what staff set and fetch.
    link = site_link() if can_link_site(request.user) else None
    return render(
        request,
        "venue/health.html",
        {
            "rounds": running_rounds(user=request.user, now=now),
            "open_lists": open_lists_today(user=request.user, now=now),
            "devices": devices_seen(),
            "device_minutes": int(WINDOW_S // 60),
            "db_size": database_size(),
            "db_vendor": settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1],
            "latest": latest,
            "latest_age": int((now - latest.at).total_seconds() // 60) if latest else None,
            "backup_count": len(backups_list(directory)) if latest else 0,
            "backup_dir": directory,
            "hall_urls": list(settings.VENUE_HALL_URLS) or [request.build_absolute_uri("/")],
            "now": now,
            "link": link,
            "register_problem": register_problem(link) if link else "",
        },
    )


@venue_required
def poster(request: HttpRequest) -> HttpResponse:
    """The poster: for ``?turnier=<id>`` its standings (with "find me"), else the list of
    tournaments."""
    base = hall_url(request).rstrip("/")
    tournament_id = int_param(request.GET.get("turnier", ""), 0)
    title = ""
    path = reverse("tournament-index")
    if tournament_id:
        tournament = get_object_or_404(organised_by(request.user), pk=tournament_id)
        title = f"{tournament.name} · {tournament.date:%d.%m.%Y}"
        path = reverse("standings", args=[tournament.pk])
    data = poster_pdf(url=base + path, tournament=title, wlan=settings.VENUE_WLAN)
    return pdf_response(data, f"aushang-{dt.date.today():%Y%m%d}.pdf")
