"""Spielliste pages: thin views over selectors (reads) and services (writes)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.clubs import services as club_services
from league.core.errors import ServiceError
from league.core.pdf import pdf_response
from league.lists import services
from league.lists.forms import PenaltyForm, SpiellisteCreateForm, VersionedGameForm
from league.lists.models import Game, PenaltyRow, Spielliste
from league.lists.owners import owner_of
from league.lists.pdf import blank_spielliste_pdf, spielliste_pdf
from league.lists.presenters import list_rows, pflichtsolo_section, result_summary
from league.lists.selectors import (
    ListeSnapshot,
    spielliste_changes,
    spielliste_overview,
    spielliste_snapshot,
)
from scoring import score_game
from scoring.errors import ScoringError


def _snapshot(pk: int) -> ListeSnapshot:
    try:
        return spielliste_snapshot(pk=pk)
    except Spielliste.DoesNotExist:
        raise Http404(_("Diese Spielliste gibt es nicht.")) from None


def _entry_form(snap: ListeSnapshot, data: Any = None) -> VersionedGameForm | None:
    state = snap.state
    if state is None or state.next_game is None or snap.liste.frozen:
        return None
    nxt = state.next_game
    players = list(nxt.players)
    form = VersionedGameForm(data, players=players, initial={"version": snap.liste.version})
    if nxt.vorfuehrung and data is None:  # 4.1.9: the soloist is known; pre-fill him
        form.initial.update(
            {"kind": "solo", "pflicht": True, "re": [str(players.index(nxt.vorfuehrung))]}
        )
    return form


def _penalty_form(snap: ListeSnapshot, data: Any = None) -> PenaltyForm:
    seats = [(s.player_id, s.name) for s in snap.seats]
    return PenaltyForm(
        data,
        seats=seats,
        initial={"version": snap.liste.version, "after_game": snap.liste.games_played},
    )


def liste_index(request: HttpRequest) -> HttpResponse:
    return render(request, "lists/index.html", {"listen": spielliste_overview()[:200]})


@login_required
def liste_create(request: HttpRequest) -> HttpResponse:
    form = SpiellisteCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            players = [
                club_services.player_get_or_create(name=n, user=request.user)
                for n in form.seat_names()
            ]
            liste = services.spielliste_create(
                title=form.cleaned_data["title"],
                players=players,
                listenfuehrer_position=form.cleaned_data.get("listenfuehrer_position"),
                user=request.user,
            )
        except ServiceError as err:
            form.add_error(None, err.message)
        else:
            messages.success(request, _("Liste angelegt. Gut Blatt!"))
            return redirect(liste)
    return render(request, "lists/create.html", {"form": form})


def liste_detail(request: HttpRequest, pk: int) -> HttpResponse:
    snap = _snapshot(pk)
    return _render_detail(request, snap)


def _render_detail(
    request: HttpRequest,
    snap: ListeSnapshot,
    form: VersionedGameForm | None = None,
    penalty_form: PenaltyForm | None = None,
    status: int = 200,
) -> HttpResponse:
    context = {
        "snap": snap,
        "liste": snap.liste,
        "owner": owner_of(snap.liste),
        # Write actions are offered only where the service would take them.
        "writable": request.user.is_authenticated and not snap.liste.frozen,
        "state": snap.state,
        "rows": list_rows(snap),
        "pflicht": pflichtsolo_section(snap),
        "form": form or _entry_form(snap),
        "penalty_form": penalty_form or _penalty_form(snap),
        "listenfuehrer": snap.seat_names[snap.liste.listenfuehrer_position - 1]
        if snap.seats
        else "",
    }
    return render(request, "lists/detail.html", context, status=status)


@login_required
@require_POST
def game_add(request: HttpRequest, pk: int) -> HttpResponse:
    snap = _snapshot(pk)
    form = _entry_form(snap, request.POST)
    if form is None:
        messages.error(request, _("Die Runde ist vollständig: kein weiteres Spiel."))
        return redirect(snap.liste)
    if form.is_valid():
        try:
            game = services.game_record(
                spielliste=snap.liste,
                record=form.cleaned_data["record"],
                user=request.user,
                expected_version=form.cleaned_data["version"],
            )
        except ServiceError as err:
            form.add_error(None, err.message)
        else:
            points = ", ".join(
                f"{name} {pts:+d}"
                for name, pts in score_game(form.cleaned_data["record"]).points.items()
            )
            messages.success(
                request,
                _("Spiel %(n)d eingetragen: %(points)s.") % {"n": game.number, "points": points},
            )
            # Back to the top: the next game's form and the "next" box come first.
            return redirect(snap.liste)
    return _render_detail(request, snap, form=form, status=422)


def _preview(request: HttpRequest, snap: ListeSnapshot, number: int | None) -> HttpResponse:
    """Live preview (HTMX): the game's points and whether the procedure allows it."""
    state = snap.state
    if number is None:
        form = _entry_form(snap, request.POST)
    else:
        game = _game(snap, number)
        players = [snap.names[p] for p in game.players]
        form = VersionedGameForm(request.POST, players=players)
    summary, procedure_error = None, None
    if form is not None and form.is_valid() and state is not None:
        record = form.cleaned_data["record"]
        summary = result_summary(record)
        try:
            snap.replay_with(record, number)
        except ScoringError as err:
            procedure_error = ServiceError.from_scoring(err).message
    return render(
        request,
        "lists/_preview.html",
        {"form": form, "summary": summary, "procedure_error": procedure_error},
    )


@require_POST
def game_preview(request: HttpRequest, pk: int) -> HttpResponse:
    return _preview(request, _snapshot(pk), None)


@require_POST
def game_edit_preview(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    return _preview(request, _snapshot(pk), number)


def _game(snap: ListeSnapshot, number: int) -> Game:
    for game in snap.games:
        if game.number == number:
            return game
    raise Http404(_("Dieses Spiel gibt es nicht."))


def game_edit(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    snap = _snapshot(pk)
    game = _game(snap, number)
    players = [snap.names[p] for p in game.players]
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('login')}?next={request.path}")
        form = VersionedGameForm(request.POST, players=players)
        if form.is_valid():
            try:
                services.game_correct(
                    spielliste=snap.liste,
                    number=number,
                    record=form.cleaned_data["record"],
                    user=request.user,
                    expected_version=form.cleaned_data["version"],
                )
            except ServiceError as err:
                form.add_error(None, err.message)
            else:
                messages.success(request, _("Spiel %(n)d berichtigt.") % {"n": number})
                return redirect(f"{snap.liste.get_absolute_url()}#spiel-{number}")
    else:
        form = VersionedGameForm(players=players, initial={"version": snap.liste.version})
        form.initial_from_record(game.to_record(snap.names))
    return render(
        request,
        "lists/game_edit.html",
        {
            "liste": snap.liste,
            "number": number,
            "form": form,
            "summary": result_summary(game.to_record(snap.names)),
            "changes": spielliste_changes(liste=snap.liste, game_number=number),
        },
        status=422 if form.errors else 200,
    )


def _versioned_post(request: HttpRequest) -> int | None:
    raw = request.POST.get("version", "")
    return int(raw) if raw.isdigit() else None


@login_required
@require_POST
def game_delete_last(request: HttpRequest, pk: int) -> HttpResponse:
    liste = get_object_or_404(Spielliste, pk=pk)
    try:
        number = services.game_delete_last(
            spielliste=liste, user=request.user, expected_version=_versioned_post(request)
        )
    except ServiceError as err:
        messages.error(request, err.message)
    else:
        messages.success(request, _("Spiel %(n)d gelöscht.") % {"n": number})
    return redirect(liste)


@login_required
@require_POST
def penalty_add(request: HttpRequest, pk: int) -> HttpResponse:
    snap = _snapshot(pk)
    form = _penalty_form(snap, request.POST)
    if form.is_valid():
        cd = form.cleaned_data
        players = {s.player_id: s.player for s in snap.seats}
        try:
            services.penalty_add(
                spielliste=snap.liste,
                after_game=cd["after_game"],
                kind=cd["kind"],
                offender=players[cd["offender"]],
                beneficiary=players.get(cd["beneficiary"]) if cd["beneficiary"] else None,
                absagen=cd["absagen"] or 0,
                points=cd["points"] or 0,
                referee=cd["referee"],
                user=request.user,
                expected_version=cd["version"],
            )
        except ServiceError as err:
            form.add_error(err.field if err.field in form.fields else None, err.message)
        else:
            messages.success(request, _("Strafzeile eingetragen."))
            return redirect(snap.liste)
    return _render_detail(request, snap, penalty_form=form, status=422)


@login_required
@require_POST
def penalty_delete(request: HttpRequest, pk: int, penalty_id: int) -> HttpResponse:
    row = get_object_or_404(PenaltyRow, pk=penalty_id, spielliste_id=pk)
    try:
        services.penalty_delete(
            penalty_row=row, user=request.user, expected_version=_versioned_post(request)
        )
    except ServiceError as err:
        messages.error(request, err.message)
    else:
        messages.success(request, _("Strafzeile gelöscht."))
    return redirect(row.spielliste)


@login_required
@require_POST
def time_call(request: HttpRequest, pk: int) -> HttpResponse:
    liste = get_object_or_404(Spielliste, pk=pk)
    try:
        if request.POST.get("resume"):
            services.spielliste_resume_time(
                spielliste=liste, user=request.user, expected_version=_versioned_post(request)
            )
            messages.success(request, _("Die Zeitansage ist zurückgenommen."))
        else:
            services.spielliste_call_time(
                spielliste=liste, user=request.user, expected_version=_versioned_post(request)
            )
            messages.success(
                request, _("Zeit abgelaufen: es folgen nur noch fehlende Pflichtsoli.")
            )
    except ServiceError as err:
        messages.error(request, err.message)
    return redirect(liste)


def liste_history(request: HttpRequest, pk: int) -> HttpResponse:
    liste = get_object_or_404(Spielliste, pk=pk)
    return render(
        request,
        "lists/history.html",
        {"liste": liste, "changes": spielliste_changes(liste=liste)[:500]},
    )


def liste_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    snap = _snapshot(pk)
    return pdf_response(spielliste_pdf(snap), f"spielliste-{pk}.pdf")


def liste_blank_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    snap = _snapshot(pk)
    return pdf_response(blank_spielliste_pdf(snap), f"spielliste-{pk}-blanko.pdf")
