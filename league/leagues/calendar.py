"""iCalendar feeds of a league season (RFC 5545): one VEVENT per dated Spieltag.

The UID names the Spieltag (``spieltag-<id>@doppelkopf-liste``) and stays when it moves;
its SEQUENCE (``Spieltag.sequence``) rises with each move, so calendars replace the event.
A Spieltag without a start time is an all-day event; one without a date has no event yet.
Times are written in UTC (``...Z``), which every calendar program reads without a VTIMEZONE.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable

from django.utils import timezone
from django.utils.translation import gettext

from league.leagues.season_selectors import DateItem

PRODID = "-//Doppelkopf-Liste//Liga//DE"
UID_DOMAIN = "doppelkopf-liste"


def escape(text: str) -> str:
    """A TEXT value (RFC 5545 3.3.11): backslash, semicolon, comma and newlines escaped."""
    return (
        text.replace("\\", "\\\\")
        .replace(";", "\\;")
        .replace(",", "\\,")
        .replace("\r\n", "\\n")
        .replace("\n", "\\n")
    )


def fold(line: str) -> str:
    """A content line folded at 75 octets (RFC 5545 3.1), never inside a UTF-8 character."""
    out: list[str] = []
    current = ""
    size = 0
    for char in line:
        width = len(char.encode())
        if size + width > (75 if not out else 74):
            out.append(current)
            current, size = "", 0
        current += char
        size += width
    out.append(current)
    return "\r\n ".join(out)


def _utc(value: dt.datetime) -> str:
    return value.astimezone(dt.UTC).strftime("%Y%m%dT%H%M%SZ")


def _event(item: DateItem, url: Callable[[DateItem], str], stamp: str) -> list[str]:
    assert item.date is not None
    league = item.league
    teams = ", ".join(t.name for t in item.teams)
    lines = [
        "BEGIN:VEVENT",
        f"UID:spieltag-{item.spieltag.pk}@{UID_DOMAIN}",
        f"DTSTAMP:{stamp}",
        f"SEQUENCE:{item.sequence}",
    ]
    if item.start is not None and item.end is not None:
        lines += [f"DTSTART:{_utc(item.start)}", f"DTEND:{_utc(item.end)}"]
    else:
        day = item.date
        lines += [
            f"DTSTART;VALUE=DATE:{day.strftime('%Y%m%d')}",
            f"DTEND;VALUE=DATE:{(day + dt.timedelta(days=1)).strftime('%Y%m%d')}",
        ]
    summary = gettext("%(league)s: Spieltag %(label)s") % {
        "league": f"{league.name} {league.season}",
        "label": item.label,
    }
    description = [gettext("Mannschaften: %(teams)s") % {"teams": teams}]
    if item.host is not None:
        description.append(gettext("Ausrichter: %(team)s") % {"team": item.host.name})
    link = url(item)
    description.append(link)
    lines.append(f"SUMMARY:{escape(summary)}")
    if item.venue:
        lines.append(f"LOCATION:{escape(item.venue)}")
    lines += [
        f"DESCRIPTION:{escape(chr(10).join(description))}",
        f"URL:{link}",
        "STATUS:CONFIRMED",
        "END:VEVENT",
    ]
    return lines


def calendar(
    items: Iterable[DateItem],
    *,
    name: str,
    url: Callable[[DateItem], str],
    now: dt.datetime | None = None,
) -> str:
    """The feed of ``items`` (the dated ones) named ``name``; ``url`` gives each event's
    link back to its Spieltag page (absolute)."""
    stamp = _utc(now or timezone.now())
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:{PRODID}",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"X-WR-CALNAME:{escape(name)}",
    ]
    for item in items:
        if item.date is not None:
            lines += _event(item, url, stamp)
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + "\r\n" for line in lines)
