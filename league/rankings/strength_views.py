"""The Spielstärke list (``/spielstaerke/``, rating.md "What players see"): by figure, with
a club filter, pages of ``PAGE_ROWS`` and the download as CSV."""

from __future__ import annotations

from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from league.clubs.access import clubs_closed_to
from league.clubs.models import Club
from league.core.live import live
from league.core.models import AuditEntry
from league.core.params import int_param
from league.core.spreadsheets import EXPORT_FORMATS, spreadsheet_response
from league.lists.models import RatingStep
from league.rankings.strength import PAGE_ROWS, strength_rows
from scoring.rating import PROVISIONAL_BELOW


def by_site_and_strength(request: HttpRequest, *args: object, **kwargs: object) -> str:
    """A page that shows figures: any write, and any refresh of the figures after one (the
    newest audit entry and the newest step, in one query)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT (SELECT MAX(id) FROM {AuditEntry._meta.db_table}), "
            f"(SELECT MAX(id) FROM {RatingStep._meta.db_table})"
        )
        audit, step = cursor.fetchone()
    return f"{audit or 0}.{step or 0}"


@require_safe
@live(by_site_and_strength)
def strength_list(request: HttpRequest) -> HttpResponse:
    clubs = list(Club.objects.exclude(clubs_closed_to(request.user)).order_by("name"))
    club_id = int_param(request.GET.get("verein")) or None
    if club_id is not None and club_id not in {c.pk for c in clubs}:
        club_id = None
    verbaende = sorted({c.landesverband for c in clubs if c.landesverband})
    landesverband = request.GET.get("landesverband", "")
    if landesverband not in verbaende:
        landesverband = ""
    rows = strength_rows(reader=request.user, club_id=club_id, landesverband=landesverband)
    fmt = request.GET.get("_export", "")
    if fmt in EXPORT_FORMATS:
        values: list[list[object]] = [
            [_("Platz"), _("Name"), _("Verein"), _("Spielstärke"), "μ", "σ", _("Listen")],
            *(
                [r.rank, r.name, r.club, r.rating, round(r.mu, 3), round(r.sigma, 3), r.lists]
                for r in rows
            ),
        ]
        return spreadsheet_response(values, fmt, title=_("Spielstärke"), filename="spielstaerke")
    page = int_param(request.GET.get("seite"), 1, digits=5) or 1
    pages = max(1, -(-len(rows) // PAGE_ROWS))
    page = min(page, pages)
    return render(
        request,
        "rankings/spielstaerke.html",
        {
            "rows": rows[(page - 1) * PAGE_ROWS : page * PAGE_ROWS],
            "count": len(rows),
            "page": page,
            "pages": pages,
            "clubs": clubs,
            "club_id": club_id,
            "verbaende": verbaende,
            "landesverband": landesverband,
            "minimum": PROVISIONAL_BELOW,
        },
    )
