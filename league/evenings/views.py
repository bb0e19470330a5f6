"""Club evening and season pages: the season table, a member's lists, the evenings, and
the club's house rules on the club's page (thin views; one per action)."""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
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
from league.clubs.forms import asking
from league.clubs.models import Club, Player
from league.clubs.page import render_club_page
from league.clubs.selectors import member_choices, player_name_choices
from league.core.averages import average_number, average_text
from league.core.errors import ServiceError
from league.core.forms import form_error_from_service, on_form
from league.core.params import int_param
from league.core.pdf import pdf_response
from league.core.spreadsheets import EXPORT_FORMATS, spreadsheet_response
from league.evenings import history, selectors, services
from league.evenings.club_page import rules_form
from league.evenings.forms import (
    CUSTOM,
    EveningForm,
    HistoryUploadForm,
    SeasonSettingsForm,
    TableForm,
)
from league.evenings.history_files import MAX_BYTES, read_sheets
from league.evenings.models import ClubEvening
from league.evenings.pdf import season_pdf
from league.evenings.season_stats import SeasonStats, season_stats
from league.lists.kasse import euro_text
from scoring.errors import RulesError
from scoring.history import Layout, read_history
from scoring.interchange import rules_from_dict
from scoring.messages import render_error
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
    status = 200
    if request.method == "POST" and form.is_valid():
        done = on_form(
            form,
            asking(
                form,
                lambda: services.club_evening_create(
                    club=club,
                    date=form.cleaned_data["date"],
                    note=form.cleaned_data["note"],
                    tables=services.seat_tables(form.names()),
                    people=form.people(),
                    user=club_actor(request),
                ),
            ),
        )
        if done.ok and done.value is not None:
            messages.success(request, _("Vereinsabend angelegt: jeder Tisch hat seine Liste."))
            return redirect(done.value)
        status = 422 if form.asked else 200
    return render(
        request,
        "evenings/evening_create.html",
        {"club": club, "form": form, "player_names": player_name_choices()},
        status=status,
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
                asking(
                    form,
                    lambda: services.club_evening_add_table(
                        evening=evening,
                        names=form.names(),
                        people=form.people(),
                        user=club_actor(request),
                    ),
                ),
            )
            if done.ok and done.value is not None:
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
        status=422 if form is not None and form.asked else 200,
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


# --- a club's history from its spreadsheets (history-import.md "Where") ------------------

_HISTORY_KEY = "history-import:{token}"


def _history_upload(request: HttpRequest, club: Club, token: str) -> dict[str, Any] | None:
    """The upload behind ``token``: this club's, by this account, within the hour."""
    stored = cache.get(_HISTORY_KEY.format(token=token)) if token.isalnum() else None
    if not isinstance(stored, dict) or stored.get("club") != club.pk:
        return None
    if stored.get("user") != request.user.pk:
        return None
    return stored


def _history_decisions(
    request: HttpRequest, preview: history.Preview
) -> tuple[dict[str, int], list[str]]:
    mapping: dict[str, int] = {}
    new: list[str] = []
    for i, choice in enumerate(preview.names):
        value = request.POST.get(f"name-{i}", "")
        if value == "new":
            new.append(choice.name)
        elif value.isdigit() and int(value) in {p.id for p in choice.proposals}:
            mapping[choice.name] = int(value)
    return mapping, new


def club_history_import(request: HttpRequest, pk: int) -> HttpResponse:
    """Upload → preview (evenings, lists, games; sheets skipped; every name with what it
    matched or its proposals; every error) → import, for the club's managers."""
    club = get_object_or_404(Club, pk=pk)
    refused = _guard(request, club)
    if refused is not None:
        return refused
    token = request.POST.get("datei") or request.GET.get("datei") or ""
    stored = _history_upload(request, club, token) if token else None
    if stored is None:
        form = HistoryUploadForm(request.POST or None, request.FILES or None)
        if request.method == "POST" and form.is_valid():
            upload = form.cleaned_data["file"]
            data = b"".join(upload.chunks()) if upload.size <= MAX_BYTES else b""
            try:
                read_sheets(data or b"x" * (MAX_BYTES + 1), upload.name)
            except ServiceError as err:
                form_error_from_service(form, err)
            else:
                token = secrets.token_hex(16)
                cache.set(
                    _HISTORY_KEY.format(token=token),
                    {
                        "club": club.pk,
                        "user": request.user.pk,
                        "name": upload.name,
                        "data": data,
                        "layout": form.cleaned_data["layout"],
                    },
                    60 * 60,
                )
                return redirect(f"{reverse('club-history-import', args=[club.pk])}?datei={token}")
        return render(request, "evenings/history_upload.html", {"club": club, "form": form})
    chosen = request.POST.get("aufbau") or request.GET.get("aufbau") or stored["layout"]
    layout = Layout(chosen) if chosen in Layout._value2member_map_ else Layout.GAMES
    parsed = read_history(read_sheets(stored["data"], stored["name"]), layout)
    replace = request.POST.get("replace") == "1"
    preview = history.history_preview(club=club, history=parsed, file_name=stored["name"])
    problems: tuple[Any, ...] = preview.errors
    if request.method == "POST":
        mapping, new = _history_decisions(request, preview)
        try:
            done = services.club_history_import(
                club=club,
                history=parsed,
                file_name=stored["name"],
                mapping=mapping,
                new=new,
                replace=replace,
                user=club_actor(request),
            )
        except services.HistoryRefused as err:
            problems = err.problems
        except ServiceError as err:  # a name the player column cannot hold, and the like
            problems = (err.message,)
        else:
            cache.delete(_HISTORY_KEY.format(token=token))
            messages.success(
                request,
                _(
                    "Importiert: %(evenings)s Abende, %(lists)s Listen, %(games)s Spiele; "
                    "%(new)s neue Spieler."
                )
                % {
                    "evenings": done.evenings,
                    "lists": done.lists,
                    "games": done.games,
                    "new": done.new_players,
                },
            )
            return redirect("club-season", pk=club.pk)
    return render(
        request,
        "evenings/history_preview.html",
        {
            "club": club,
            "preview": preview,
            "token": token,
            "problems": [p if isinstance(p, str) else render_error(p, _) for p in problems],
            "rows": [(c, request.POST.get(f"name-{i}", "")) for i, c in enumerate(preview.names)],
            "replace": replace,
            "held": any(ev.replaced for ev in preview.evenings),
            "layout": layout.value,
        },
    )


@require_POST
@club_manager_required
def club_rating_evenings(request: HttpRequest, club: Club) -> HttpResponse:
    """ "Vereinsabende zählen zur Spielstärke": on or off (rating.md)."""
    services.club_set_rating_evenings(
        club=club, on=request.POST.get("rating_evenings") == "1", user=club_actor(request)
    )
    messages.success(request, _("Einstellung zur Spielstärke gespeichert."))
    return redirect("club-detail", club.pk)
