"""The leagues app's sections (``league.core.sections``): ``league`` the seasons' settings,
teams, schedule, line-ups and tables, a person's rosters and line-ups, the merge;
``season`` each Spieltag's date and place, the captains' reports, availability and move
requests, which ``league`` writes into the same Spieltag entries."""

from __future__ import annotations

from league.leagues.sections.league import BACKUP, MERGE, PRIVACY, register

__all__ = ["BACKUP", "MERGE", "PRIVACY", "register"]
