"""Tournament writes: registration, draws, round board actions, paper results, closing for
the Rangliste. Same conventions as every app's services: keyword-only, typed,
``<entity>_<action>``, one transaction each, row locks where two writers can meet, an audit
entry for each change.

One module per sub-domain; every public name is importable from here as before
(``from league.tournaments import services as ts; ts.round_draw(...)``):

- ``settings``: create, update, organisers, continuing as an unofficial event;
- ``changes``: the organiser's settings page (what may change when);
- ``registration``: one player, a CSV import, withdrawing;
- ``draw``: drawing a round and drawing it again;
- ``rounds``: the round's clock, time up, closing and reopening;
- ``paper``: results typed from the paper lists;
- ``selfservice``: the participant's own page (check-in, withdrawing), his link;
- ``closing``: Ranglistenturnier, closing and reopening the tournament;
- ``rehearsal``: the Probelauf (copy, generated players and results, deletion).
"""

from __future__ import annotations

from league.tournaments.services.changes import (
    TournamentSettings,
    tournament_change_settings,
)
from league.tournaments.services.closing import (
    tournament_approval_withdraw_for_correction,
    tournament_close,
    tournament_rating_decide,
    tournament_reopen,
    tournament_set_rating,
    tournaments_touched_by_player,
)
from league.tournaments.services.draw import round_draw, round_redraw
from league.tournaments.services.paper import PaperSaved, PaperTable, round_paper_results
from league.tournaments.services.registration import (
    BATCH,
    participant_add,
    participant_set_withdrawn,
    participants_import,
)
from league.tournaments.services.rehearsal import (
    rehearsal_delete,
    rehearsal_play,
    rehearsal_rows,
    rehearsal_set_manual,
    tournament_rehearsal_copy,
    tournament_rehearsal_generate,
)
from league.tournaments.services.rounds import (
    Status,
    lock_lists,
    round_call_time,
    round_close,
    round_reopen,
    round_start,
)
from league.tournaments.services.selfservice import (
    participant_actor,
    participant_check_in,
    participant_confirm_list,
    participant_link_mail,
    participant_link_renew,
    participant_withdraw_self,
)
from league.tournaments.services.settings import (
    ROUND_MINUTES_RANGE,
    tournament_add_organiser,
    tournament_create,
    tournament_remove_organiser,
    tournament_set_silent,
    tournament_set_unofficial,
    tournament_update,
)

__all__ = [
    "BATCH",
    "ROUND_MINUTES_RANGE",
    "PaperSaved",
    "PaperTable",
    "Status",
    "TournamentSettings",
    "lock_lists",
    "participant_actor",
    "participant_add",
    "participant_check_in",
    "participant_confirm_list",
    "participant_link_mail",
    "participant_link_renew",
    "participant_set_withdrawn",
    "participant_withdraw_self",
    "participants_import",
    "rehearsal_delete",
    "rehearsal_play",
    "rehearsal_rows",
    "rehearsal_set_manual",
    "round_call_time",
    "round_close",
    "round_draw",
    "round_paper_results",
    "round_redraw",
    "round_reopen",
    "round_start",
    "tournament_add_organiser",
    "tournament_approval_withdraw_for_correction",
    "tournament_change_settings",
    "tournament_close",
    "tournament_create",
    "tournament_rating_decide",
    "tournament_rehearsal_copy",
    "tournament_rehearsal_generate",
    "tournament_remove_organiser",
    "tournament_reopen",
    "tournament_set_rating",
    "tournament_set_silent",
    "tournament_set_unofficial",
    "tournament_update",
    "tournaments_touched_by_player",
]
