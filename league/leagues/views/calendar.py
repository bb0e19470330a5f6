"""iCalendar feeds of a league season (RFC 5545): one VEVENT per dated Spieltag, written
with the ``icalendar`` library (escaping and line folding are its).

The UID names the Spieltag (``spieltag-<id>@doppelkopf-liste``) and stays when it moves;
its SEQUENCE (``Spieltag.sequence``) rises with each move, so calendars replace the event.
A Spieltag without a start time is an all-day event; one without a date has no event yet.
Times are written in UTC (``...Z``), which every calendar program reads without a VTIMEZONE.
The pages offer the feed as a subscription (a ``webcal:`` link and its address to copy,
``leagues/_subscribe.html``), so a calendar program fetches it again and moves arrive.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable

from django.utils import timezone
from django.utils.translation import gettext
from icalendar import Calendar, Event

from league.leagues.selectors import DateItem

PRODID = "-//Doppelkopf-Liste//Liga//DE"
UID_DOMAIN = "doppelkopf-liste"


def _event(item: DateItem, url: Callable[[DateItem], str], stamp: dt.datetime) -> Event:
    assert item.date is not None
    league = item.league
    teams = ", ".join(t.name for t in item.teams)
    event = Event()
    event.add("uid", f"spieltag-{item.spieltag.pk}@{UID_DOMAIN}")
    event.add("dtstamp", stamp)
    event.add("sequence", item.sequence)
    if item.start is not None and item.end is not None:
        event.add("dtstart", item.start.astimezone(dt.UTC))
        event.add("dtend", item.end.astimezone(dt.UTC))
    else:
        event.add("dtstart", item.date)
        event.add("dtend", item.date + dt.timedelta(days=1))
    summary = gettext("%(league)s: Spieltag %(label)s") % {
        "league": f"{league.name} {league.season}",
        "label": item.label,
    }
    description = [gettext("Mannschaften: %(teams)s") % {"teams": teams}]
    if item.host is not None:
        description.append(gettext("Ausrichter: %(team)s") % {"team": item.host.name})
    link = url(item)
    description.append(link)
    event.add("summary", summary)
    if item.venue:
        event.add("location", item.venue)
    event.add("description", "\n".join(description))
    event.add("url", link)
    event.add("status", "CONFIRMED")
    return event


def calendar(
    items: Iterable[DateItem],
    *,
    name: str,
    url: Callable[[DateItem], str],
    now: dt.datetime | None = None,
) -> str:
    """The feed of ``items`` (the dated ones) named ``name``; ``url`` gives each event's
    link back to its Spieltag page (absolute)."""
    stamp = (now or timezone.now()).astimezone(dt.UTC).replace(microsecond=0)
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    cal.add("x-wr-calname", name)
    for item in items:
        if item.date is not None:
            cal.add_component(_event(item, url, stamp))
    text: str = cal.to_ical().decode()
    return text
