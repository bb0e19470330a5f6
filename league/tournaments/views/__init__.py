"""Tournament pages: thin views over the tournament selectors (reads) and services (writes),
one view per action. One module per page group; every view is importable from here
(``league.tournaments.urls`` names them ``tv.<view>``):

- ``setup``: the index, creating, a tournament's page, its organisers, unofficial;
- ``participants``: registration, the CSV import, withdrawing, claims;
- ``rounds``: drawing, the round board and its actions;
- ``paper``: results from paper lists;
- ``standings``: the standings, the projector, a participant's page;
- ``printouts``: the PDFs;
- ``rehearsal``: the Probelauf (new, copy, generated results, deletion).
"""

from __future__ import annotations

from league.tournaments.views.paper import paper_saved_message, round_results, round_results_import
from league.tournaments.views.participants import (
    SHOWN_REFUSALS,
    claim_decide,
    participant_toggle,
    participants_import,
    tournament_participants,
)
from league.tournaments.views.printouts import (
    codes_pdf,
    draw_pdf,
    participant_slips_pdf,
    round_lists_pdf,
    standings_pdf,
)
from league.tournaments.views.rehearsal import (
    rehearsal_copy,
    rehearsal_delete,
    rehearsal_manual,
    rehearsal_new,
    rehearsal_play,
)
from league.tournaments.views.rounds import (
    round_board_view,
    round_call_time,
    round_close,
    round_draw,
    round_redraw,
    round_reopen,
    round_start,
    table_code_renew,
)
from league.tournaments.views.selfservice import (
    participant_link_renew,
    participant_self,
    participant_self_check_in,
    participant_self_confirm,
    participant_self_withdraw,
    self_url,
)
from league.tournaments.views.setup import (
    tournament_create,
    tournament_detail,
    tournament_index,
    tournament_organiser_add,
    tournament_organiser_invite,
    tournament_organiser_remove,
    tournament_organisers,
    tournament_settings,
    tournament_silent,
    tournament_unofficial,
)
from league.tournaments.views.standings import player_view, projector, standings_view

__all__ = [
    "SHOWN_REFUSALS",
    "claim_decide",
    "codes_pdf",
    "draw_pdf",
    "paper_saved_message",
    "participant_link_renew",
    "participant_self",
    "participant_self_check_in",
    "participant_self_confirm",
    "participant_self_withdraw",
    "participant_slips_pdf",
    "participant_toggle",
    "participants_import",
    "player_view",
    "projector",
    "rehearsal_copy",
    "rehearsal_delete",
    "rehearsal_manual",
    "rehearsal_new",
    "rehearsal_play",
    "round_board_view",
    "round_call_time",
    "round_close",
    "round_draw",
    "round_lists_pdf",
    "round_redraw",
    "round_reopen",
    "round_results",
    "round_results_import",
    "round_start",
    "self_url",
    "standings_pdf",
    "standings_view",
    "table_code_renew",
    "tournament_create",
    "tournament_detail",
    "tournament_index",
    "tournament_organiser_add",
    "tournament_organiser_invite",
    "tournament_organiser_remove",
    "tournament_organisers",
    "tournament_participants",
    "tournament_settings",
    "tournament_silent",
    "tournament_unofficial",
]
