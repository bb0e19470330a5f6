"""A league for tests: teams of players, a schedule, line-ups from the rosters."""

from __future__ import annotations

from league.leagues import services as ls
from league.leagues.models import League, Spieltag
from league.lists.models import Spielliste


def make_league(teams: int = 4, *, players: int = 4, user=None, rounds: int = 2, schedule=True):
    league = ls.league_create(
        name=f"Liga {teams}",
        season="2026",
        players_per_team=players,
        rounds_per_spieltag=rounds,
        user=user,
    )
    for t in range(1, teams + 1):
        team = ls.team_create(league=league, name=f"Team {t:02d}")
        for p in range(1, players + 2):  # one reserve each
            ls.team_add_player(team=team, name=f"T{t:02d} Spieler {p}")
    if schedule:
        ls.schedule_generate(league=league)
    return league


def first_spieltag(league: League) -> Spieltag:
    return (
        Spieltag.objects.filter(group__group_round__league=league)
        .order_by("group__group_round__number", "group__number", "number")
        .first()
    )


def set_lineups(spieltag: Spieltag) -> None:
    size = spieltag.group.group_round.league.players_per_team
    for team in spieltag.group.teams.order_by("number"):
        players = list(team.roster.order_by("name"))[:size]
        ls.lineup_set(spieltag=spieltag, team=team, players=players)


def play_paper(spieltag: Spieltag, totals_for=None) -> None:
    """Every table of a started Spieltag gets paper totals: seat 1 wins (+3 -1 -1 -1)."""
    for st in spieltag.tables.select_related("spielliste"):
        totals = totals_for(st) if totals_for else {1: 3, 2: -1, 3: -1, 4: -1}
        ls.spieltag_paper_result(spieltag=spieltag, round=st.round, table=st.table, totals=totals)


def lists_of(spieltag: Spieltag) -> list[Spielliste]:
    return [st.spielliste for st in spieltag.tables.select_related("spielliste")]
