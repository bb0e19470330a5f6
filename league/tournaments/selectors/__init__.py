"""Tournament reads: standings (one SQL aggregate), round board, player page. Each read
for one page or endpoint in a fixed number of queries.

One module per sub-domain; every public name is importable from here as before:

- ``wertung``: the standings (Wertung) and their cache; ``version``: their version (one query);
- ``board``: the round board, the round clock, repeated meetings;
- ``paper``: the results-from-paper page;
- ``rounds``: the rounds' phases, the next draw's problem, seats;
- ``player``: a participant's lists and games;
- ``draw``: the current draw by surname;
- ``owner``: the tournament as the owner of its lists;
- ``slips``: the participant slips (PIN and tables per round).
- ``checklist``: the organiser's steps of the day;
- ``selfpage``: a participant's own page (his personal link).
"""

from __future__ import annotations

from league.tournaments.selectors.board import (
    BoardTable,
    Clock,
    Repeat,
    round_board,
    round_clock,
    round_minutes,
    round_repeats,
)
from league.tournaments.selectors.checklist import Step, day_steps, next_step, round_blockers
from league.tournaments.selectors.draw import CurrentDraw, DrawSeat, current_draw, surname_key
from league.tournaments.selectors.owner import (
    list_owner,
    list_places,
    owner_kind,
    tournament_choices,
    tournament_lists,
    tournament_lists_closed_to,
    tournament_lists_owned,
)
from league.tournaments.selectors.paper import PaperTableView, paper_board
from league.tournaments.selectors.player import PlayerRound, PlayerRow, player_rounds
from league.tournaments.selectors.rounds import (
    CurrentSeat,
    RoundLine,
    current_seat,
    next_round_problem,
    round_lines,
    round_phase_label,
    round_positions,
    round_started,
    tournament_rounds,
)
from league.tournaments.selectors.selfpage import Presence, SelfPage, presence, self_page
from league.tournaments.selectors.slips import Slip, participant_slips
from league.tournaments.selectors.version import standings_version
from league.tournaments.selectors.wertung import (
    CLOSED,
    StandingRow,
    Standings,
    round_points,
    standings,
    standings_cached,
)

__all__ = [
    "CLOSED",
    "BoardTable",
    "Clock",
    "CurrentDraw",
    "CurrentSeat",
    "DrawSeat",
    "PaperTableView",
    "PlayerRound",
    "PlayerRow",
    "Presence",
    "Repeat",
    "RoundLine",
    "SelfPage",
    "Slip",
    "StandingRow",
    "Standings",
    "Step",
    "current_draw",
    "current_seat",
    "day_steps",
    "list_owner",
    "list_places",
    "next_round_problem",
    "next_step",
    "owner_kind",
    "paper_board",
    "participant_slips",
    "player_rounds",
    "presence",
    "round_blockers",
    "round_board",
    "round_clock",
    "round_lines",
    "round_minutes",
    "round_phase_label",
    "round_points",
    "round_positions",
    "round_repeats",
    "round_started",
    "self_page",
    "standings",
    "standings_cached",
    "standings_version",
    "surname_key",
    "tournament_choices",
    "tournament_lists",
    "tournament_lists_closed_to",
    "tournament_lists_owned",
    "tournament_rounds",
]
