"""Spielliste pages: thin views over selectors (reads) and services (writes)."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.clubs import services as club_services
from league.clubs.access import clubs_closed_to
from league.clubs.models import Club, public_alias
from league.clubs.selectors import player_name_choices
from league.core.audit import Actor
from league.core.confirm import ask_first
from league.core.errors import ServiceError
from league.core.middleware import LoginRequired
from league.core.params import int_param
from league.core.pdf import pdf_response
from league.core.throttle import blocked, client_key, record_failure
from league.lists import services
from league.lists.access import (
    CODE_FAILURES_LIMIT,
    CODE_FAILURES_WINDOW,
    CODE_SCOPE,
    MANAGING,
    ListAccess,
    Visitor,
    actor_for,
    bind_code,
    list_access,
    lists_closed_to,
    visitor_of,
)
from league.lists.codes import normalise
from league.lists.forms import (
    AddTimeForm,
    PenaltyForm,
    QuickForm,
    SpiellisteCreateForm,
    SubstituteForm,
    VersionedGameForm,
)
from league.lists.history import change_lines
from league.lists.models import Game, PenaltyRow, Seat, Spielliste
from league.lists.owners import ListOwner, owner_filters, owner_of
from league.lists.pdf import blank_spielliste_pdf, spielliste_pdf
from league.lists.presenters import (
    list_chart,
    list_rows,
    pflichtsolo_section,
    result_summary,
    seat_heads,
)
from league.lists.rules import preset_choices, rules_summary
from league.lists.selectors import (
    ListeSnapshot,
    list_status,
    snapshots_of,
    spielliste_changes,
    spielliste_overview,
)
from scoring import score_game
from scoring.errors import ScoringError
from scoring.rules import TSR, preset

WriteView = Callable[..., HttpResponse]


def list_writer(view: WriteView) -> Callable[..., HttpResponse]:
    """Only for who may write this list (league.lists.access): the view gets the list and
    the audit actor; nobody → the login page, anybody else without the right → 403."""

    @wraps(view)
    def wrapped(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        visitor = visitor_of(request)
        snap, access = _read(request, pk, visitor)
        if not access.writes:
            if not request.user.is_authenticated and visitor.code is None:
                return redirect_to_login(request.get_full_path())
            raise PermissionDenied
        return view(request, snap, actor_for(visitor, access), *args, **kwargs)

    return wrapped


def _read(
    request: HttpRequest, pk: int, visitor: Visitor | None = None
) -> tuple[ListeSnapshot, ListAccess]:
    """The list as this visitor may see it: names hidden from the public stay hidden
    unless he writes to the list (sits at it or manages it)."""
    liste = Spielliste.objects.select_related("club").filter(pk=pk).first()
    if liste is None:
        raise Http404(_("Diese Spielliste gibt es nicht."))
    visitor = visitor or visitor_of(request)
    access = list_access(visitor, liste)
    if not access.reads:
        # A members-only tournament's or club's list (api.md): nobody → the login page
        # (raised, so that every reading view gets it), anybody else → 403.
        if not request.user.is_authenticated and visitor.code is None:
            raise LoginRequired
        raise PermissionDenied
    return snapshots_of([liste], reveal=access.writes)[0], access


def _entry_form(snap: ListeSnapshot, data: Any = None) -> VersionedGameForm | None:
    state = snap.state
    if state is None or state.next_game is None or snap.liste.frozen:
        return None
    nxt = state.next_game
    players = list(nxt.players)
    form = VersionedGameForm(
        data, players=players, rules=snap.rules, initial={"version": snap.liste.version}
    )
    if nxt.vorfuehrung and data is None:  # 4.1.9: the soloist is known; pre-fill him
        form.initial.update(
            {"kind": "solo", "pflicht": True, "re": [str(players.index(nxt.vorfuehrung))]}
        )
    return form


def _quick_form(snap: ListeSnapshot, data: Any = None) -> QuickForm | None:
    """The quick entry, for lists outside tournaments and leagues."""
    state = snap.state
    if state is None or state.next_game is None or snap.liste.frozen:
        return None
    return QuickForm(
        data,
        players=list(state.next_game.players),
        rules=snap.rules,
        initial={"version": snap.liste.version},
    )


def _substitute_form(snap: ListeSnapshot, data: Any = None) -> SubstituteForm:
    return SubstituteForm(
        data,
        seats=[(s.position, f"{s.position}: {s.name}") for s in snap.seats],
        initial={"version": snap.liste.version, "from_game": snap.liste.games_played + 1},
    )


def _penalty_form(snap: ListeSnapshot, data: Any = None) -> PenaltyForm:
    seats = [(s.player_id, s.name) for s in snap.seats]
    return PenaltyForm(
        data,
        seats=seats,
        initial={"version": snap.liste.version, "after_game": snap.liste.games_played},
    )


def table_code_entry(request: HttpRequest, code: str = "") -> HttpResponse:
    """``/t/<code>/`` (from the QR code on the table's list) or ``/t/`` with a form: binds
    this browser to the code's list and opens its entry form; no account needed."""
    raw = code or request.POST.get("code", "")
    if not raw:
        return render(request, "lists/table_code.html", {})
    key = client_key(request)
    if blocked(CODE_SCOPE, key, CODE_FAILURES_LIMIT):
        response = render(
            request, "lists/table_code.html", {"error": _("Zu viele falsche Codes.")}, status=429
        )
        response["Retry-After"] = str(CODE_FAILURES_WINDOW)
        return response
    normal = normalise(raw)
    liste = Spielliste.objects.filter(code=normal).first() if normal else None
    if liste is None or liste.frozen:
        record_failure(CODE_SCOPE, key, CODE_FAILURES_WINDOW)
        error = (
            _("Diese Liste ist abgeschlossen; der Code gilt nicht mehr.")
            if liste is not None
            else _("Diesen Tisch-Code gibt es nicht (mehr). Bitte vom Zettel abtippen.")
        )
        return render(request, "lists/table_code.html", {"error": error}, status=403)
    bind_code(request, liste)
    messages.success(request, _("Willkommen am Tisch: ihr führt diese Liste."))
    return redirect(f"{liste.get_absolute_url()}#eingabe")


LISTS_PER_PAGE = 25


def liste_index(request: HttpRequest) -> HttpResponse:
    """All lists, newest first, filtered by club, owner (tournament) and day, in pages."""
    club_id = int_param(request.GET.get("verein"))
    try:
        day = datetime.date.fromisoformat(request.GET.get("datum", "")[:10])
    except ValueError:
        day = None
    filters, conditions = [], []
    for owner_filter in owner_filters():
        chosen = int_param(request.GET.get(owner_filter.param))
        filters.append((owner_filter, chosen))
        if chosen:
            conditions.append(owner_filter.lists_of(chosen))
    conditions.append(~lists_closed_to(request.user))
    lists = spielliste_overview(club_id=club_id or None, day=day, owners=conditions)
    # Pages without a count query: one row more than a page tells whether another follows.
    number = max(int_param(request.GET.get("seite"), 1, digits=6), 1)
    start = (number - 1) * LISTS_PER_PAGE
    rows = list(lists[start : start + LISTS_PER_PAGE + 1])
    query = request.GET.copy()
    query.pop("seite", None)
    return render(
        request,
        "lists/index.html",
        {
            "page": number,
            "has_previous": number > 1,
            "has_next": len(rows) > LISTS_PER_PAGE,
            "listen": rows[:LISTS_PER_PAGE],
            "clubs": Club.objects.exclude(clubs_closed_to(request.user))
            .order_by("name")
            .values_list("pk", "name"),
            "club_id": club_id,
            "day": day,
            "owner_filters": [(f, f.choices(request.user), chosen) for f, chosen in filters],
            "filtered": bool(club_id or day or conditions),
            "query": query.urlencode(),
        },
    )


@login_required
def liste_create(request: HttpRequest) -> HttpResponse:
    managed = Club.objects.order_by("name")
    if not request.user.is_staff:
        managed = managed.filter(managers=request.user.pk)
    clubs = {pk: name for pk, name in managed.values_list("pk", "name")}
    form = SpiellisteCreateForm(
        request.POST or None, clubs=list(clubs.items()), presets=preset_choices()
    )
    if request.method == "POST" and form.is_valid():
        club_id = form.cleaned_data.get("club")
        club = Club.objects.get(pk=club_id) if club_id in clubs else None
        try:
            players = [
                club_services.player_get_or_create(name=n, club=club, user=request.user)
                for n in form.seat_names()
            ]
            liste = services.spielliste_create(
                title=form.cleaned_data["title"],
                club=club,
                players=players,
                listenfuehrer_position=form.cleaned_data.get("listenfuehrer_position"),
                created_by=request.user if isinstance(request.user, User) else None,
                rules=preset(chosen)
                if (chosen := form.cleaned_data.get("rules"))
                else (club.profile if club else TSR),
                user=request.user,
            )
        except ServiceError as err:
            form.add_error(None, err.message)
        else:
            messages.success(request, _("Liste angelegt. Gut Blatt!"))
            return redirect(liste)
    return render(
        request, "lists/create.html", {"form": form, "player_names": player_name_choices()}
    )


def liste_detail(request: HttpRequest, pk: int) -> HttpResponse:
    snap, access = _read(request, pk)
    return _render_detail(request, snap, access)


def _render_detail(
    request: HttpRequest,
    snap: ListeSnapshot,
    access: ListAccess | None = None,
    form: VersionedGameForm | None = None,
    penalty_form: PenaltyForm | None = None,
    time_form: AddTimeForm | None = None,
    substitute_form: SubstituteForm | None = None,
    quick_form: QuickForm | None = None,
    status: int = 200,
) -> HttpResponse:
    access = access or list_access(visitor_of(request), snap.liste)
    liste = snap.liste
    heads = seat_heads(snap)
    totals = list(snap.state.totals.items()) if snap.state else []
    context = {
        "heads": heads,
        "totals": totals,
        "stand": list(zip(heads, (total for _name, total in totals), strict=False)),
        "chart": mark_safe(  # built by league.lists.chart, every text escaped
            list_chart(snap, title=_("Verlauf des Stands"), x_label=_("Spiel"))
        ),
        "snap": snap,
        "liste": snap.liste,
        "owner": access.owner,
        "access": access,
        # Write actions are offered only where the service would take them.
        "writable": access.writes and not snap.liste.frozen,
        "state": snap.state,
        "rows": list_rows(snap),
        "pflicht": pflichtsolo_section(snap) if snap.rules.pflicht else [],
        "rules": snap.rules,
        "rules_summary": rules_summary(snap.rules),
        "redeal_pending": snap.liste.redeals.count(snap.liste.games_played + 1),
        "form": form or _entry_form(snap),
        "quick_form": quick_form or (_quick_form(snap) if _quick_rows(access.owner) else None),
        "penalty_form": penalty_form or _penalty_form(snap),
        "listenfuehrer": snap.seat_names[snap.liste.listenfuehrer_position - 1]
        if snap.seats
        else "",
        "status": list_status(snap, access.owner, reveal=access.writes),
        "time_form": time_form or AddTimeForm(initial={"version": liste.version}),
        "substitute_form": substitute_form or _substitute_form(snap),
    }
    return render(request, "lists/detail.html", context, status=status)


@require_POST
@list_writer
def game_add(request: HttpRequest, snap: ListeSnapshot, actor: Actor) -> HttpResponse:
    form = _entry_form(snap, request.POST)
    if form is None:
        messages.error(request, _("Die Runde ist vollständig: kein weiteres Spiel."))
        return redirect(snap.liste)
    if form.is_valid():
        try:
            game = services.game_record(
                spielliste=snap.liste,
                record=form.cleaned_data["record"],
                user=actor,
                expected_version=form.cleaned_data["version"],
                key=form.cleaned_data.get("key") or "",
            )
        except ServiceError as err:
            form.add_error(None, err.message)
        else:
            scored = score_game(form.cleaned_data["record"], snap.rules, bock=game.bock)
            points = ", ".join(
                f"{name} {pts:+d}" if pts else f"{name} 0" for name, pts in scored.points.items()
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
        form = VersionedGameForm(request.POST, players=players, rules=snap.rules)
    summary, procedure_error = None, None
    if form is not None and form.is_valid() and state is not None:
        record = form.cleaned_data["record"]
        target = number or state.games_played + 1
        try:
            preview = snap.replay_with(record, number)
        except ScoringError as err:
            procedure_error = ServiceError.from_scoring(err).message
            summary = result_summary(record, score_game(record, snap.rules))
        else:  # the row as the list would score it: with its Bock factor
            row = next(r for r in preview.rows if r.is_game and r.game == target)
            summary = result_summary(record, row.result)
    return render(
        request,
        "lists/_preview.html",
        {"form": form, "summary": summary, "procedure_error": procedure_error},
    )


@require_POST
def game_preview(request: HttpRequest, pk: int) -> HttpResponse:
    return _preview(request, _read(request, pk)[0], None)


@require_POST
def game_edit_preview(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    return _preview(request, _read(request, pk)[0], number)


def _game(snap: ListeSnapshot, number: int) -> Game:
    for game in snap.games:
        if game.number == number and not game.is_quick:  # a quick row: delete, re-enter
            return game
    raise Http404(_("Dieses Spiel gibt es nicht."))


def game_edit(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    if request.method == "POST":
        return _game_correct(request, pk, number)
    snap, _access = _read(request, pk)
    game = _game(snap, number)
    form = VersionedGameForm(
        players=[snap.names[p] for p in game.players],
        rules=snap.rules,
        initial={"version": snap.liste.version},
    )
    form.initial_from_record(game.to_record(snap.names))
    return _render_edit(request, snap, game, form)


@list_writer
def _game_correct(
    request: HttpRequest, snap: ListeSnapshot, actor: Actor, number: int
) -> HttpResponse:
    game = _game(snap, number)
    players = [snap.names[p] for p in game.players]
    form = VersionedGameForm(request.POST, players=players, rules=snap.rules)
    if form.is_valid():
        try:
            services.game_correct(
                spielliste=snap.liste,
                number=number,
                record=form.cleaned_data["record"],
                user=actor,
                expected_version=form.cleaned_data["version"],
                key=form.cleaned_data.get("key") or "",
            )
        except ServiceError as err:
            form.add_error(None, err.message)
        else:
            messages.success(request, _("Spiel %(n)d berichtigt.") % {"n": number})
            return redirect(f"{snap.liste.get_absolute_url()}#spiel-{number}")
    return _render_edit(request, snap, game, form)


def _render_edit(
    request: HttpRequest, snap: ListeSnapshot, game: Game, form: VersionedGameForm
) -> HttpResponse:
    number = game.number
    access = list_access(visitor_of(request), snap.liste)
    return render(
        request,
        "lists/game_edit.html",
        {
            "liste": snap.liste,
            "number": number,
            "form": form,
            "summary": result_summary(
                stored := game.to_record(snap.names),
                score_game(stored, snap.rules, bock=game.bock),
            ),
            "changes": change_lines(
                spielliste_changes(liste=snap.liste, game_number=number), _aliases(snap, access)
            ),
            "writable": access.writes and not snap.liste.frozen,
            "sees_accounts": access.sees_accounts,
        },
        status=422 if form.errors else 200,
    )


def _versioned_post(request: HttpRequest) -> int:
    """The list version the form was based on; a missing or garbled one never matches
    (-1), so the write is refused as a conflict instead of skipping the check."""
    return int_param(request.POST.get("version"), -1)


def _quick_rows(owner: ListOwner | None) -> bool:
    """Quick rows on a free list or a club evening's; tournaments and leagues enter every
    game in full."""
    return owner is None or owner.own_rules


@require_POST
@list_writer
def quick_add(request: HttpRequest, snap: ListeSnapshot, actor: Actor) -> HttpResponse:
    """Quick entry (Schnelleingabe): winners and the value as the table counted it."""
    form = _quick_form(snap, request.POST) if _quick_rows(owner_of(snap.liste)) else None
    if form is None:
        messages.error(request, _("Die Runde ist vollständig: kein weiteres Spiel."))
        return redirect(snap.liste)
    if form.is_valid():
        try:
            game = services.game_record(
                spielliste=snap.liste,
                record=form.cleaned_data["quick"],
                user=actor,
                expected_version=form.cleaned_data["version"],
                key=form.cleaned_data.get("key") or "",
            )
        except ServiceError as err:
            form.add_error(None, err.message)
        else:
            messages.success(
                request, _("Spiel %(n)d eingetragen (Schnelleingabe).") % {"n": game.number}
            )
            return redirect(snap.liste)
    return _render_detail(request, snap, quick_form=form, status=422)


@require_POST
@list_writer
def liste_close(request: HttpRequest, snap: ListeSnapshot, actor: Actor) -> HttpResponse:
    """ "Runde beenden" (house rules, ``games: open``), or reopen a closed list."""
    reopen = request.POST.get("reopen") == "1"
    try:
        services.spielliste_close(
            spielliste=snap.liste,
            closed=not reopen,
            user=actor,
            expected_version=_versioned_post(request),
        )
    except ServiceError as err:
        messages.error(request, err.message)
    else:
        messages.success(
            request, _("Liste wieder geöffnet.") if reopen else _("Runde beendet. Gut Blatt!")
        )
    return redirect(snap.liste)


@require_POST
@list_writer
def redeal_add(request: HttpRequest, snap: ListeSnapshot, actor: Actor) -> HttpResponse:
    """ "Neu gegeben" (house rule ``schmeissen``): the same dealer deals again."""
    try:
        services.redeal_record(
            spielliste=snap.liste, user=actor, expected_version=_versioned_post(request)
        )
    except ServiceError as err:
        messages.error(request, err.message)
    else:
        messages.success(request, _("Neu gegeben: derselbe Geber gibt noch einmal."))
    return redirect(snap.liste)


@require_POST
@list_writer
def redeal_undo(request: HttpRequest, snap: ListeSnapshot, actor: Actor) -> HttpResponse:
    try:
        services.redeal_undo(
            spielliste=snap.liste, user=actor, expected_version=_versioned_post(request)
        )
    except ServiceError as err:
        messages.error(request, err.message)
    return redirect(snap.liste)


@require_POST
@list_writer
def game_delete_last(request: HttpRequest, snap: ListeSnapshot, actor: Actor) -> HttpResponse:
    liste = snap.liste
    asking = ask_first(
        request,
        question=_("Spiel %(n)d löschen?") % {"n": liste.games_played},
        detail=_("Das Spiel und seine Strafzeilen werden aus der Liste entfernt."),
        yes=_("Ja, löschen"),
        back=liste.get_absolute_url(),
    )
    if asking is not None:
        return asking
    try:
        number = services.game_delete_last(
            spielliste=liste, user=actor, expected_version=_versioned_post(request)
        )
    except ServiceError as err:
        messages.error(request, err.message)
    else:
        messages.success(request, _("Spiel %(n)d gelöscht.") % {"n": number})
    return redirect(liste)


@require_POST
@list_writer
def penalty_add(request: HttpRequest, snap: ListeSnapshot, actor: Actor) -> HttpResponse:
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
                user=actor,
                expected_version=cd["version"],
            )
        except ServiceError as err:
            form.add_error(err.field if err.field in form.fields else None, err.message)
        else:
            messages.success(request, _("Strafzeile eingetragen."))
            return redirect(snap.liste)
    return _render_detail(request, snap, penalty_form=form, status=422)


@require_POST
@list_writer
def penalty_delete(
    request: HttpRequest, snap: ListeSnapshot, actor: Actor, penalty_id: int
) -> HttpResponse:
    row = get_object_or_404(PenaltyRow, pk=penalty_id, spielliste_id=snap.liste.pk)
    try:
        services.penalty_delete(
            penalty_row=row, user=actor, expected_version=_versioned_post(request)
        )
    except ServiceError as err:
        messages.error(request, err.message)
    else:
        messages.success(request, _("Strafzeile gelöscht."))
    return redirect(row.spielliste)


@require_POST
@list_writer
def time_call(request: HttpRequest, snap: ListeSnapshot, actor: Actor) -> HttpResponse:
    """Time is up at this table (with or without a game in progress), the table says no
    game had been dealt after all, or a mistaken call is taken back."""
    liste = snap.liste
    version = _versioned_post(request)
    try:
        if request.POST.get("resume"):
            services.spielliste_resume_time(spielliste=liste, user=actor, expected_version=version)
            messages.success(request, _("Die Zeitansage ist zurückgenommen."))
        elif request.POST.get("no_game"):
            services.spielliste_no_game_dealt(
                spielliste=liste, user=actor, expected_version=version
            )
            messages.success(
                request,
                _(
                    "Vermerkt: es wurde kein Spiel mehr gegeben. Es folgen nur noch fehlende "
                    "Pflichtsoli."
                ),
            )
        else:
            in_progress = request.POST.get("in_progress", "1") == "1"
            asking = ask_first(
                request,
                question=_("Zeit abgelaufen an diesem Tisch?"),
                detail=_(
                    "Das laufende Spiel wird zu Ende gespielt und eingetragen; danach folgen nur "
                    "noch fehlende Pflichtsoli (Vorführung)."
                )
                if in_progress
                else _(
                    "Es wird kein Spiel mehr gegeben; es folgen nur noch fehlende Pflichtsoli "
                    "(Vorführung)."
                ),
                yes=_("Ja, Zeit abgelaufen"),
                back=liste.get_absolute_url(),
            )
            if asking is not None:
                return asking
            services.spielliste_call_time(
                spielliste=liste,
                game_in_progress=in_progress,
                user=actor,
                expected_version=version,
            )
            messages.success(
                request,
                _(
                    "Zeit abgelaufen: das laufende Spiel wird noch eingetragen, dann nur noch "
                    "fehlende Pflichtsoli."
                )
                if in_progress
                else _("Zeit abgelaufen: es folgen nur noch fehlende Pflichtsoli."),
            )
    except ServiceError as err:
        messages.error(request, err.message)
    return redirect(liste)


@require_POST
@list_writer
def time_add(request: HttpRequest, snap: ListeSnapshot, actor: Actor) -> HttpResponse:
    """Added playing time for this table, granted by a referee (8.5.1)."""
    form = AddTimeForm(request.POST)
    if form.is_valid():
        try:
            services.spielliste_add_time(
                spielliste=snap.liste,
                minutes=form.cleaned_data["minutes"],
                referee=form.cleaned_data["referee"],
                user=actor,
                expected_version=form.cleaned_data["version"],
            )
        except ServiceError as err:
            form.add_error(err.field if err.field in form.fields else None, err.message)
        else:
            messages.success(
                request,
                _("%(n)d Minuten zusätzliche Spielzeit eingetragen.")
                % {"n": form.cleaned_data["minutes"]},
            )
            return redirect(snap.liste)
    return _render_detail(request, snap, time_form=form, status=422)


def _managing(actor: Actor) -> None:
    """Organisers, club managers and staff only (a table's own code does not suffice)."""
    if actor.role not in MANAGING:
        raise PermissionDenied


@require_POST
@list_writer
def seat_substitute(request: HttpRequest, snap: ListeSnapshot, actor: Actor) -> HttpResponse:
    """The organiser puts a substitute on a seat from a game on."""
    _managing(actor)
    form = _substitute_form(snap, request.POST)
    if form.is_valid():
        cd = form.cleaned_data
        try:
            player = club_services.player_get_or_create(name=cd["name"], user=actor)
            services.seat_substitute(
                spielliste=snap.liste,
                position=cd["position"],
                player=player,
                from_game=cd["from_game"],
                user=actor,
                expected_version=cd["version"],
            )
        except ServiceError as err:
            form.add_error(err.field if err.field in form.fields else None, err.message)
        else:
            messages.success(
                request,
                _("%(name)s spielt ab Spiel %(n)d für Platz %(seat)d.")
                % {"name": cd["name"], "n": cd["from_game"], "seat": cd["position"]},
            )
            return redirect(snap.liste)
    return _render_detail(request, snap, substitute_form=form, status=422)


@require_POST
@list_writer
def liste_end_early(request: HttpRequest, snap: ListeSnapshot, actor: Actor) -> HttpResponse:
    """The organiser ends a list early (or takes that back)."""
    _managing(actor)
    liste = snap.liste
    ended = request.POST.get("undo") != "1"
    if ended:
        asking = ask_first(
            request,
            question=_("Liste vorzeitig beenden?"),
            detail=_(
                "Die Liste zählt mit den eingetragenen Spielen und wird als vorzeitig beendet "
                "markiert; es kann nichts mehr eingetragen werden."
            ),
            yes=_("Ja, vorzeitig beenden"),
            back=liste.get_absolute_url(),
        )
        if asking is not None:
            return asking
    try:
        services.spielliste_end_early(spielliste=liste, ended=ended, user=actor)
    except ServiceError as err:
        messages.error(request, err.message)
    else:
        messages.success(
            request,
            _("Liste vorzeitig beendet.") if ended else _("Die Liste ist wieder offen."),
        )
    return redirect(liste)


@require_POST
@list_writer
def paper_clear(request: HttpRequest, snap: ListeSnapshot, actor: Actor) -> HttpResponse:
    """The organiser removes the totals typed from paper (to enter the games instead)."""
    _managing(actor)
    liste = snap.liste
    asking = ask_first(
        request,
        question=_("Papierergebnis entfernen?"),
        detail=_(
            "Die getippten Summen (beide Eingaben) werden gelöscht; danach kann die Liste Spiel "
            "für Spiel eingetragen werden."
        ),
        yes=_("Ja, entfernen"),
        back=liste.get_absolute_url(),
    )
    if asking is not None:
        return asking
    try:
        services.paper_result_clear(spielliste=liste, user=actor)
    except ServiceError as err:
        messages.error(request, err.message)
    else:
        messages.success(request, _("Papierergebnis entfernt."))
    return redirect(liste)


@require_POST
@list_writer
def liste_confirm(request: HttpRequest, snap: ListeSnapshot, actor: Actor) -> HttpResponse:
    """A table player confirms with his seat; a manager confirms a signed paper list."""
    raw = int_param(request.POST.get("seat"), -1, digits=2)
    seat = None if raw < 0 else raw
    try:
        services.spielliste_confirm(
            spielliste=snap.liste,
            seat=seat,
            user=actor,
            expected_version=_versioned_post(request),
        )
    except ServiceError as err:
        messages.error(request, err.message)
    else:
        messages.success(request, _("Liste bestätigt."))
    back = request.POST.get("next", "")
    if back and url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        return redirect(back)
    return redirect(snap.liste)


def _aliases(snap: ListeSnapshot, access: ListAccess) -> dict[str, str]:
    """Names at the table → what this reader may see (hidden players' aliases); the
    history's data holds the names as they were written."""
    if access.writes:
        return {}
    hidden = Seat.objects.filter(spielliste=snap.liste, player__hide_name=True)
    return {name: public_alias(player) for name, player in hidden.values_list("name", "player")}


def liste_history(request: HttpRequest, pk: int) -> HttpResponse:
    snap, access = _read(request, pk)
    liste = snap.liste
    return render(
        request,
        "lists/history.html",
        {
            "liste": liste,
            "changes": change_lines(spielliste_changes(liste=liste)[:500], _aliases(snap, access)),
            "sees_accounts": access.sees_accounts,
        },
    )


def code_url(request: HttpRequest, liste: Spielliste) -> str:
    """The address a table's QR code opens."""
    return request.build_absolute_uri(reverse("table-code-open", args=[liste.code]))


def _code_url_for(request: HttpRequest, liste: Spielliste, access: ListAccess) -> str | None:
    """The code goes on a printout only for who may see it (api.md Decision)."""
    return code_url(request, liste) if access.sees_code and not liste.frozen else None


def liste_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    snap, access = _read(request, pk)
    data = spielliste_pdf(snap, _code_url_for(request, snap.liste, access))
    return pdf_response(data, f"spielliste-{pk}.pdf")


def liste_blank_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    snap, access = _read(request, pk)
    data = blank_spielliste_pdf(snap, _code_url_for(request, snap.liste, access))
    return pdf_response(data, f"spielliste-{pk}-blanko.pdf")
