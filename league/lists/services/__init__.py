"""All writes to Spiellisten. Keyword-only, typed, named ``<entity>_<action>``, each in a
transaction, each leaving an audit entry.

Every change to a Spielliste re-runs the round state machine (scoring.round) over the
whole list; if any row becomes invalid the change is refused with a message naming the
game, and nothing is written. Derived data (dealer, points per player) is rewritten from
the same replay, so what is stored always equals what the rules say. Every write locks
the list row first and checks ``frozen`` and ``version`` on that locked row
(``league.lists.services.context``).

By sub-domain: ``lifecycle`` (create, code, freeze, close, end early), ``games``,
``penalties``, ``clock`` (time), ``seats`` (substitutes), ``paper`` (results typed from
paper), ``confirm``, ``kasse`` (the rate a list plays for). Every public name is
importable from ``league.lists.services``.
"""

from league.core.errors import ConflictError, ServiceError
from league.lists.services.clock import (
    spielliste_add_time,
    spielliste_call_time,
    spielliste_no_game_dealt,
    spielliste_resume_time,
)
from league.lists.services.confirm import spielliste_confirm
from league.lists.services.context import same_form_key, writer_key
from league.lists.services.games import (
    game_correct,
    game_delete,
    game_delete_last,
    game_record,
    games_import,
    redeal_record,
    redeal_undo,
)
from league.lists.services.kasse import (
    KASSE_CENT_MAX,
    check_kasse_rate,
    kasse_allowed,
    spielliste_set_kasse,
)
from league.lists.services.lifecycle import (
    default_title,
    spielliste_close,
    spielliste_create,
    spielliste_end_early,
    spielliste_renew_code,
    spielliste_set_frozen,
    table_names,
)
from league.lists.services.paper import paper_entry_save, paper_result_clear
from league.lists.services.penalties import penalty_add, penalty_delete
from league.lists.services.results import Written
from league.lists.services.seats import seat_substitute
from scoring.round import ADDED_MINUTES_MAX  # the rule lives in the engine; kept here for callers

__all__ = [
    "ADDED_MINUTES_MAX",
    "KASSE_CENT_MAX",
    "ConflictError",
    "ServiceError",
    "Written",
    "check_kasse_rate",
    "default_title",
    "game_correct",
    "game_delete",
    "game_delete_last",
    "game_record",
    "games_import",
    "kasse_allowed",
    "paper_entry_save",
    "paper_result_clear",
    "penalty_add",
    "penalty_delete",
    "redeal_record",
    "redeal_undo",
    "same_form_key",
    "seat_substitute",
    "spielliste_add_time",
    "spielliste_call_time",
    "spielliste_close",
    "spielliste_confirm",
    "spielliste_create",
    "spielliste_end_early",
    "spielliste_no_game_dealt",
    "spielliste_renew_code",
    "spielliste_resume_time",
    "spielliste_set_frozen",
    "spielliste_set_kasse",
    "table_names",
    "writer_key",
]
