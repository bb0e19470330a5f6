"""Drawing a round and the round board with its actions, one view per action: start the
clock, redraw, time up, close, reopen, a table's new code. Round-wide and destructive
actions ask first (``league.core.confirm``), without JavaScript."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from league.core.forms import with_message
from league.core.live import live
from league.core.messages import render as render_message
from league.lists import services as list_services
from league.tournaments import services as ts
from league.tournaments.access import (
    can_organise,
    organiser_actor,
    organiser_required,
    reader_required,
)
from league.tournaments.forms import DrawForm
from league.tournaments.models import Tournament, TournamentRound
from league.tournaments.selectors import (
    next_round_problem,
    presence,
    round_blockers,
    round_board,
    round_clock,
    round_phase_label,
    round_repeats,
    standings_version,
)
from league.tournaments.selectors.rehearsal import running_round
from league.tournaments.views.common import Question, round_of


@organiser_required
@require_POST
def round_draw(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    form = DrawForm(request.POST)
    form.is_valid()
    done = with_message(
        request,
        lambda: ts.round_draw(
            tournament=tournament,
            seeded=form.cleaned_data.get("seeded", False),
            user=organiser_actor(request),
        ),
    )
    if not done.ok:
        return redirect(tournament)
    rnd, warnings = done.value
    for code in warnings:
        messages.warning(request, render_message(f"warning.{code}"))
    messages.success(request, _("Runde %(n)d ausgelost.") % {"n": rnd.number})
    return redirect("round-board", pk, rnd.number)


@live(
    lambda request, pk, number: standings_version(
        tournament_id=pk, provisional=True, reader=request.user
    )
)
@reader_required
def round_board_view(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    rnd = round_of(pk, number)
    organiser = can_organise(request.user, rnd.tournament)
    # A silent round: the seats and each table's progress, no list and no score.
    silent = not organiser and rnd.tournament.round_silent(rnd.number)
    tables = round_board(tournament_round=rnd, reveal=organiser)
    started = any(t.liste.games_played or t.liste.totals_only for t in tables)
    return render(
        request,
        "tournaments/board.html",
        {
            "tournament": rnd.tournament,
            "organiser": organiser,
            "silent": silent,
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
            "strength": any(s.rating is not None for t in tables for s in t.players),
            "running": running_round(rnd.tournament) if rnd.tournament.rehearsal else None,
            # Before the next draw: who checked in, who is missing (issue 36).
            "presence": presence(tournament_id=pk)
            if organiser and rnd.closed and next_round_problem(tournament=rnd.tournament) is None
            else None,
        },
    )


# Round-wide and destructive actions ask first (league.core.confirm).
_REDRAW = Question(
    _lazy("Runde neu auslosen?"),
    _lazy(
        "Alle Tische, an denen noch nicht gespielt wird, werden neu ausgelost; "
        "begonnene Tische bleiben, wie sie sind."
    ),
    _lazy("Ja, neu auslosen"),
)
_TIME = Question(
    _lazy("Zeit abgelaufen an allen Tischen?"),
    _lazy(
        "An jedem Tisch, der noch spielt, wird das laufende Spiel zu Ende gespielt und "
        "eingetragen; danach nur noch fehlende Pflichtsoli. Ein Tisch, an dem kein Spiel "
        "mehr gegeben war, vermerkt das auf seiner Liste."
    ),
    _lazy("Ja, Zeit abgelaufen"),
)
_CLOSE = Question(
    _lazy("Runde abschließen?"),
    _lazy("Danach zählt die Runde in der Wertung; die Tisch-Codes gelten nicht mehr."),
    _lazy("Ja, abschließen"),
)
_REOPEN = Question(
    _lazy("Runde wieder öffnen?"),
    _lazy("Die Listen lassen sich dann wieder ändern; die Runde zählt vorläufig."),
    _lazy("Ja, wieder öffnen"),
)


def _on_round(
    request: HttpRequest,
    pk: int,
    number: int,
    act: Callable[[TournamentRound], None],
    *,
    ask: Question | None = None,
) -> HttpResponse:
    """An organiser's post on the round board: asked first where ``ask`` says so, then
    ``act`` on the round; a refusal is shown on the board, where every action leads back."""
    rnd = round_of(pk, number)
    back = reverse("round-board", args=[pk, number])
    if ask is not None:
        asking = ask.first(request, back=back)
        if asking is not None:
            return asking
    with_message(request, lambda: act(rnd))
    return redirect(back)


@organiser_required
@require_POST
def round_start(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Start the round clock."""

    def act(rnd: TournamentRound) -> None:
        ts.round_start(tournament_round=rnd, user=organiser_actor(request))
        messages.success(request, _("Die Runde läuft: die Uhr ist gestartet."))

    return _on_round(request, pk, number, act)


@organiser_required
@require_POST
def round_redraw(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Draw the tables not yet started again (asks first)."""

    def act(rnd: TournamentRound) -> None:
        _redrawn, warnings = ts.round_redraw(tournament_round=rnd, user=organiser_actor(request))
        for code in warnings:
            messages.warning(request, render_message(f"warning.{code}"))
        messages.success(request, _("Runde neu ausgelost."))

    return _on_round(request, pk, number, act, ask=_REDRAW)


@organiser_required
@require_POST
def round_call_time(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Time is up at every table still playing (asks first)."""

    def act(rnd: TournamentRound) -> None:
        n = ts.round_call_time(tournament_round=rnd, user=organiser_actor(request))
        messages.success(
            request,
            ngettext("Zeit abgelaufen an %(n)d Tisch.", "Zeit abgelaufen an %(n)d Tischen.", n)
            % {"n": n},
        )

    return _on_round(request, pk, number, act, ask=_TIME)


@organiser_required
@require_POST
def round_close(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Close the round: it counts in the standings (asks first)."""

    def act(rnd: TournamentRound) -> None:
        ts.round_close(tournament_round=rnd, user=organiser_actor(request))
        messages.success(request, _("Runde abgeschlossen: sie zählt jetzt in der Wertung."))

    # The question names what the close will then refuse (open tables, a double entry
    # that differs, failing checks).
    blockers = round_blockers(round_of(pk, number))
    ask = _CLOSE
    if blockers:
        refusal = _("Abgelehnt wird der Abschluss, solange gilt: %(what)s.") % {
            "what": "; ".join(blockers)
        }
        ask = Question(_CLOSE.question, f"{_CLOSE.detail} {refusal}", _CLOSE.yes)
    return _on_round(request, pk, number, act, ask=ask)


@organiser_required
@require_POST
def round_reopen(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Reopen a closed round for a late correction (asks first)."""

    def act(rnd: TournamentRound) -> None:
        ts.round_reopen(tournament_round=rnd, user=organiser_actor(request))
        messages.success(request, _("Runde wieder geöffnet."))

    return _on_round(request, pk, number, act, ask=_REOPEN)


@organiser_required
@require_POST
def table_code_renew(request: HttpRequest, pk: int, number: int, table: int) -> HttpResponse:
    """A new code for one table of the round (the old one stops working)."""

    def act(rnd: TournamentRound) -> None:
        liste = rnd.lists.filter(round_table__number=table).first()
        if liste is None:
            raise Http404
        list_services.spielliste_renew_code(spielliste=liste, user=organiser_actor(request))
        messages.success(request, _("Neuer Tisch-Code: der alte gilt nicht mehr."))

    return _on_round(request, pk, number, act)
