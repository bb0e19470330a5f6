"""Registration: the participants page, a CSV import, withdrawing, deciding claims."""

from __future__ import annotations

import secrets

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.clubs import services as club_services
from league.clubs.matching import PersonChoiceNeeded
from league.clubs.models import PlayerClaim
from league.clubs.selectors import player_name_choices
from league.core.confirm import ask_first
from league.core.errors import ServiceError
from league.core.forms import on_form, with_message
from league.core.text import fold, name_matches
from league.core.throttle import blocked, client_key, record_failure
from league.lists.access import CODE_FAILURES_LIMIT, CODE_FAILURES_WINDOW
from league.tournaments import services as ts
from league.tournaments.access import can_decide_claim, organiser_actor, organiser_required
from league.tournaments.csv_import import ImportRow, parse_participants
from league.tournaments.forms import CsvUploadForm, ParticipantForm
from league.tournaments.models import Participant, Tournament
from league.tournaments.selectors import current_seat
from league.tournaments.views.selfservice import mail_link, self_url

# A DDV number that names another player's record is a failed check, counted per client
# and per account like a wrong table code (issue 29: 60 numbers in 0.8 s gave 24 names).
DDV_CHECK_SCOPE = "ddv-check"
DDV_REFUSALS = {"ddv_name_differs", "ddv_other_player"}


def _ddv_keys(request: HttpRequest) -> list[str]:
    return [f"client:{client_key(request)}", f"account:{request.user.pk}"]


def _ddv_blocked(request: HttpRequest) -> bool:
    return any(blocked(DDV_CHECK_SCOPE, k, CODE_FAILURES_LIMIT) for k in _ddv_keys(request))


@organiser_required
def tournament_participants(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    form = ParticipantForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid() and _ddv_blocked(request):
        form.add_error(
            "ddv_number",
            ServiceError("ddv_checks_blocked", {"minutes": CODE_FAILURES_WINDOW // 60}).message,
        )
        status = 429
    elif request.method == "POST" and form.is_valid():
        asked: list[PersonChoiceNeeded] = []

        def add() -> Participant | None:
            try:
                return ts.participant_add(
                    tournament=tournament,
                    name=form.cleaned_data["name"],
                    club_name=form.cleaned_data["club"],
                    ddv_number=form.cleaned_data["ddv_number"],
                    take_record=form.cleaned_data["take_record"],
                    take_new_number=form.cleaned_data["take_new_number"],
                    namesake=form.cleaned_data["namesake"],
                    person=form.person_choice(),
                    user=organiser_actor(request),
                )
            except PersonChoiceNeeded as err:  # "Ist das …?" before a new record
                asked.append(err)
                return None

        done = on_form(form, add, "name")
        if asked:
            form.ask_person(asked[0].offers, asked[0].found.name)
            status = 422
        elif (err := done.error) is not None:
            if err.code in DDV_REFUSALS:
                for key in _ddv_keys(request):
                    record_failure(DDV_CHECK_SCOPE, key, CODE_FAILURES_WINDOW)
            if err.code == "ddv_name_differs":
                form.ask_take_record(str(err.params["name"]))
            elif err.code == "ddv_number_unused":
                form.ask_take_new_number(str(err.params["name"]), str(err.params["number"]))
            elif err.code == "participant_namesake":
                form.ask_namesake(str(err.params["name"]))
        else:
            assert done.value is not None
            messages.success(request, _("%(name)s angemeldet.") % {"name": done.value.player})
            mail_link(request, done.value)
            url = reverse("tournament-participants", args=[pk])
            return redirect(f"{url}?neu={done.value.pk}")
    participants = list(tournament.participants.select_related("player__club"))
    # Just registered at the desk: his personal link and slip to hand over (issue 36).
    new_id = request.GET.get("neu", "")
    registered = next((p for p in participants if str(p.pk) == new_id), None)
    query = request.GET.get("q", "").strip()
    shown = [p for p in participants if name_matches(query, p.player.name)] if query else None
    response = render(
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
            "claims": [
                c
                for c in PlayerClaim.objects.filter(
                    player__entries__tournament=tournament, decided_at__isnull=True
                ).select_related("player__club", "account")
                if can_decide_claim(request.user, tournament, c.player)
            ],
            "active": sum(1 for p in participants if not p.withdrawn),
            "registered": registered,
            "registered_link": (
                request.build_absolute_uri(self_url(registered)) if registered else ""
            ),
        },
        status=status,
    )
    if status == 429:
        response["Retry-After"] = str(CODE_FAILURES_WINDOW)
    return response


@organiser_required
@require_POST
def claim_decide(request: HttpRequest, pk: int, claim_id: int) -> HttpResponse:
    """An organiser confirms (or refuses) that an account is one of his participants."""
    claim = get_object_or_404(
        PlayerClaim.objects.select_related("player__club"),
        pk=claim_id,
        player__entries__tournament_id=pk,
        decided_at__isnull=True,
    )
    if not can_decide_claim(request.user, get_object_or_404(Tournament, pk=pk), claim.player):
        # A record with entries elsewhere, or of a members-only club: not this desk's call.
        raise PermissionDenied
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
    # From the board's or the start page's list of who is missing: back there.
    asked_back = request.POST.get("next", "")
    if asked_back.startswith(f"/turniere/{pk}/") and "//" not in asked_back:
        back = asked_back
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
        imported = with_message(
            request,
            lambda: ts.participants_import(
                tournament=tournament, rows=rows, user=organiser_actor(request)
            ),
        )
        if not imported.ok:
            return redirect("tournament-participants", pk)
        added, refused = imported.value
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
    # Rows naming a player already entered (same name, accents and case aside): marked.
    entered = {
        fold(name)
        for name in tournament.participants.filter(withdrawn=False).values_list(
            "player__name", flat=True
        )
    }
    already = [row.line for row in preview.rows if fold(row.name) in entered]
    return render(
        request,
        "tournaments/import_preview.html",
        {
            "tournament": tournament,
            "organiser": True,
            "preview": preview,
            "token": token,
            "already": already,
        },
    )
