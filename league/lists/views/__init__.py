"""Spielliste pages: thin views over selectors (reads) and services (writes), one per
action, by what they show: ``index`` (the lists, a new list, the table code), ``detail``
(a list's page, composed of its ``parts``, which share a ``page``), ``games``,
``penalties``, ``clock`` (time), ``manage`` (the organiser's actions), ``closing`` (end and
confirm), ``history``, ``pdf``; ``reading`` holds who may read and write. Every view is
importable from ``league.lists.views``."""

from league.lists.views.clock import time_add, time_call, time_no_game, time_resume
from league.lists.views.closing import liste_close, liste_confirm
from league.lists.views.detail import liste_detail, render_detail
from league.lists.views.games import (
    game_add,
    game_correct,
    game_delete_last,
    game_edit,
    game_edit_preview,
    game_preview,
    quick_add,
    redeal_add,
    redeal_undo,
)
from league.lists.views.guide import guide_seen
from league.lists.views.history import liste_history
from league.lists.views.index import LISTS_PER_PAGE, liste_create, liste_index, table_code_entry
from league.lists.views.kasse import liste_kasse
from league.lists.views.manage import liste_end_early, paper_clear, seat_substitute
from league.lists.views.parts import liste_part
from league.lists.views.pdf import liste_blank_pdf, liste_pdf
from league.lists.views.penalties import penalty_add, penalty_delete
from league.lists.views.reading import Writer, list_writer, read_list, read_snapshot

__all__ = [
    "LISTS_PER_PAGE",
    "Writer",
    "code_url",
    "game_add",
    "game_correct",
    "game_delete_last",
    "game_edit",
    "game_edit_preview",
    "game_preview",
    "guide_seen",
    "list_writer",
    "liste_blank_pdf",
    "liste_close",
    "liste_confirm",
    "liste_create",
    "liste_detail",
    "liste_end_early",
    "liste_history",
    "liste_index",
    "liste_kasse",
    "liste_part",
    "liste_pdf",
    "paper_clear",
    "penalty_add",
    "penalty_delete",
    "quick_add",
    "read_list",
    "read_snapshot",
    "redeal_add",
    "redeal_undo",
    "render_detail",
    "seat_substitute",
    "table_code_entry",
    "time_add",
    "time_call",
    "time_no_game",
    "time_resume",
]
