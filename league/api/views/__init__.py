"""API views by resource: ``score``, ``lists`` (a list, its penalty rows, time and
confirmation), ``games``, ``tournaments``; the view classes in ``base``. Leagues and the
Rangliste live in ``league.api.leagues`` and ``league.api.ranking_views``. Every name is
importable from ``league.api.views``."""

from league.api.views.base import ApiListView, ApiView, WriteView, not_found, valid
from league.api.views.games import IDEMPOTENCY_KEY, SpieleView, SpielView, idempotency_key
from league.api.views.lists import (
    BestaetigenView,
    ListenView,
    ListeView,
    StrafenView,
    ZeitView,
    liste_answer,
    written_answer,
)
from league.api.views.score import ScoreView
from league.api.views.tournaments import (
    ErgebnisseView,
    RundeView,
    StandingsView,
    TurniereView,
    TurnierView,
)

__all__ = [
    "IDEMPOTENCY_KEY",
    "ApiListView",
    "ApiView",
    "BestaetigenView",
    "ErgebnisseView",
    "ListeView",
    "ListenView",
    "RundeView",
    "ScoreView",
    "SpielView",
    "SpieleView",
    "StandingsView",
    "StrafenView",
    "TurnierView",
    "TurniereView",
    "WriteView",
    "ZeitView",
    "idempotency_key",
    "liste_answer",
    "not_found",
    "valid",
    "written_answer",
]
