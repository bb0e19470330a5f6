"""What a restored database shows, without keys: the figures an import must give again.

``figures()`` is JSON-ready (written next to a fixture by ``fixtures/build_old_export.py``
with the code that made the fixture, compared by ``test_old_export.py`` with today's)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from typing import Any

from league.clubs.models import Club, Player
from league.core.models import AuditEntry
from league.evenings.models import ClubEvening
from league.evenings.selectors import club_season
from league.leagues.models import League, Lineup, Team
from league.leagues.selectors import league_page
from league.lists.models import Game, ScoreLine, Spielliste
from league.lists.selectors import snapshots_of
from league.tournaments.models import Tournament
from league.tournaments.selectors import standings


def _plain(value: Any) -> Any:
    """Dataclasses as dicts, dates as ISO text, tuples as lists: one JSON shape."""
    return json.loads(json.dumps(value, default=_default))


def _default(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    if isinstance(value, set | frozenset):
        return sorted(value)
    return str(value)


def _without_ids(value: Any) -> Any:
    """Drop every key that names a database id (``…_id``, ``…_ids``, ``id``, ``pk``)."""
    if isinstance(value, dict):
        return {
            k: _without_ids(v)
            for k, v in value.items()
            if not (k in ("id", "pk") or k.endswith("_id") or k.endswith("_ids"))
        }
    if isinstance(value, list):
        return [_without_ids(v) for v in value]
    return value


def standings_figures() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for t in Tournament.objects.order_by("name"):
        out[t.name] = [
            {
                "rows": [
                    [
                        *(r.rank, r.number, r.name, r.club, r.ddv_number, r.withdrawn),
                        *(list(r.per_round), r.total),
                    ]
                    for r in result.rows
                ],
                "counted": result.counted,
                "final": result.final,
            }
            for result in (
                standings(tournament=t, provisional=provisional, reveal=True)
                for provisional in (False, True)
            )
        ]
        out[t.name].append(
            {"rated": t.rated, "bundesland": t.bundesland, "closed": t.closed_at is not None}
        )
    return _plain(out)


def league_figures() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for league in League.objects.order_by("name", "season"):
        pages = []
        for provisional in (False, True):
            table, rounds = league_page(league=league, provisional=provisional)
            pages.append(
                {
                    "table": _without_ids(_plain(table.rows)),
                    "counted": table.counted,
                    "running": table.running,
                    "days": [
                        [
                            rnd.group_round.number,
                            group.number,
                            [t.name for t in group.teams],
                            str(item.label),
                            None
                            if item.result is None
                            else _without_ids(_plain([item.result.rows, item.result.complete])),
                        ]
                        for rnd in rounds
                        for group in rnd.groups
                        for item in group.spieltage
                    ],
                }
            )
        rosters = {
            t.name: sorted(p.name for p in t.roster.all())
            for t in Team.objects.filter(league=league).prefetch_related("roster")
        }
        lineups = sorted(
            [
                lu.spieltag.group.group_round.number,
                lu.spieltag.group.number,
                lu.spieltag.number,
                lu.team.name,
                lu.absent,
                [e.player.name for e in lu.entries.all()],
            ]
            for lu in Lineup.objects.filter(spieltag__group__group_round__league=league)
            .select_related("spieltag__group__group_round", "team")
            .prefetch_related("entries__player")
        )
        out[f"{league.name} {league.season}"] = {
            "pages": pages,
            "rosters": rosters,
            "lineups": lineups,
        }
    return _plain(out)


def list_figures() -> dict[str, Any]:
    """Each list by title and creation time: seats, replayed rows and totals, flags."""
    out: dict[str, Any] = {}
    lists = list(Spielliste.objects.order_by("pk"))
    for snap in snapshots_of(lists, reveal=True):
        liste = snap.liste
        state = snap.state
        key = f"{liste.title} @ {liste.created_at.isoformat()}"
        out[key] = {
            "seats": [s.name for s in snap.seats],
            "rows": None
            if state is None
            else [[r.game, r.dealer, dict(r.points), r.voided] for r in state.rows],
            "totals": None if state is None else dict(state.totals),
            "flags": [
                liste.complete,
                liste.games_played,
                liste.frozen,
                liste.totals_only,
                liste.ended_early,
                liste.closed,
                liste.redeals,
                liste.rules,
                liste.time_up_after,
                liste.added_minutes,
                liste.added_by,
                liste.confirmed_seat,
                liste.confirmed_at,
                liste.listenfuehrer_position,
            ],
            "lines": sorted(
                [line.player.name, line.points, line.game.number if line.game else 0]
                for line in ScoreLine.objects.filter(spielliste=liste).select_related(
                    "player", "game"
                )
            ),
            "subs": [[s.position, s.from_game, s.player.name] for s in liste.substitutions.all()],
            "paper": [[e.entry, e.totals, e.deduction] for e in liste.paper_entries.all()],
        }
    return _plain(out)


def season_figures() -> dict[str, Any]:
    """Each club's season table for every season year its evenings fall in."""
    out: dict[str, Any] = {}
    for club in Club.objects.order_by("name"):
        years = sorted({e.date.year for e in ClubEvening.objects.filter(club=club)})
        for year in years:
            season = club_season(club=club, year=year, reveal=True)
            out[f"{club.name} {year}"] = {
                "settings": _plain(season.table.settings),
                "rows": [
                    [r.name, r.rank, r.lists, r.points, r.evenings] for r in season.table.rows
                ],
            }
    return _plain(out)


def counts() -> dict[str, int]:
    return {
        "clubs": Club.objects.count(),
        "players": Player.objects.count(),
        "hidden": Player.objects.filter(hide_name=True).count(),
        "lists": Spielliste.objects.count(),
        "games": Game.objects.count(),
        "lines": ScoreLine.objects.count(),
        "tournaments": Tournament.objects.count(),
        "leagues": League.objects.count(),
        "evenings": ClubEvening.objects.count(),
        "history": AuditEntry.objects.exclude(role_label="Import").count(),
    }


def figures() -> dict[str, Any]:
    return {
        "counts": counts(),
        "standings": standings_figures(),
        "leagues": league_figures(),
        "lists": list_figures(),
        "seasons": season_figures(),
    }
