"""The organiser's checklist of a tournament day: registered → drawn → lists with codes
printed → clock started → all tables done and checked → round closed → (next round …) →
tournament closed → in the Rangliste; the first open step is the next action.

Decision: printing is not recorded; the step "printed" counts as done once the round's clock
runs or a game was entered (nobody plays without the lists). A paper result that both
typists agree on (or a single entry without double entry) counts as a done table.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _

from league.tournaments.models import Tournament, TournamentRound
from league.tournaments.selectors.board import round_board


@dataclass(frozen=True)
class Step:
    key: str
    label: str
    done: bool
    url: str = ""  # where the step is done
    action: str = ""  # the button's text when it is the next step


def _tables_done(rnd: TournamentRound) -> bool:
    board = round_board(tournament_round=rnd)
    return bool(board) and all(
        (t.liste.complete and t.checks_ok) or t.paper == "accepted" for t in board
    )


def round_blockers(rnd: TournamentRound) -> list[str]:
    """What keeps the round from closing, one phrase each (empty: nothing does)."""
    board = round_board(tournament_round=rnd)
    open_tables = [t.number for t in board if not t.liste.complete and not t.paper]
    failing = [t.number for t in board if t.liste.complete and not t.checks_ok]
    differs = [t.number for t in board if t.paper == "differs"]
    waiting = [t.number for t in board if t.paper == "waiting"]
    parts = []
    if open_tables:
        parts.append(_("offen: Tisch %(t)s") % {"t": ", ".join(map(str, open_tables))})
    if failing:
        parts.append(_("Prüfung fehlt: Tisch %(t)s") % {"t": ", ".join(map(str, failing))})
    if differs:
        parts.append(
            _("Doppeleingabe weicht ab: Tisch %(t)s") % {"t": ", ".join(map(str, differs))}
        )
    if waiting:
        parts.append(_("zweite Eingabe fehlt: Tisch %(t)s") % {"t": ", ".join(map(str, waiting))})
    return parts


def day_steps(*, tournament: Tournament, rounds: list[TournamentRound], active: int) -> list[Step]:
    """The steps of the current round (the open one, else the next to draw, else the last)
    and of the tournament's end; ``rounds`` as ``tournament_rounds`` gives them."""
    pk = tournament.pk
    current = next((r for r in rounds if not r.closed), None)
    to_draw = current is None and len(rounds) < tournament.rounds_planned
    number = current.number if current else (len(rounds) + 1 if to_draw else len(rounds))
    all_closed = current is None and not to_draw and bool(rounds)
    board = reverse("round-board", args=[pk, number]) if not to_draw and rounds else ""
    started = current is not None and (
        current.started_at is not None or bool(getattr(current, "started", False))
    )
    steps = [
        Step(
            "registered",
            _("Teilnehmer angemeldet (%(n)s)") % {"n": active},
            active >= 4 or bool(rounds),
            reverse("tournament-participants", args=[pk]),
            _("Teilnehmer anmelden"),
        ),
        Step(
            "drawn",
            _("Runde %(n)s ausgelost") % {"n": number},
            not to_draw and bool(rounds),
            reverse("tournament-detail", args=[pk]) + "#auslosen",
            _("Runde %(n)s auslosen") % {"n": number},
        ),
        Step(
            "printed",
            _("Listen mit Tisch-Codes gedruckt"),
            all_closed or started,
            reverse("round-lists-pdf", args=[pk, number]) if board else "",
            _("Listen der Runde %(n)s drucken (PDF)") % {"n": number},
        ),
        Step(
            "clock",
            _("Rundenuhr gestartet"),
            all_closed or (current is not None and current.started_at is not None),
            board,
            _("Zur Runde: Uhr starten"),
        ),
        Step(
            "tables",
            _("Alle Tische fertig und geprüft"),
            all_closed or (current is not None and _tables_done(current)),
            board,
            _("Zur Runde: Tische prüfen"),
        ),
        Step(
            "round_closed",
            _("Runde %(n)s abgeschlossen") % {"n": number},
            all_closed,
            board,
            _("Zur Runde: abschließen"),
        ),
        Step(
            "closed",
            _("Turnier abgeschlossen"),
            tournament.closed_at is not None,
            reverse("tournament-rating", args=[pk]),
            _("Turnier abschließen"),
        ),
    ]
    if tournament.rated:
        steps.append(
            Step(
                "rated",
                _("Gewertet: zählt in der Rangliste"),
                tournament.closed_at is not None,
                reverse("tournament-rating", args=[pk]),
                _("Abschluss und Rangliste"),
            )
        )
    return steps


def next_step(steps: list[Step]) -> Step | None:
    return next((s for s in steps if not s.done), None)
