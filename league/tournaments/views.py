"""Tournament pages: thin views over the tournament selectors (reads) and services (writes)."""

from __future__ import annotations

import math
import secrets
import time
from functools import partial
from itertools import accumulate

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from league.accounts import services as account_services
from league.accounts.forms import AccountForm, InviteForm
from league.accounts.invitation_views import invitation_link
from league.accounts.models import Invitation
from league.clubs import services as club_services
from league.clubs.models import PlayerClaim
from league.clubs.selectors import player_name_choices
from league.core import conditional
from league.core.confirm import ask_first
from league.core.errors import ServiceError
from league.core.messages import render as render_message
from league.core.params import int_param
from league.core.pdf import pdf_response
from league.core.text import name_matches
from league.lists import services as list_services
from league.lists.chart import Series, running_totals_svg
from league.lists.codes import code_url
from league.lists.presenters import initials
from league.lists.selectors import PAPER_ACCEPTED, PAPER_DIFFERS, PAPER_WAITING
from league.tournaments import pdf as tournament_pdf
from league.tournaments import services as ts
from league.tournaments.access import (
    can_organise,
    organiser_actor,
    organiser_required,
    read_or_refuse,
    reader_required,
    tournaments_closed_to,
)
from league.tournaments.csv_import import ImportRow, parse_participants
from league.tournaments.forms import (
    CsvUploadForm,
    DrawForm,
    PaperCsvForm,
    PaperTotalsForm,
    ParticipantForm,
    TournamentForm,
)
from league.tournaments.models import Participant, Tournament, TournamentRound
from league.tournaments.paper_csv import parse_paper_csv
from league.tournaments.selectors import (
    current_draw,
    current_seat,
    next_round_problem,
    paper_board,
    player_rounds,
    round_board,
    round_clock,
    round_phase_label,
    round_repeats,
    standings,
    standings_cached,
    standings_version,
    tournament_rounds,
)
from league.tournaments.services import PaperSaved, PaperTable
from league.tournaments.tables import EXPORT_FORMATS, StandingsTable, standings_export
from scoring.totals import TABLE_SIZES


def tournament_index(request: HttpRequest) -> HttpResponse:
    readable = Tournament.objects.exclude(tournaments_closed_to(request.user))
    return render(request, "tournaments/index.html", {"tournaments": readable})


@login_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        cd = form.cleaned_data
        try:
            tournament = ts.tournament_create(
                name=cd["name"],
                date=cd["date"],
                venue=cd["venue"],
                rounds_planned=cd["rounds_planned"],
                official=cd["official"],
                require_confirmation=cd["require_confirmation"],
                double_entry=cd["double_entry"],
                separate_clubs=cd["separate_clubs"],
                round_minutes=cd["round_minutes"],
                members_only=cd["members_only"],
                tie_breaks=form.tie_breaks(),
                user=organiser_actor(request),
            )
        except ServiceError as err:
            form.add_error(err.field if err.field in form.fields else None, err.message)
        else:
            messages.success(request, _("Turnier angelegt. Jetzt Teilnehmer anmelden."))
            return redirect("tournament-participants", tournament.pk)
    return render(request, "tournaments/create.html", {"form": form})


@reader_required
def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    rounds = tournament_rounds(tournament=tournament)
    active = tournament.participants.filter(withdrawn=False).count()
    return render(
        request,
        "tournaments/detail.html",
        {
            "tournament": tournament,
            "organiser": can_organise(request.user, tournament),
            "rounds": rounds,
            "participant_count": active,
            "short_of_fours": (4 - active % 4) % 4 if active >= 4 else 0,
            "draw_form": DrawForm(),
            "next_round": (rounds[-1].number + 1) if rounds else 1,
            "can_draw": next_round_problem(tournament=tournament) is None,
        },
    )


@organiser_required
def tournament_participants(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    form = ParticipantForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            participant = ts.participant_add(
                tournament=tournament,
                name=form.cleaned_data["name"],
                club_name=form.cleaned_data["club"],
                ddv_number=form.cleaned_data["ddv_number"],
                user=organiser_actor(request),
            )
        except ServiceError as err:
            form.add_error("name", err.message)
        else:
            messages.success(request, _("%(name)s angemeldet.") % {"name": participant.player})
            return redirect("tournament-participants", pk)
    participants = list(tournament.participants.select_related("player__club"))
    query = request.GET.get("q", "").strip()
    shown = [p for p in participants if name_matches(query, p.player.name)] if query else None
    return render(
        request,
        "tournaments/participants.html",
        {
            "tournament": tournament,
            "organiser": True,
            "participants": participants if shown is None else shown,
            "query": query,
            "form": form,
            "upload": CsvUploadForm(),
            "player_names": player_name_choices(),
            "claims": PlayerClaim.objects.filter(
                player__entries__tournament=tournament, decided_at__isnull=True
            ).select_related("player", "account"),
            "active": sum(1 for p in participants if not p.withdrawn),
        },
    )


@organiser_required
@require_POST
def claim_decide(request: HttpRequest, pk: int, claim_id: int) -> HttpResponse:
    """An organiser confirms (or refuses) that an account is one of his participants."""
    claim = get_object_or_404(
        PlayerClaim, pk=claim_id, player__entries__tournament_id=pk, decided_at__isnull=True
    )
    club_services.player_claim_decide(
        claim=claim, accept=request.POST.get("accept") == "1", user=organiser_actor(request)
    )
    return redirect("tournament-participants", pk)


@organiser_required
@require_POST
def participant_toggle(request: HttpRequest, pk: int, participant_id: int) -> HttpResponse:
    """Withdraw (or re-admit) a participant. One who sits at a table of the open round is
    withdrawn only after the organiser has read what happens to that table."""
    participant = get_object_or_404(
        Participant.objects.select_related("player", "tournament"),
        pk=participant_id,
        tournament_id=pk,
    )
    back = reverse("tournament-participants", args=[pk])
    seat = None
    if not participant.withdrawn:
        seat = current_seat(tournament=participant.tournament, player_id=participant.player_id)
    if seat is not None:
        values = {
            "name": participant.player.name,
            "round": seat.round_number,
            "table": seat.table,
        }
        detail = (
            _(
                "An Tisch %(table)d wird schon gespielt: auf der Liste des Tisches setzt die "
                "Turnierleitung einen Ersatzspieler ein (er spielt den Platz zu Ende) oder "
                "beendet die Liste vorzeitig. Ab der nächsten Runde wird %(name)s nicht mehr "
                "ausgelost."
            )
            if seat.liste.games_played or seat.liste.totals_only
            else _(
                "An Tisch %(table)d wurde noch nicht gespielt: nach dem Abmelden die Runde "
                "neu auslosen (nur die nicht begonnenen Tische werden neu gelost)."
            )
        ) % values
        asking = ask_first(
            request,
            question=_("%(name)s sitzt in Runde %(round)d an Tisch %(table)d – abmelden?") % values,
            detail=detail,
            yes=_("Ja, abmelden"),
            back=back,
        )
        if asking is not None:
            return asking
    ts.participant_set_withdrawn(
        participant=participant, withdrawn=not participant.withdrawn, user=organiser_actor(request)
    )
    if seat is not None:
        # On to where the organiser acts next: the table's list, or the board to redraw.
        messages.warning(
            request,
            _("%(name)s ist abgemeldet. Jetzt Tisch %(table)d regeln.")
            % {"name": participant.player.name, "table": seat.table},
        )
        if seat.liste.games_played or seat.liste.totals_only:
            return redirect(seat.liste)
        return redirect("round-board", pk, seat.round_number)
    return redirect(back)


SHOWN_REFUSALS = 20  # refused import lines named one by one; the rest counted


@organiser_required
def participants_import(request: HttpRequest, pk: int) -> HttpResponse:
    """Upload → preview (nothing saved) → confirm."""
    tournament = get_object_or_404(Tournament, pk=pk)
    session_key = f"csv-import-{pk}"
    if request.method == "POST" and "confirm" in request.POST:
        stored = request.session.pop(session_key, None)
        if not stored or stored["token"] != request.POST.get("token"):
            messages.error(request, _("Die Vorschau ist abgelaufen – bitte erneut hochladen."))
            return redirect("tournament-participants", pk)
        rows = [ImportRow(**row) for row in stored["rows"]]
        try:
            added, refused = ts.participants_import(
                tournament=tournament, rows=rows, user=organiser_actor(request)
            )
        except ServiceError as err:
            messages.error(request, err.message)
            return redirect("tournament-participants", pk)
        messages.success(request, _("%(n)d Teilnehmer angemeldet.") % {"n": len(added)})
        for refusal in refused[:SHOWN_REFUSALS]:
            messages.warning(request, refusal.message)
        if len(refused) > SHOWN_REFUSALS:
            more = len(refused) - SHOWN_REFUSALS
            messages.warning(
                request, _("… und %(n)d weitere Zeilen nicht übernommen.") % {"n": more}
            )
        return redirect("tournament-participants", pk)
    upload = CsvUploadForm(request.POST or None, request.FILES or None)
    if request.method != "POST" or not upload.is_valid():
        return redirect("tournament-participants", pk)
    preview = parse_participants(upload.cleaned_data["file"].read())
    token = secrets.token_urlsafe(16)
    request.session[session_key] = {
        "token": token,
        "rows": [row.__dict__ for row in preview.rows],
    }
    return render(
        request,
        "tournaments/import_preview.html",
        {"tournament": tournament, "organiser": True, "preview": preview, "token": token},
    )


@organiser_required
@require_POST
def round_draw(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    form = DrawForm(request.POST)
    form.is_valid()
    try:
        rnd, warnings = ts.round_draw(
            tournament=tournament,
            seeded=form.cleaned_data.get("seeded", False),
            user=organiser_actor(request),
        )
    except ServiceError as err:
        messages.error(request, err.message)
        return redirect(tournament)
    for code in warnings:
        messages.warning(request, render_message(f"warning.{code}"))
    messages.success(request, _("Runde %(n)d ausgelost.") % {"n": rnd.number})
    return redirect("round-board", pk, rnd.number)


def _round(pk: int, number: int) -> TournamentRound:
    return get_object_or_404(
        TournamentRound.objects.select_related("tournament"), tournament_id=pk, number=number
    )


@reader_required
def round_board_view(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    rnd = _round(pk, number)
    organiser = can_organise(request.user, rnd.tournament)
    tables = round_board(tournament_round=rnd, reveal=organiser)
    started = any(t.liste.games_played or t.liste.totals_only for t in tables)
    return render(
        request,
        "tournaments/board.html",
        {
            "tournament": rnd.tournament,
            "organiser": organiser,
            "round": rnd,
            "tables": tables,
            "done": sum(1 for t in tables if t.liste.complete),
            "failing": [t for t in tables if not t.checks_ok],
            "started": started,
            "phase": round_phase_label(rnd, started=started),
            "repeats": round_repeats(tournament_round=rnd, reveal=organiser),
            "clock": round_clock(rnd),
            "all_started": all(t.started for t in tables),
            "paper_tables": sum(1 for t in tables if t.liste.totals_only),
        },
    )


# Round-wide and destructive actions ask first (league.core.confirm): (question, detail, yes).
_ASK = {
    "redraw": (
        _lazy("Runde neu auslosen?"),
        _lazy(
            "Alle Tische, an denen noch nicht gespielt wird, werden neu ausgelost; "
            "begonnene Tische bleiben, wie sie sind."
        ),
        _lazy("Ja, neu auslosen"),
    ),
    "time": (
        _lazy("Zeit abgelaufen an allen Tischen?"),
        _lazy(
            "An jedem Tisch, der noch spielt, wird das laufende Spiel zu Ende gespielt und "
            "eingetragen; danach nur noch fehlende Pflichtsoli. Ein Tisch, an dem kein Spiel "
            "mehr gegeben war, vermerkt das auf seiner Liste."
        ),
        _lazy("Ja, Zeit abgelaufen"),
    ),
    "close": (
        _lazy("Runde abschließen?"),
        _lazy("Danach zählt die Runde in der Wertung; die Tisch-Codes gelten nicht mehr."),
        _lazy("Ja, abschließen"),
    ),
    "reopen": (
        _lazy("Runde wieder öffnen?"),
        _lazy("Die Listen lassen sich dann wieder ändern; die Runde zählt vorläufig."),
        _lazy("Ja, wieder öffnen"),
    ),
    "unofficial": (
        _lazy("Als inoffizielles Turnier weiterspielen?"),
        _lazy(
            "Dann sind Fünfertische erlaubt; das Turnier zählt nicht als offizielles DDV-Turnier."
        ),
        _lazy("Ja, inoffiziell weiterspielen"),
    ),
}


@organiser_required
@require_POST
def round_action(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    rnd = _round(pk, number)
    action = request.POST.get("action", "")
    if action in _ASK:
        question, detail, yes = _ASK[action]
        asking = ask_first(
            request,
            question=str(question),
            detail=str(detail),
            yes=str(yes),
            back=reverse("round-board", args=[pk, number]),
        )
        if asking is not None:
            return asking
    try:
        if action == "start":
            ts.round_start(tournament_round=rnd, user=organiser_actor(request))
            messages.success(request, _("Die Runde läuft: die Uhr ist gestartet."))
        elif action == "time":
            n = ts.round_call_time(tournament_round=rnd, user=organiser_actor(request))
            messages.success(
                request,
                ngettext("Zeit abgelaufen an %(n)d Tisch.", "Zeit abgelaufen an %(n)d Tischen.", n)
                % {"n": n},
            )
        elif action == "close":
            ts.round_close(tournament_round=rnd, user=organiser_actor(request))
            messages.success(request, _("Runde abgeschlossen: sie zählt jetzt in der Wertung."))
        elif action == "reopen":
            ts.round_reopen(tournament_round=rnd, user=organiser_actor(request))
            messages.success(request, _("Runde wieder geöffnet."))
        elif action == "renew_code":
            liste = rnd.lists.filter(
                round_table__number=int_param(request.POST.get("table"))
            ).first()
            if liste is None:
                raise Http404
            list_services.spielliste_renew_code(spielliste=liste, user=organiser_actor(request))
            messages.success(request, _("Neuer Tisch-Code: der alte gilt nicht mehr."))
        elif action == "redraw":
            _redrawn, warnings = ts.round_redraw(
                tournament_round=rnd, user=organiser_actor(request)
            )
            for code in warnings:
                messages.warning(request, render_message(f"warning.{code}"))
            messages.success(request, _("Runde neu ausgelost."))
        else:
            messages.error(request, _("Unbekannte Aktion."))
    except ServiceError as err:
        messages.error(request, err.message)
    return redirect("round-board", pk, number)


@organiser_required
@require_POST
def tournament_unofficial(request: HttpRequest, pk: int) -> HttpResponse:
    """An official event below a multiple of four continues as an unofficial one."""
    tournament = get_object_or_404(Tournament, pk=pk)
    question, detail, yes = _ASK["unofficial"]
    asking = ask_first(
        request,
        question=str(question),
        detail=str(detail),
        yes=str(yes),
        back=tournament.get_absolute_url(),
    )
    if asking is not None:
        return asking
    ts.tournament_set_unofficial(tournament=tournament, user=organiser_actor(request))
    messages.success(request, _("Das Turnier läuft jetzt als inoffizielles Turnier."))
    return redirect(tournament)


def _entry_number(request: HttpRequest, tournament: Tournament) -> int:
    entry = int_param(request.GET.get("eingabe") or request.POST.get("eingabe"), 1, digits=1)
    return 2 if entry == 2 and tournament.double_entry else 1


@organiser_required
def round_results(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Results from paper: table number, its 4 or 5 totals, Enter — the next table. With
    double entry the second typist works blind on ``?eingabe=2``."""
    rnd = _round(pk, number)
    tournament = rnd.tournament
    entry = _entry_number(request, tournament)
    form = PaperTotalsForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        typed = PaperTable(
            table=form.cleaned_data["table"], totals=form.totals(), deduction=form.deduction()
        )
        try:
            (saved,) = ts.round_paper_results(
                tournament_round=rnd, entry=entry, tables=[typed], user=organiser_actor(request)
            )
        except ServiceError as err:
            form.add_error(None, err.message)
        else:
            messages.success(request, paper_saved_message(saved.table, saved.status))
            _paper_warnings(request, saved)
            url = reverse("round-results", args=[pk, number])
            return redirect(f"{url}?eingabe={entry}")
    return render(
        request,
        "tournaments/results.html",
        {
            "tournament": tournament,
            "organiser": True,
            "round": rnd,
            "entry": entry,
            "form": form,
            "tables": paper_board(tournament_round=rnd, entry=entry),
            "csv_form": PaperCsvForm(),
            # What was typed stays in the fields after a refusal (nothing is lost).
            "inputs": [
                (
                    i,
                    form.data.get(f"p{i}", "") if form.errors else "",
                    form.data.get(f"d{i}", "") if form.errors else "",
                )
                for i in range(1, max(TABLE_SIZES) + 1)
            ],
        },
        status=422 if form.errors else 200,
    )


def _paper_warnings(request: HttpRequest, saved: PaperSaved) -> None:
    for notice in saved.warnings:
        text = render_message(f"warning.{notice.code}", notice.params)
        messages.warning(request, _("Tisch %(t)d: %(text)s") % {"t": saved.table, "text": text})


def paper_saved_message(table: int, status: str) -> str:
    if status == PAPER_DIFFERS:
        return _("Tisch %(t)d gespeichert – weicht von der anderen Eingabe ab.") % {"t": table}
    if status == PAPER_WAITING:
        return _("Tisch %(t)d gespeichert – die zweite Eingabe fehlt noch.") % {"t": table}
    return _("Tisch %(t)d gespeichert.") % {"t": table}


@organiser_required
def round_results_import(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Results from paper as a CSV file: upload → preview (nothing saved) → confirm."""
    rnd = _round(pk, number)
    tournament = rnd.tournament
    entry = _entry_number(request, tournament)
    session_key = f"paper-import-{rnd.pk}"
    back = f"{reverse('round-results', args=[pk, number])}?eingabe={entry}"
    if request.method == "POST" and "confirm" in request.POST:
        stored = request.session.pop(session_key, None)
        if not stored or stored["token"] != request.POST.get("token"):
            messages.error(request, _("Die Vorschau ist abgelaufen – bitte erneut hochladen."))
            return redirect(back)
        tables = [
            PaperTable(table=t, totals={int(k): v for k, v in totals.items()})
            for t, totals in stored["tables"]
        ]
        try:
            done = ts.round_paper_results(
                tournament_round=rnd,
                entry=stored["entry"],
                tables=tables,
                user=organiser_actor(request),
            )
        except ServiceError as err:
            messages.error(request, err.message)
        else:
            for saved in done:
                if saved.status != PAPER_ACCEPTED:
                    messages.warning(request, paper_saved_message(saved.table, saved.status))
                _paper_warnings(request, saved)
            messages.success(
                request,
                ngettext(
                    "%(n)d Tisch aus der Datei übernommen.",
                    "%(n)d Tische aus der Datei übernommen.",
                    len(done),
                )
                % {"n": len(done)},
            )
        return redirect(back)
    upload = PaperCsvForm(request.POST or None, request.FILES or None)
    if request.method != "POST" or not upload.is_valid():
        return redirect(back)
    parsed = parse_paper_csv(upload.cleaned_data["file"].read())
    token = secrets.token_urlsafe(16)
    request.session[session_key] = {
        "token": token,
        "entry": entry,
        "tables": [(t.table, {str(k): v for k, v in t.totals.items()}) for t in parsed.tables],
    }
    names = {t.number: t.names for t in paper_board(tournament_round=rnd, entry=entry)}
    return render(
        request,
        "tournaments/results_preview.html",
        {
            "tournament": tournament,
            "organiser": True,
            "round": rnd,
            "entry": entry,
            "parsed": parsed,
            "rows": [
                (t.table, list(zip(names.get(t.table, ()), t.totals.values(), strict=False)))
                for t in parsed.tables
            ],
            "token": token,
        },
    )


def _provisional(request: HttpRequest) -> bool:
    return request.GET.get("vorlaeufig") == "1"


def _standings_version(request: HttpRequest, pk: int) -> str | None:
    return standings_version(
        tournament_id=pk, provisional=_provisional(request), reader=request.user
    )


def _projector_version(request: HttpRequest, pk: int) -> str | None:
    return standings_version(tournament_id=pk, provisional=True, reader=request.user)


# Polled by every phone in the hall: the read check (members-only) rides on the version's
# query, so a 304 costs one query; the view itself checks again before it answers.
@conditional.conditional(_standings_version)
def standings_view(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    read_or_refuse(request, tournament)
    provisional = _provisional(request)
    organiser = can_organise(request.user, tournament)
    result = standings_cached(
        tournament=tournament,
        version=conditional.version(request, lambda: _standings_version(request, pk)),
        provisional=provisional,
        reveal=organiser,
    )
    table = StandingsTable(result, tournament_id=tournament.pk)
    export = request.GET.get("_export", "")
    if export in EXPORT_FORMATS:
        RequestConfig(request, paginate=False).configure(table)
        return standings_export(table, export, f"wertung-{tournament.pk}")
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    # The table is the expensive part and the same for every phone that asks for this
    # address in this language and role (the rest of the page carries the viewer's CSRF
    # token): rendered once per version.
    table_html = conditional.cached(
        "standings-table:"
        + conditional.digest(
            pk,
            conditional.version(request, lambda: _standings_version(request, pk)),
            get_language(),
            organiser,
            request.get_full_path(),
        ),
        lambda: str(table.as_html(request)),
    )
    query = request.GET.get("q", "").strip()
    found = [r for r in result.rows if name_matches(query, r.name)] if query else []
    # "Find me" also says where he sits in the round being played.
    draw = current_draw(tournament=tournament, reveal=organiser) if found else None
    seats = {s.participant_id: s for s in draw.seats} if draw else {}
    return render(
        request,
        "tournaments/standings.html",
        {
            "tournament": tournament,
            "organiser": organiser,
            "table_html": mark_safe(table_html),  # rendered by django-tables2, escaped
            "standings": result,
            "provisional": provisional,
            "query": query,
            "found": [(r, seats.get(r.participant_id)) for r in found],
            "draw": draw,
        },
    )


@conditional.conditional(_projector_version)
def projector(request: HttpRequest, pk: int) -> HttpResponse:
    """Large type for the hall: the standings (and, on request, the current round's seats
    by surname, never the codes). The page script fits the rows to the screen and cycles
    through every page, then reloads for fresh results. ``ansicht`` = wertung (default),
    tische or beides; ``takt`` = seconds per screen page (1-120, default 12).

    The page carries no form and nothing of the viewer but his language: rendered once per
    version, language, address and minute (the clock's text without script) and shared by
    every projector and phone that asks."""
    tournament = get_object_or_404(Tournament, pk=pk)
    read_or_refuse(request, tournament)
    version = conditional.version(request, lambda: _projector_version(request, pk))
    key = "projector:" + conditional.digest(
        pk, version, get_language(), request.get_full_path(), int(time.time() // 60)
    )
    html = conditional.cached(key, lambda: _projector_html(request, tournament, version))
    return HttpResponse(html)


def _projector_html(request: HttpRequest, tournament: Tournament, version: str) -> str:
    result = standings_cached(tournament=tournament, version=version, provisional=True)
    view = request.GET.get("ansicht", "wertung")
    if view not in ("wertung", "tische", "beides"):
        view = "wertung"
    try:
        takt = float(request.GET.get("takt", "12")[:8])
    except ValueError:
        takt = 12.0
    takt = min(max(takt, 0.2), 120.0) if math.isfinite(takt) else 12.0
    draw = current_draw(tournament=tournament) if view != "wertung" else None
    return render_to_string(
        "tournaments/projector.html",
        {
            "tournament": tournament,
            "standings": result,
            "clock": next(
                (
                    c
                    for c in (round_clock(r) for r in tournament.rounds.exclude(status="closed"))
                    if c is not None
                ),
                None,
            ),
            "rows": result.rows if view != "tische" or draw is None else [],
            "draw": draw,
            "takt_ms": int(takt * 1000),
        },
        request,
    )


@reader_required
def player_view(request: HttpRequest, pk: int, participant_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    participant = get_object_or_404(
        Participant.objects.select_related("player__club"), pk=participant_id, tournament=tournament
    )
    organiser = can_organise(request.user, tournament)
    rounds = player_rounds(tournament=tournament, participant=participant, reveal=organiser)
    player_name = (
        participant.player.name
        if organiser or not participant.player.hide_name
        else participant.player.public_alias
    )
    return render(
        request,
        "tournaments/player.html",
        {
            "tournament": tournament,
            "organiser": organiser,
            "participant": participant,
            "rounds": rounds,
            "chart": mark_safe(  # built by league.lists.chart, every text escaped
                running_totals_svg(
                    [
                        Series(
                            player_name,
                            initials([player_name])[0],
                            tuple(accumulate(r.points for r in rounds)),
                        )
                    ],
                    title=_("Stand nach jeder Runde"),
                    x_label=_("Runde"),
                )
            ),
            "can_claim": isinstance(request.user, User)
            and participant.player.account_id is None
            and not hasattr(request.user, "player"),
            "player_name": player_name,
        },
    )


@reader_required
def draw_pdf(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    rnd = _round(pk, number)
    data = tournament_pdf.draw_pdf(rnd, reveal=can_organise(request.user, rnd.tournament))
    return pdf_response(data, f"auslosung-runde-{number}.pdf")


@reader_required
def round_lists_pdf(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    rnd = _round(pk, number)
    blank = request.GET.get("leer") == "1"
    # The organiser prints the lists for the tables: each with its code (api.md).
    organiser = can_organise(request.user, rnd.tournament)
    with_codes = organiser and not rnd.closed
    data = tournament_pdf.round_lists_pdf(
        rnd,
        blank=blank,
        reveal=organiser,
        code_url=partial(code_url, request) if with_codes else None,
    )
    return pdf_response(data, f"spiellisten-runde-{number}{'-leer' if blank else ''}.pdf")


@organiser_required
def tournament_organisers(request: HttpRequest, pk: int) -> HttpResponse:
    """Who organises the tournament; organisers add co-organisers (existing accounts)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    inviting = request.method == "POST" and "email" in request.POST
    form = AccountForm(request.POST if request.method == "POST" and not inviting else None)
    invite = InviteForm(request.POST if inviting else None)
    if request.method == "POST":
        try:
            if inviting:
                if invite.is_valid():
                    account_services.invitation_create(
                        kind=Invitation.Kind.ORGANISER,
                        target_id=tournament.pk,
                        email=invite.cleaned_data["email"],
                        link=partial(invitation_link, request),
                        user=organiser_actor(request),
                    )
                    messages.success(request, _("Einladung verschickt."))
                    return redirect("tournament-organisers", pk)
            elif "remove" in request.POST:
                ts.tournament_remove_organiser(
                    tournament=tournament,
                    account_id=int_param(request.POST.get("remove")),
                    user=organiser_actor(request),
                )
                messages.success(request, _("Aus der Turnierleitung entfernt."))
                return redirect("tournament-organisers", pk)
            if form.is_valid():
                added = ts.tournament_add_organiser(
                    tournament=tournament,
                    account=form.cleaned_data["account"],
                    user=organiser_actor(request),
                )
                messages.success(
                    request,
                    _("%(who)s gehört jetzt zur Turnierleitung.") % {"who": added.get_username()},
                )
                return redirect("tournament-organisers", pk)
        except ServiceError as err:
            if err.field and err.field in form.fields:
                form.add_error(err.field, err.message)
            else:
                messages.error(request, err.message)
    return render(
        request,
        "tournaments/organisers.html",
        {
            "tournament": tournament,
            "organiser": True,
            "organisers": tournament.organisers.order_by("username"),
            "form": form,
            "invite": invite,
        },
    )


@organiser_required
def codes_pdf(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    rnd = _round(pk, number)
    data = tournament_pdf.codes_pdf(rnd, partial(code_url, request))
    return pdf_response(data, f"tisch-codes-runde-{number}.pdf")


@reader_required
def standings_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    provisional = request.GET.get("vorlaeufig") == "1"
    reveal = can_organise(request.user, tournament)
    result = standings(tournament=tournament, provisional=provisional, reveal=reveal)
    return pdf_response(tournament_pdf.standings_pdf(tournament, result), f"wertung-{pk}.pdf")
