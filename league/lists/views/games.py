"""Games on a list's page: the next game (in full or quick), its live preview, a
correction, deleting the last game, and the house rules' "neu gegeben".

Every write is a command (``league.lists.commands``) run by ``execute`` — the API's path
too. Entering a game replays the list once, in its service: the entry form names the
players by their place in the next game, read with the seating the last write stored, and
the answer is built from what the service replayed. Only a refused entry replays the list
again, to show it with the form.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import NON_FIELD_ERRORS
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.core.confirm import ask_first
from league.core.errors import ServiceError
from league.core.forms import attempt, button_action, form_action, form_error_from_service
from league.core.messages import render as render_message
from league.core.params import int_param
from league.lists import services
from league.lists.access import ListAccess
from league.lists.commands import CorrectGame, DeleteGame, EnterGame, Redeal, UndoRedeal, execute
from league.lists.forms import DEFAULT_NAMES, QuickForm, VersionedGameForm
from league.lists.history import change_lines
from league.lists.models import Game, Spielliste
from league.lists.owners import owner_of, quick_rows_allowed
from league.lists.presenters import corrected_text, result_summary
from league.lists.selectors import (
    ListeSnapshot,
    list_rules,
    next_players,
    spielliste_changes,
    substitutes_at,
)
from league.lists.services import Written
from league.lists.views.detail import (
    entry_form_for,
    quick_form_for,
    relabel_players,
    render_detail,
)
from league.lists.views.outbox import json_refused, json_stored, wants_json
from league.lists.views.reading import (
    Writer,
    aliases,
    list_post,
    list_writer,
    read_snapshot,
    versioned_post,
)
from scoring import score_game
from scoring.errors import ScoringError
from scoring.quick import QuickGame
from scoring.rules import RuleProfile

# The entry forms name players by their place in the next game: any four names read the
# fields alike, so a form is checked with these before the write's replay names the players.
_ANY_PLAYERS = list(DEFAULT_NAMES)
# Refusals that mean the list takes no game now (frozen, complete): the page says so.
_NO_GAME = ("round_closed", "game_beyond_round")


@list_post
@list_writer
def game_add(request: HttpRequest, writer: Writer) -> HttpResponse:
    rules = list_rules(writer.liste)
    written = _enter(
        request,
        writer,
        lambda players: VersionedGameForm(request.POST, players=players, rules=rules),
        "record",
    )
    if isinstance(written, HttpResponse):
        return written
    number = written.item.number
    row = written.game_row(number)
    result = row.result if row is not None else None
    playing = substitutes_at(writer.liste, number)  # a substitute by his own name
    points = ", ".join(
        f"{playing.get(name, name)} {pts:+d}" if pts else f"{playing.get(name, name)} 0"
        for name, pts in (result.points.items() if result is not None else ())
    )
    said = _("Spiel %(n)d eingetragen: %(points)s.") % {"n": number, "points": points}
    if wants_json(request):
        return json_stored(request, number, written.version, said)
    messages.success(request, said)
    # To the "next" box: it shows the stand, and the next game's form follows it, so the
    # phone shows the first party chips without a swipe (issue 22).
    return redirect(f"{writer.liste.get_absolute_url()}#next")


@list_post
@list_writer
def quick_add(request: HttpRequest, writer: Writer) -> HttpResponse:
    """Quick entry (Schnelleingabe): winners and the value as the table counted it."""
    if not quick_rows_allowed(owner_of(writer.liste)):
        # Tournaments and leagues: every game is entered in full (its Pflichtsolo, its check).
        messages.error(
            request, _("Turniere und Ligen tragen jedes Spiel voll ein: keine Schnelleingabe.")
        )
        return redirect(writer.liste)
    rules = list_rules(writer.liste)
    written = _enter(
        request,
        writer,
        lambda players: QuickForm(request.POST, players=players, rules=rules),
        "quick",
    )
    if isinstance(written, HttpResponse):
        return written
    said = _("Spiel %(n)d eingetragen (Schnelleingabe).") % {"n": written.item.number}
    if wants_json(request):
        return json_stored(request, written.item.number, written.version, said)
    messages.success(request, said)
    # Back at the quick entry: the next quick row follows (issue 29).
    return redirect(f"{writer.liste.get_absolute_url()}#schnell")


EntryForm = VersionedGameForm | QuickForm


def _enter(
    request: HttpRequest,
    writer: Writer,
    form_for: Callable[[list[str]], EntryForm],
    field: str,
) -> Written[Game] | HttpResponse:
    """The next game from the posted entry form (its ``field`` holds the record), or the
    answer to a refusal. The form names the players by their place in the next game: it
    is read with the seating the last write stored (``next_players``)."""
    quick = field == "quick"
    form = form_for(next_players(writer.liste) or _ANY_PLAYERS)
    if not form.is_valid():
        return _entry_refused(request, writer, None, quick=quick)
    data = form.cleaned_data
    command = EnterGame(
        entry=data[field],
        version=data["version"],
        key=data.get("key") or "",
        same=services.same_form_key(
            [(k, v) for k in request.POST for v in request.POST.getlist(k)]
        ),
    )
    done = attempt(lambda: execute(command, writer))
    if done.error is not None:
        return _entry_refused(request, writer, done.error, quick=quick)
    return done.value


def _no_game(request: HttpRequest, liste: Spielliste) -> HttpResponse:
    messages.error(request, _("Die Runde ist vollständig: kein weiteres Spiel."))
    return redirect(liste)


def _entry_refused(
    request: HttpRequest, writer: Writer, err: ServiceError | None, *, quick: bool = False
) -> HttpResponse:
    """A refused entry: the list again with the bound form and the refusal (422); a list
    that takes no game now (frozen, complete, or no longer passing the rules: no form for
    it) says so instead."""
    if err is not None and err.code in _NO_GAME and not wants_json(request):
        return _no_game(request, writer.liste)
    snap = writer.snapshot()
    form: VersionedGameForm | QuickForm | None = (
        quick_form_for(snap, request.POST) if quick else entry_form_for(snap, request.POST)
    )
    if wants_json(request):  # the phone's outbox: a coded refusal
        return json_refused(request, snap, err, form)
    if form is None:
        return _no_game(request, writer.liste)
    if form.is_valid() and err is not None:
        # A refusal of the round (it may name another game's field): above the form.
        form_error_from_service(form, err, NON_FIELD_ERRORS)
    if isinstance(form, QuickForm):
        return render_detail(request, snap, writer.access, quick_form=form, status=422)
    return render_detail(request, snap, writer.access, form=form, status=422)


def _preview(request: HttpRequest, snap: ListeSnapshot, number: int | None) -> HttpResponse:
    """Live preview (HTMX): the game's points and whether the procedure allows it."""
    state = snap.state
    if number is None:
        form = entry_form_for(snap, request.POST)
    else:
        game = _full_game(snap.games, number)
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
    return _preview(request, read_snapshot(request, pk)[0], None)


@require_POST
def game_edit_preview(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    return _preview(request, read_snapshot(request, pk)[0], number)


def _game(games: tuple[Game, ...] | list[Game], number: int) -> Game:
    for game in games:
        if game.number == number:
            return game
    raise Http404(render_message("not_found"))


def _full_game(games: tuple[Game, ...] | list[Game], number: int) -> Game:
    """A full game (its live preview); a quick row has none."""
    game = _game(games, number)
    if game.is_quick:
        raise Http404(render_message("not_found"))
    return game


def game_edit(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A stored game's page with its correction form (the quick form for a quick row);
    POST corrects it."""
    if request.method == "POST":
        return game_correct(request, pk, number)
    snap, access = read_snapshot(request, pk)
    game = _game(snap.games, number)
    players = [snap.names[p] for p in game.players]
    initial = {"version": snap.liste.version}
    form: EntryForm
    if game.is_quick:
        form = QuickForm(players=players, rules=snap.rules, initial=initial)
        quick = game.to_entry(snap.names)
        assert isinstance(quick, QuickGame)
        form.initial_from_quick(quick)
    else:
        form = VersionedGameForm(players=players, rules=snap.rules, initial=initial)
        form.initial_from_record(game.to_record(snap.names))
    return _render_edit(request, snap.liste, access, game, snap.names, snap.rules, form)


@list_writer
def game_correct(request: HttpRequest, writer: Writer, number: int) -> HttpResponse:
    liste = writer.liste
    game = _game(list(liste.games.filter(number=number)), number)
    names = dict(liste.seats.values_list("position", "name"))
    rules = list_rules(liste)
    players = [names[p] for p in game.players]
    form: EntryForm = (
        QuickForm(request.POST, players=players, rules=rules)
        if game.is_quick
        else VersionedGameForm(request.POST, players=players, rules=rules)
    )
    return form_action(
        request,
        form,
        lambda data: execute(
            CorrectGame(
                number=number,
                entry=data["quick" if game.is_quick else "record"],
                version=data["version"],
                key=data.get("key") or "",
            ),
            writer,
        ),
        success=lambda written: corrected_text(number, written.revalued, written.rebocked),
        to=f"{liste.get_absolute_url()}#spiel-{number}",
        again=lambda: _render_edit(request, liste, writer.access, game, names, rules, form),
        # A refusal of the round (it may name a later game's field): above the form.
        field=NON_FIELD_ERRORS,
    )


def _render_edit(
    request: HttpRequest,
    liste: Spielliste,
    access: ListAccess,
    game: Game,
    names: dict[int, str],
    rules: RuleProfile,
    form: EntryForm,
) -> HttpResponse:
    number = game.number
    relabel_players(form, substitutes_at(liste, number))  # a substitute by his own name
    summary = None
    if not game.is_quick:
        stored = game.to_record(names)
        summary = result_summary(stored, score_game(stored, rules, bock=game.bock))
    return render(
        request,
        "lists/game_edit.html",
        {
            "liste": liste,
            "number": number,
            "form": form,
            "quick": game.is_quick,
            "quick_points": _quick_points(game, names),
            "summary": summary,
            "changes": change_lines(
                spielliste_changes(liste=liste, game_number=number), aliases(liste, access)
            ),
            "writable": access.writes and not liste.frozen,
            "sees_accounts": access.sees_accounts,
        },
        status=422 if form.errors else 200,
    )


def _quick_points(game: Game, names: dict[int, str]) -> str:
    """A quick row as stored: its winners and value (with the list's Bock factor)."""
    if not game.is_quick:
        return ""
    winners = ", ".join(names[p] for p in game.quick_winners) or _("niemand")
    text = _("Gewinner: %(winners)s · Wert %(value)d") % {
        "winners": winners,
        "value": game.quick_value,
    }
    if game.bock > 1:
        text += f" (×{game.bock})"
    return text


@list_post
@list_writer
def game_delete_last(request: HttpRequest, writer: Writer) -> HttpResponse:
    liste = writer.liste
    asking = ask_first(
        request,
        question=_("Spiel %(n)d löschen?") % {"n": liste.games_played},
        detail=_("Das Spiel und seine Strafzeilen werden aus der Liste entfernt."),
        yes=_("Ja, löschen"),
        back=liste.get_absolute_url(),
    )
    if asking is not None:
        return asking
    return button_action(
        request,
        lambda: execute(DeleteGame(version=versioned_post(request)), writer),
        success=lambda written: _("Spiel %(n)d gelöscht.") % {"n": written.item},
        to=liste,
    )


@list_post
@list_writer
def redeal_add(request: HttpRequest, writer: Writer) -> HttpResponse:
    """ "Neu gegeben" (house rule ``schmeissen``): the same dealer deals again."""
    return button_action(
        request,
        lambda: execute(Redeal(version=versioned_post(request)), writer),
        success=_("Neu gegeben: derselbe Geber gibt noch einmal."),
        to=writer.liste,
    )


@list_post
@list_writer
def redeal_undo(request: HttpRequest, writer: Writer) -> HttpResponse:
    """Take back the last "neu gegeben", or (``number`` posted) the one before game
    ``number``: a correction, refused if a later row becomes invalid."""
    number = int_param(request.POST.get("number"), 0) or None
    return button_action(
        request,
        lambda: execute(UndoRedeal(version=versioned_post(request), number=number), writer),
        success=None
        if number is None
        else _("„Neu gegeben“ vor Spiel %(n)d gelöscht.") % {"n": number},
        to=writer.liste,
    )
