"""Tournament pages: thin views over the tournament selectors (reads) and services (writes)."""

from __future__ import annotations

import secrets
from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig
from django_tables2.export import TableExport

from league.accounts import services as account_services
from league.accounts.forms import AccountForm, InviteForm
from league.accounts.invitation_views import invitation_link
from league.accounts.models import Invitation
from league.clubs import services as club_services
from league.clubs.models import PlayerClaim
from league.core.errors import ServiceError
from league.core.messages import render as render_message
from league.core.params import int_param
from league.core.pdf import pdf_response
from league.lists import services as list_services
from league.lists.views import code_url
from league.tournaments import pdf as tournament_pdf
from league.tournaments import services as ts
from league.tournaments.access import can_organise, organiser_actor, organiser_required
from league.tournaments.csv_import import ImportRow, parse_participants
from league.tournaments.forms import (
    CsvUploadForm,
    DrawForm,
    ParticipantForm,
    TournamentForm,
)
from league.tournaments.models import Participant, Tournament, TournamentRound
from league.tournaments.selectors import (
    next_round_problem,
    player_rounds,
    round_board,
    round_phase_label,
    standings,
    tournament_rounds,
)
from league.tournaments.tables import StandingsTable

EXPORT_FORMATS = ("csv", "xlsx", "ods")


def tournament_index(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/index.html", {"tournaments": Tournament.objects.all()})


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
                tie_breaks=form.tie_breaks(),
                user=organiser_actor(request),
            )
        except ServiceError as err:
            form.add_error(None, err.message)
        else:
            messages.success(request, _("Turnier angelegt. Jetzt Teilnehmer anmelden."))
            return redirect("tournament-participants", tournament.pk)
    return render(request, "tournaments/create.html", {"form": form})


def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    rounds = tournament_rounds(tournament=tournament)
    return render(
        request,
        "tournaments/detail.html",
        {
            "tournament": tournament,
            "organiser": can_organise(request.user, tournament),
            "rounds": rounds,
            "participant_count": tournament.participants.filter(withdrawn=False).count(),
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
    participants = tournament.participants.select_related("player__club")
    return render(
        request,
        "tournaments/participants.html",
        {
            "tournament": tournament,
            "organiser": True,
            "participants": participants,
            "form": form,
            "upload": CsvUploadForm(),
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
    participant = get_object_or_404(Participant, pk=participant_id, tournament_id=pk)
    ts.participant_set_withdrawn(
        participant=participant, withdrawn=not participant.withdrawn, user=organiser_actor(request)
    )
    return redirect("tournament-participants", pk)


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
        added, refused = ts.participants_import(
            tournament=tournament, rows=rows, user=organiser_actor(request)
        )
        messages.success(request, _("%(n)d Teilnehmer angemeldet.") % {"n": len(added)})
        for err in refused:
            messages.warning(request, err.message)
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


def round_board_view(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    rnd = _round(pk, number)
    organiser = can_organise(request.user, rnd.tournament)
    tables = round_board(tournament_round=rnd, reveal=organiser)
    started = any(t.liste.games_played for t in tables)
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
        },
    )


@organiser_required
@require_POST
def round_action(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    rnd = _round(pk, number)
    action = request.POST.get("action")
    try:
        if action == "time":
            n = ts.round_call_time(tournament_round=rnd, user=organiser_actor(request))
            messages.success(request, _("Zeit abgelaufen an %(n)d Tischen.") % {"n": n})
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


def standings_view(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    provisional = request.GET.get("vorlaeufig") == "1"
    result = standings(
        tournament=tournament,
        provisional=provisional,
        reveal=can_organise(request.user, tournament),
    )
    table = StandingsTable(result, tournament_id=tournament.pk)
    export = request.GET.get("_export")
    if export in EXPORT_FORMATS:
        RequestConfig(request, paginate=False).configure(table)
        exporter = TableExport(export, table, exclude_columns=())
        response: HttpResponse = exporter.response(f"wertung-{tournament.pk}.{export}")
        return response
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    query = request.GET.get("q", "").strip()
    found = [r for r in result.rows if query.casefold() in r.name.casefold()] if query else []
    return render(
        request,
        "tournaments/standings.html",
        {
            "tournament": tournament,
            "organiser": can_organise(request.user, tournament),
            "table": table,
            "standings": result,
            "provisional": provisional,
            "query": query,
            "found": found,
        },
    )


def projector(request: HttpRequest, pk: int) -> HttpResponse:
    """Large type, refreshes itself and pages through long standings."""
    tournament = get_object_or_404(Tournament, pk=pk)
    result = standings(tournament=tournament, provisional=True)
    per_page = 20
    pages = max(1, -(-len(result.rows) // per_page))
    page = int_param(request.GET.get("seite"), 1, digits=5)
    page = min(max(page, 1), pages)
    rows = result.rows[(page - 1) * per_page : page * per_page]
    return render(
        request,
        "tournaments/projector.html",
        {
            "tournament": tournament,
            "standings": result,
            "rows": rows,
            "page": page,
            "pages": pages,
            "next_page": page % pages + 1,
        },
    )


def player_view(request: HttpRequest, pk: int, participant_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    participant = get_object_or_404(
        Participant.objects.select_related("player__club"), pk=participant_id, tournament=tournament
    )
    organiser = can_organise(request.user, tournament)
    return render(
        request,
        "tournaments/player.html",
        {
            "tournament": tournament,
            "organiser": organiser,
            "participant": participant,
            "rounds": player_rounds(
                tournament=tournament, participant=participant, reveal=organiser
            ),
            "can_claim": isinstance(request.user, User)
            and participant.player.account_id is None
            and not hasattr(request.user, "player"),
            "player_name": participant.player.name
            if organiser or not participant.player.hide_name
            else participant.player.public_alias,
        },
    )


def draw_pdf(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    rnd = _round(pk, number)
    data = tournament_pdf.draw_pdf(rnd, reveal=can_organise(request.user, rnd.tournament))
    return pdf_response(data, f"auslosung-runde-{number}.pdf")


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


def standings_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    provisional = request.GET.get("vorlaeufig") == "1"
    reveal = can_organise(request.user, tournament)
    result = standings(tournament=tournament, provisional=provisional, reveal=reveal)
    return pdf_response(tournament_pdf.standings_pdf(tournament, result), f"wertung-{pk}.pdf")
