"""Club evening and season pages: the season table, a member's lists, the evenings, and
the club's house rules on the club's page (thin views; one per action)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from league.clubs import services as club_services
from league.clubs.access import (
    can_manage_club,
    club_actor,
    club_manager_required,
    club_reader_required,
)
from league.clubs.models import Club, Player
from league.clubs.page import render_club_page
from league.clubs.selectors import member_choices, player_name_choices
from league.core.averages import average_number, average_text
from league.core.errors import ServiceError
from league.core.forms import form_error_from_service, on_form
from league.core.params import int_param
from league.core.pdf import pdf_response
from league.core.spreadsheets import EXPORT_FORMATS, spreadsheet_response
from league.evenings import selectors, services
from league.evenings.club_page import rules_form
from league.evenings.forms import CUSTOM, EveningForm, SeasonSettingsForm, TableForm
from league.evenings.models import ClubEvening
from league.evenings.pdf import season_pdf
from league.evenings.season_stats import SeasonStats, season_stats
from league.lists.kasse import euro_text
from scoring.errors import RulesError
from scoring.interchange import rules_from_dict
from scoring.rules import preset


def _guard(request: HttpRequest, club: Club) -> HttpResponse | None:
    """Writes: club managers (and staff) only; a visitor is sent to log in."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not can_manage_club(request.user, club):
        raise PermissionDenied
    return None


@club_reader_required
def club_season(request: HttpRequest, pk: int) -> HttpResponse:
    """The season table (?jahr=), a member's lists (?spieler=), the settings for managers."""
    club = get_object_or_404(Club, pk=pk)
    manager = can_manage_club(request.user, club)
    year: int | None = int_param(request.GET.get("jahr"), digits=4)
    if year is not None and not 1900 <= year <= 2999:
        year = None  # unreadable or absurd: the current season
    season = selectors.club_season(club=club, year=year, reveal=manager)
    form = None
    if manager:
        current = season.settings
        form = SeasonSettingsForm(
            request.POST or None,
            initial={
                "mode": current.mode.value,
                "minimum": current.minimum,
                "best_n": current.best_n,
                "start_month": season.start_month,
            },
        )
    if request.method == "POST":
        refused = _guard(request, club)
        if refused is not None:
            return refused
        assert form is not None
        if form.is_valid():
            done = on_form(
                form,
                lambda: services.season_settings_update(
                    club=club, user=club_actor(request), **form.cleaned_data
                ),
            )
            if done.ok:
                messages.success(request, _("Saisonwertung gespeichert."))
                return redirect("club-season", pk)
    averaged = season.settings.mode.value.startswith("schnitt")
    fmt = request.GET.get("_export")
    if fmt is not None:
        if fmt not in EXPORT_FORMATS:
            raise Http404
        return spreadsheet_response(
            _season_values(season, numbers=True),
            fmt,
            title=_("Saison %(year)s") % {"year": season.year},
            filename=f"saison-{club.pk}-{season.year}",
        )
    rows = [
        {
            "rank": r.rank,
            "player_id": int(r.player),
            "name": r.name,
            "lists": r.lists,
            "games": r.games,
            "points": r.points,
            "value": (average_text(r.value) if averaged else str(r.value.numerator)),
            "evenings": r.evenings,
        }
        for r in season.table.rows
    ]
    member = None
    member_lists: list[selectors.MemberListRow] = []
    member_id = int_param(request.GET.get("spieler"))
    if member_id:
        member = get_object_or_404(Player, pk=member_id)
        member_lists = selectors.member_season_lists(club=club, player=member, year=season.year)
    return render(
        request,
        "evenings/season.html",
        {
            "formats": [("csv-excel", _("CSV (Excel)")), ("csv", "CSV"), ("xlsx", "XLSX")],
            "club": club,
            "manager": manager,
            "season": season,
            "rows": rows,
            "ranked_by_average": averaged,
            "years": selectors.season_years(club=club),
            "form": form,
            "member": member,
            "member_name": (
                member.name
                if member and (manager or not member.hide_name)
                else (member.public_alias if member else "")
            ),
            "member_lists": member_lists,
            **_season_figures(
                season_stats(club=club, start=season.start, end=season.end, reveal=manager)
            ),
        },
    )


def _season_mode(season: selectors.ClubSeason) -> str:
    """How the season ranks, as the page's line says it."""
    mode, settings = season.settings.mode.value, season.settings
    if mode == "total":
        return _("Wertung: Gesamtpunkte")
    if mode == "schnitt_liste":
        return _("Wertung: Schnitt je Liste, mindestens %(n)s Listen") % {"n": settings.minimum}
    if mode == "schnitt_spiel":
        return _("Wertung: Schnitt je Spiel, mindestens %(n)s Spiele") % {"n": settings.minimum}
    return _("Wertung: die besten %(n)s Listen") % {"n": settings.best_n}


def _season_values(season: selectors.ClubSeason, *, numbers: bool) -> list[list[Any]]:
    """The season table as the page shows it, the header first: the exports' numbers are
    numbers (an average rounded to 2 places), the PDF's the page's texts."""
    mode = season.settings.mode.value
    averaged = mode.startswith("schnitt")
    value_head = {"total": _("Punkte"), "best_n": _("Beste %(n)s") % {"n": season.settings.best_n}}
    header = [_("Platz"), _("Mitglied"), value_head.get(mode, _("Schnitt")), _("Listen")]
    header += [_("Spiele")] + ([_("Punkte")] if mode != "total" else []) + [_("Anwesenheit")]
    out: list[list[Any]] = [header]
    for r in season.table.rows:
        if averaged:
            value: Any = average_number(r.value) if numbers else average_text(r.value)
        else:
            value = r.value.numerator
        rank = r.rank if r.rank is not None else (None if numbers else "–")  # below the minimum
        row: list[Any] = [rank, r.name, value, r.lists, r.games]
        row += [r.points] if mode != "total" else []
        row.append(r.evenings if numbers else f"{r.evenings}/{season.table.evenings}")
        out.append(row)
    return out


@club_reader_required
@require_safe
def club_season_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    """The season table (?jahr=) as a PDF: names as the page shows them to this reader."""
    club = get_object_or_404(Club, pk=pk)
    year: int | None = int_param(request.GET.get("jahr"), digits=4)
    if year is not None and not 1900 <= year <= 2999:
        year = None
    season = selectors.club_season(club=club, year=year, reveal=can_manage_club(request.user, club))
    values = _season_values(season, numbers=False)
    data = season_pdf(
        club,
        year=season.year,
        subtitle=f"{season.start:%d.%m.%Y} – {season.last_day:%d.%m.%Y} · " + _season_mode(season),
        header=values[0],
        rows=values[1:],
    )
    return pdf_response(data, f"saison-{club.pk}-{season.year}.pdf")


def _season_figures(stats: SeasonStats) -> dict[str, Any]:
    """The season's records and evenings, and its Kasse in euros."""
    kasse = stats.kasse
    return {
        "stats": stats,
        "season_kasse": None
        if kasse is None
        else {
            "lists": kasse.lists,
            "balances": [(name, euro_text(c)) for name, c in kasse.cents.items()],
            "pot": euro_text(kasse.pot) if kasse.pot else "",
            "payments": [(p.payer, p.payee, euro_text(p.cents)) for p in kasse.payments],
        },
    }


@club_reader_required
def evening_create(request: HttpRequest, pk: int) -> HttpResponse:
    club = get_object_or_404(Club, pk=pk)
    refused = _guard(request, club)
    if refused is not None:
        return refused
    # Nobody is ticked in advance: who is here is chosen ("alle" ticks every member).
    form = EveningForm(
        request.POST or None,
        members=member_choices(club=club),
        initial={"date": timezone.localdate()},
    )
    if request.method == "POST" and form.is_valid():
        done = on_form(
            form,
            lambda: services.club_evening_create(
                club=club,
                date=form.cleaned_data["date"],
                note=form.cleaned_data["note"],
                tables=services.seat_tables(form.names()),
                user=club_actor(request),
            ),
        )
        if done.ok:
            messages.success(request, _("Vereinsabend angelegt: jeder Tisch hat seine Liste."))
            return redirect(done.value)
    return render(
        request,
        "evenings/evening_create.html",
        {"club": club, "form": form, "player_names": player_name_choices()},
    )


@club_reader_required
def evening_detail(request: HttpRequest, pk: int, evening_id: int) -> HttpResponse:
    club = get_object_or_404(Club, pk=pk)
    evening = get_object_or_404(ClubEvening, pk=evening_id, club=club)
    manager = can_manage_club(request.user, club)
    form = TableForm(request.POST or None) if manager else None
    if request.method == "POST":
        refused = _guard(request, club)
        if refused is not None:
            return refused
        assert form is not None
        if form.is_valid():
            done = on_form(
                form,
                lambda: services.club_evening_add_table(
                    evening=evening, names=form.names(), user=club_actor(request)
                ),
            )
            if done.ok:
                messages.success(request, _("Tisch hinzugefügt."))
                return redirect(evening)
    tables = list(
        evening.tables.select_related("spielliste").prefetch_related("spielliste__seats__player")
    )
    return render(
        request,
        "evenings/evening.html",
        {
            "club": club,
            "evening": evening,
            "tables": tables,
            "manager": manager,
            "form": form,
            "player_names": player_name_choices() if manager else [],
        },
    )


@require_POST
@club_manager_required
def club_rules(request: HttpRequest, club: Club) -> HttpResponse:
    """The club's house rules (a preset or option by option): its evenings' and its new
    lists' rules from now on."""
    form = rules_form(club, request.POST)
    if form.is_valid():
        chosen = form.cleaned_data["preset"]
        try:
            profile = rules_from_dict(form.options()) if chosen == CUSTOM else preset(chosen)
        except RulesError as err:
            field = err.field.replace(".", "_") if err.field else None
            form_error_from_service(form, ServiceError.from_scoring(err), field)
        else:
            club_services.club_set_rules(club=club, profile=profile, user=club_actor(request))
            messages.success(request, _("Hausregeln gespeichert."))
            return redirect("club-detail", club.pk)
    return render_club_page(request, club, bound={"rules_form": form})
