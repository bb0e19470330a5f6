"""The Spielstärke list (``/spielstaerke/``, rating.md "What players see"): by figure, with
a club filter, pages of ``PAGE_ROWS`` and the download as CSV."""

from __future__ import annotations

from html import escape

from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.formats import get_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from league.clubs.access import clubs_closed_to
from league.clubs.models import Club
from league.core.live import live
from league.core.models import AuditEntry
from league.core.params import int_param
from league.core.spreadsheets import EXPORT_FORMATS, spreadsheet_response
from league.lists.models import RatingStep
from league.rankings.strength import StrengthRow, strength_page, strength_rows
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


# The rows and the club choices made here, once a page: a template's tags and filters a
# cell (200 rows, a national list's clubs) cost several times the query (bench/ranking.py).
_ROW_HTML = (
    '<tr data-player="{}"><td class="num">{}.</td><td class="name-col"><a href="{}{}/">{}'
    '</a></td><td class="num total-col"><strong>{}</strong></td><td class="num">{}</td>'
    '<td class="num">{}</td><td class="num">{}</td><td class="club-col">{}</td></tr>\n'
)


def rows_html(rows: list[StrengthRow]) -> SafeString:
    """The table's rows: names and clubs escaped (``html.escape``: Django's lazy-aware
    escape a cell cost more than the query), the rest numbers; μ and σ with one decimal
    as the language writes it."""
    comma = get_format("DECIMAL_SEPARATOR")
    link = reverse("player-record", args=[0])[: -len("0/")]  # "/spieler/"
    out = []
    for r in rows:
        name = escape(r.name)
        out.append(
            _ROW_HTML.format(
                name,
                r.rank,
                link,
                r.player_id,
                name,
                r.rating,
                f"{r.mu:.1f}".replace(".", comma),
                f"{r.sigma:.1f}".replace(".", comma),
                r.lists,
                escape(r.club),
            )
        )
    return mark_safe("".join(out))  # every text escaped above


def club_options(clubs: list[tuple[int, str]], chosen: int | None) -> SafeString:
    return mark_safe(  # every text escaped
        "".join(
            f'<option value="{pk}"{" selected" if pk == chosen else ""}>{escape(name)}</option>'
            for pk, name in clubs
        )
    )


@require_safe
@live(by_site_and_strength)
def strength_list(request: HttpRequest) -> HttpResponse:
    clubs = list(
        Club.objects.exclude(clubs_closed_to(request.user))
        .order_by("name")
        .values_list("pk", "name", "landesverband")
    )
    club_id = int_param(request.GET.get("verein")) or None
    if club_id is not None and club_id not in {pk for pk, _name, _lv in clubs}:
        club_id = None
    verbaende = sorted({lv for _pk, _name, lv in clubs if lv})
    landesverband = request.GET.get("landesverband", "")
    if landesverband not in verbaende:
        landesverband = ""
    fmt = request.GET.get("_export", "")
    if fmt in EXPORT_FORMATS:
        rows = strength_rows(reader=request.user, club_id=club_id, landesverband=landesverband)
        values: list[list[object]] = [
            [_("Platz"), _("Name"), _("Verein"), _("Spielstärke"), "μ", "σ", _("Listen")],
            *(
                [r.rank, r.name, r.club, r.rating, round(r.mu, 3), round(r.sigma, 3), r.lists]
                for r in rows
            ),
        ]
        return spreadsheet_response(values, fmt, title=_("Spielstärke"), filename="spielstaerke")
    shown = strength_page(
        reader=request.user,
        page=int_param(request.GET.get("seite"), 1, digits=5) or 1,
        club_id=club_id,
        landesverband=landesverband,
    )
    return render(
        request,
        "rankings/spielstaerke.html",
        {
            "rows": rows_html(shown.rows),
            "count": shown.count,
            "page": shown.page,
            "pages": shown.pages,
            "club_options": club_options([(pk, name) for pk, name, _lv in clubs], club_id),
            "club_id": club_id,
            "verbaende": verbaende,
            "landesverband": landesverband,
            "minimum": PROVISIONAL_BELOW,
        },
    )
