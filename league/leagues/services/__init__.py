"""League writes. Same conventions as every app's services: keyword-only, typed,
``<entity>_<action>``, one transaction each, the owner's row locked where two writers can
meet, an audit entry for each change; a refusal raises ``ServiceError`` and writes nothing.

One module per sub-domain; every write is importable from here:

- ``league``: seasons, teams and rosters, the schedule, line-ups, no-shows, starting and
  closing a Spieltag, its results from paper;
- ``season``: when and where each Spieltag is played, the blind double entry, the captains'
  reports and the organiser's decision, availability, the line-up deadline;
- ``moves``: requests to move a Spieltag, their answers and decisions;
- ``reminders``: sending the reminder mails, switching them off.
"""

from __future__ import annotations

from league.leagues.services.league import (
    MAX_PLAYERS_PER_TEAM,
    MAX_ROUNDS_PER_SPIELTAG,
    MAX_SPIELTAGE_PER_ROUND,
    league_add_organiser,
    league_check_settings,
    league_create,
    league_remove_organiser,
    lineup_set,
    lineup_set_absent,
    schedule_generate,
    spieltag_close,
    spieltag_paper_result,
    spieltag_reopen,
    spieltag_start,
    team_add_captain,
    team_add_player,
    team_create,
    team_remove_player,
)
from league.leagues.services.moves import (
    move_clash,
    spieltag_move_answer,
    spieltag_move_approve,
    spieltag_move_refuse,
    spieltag_move_request,
    spieltag_move_withdraw,
)
from league.leagues.services.reminders import REMINDER_ACTOR, reminders_send, reminders_switch
from league.leagues.services.season import (
    MAX_DEADLINE_HOURS,
    MAX_NOTE,
    MAX_VENUE,
    availability_link_renew,
    availability_set,
    doppelspieltag_schedule,
    group_schedule,
    league_set_double_entry,
    league_set_lineup_deadline,
    moves_overtaken,
    report_confirm,
    report_dispute,
    spieltag_schedule,
    spieltag_settle,
)

__all__ = [
    "MAX_DEADLINE_HOURS",
    "MAX_NOTE",
    "MAX_PLAYERS_PER_TEAM",
    "MAX_ROUNDS_PER_SPIELTAG",
    "MAX_SPIELTAGE_PER_ROUND",
    "MAX_VENUE",
    "REMINDER_ACTOR",
    "availability_link_renew",
    "availability_set",
    "doppelspieltag_schedule",
    "group_schedule",
    "league_add_organiser",
    "league_check_settings",
    "league_create",
    "league_remove_organiser",
    "league_set_double_entry",
    "league_set_lineup_deadline",
    "lineup_set",
    "lineup_set_absent",
    "move_clash",
    "moves_overtaken",
    "reminders_send",
    "reminders_switch",
    "report_confirm",
    "report_dispute",
    "schedule_generate",
    "spieltag_close",
    "spieltag_move_answer",
    "spieltag_move_approve",
    "spieltag_move_refuse",
    "spieltag_move_request",
    "spieltag_move_withdraw",
    "spieltag_paper_result",
    "spieltag_reopen",
    "spieltag_schedule",
    "spieltag_settle",
    "spieltag_start",
    "team_add_captain",
    "team_add_player",
    "team_create",
    "team_remove_player",
]
