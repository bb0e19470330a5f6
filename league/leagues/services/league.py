"""League writes: seasons, teams and rosters, the schedule, line-ups, no-shows, starting a
Spieltag. Same conventions as every app's services: keyword-only, typed,
``<entity>_<action>``, one transaction each, the owner's row locked where two writers can
meet (the league for its teams and schedule, the Spieltag for its line-ups and start),
an audit entry for each change. A refusal raises ``ServiceError`` and writes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User as Account
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from league.accounts.membership import member_add, member_remove
from league.clubs.matching import PersonChoice
from league.clubs.models import Club, Player
from league.clubs.services import (
    clean_name,
    ddv_number_clean,
    player_find_or_create,
)
from league.core.audit import Actor, User, audit_record
from league.core.backup_fields import max_length
from league.core.errors import ServiceError
from league.core.text import squeeze
from league.leagues.models import (
    Group,
    GroupRound,
    League,
    Lineup,
    LineupPlayer,
    Spieltag,
    SpieltagTable,
    Team,
)
from league.leagues.owner import OWNER, list_places
from league.leagues.selectors import (
    LineupWarning,
    deadline_passed,
    deadline_text,
    lineup_deadline,
    lineup_warnings,
    spieltag_label,
)
from league.leagues.services.season import moves_overtaken
from league.lists import services as list_services
from league.lists.models import Spielliste
from league.lists.placement import place_lists
from scoring.errors import ScoringError
from scoring.liga import spieltag_seating
from scoring.schedule import generate_schedule
from scoring.totals import TABLE_SIZES, Notice

MAX_PLAYERS_PER_TEAM = 12
MAX_ROUNDS_PER_SPIELTAG = 12
MAX_SPIELTAGE_PER_ROUND = 4


def _values(league: League) -> dict[str, object]:
    return {
        "name": league.name,
        "season": league.season,
        "players_per_team": league.players_per_team,
        "rounds_per_spieltag": league.rounds_per_spieltag,
        "spieltage_per_round": league.spieltage_per_round,
        "group_size": league.group_size,
    }


def league_check_settings(
    *,
    name: str,
    season: str,
    players_per_team: int,
    rounds_per_spieltag: int,
    spieltage_per_round: int,
    group_size: int,
) -> None:
    """The settings league_create accepts (reads and writes nothing; also the backup's
    check before an import writes)."""
    rounds, spieltage = rounds_per_spieltag, spieltage_per_round
    if not name.strip():
        raise ServiceError("league_name_missing", field="name")
    if not season.strip():
        raise ServiceError("league_season_missing", field="season")
    if not 1 <= players_per_team <= MAX_PLAYERS_PER_TEAM:
        raise ServiceError(
            "league_players_per_team", {"max": MAX_PLAYERS_PER_TEAM}, field="players_per_team"
        )
    if not 1 <= rounds <= MAX_ROUNDS_PER_SPIELTAG:
        raise ServiceError(
            "league_rounds_per_spieltag",
            {"max": MAX_ROUNDS_PER_SPIELTAG},
            field="rounds_per_spieltag",
        )
    if not 1 <= spieltage <= MAX_SPIELTAGE_PER_ROUND:
        raise ServiceError(
            "league_spieltage_per_round",
            {"max": MAX_SPIELTAGE_PER_ROUND},
            field="spieltage_per_round",
        )
    if group_size not in TABLE_SIZES:
        # A table seats one player per team: 4 teams (or 5 at 5-player tables, 10.1).
        raise ServiceError("league_group_size", field="group_size")


@transaction.atomic
def league_create(
    *,
    name: str,
    season: str,
    players_per_team: int = 4,
    rounds_per_spieltag: int = 3,
    spieltage_per_round: int = 2,
    group_size: int = 4,
    user: User = None,
) -> League:
    """A new league season; the creating account is its first organiser."""
    league_check_settings(
        name=name,
        season=season,
        players_per_team=players_per_team,
        rounds_per_spieltag=rounds_per_spieltag,
        spieltage_per_round=spieltage_per_round,
        group_size=group_size,
    )
    name, season = squeeze(name), season.strip()
    if League.objects.filter(name=name, season=season).exists():
        raise ServiceError("league_exists", {"name": name, "season": season}, field="name")
    league = League.objects.create(
        name=name,
        season=season,
        players_per_team=players_per_team,
        rounds_per_spieltag=rounds_per_spieltag,
        spieltage_per_round=spieltage_per_round,
        group_size=group_size,
    )
    account = user.user if isinstance(user, Actor) else user
    if isinstance(account, Account):
        league.organisers.add(account)
    audit_record(user=user, action="create", target=league, after=_values(league))
    return league


@transaction.atomic
def league_add_organiser(*, league: League, account: str | Account, user: User = None) -> Account:
    locked = League.objects.select_for_update().get(pk=league.pk)
    return member_add(
        holder=locked, relation="organisers", account=account, role="league_organiser", user=user
    )


@transaction.atomic
def league_remove_organiser(*, league: League, account_id: int, user: User = None) -> None:
    locked = League.objects.select_for_update().get(pk=league.pk)
    member_remove(
        holder=locked,
        relation="organisers",
        account_id=account_id,
        role="league_organiser",
        user=user,
    )


# --- teams and rosters ----------------------------------------------------------------------


def _scheduled(league: League) -> bool:
    return GroupRound.objects.filter(league=league).exists()


@transaction.atomic
def team_create(*, league: League, name: str, club: Club | None = None, user: User = None) -> Team:
    """A new team, numbered after the last; refused once the schedule exists."""
    locked = League.objects.select_for_update().get(pk=league.pk)
    clean = squeeze(name)
    if not clean:
        raise ServiceError("team_name_missing", field="name")
    if len(clean) > max_length(Team, "name"):
        raise ServiceError("team_name_missing", field="name")
    if _scheduled(locked):
        raise ServiceError("schedule_exists")
    if locked.teams.filter(name__iexact=clean).exists():
        raise ServiceError("team_exists", {"name": clean}, field="name")
    number = locked.teams.count() + 1
    team = Team.objects.create(league=locked, name=clean, number=number, club=club)
    audit_record(user=user, action="create", target=team, after={"name": clean, "number": number})
    return team


def _may_name(team: Team, holder: Player, name: str) -> bool:
    """Issue 29 (item 7), decision: a league's organiser is any account that made a league,
    so a DDV number alone must not put somebody's record on his team. It may when the
    typed name is the record's (name and number both known: the player told them), or the
    record is a member of the team's club (a team's club is set by the site's staff) and
    did not ask to stay unnamed. Nothing here names the record."""
    if clean_name(name).casefold() == holder.name.casefold():
        return True
    return team.club_id is not None and holder.club_id == team.club_id and not holder.hide_name


@transaction.atomic
def team_add_player(
    *,
    team: Team,
    name: str = "",
    ddv_number: str = "",
    player: Player | None = None,
    person: PersonChoice = None,
    user: User = None,
) -> Player:
    """Put a player on the team's roster (an existing record, or one found or created by
    DDV number or name); a player plays for one team of a league. A DDV number of an
    existing record puts that record on the team only where the organiser may name it
    (``_may_name``), else it is refused without naming the record."""
    locked = Team.objects.select_for_update().select_related("league").get(pk=team.pk)
    if player is None:
        number = ddv_number_clean(ddv_number)
        holder = Player.objects.filter(ddv_number=number).first() if number else None
        if holder is not None and not _may_name(locked, holder, name):
            raise ServiceError("roster_ddv_other_player", {"number": number}, field="ddv_number")
        # person: the close records of a new name are offered first (league.clubs.matching).
        player = player_find_or_create(
            name=name, club=locked.club, ddv_number=ddv_number, person=person, user=user
        )[0]
    other = (
        Team.objects.filter(league_id=locked.league_id, roster=player).exclude(pk=locked.pk).first()
    )
    if other is not None:
        raise ServiceError(
            "player_in_other_team", {"name": player.name, "team": other.name}, field="name"
        )
    if locked.roster.filter(pk=player.pk).exists():
        raise ServiceError("player_on_roster", {"name": player.name}, field="name")
    locked.roster.add(player)
    audit_record(user=user, action="add_player", target=locked, after={"player": player.pk})
    return player


@transaction.atomic
def team_remove_player(*, team: Team, player: Player, user: User = None) -> None:
    locked = Team.objects.select_for_update().get(pk=team.pk)
    if not locked.roster.filter(pk=player.pk).exists():
        raise ServiceError("player_not_on_roster", {"name": player.name})
    locked.roster.remove(player)
    audit_record(user=user, action="remove_player", target=locked, before={"player": player.pk})


@transaction.atomic
def team_add_captain(*, team: Team, account: str | Account, user: User = None) -> Account:
    locked = Team.objects.select_for_update().get(pk=team.pk)
    return member_add(
        holder=locked, relation="captains", account=account, role="captain", user=user
    )


# --- schedule ---------------------------------------------------------------------------------


@transaction.atomic
def schedule_generate(*, league: League, rounds: int | None = None, user: User = None) -> int:
    """Lay out the group rounds (scoring.schedule) and their Spieltage; an earlier schedule
    is replaced while no Spieltag has started. Returns the number of group rounds."""
    locked = League.objects.select_for_update().get(pk=league.pk)
    if Spieltag.objects.filter(
        group__group_round__league=locked, started_at__isnull=False
    ).exists():
        raise ServiceError("schedule_started")
    teams = list(locked.teams.order_by("number"))
    if len(teams) < locked.group_size:
        raise ServiceError("schedule_too_few_teams", {"min": locked.group_size})
    try:
        schedule = generate_schedule(len(teams), locked.group_size, rounds)
    except ScoringError as err:
        raise ServiceError.from_scoring(err) from None
    GroupRound.objects.filter(league=locked).delete()
    for number, rnd in enumerate(schedule.rounds, start=1):
        group_round = GroupRound.objects.create(league=locked, number=number)
        for g, members in enumerate(rnd, start=1):
            group = Group.objects.create(group_round=group_round, number=g)
            group.teams.set([teams[t - 1] for t in members])
            Spieltag.objects.bulk_create(
                Spieltag(group=group, number=d) for d in range(1, locked.spieltage_per_round + 1)
            )
    audit_record(
        user=user,
        action="schedule",
        target=locked,
        after={"rounds": len(schedule.rounds), "repeats": schedule.repeats},
    )
    return len(schedule.rounds)


# --- line-ups, no-shows, start ------------------------------------------------------------


def _lock_spieltag(spieltag: Spieltag) -> Spieltag:
    locked = (
        Spieltag.objects.select_for_update()
        .select_related("group__group_round__league")
        .get(pk=spieltag.pk)
    )
    if locked.started_at is not None:
        raise ServiceError("spieltag_started")
    return locked


def _check_team(spieltag: Spieltag, team: Team) -> None:
    if not spieltag.group.teams.filter(pk=team.pk).exists():
        raise ServiceError("team_not_in_group", {"name": team.name})


def _check_players(
    spieltag: Spieltag, team: Team, players: Sequence[Player], *, exact: bool = True
) -> None:
    """Errors that refuse a line-up: the wrong number of players (``exact``: the league's
    players per team; else 1 to that many), a player twice, one lined up for another team."""
    league = spieltag.group.group_round.league
    size = league.players_per_team
    if exact and len(players) != size:
        raise ServiceError("lineup_size", {"count": size}, field="players")
    if not players:
        raise ServiceError("lineup_empty", field="players")
    if len(players) > size:
        raise ServiceError("lineup_too_many", {"count": size}, field="players")
    if len({p.pk for p in players}) != len(players):
        raise ServiceError("seat_taken_twice", field="players")
    taken = (
        LineupPlayer.objects.filter(lineup__spieltag=spieltag, player__in=players)
        .exclude(lineup__team=team)
        .select_related("player", "lineup__team")
        .first()
    )
    if taken is not None:
        raise ServiceError(
            "player_in_other_lineup",
            {"name": taken.player.name, "team": taken.lineup.team.name},
            field="players",
        )


def _store_lineup(spieltag: Spieltag, team: Team, players: Sequence[Player], absent: bool) -> None:
    lineup, _ = Lineup.objects.update_or_create(
        spieltag=spieltag, team=team, defaults={"absent": absent}
    )
    lineup.entries.all().delete()
    LineupPlayer.objects.bulk_create(
        LineupPlayer(lineup=lineup, position=i, player=p) for i, p in enumerate(players, start=1)
    )


@transaction.atomic
def lineup_set(
    *,
    spieltag: Spieltag,
    team: Team,
    players: Sequence[Player],
    by_organiser: bool = False,
    user: User = None,
) -> list[LineupWarning]:
    """The captain's Aufstellung: ``players`` from the team's roster (reserves sit out),
    in order; replaces an earlier one until the Spieltag starts. After the league's
    line-up deadline only an organiser (``by_organiser``) changes it, which the history
    marks as late. Returns the warnings (deadline.lineup_warnings) of the saved line-up."""
    locked = _lock_spieltag(spieltag)
    league = locked.group.group_round.league
    _check_team(locked, team)
    late = deadline_passed(locked, league)
    if late and not by_organiser:
        deadline = lineup_deadline(locked, league)
        assert deadline is not None
        raise ServiceError("lineup_deadline_passed", {"deadline": deadline_text(deadline)})
    roster = set(team.roster.values_list("pk", flat=True))
    outside = [p for p in players if p.pk not in roster]
    if outside:
        raise ServiceError("lineup_not_in_roster", {"name": outside[0].name}, field="players")
    _check_players(locked, team, players, exact=False)
    warnings = lineup_warnings(locked, league, team, players)
    _store_lineup(locked, team, players, absent=False)
    after: dict[str, object] = {"team": team.pk, "players": [p.pk for p in players]}
    if late:
        after["late"] = True
    if warnings:
        after["warnings"] = [w.code for w in warnings]
    audit_record(user=user, action="lineup", target=locked, after=after)
    return warnings


@transaction.atomic
def lineup_set_absent(
    *, spieltag: Spieltag, team: Team, substitutes: Sequence[Player], user: User = None
) -> None:
    """The organiser marks a team as not shown up; its seats are filled by ``substitutes``
    (any player records, the organiser's decision). The team scores last place."""
    locked = _lock_spieltag(spieltag)
    _check_team(locked, team)
    _check_players(locked, team, substitutes)
    _store_lineup(locked, team, substitutes, absent=True)
    audit_record(
        user=user,
        action="absent",
        target=locked,
        after={"team": team.pk, "substitutes": [p.pk for p in substitutes]},
    )


@transaction.atomic
def spieltag_start(*, spieltag: Spieltag, user: User = None) -> list[Spielliste]:
    """Seat the line-ups (scoring.liga.spieltag_seating) and create every round's lists:
    ordinary Spiellisten with table codes, managed by the league's organisers."""
    locked = _lock_spieltag(spieltag)
    league = locked.group.group_round.league
    teams = list(locked.group.teams.order_by("number"))
    lineups = {
        lu.team_id: lu
        for lu in Lineup.objects.filter(spieltag=locked).prefetch_related("entries__player")
    }
    players: list[list[Player]] = []
    for team in teams:
        lineup = lineups.get(team.pk)
        entries = list(lineup.entries.all()) if lineup is not None else []
        if not entries:
            raise ServiceError("lineup_missing", {"name": team.name})
        if len(entries) != league.players_per_team:
            raise ServiceError(
                "lineup_incomplete", {"name": team.name, "count": league.players_per_team}
            )
        players.append([e.player for e in entries])
    by_key = {str(p.pk): (p, team) for team, ps in zip(teams, players, strict=True) for p in ps}
    try:
        seating = spieltag_seating(
            [[str(p.pk) for p in ps] for ps in players], league.rounds_per_spieltag
        )
    except ScoringError as err:
        raise ServiceError.from_scoring(err) from None
    label = spieltag_label(locked)
    lists = []
    for r, tables in enumerate(seating, start=1):
        for t, seats in enumerate(tables, start=1):
            liste = list_services.spielliste_create(
                title=f"{league.name} {league.season} – {label}, Runde {r}, Tisch {t}",
                players=[by_key[key][0] for key in seats],
                user=user,
            )
            SpieltagTable.objects.create(
                spieltag=locked,
                round=r,
                table=t,
                teams=[by_key[key][1].pk for key in seats],
                spielliste=liste,
            )
            lists.append(liste)
    place_lists(OWNER, list_places([li.pk for li in lists]))
    locked.started_at = timezone.now()
    locked.save(update_fields=["started_at"])
    # A request to move this day is overtaken: it is being played.
    moves_overtaken(
        spieltag=locked, day=locked.date, reason=gettext("Der Spieltag hat begonnen."), user=user
    )
    audit_record(user=user, action="start", target=locked, after={"lists": len(lists)})
    spieltag.started_at = locked.started_at
    return lists


def _lock_lists(spieltag: Spieltag) -> list[tuple[SpieltagTable, Spielliste]]:
    """The day's lists, locked in a fixed order (the same order every writer takes)."""
    tables = {st.spielliste_id: st for st in SpieltagTable.objects.filter(spieltag=spieltag)}
    lists = Spielliste.objects.select_for_update().filter(pk__in=tables).order_by("pk")
    return [(tables[liste.pk], liste) for liste in lists]


@transaction.atomic
def spieltag_close(*, spieltag: Spieltag, user: User = None) -> Spieltag:
    """Close a Spieltag whose lists are all complete: they are frozen (no table code
    writes any more); the organiser may reopen it for a late correction."""
    locked = Spieltag.objects.select_for_update().get(pk=spieltag.pk)
    if locked.started_at is None:
        raise ServiceError("spieltag_not_started")
    if locked.closed_at is not None:
        raise ServiceError("spieltag_already_closed")
    lists = _lock_lists(locked)
    open_tables = [f"{st.round}/{st.table}" for st, liste in lists if not liste.complete]
    if open_tables:
        raise ServiceError("spieltag_incomplete", {"tables": ", ".join(sorted(open_tables))})
    for _st, liste in lists:
        list_services.spielliste_set_frozen(spielliste=liste, frozen=True, user=user)
    locked.closed_at = timezone.now()
    locked.save(update_fields=["closed_at"])
    audit_record(user=user, action="close", target=locked, after={"lists": len(lists)})
    spieltag.closed_at = locked.closed_at
    return locked


@transaction.atomic
def spieltag_reopen(*, spieltag: Spieltag, user: User = None) -> Spieltag:
    locked = Spieltag.objects.select_for_update().get(pk=spieltag.pk)
    if locked.closed_at is None:
        raise ServiceError("spieltag_not_closed")
    for _st, liste in _lock_lists(locked):
        list_services.spielliste_set_frozen(spielliste=liste, frozen=False, user=user)
    locked.closed_at = None
    locked.save(update_fields=["closed_at"])
    audit_record(user=user, action="reopen", target=locked)
    spieltag.closed_at = None
    return locked


@transaction.atomic
def spieltag_paper_result(
    *,
    spieltag: Spieltag,
    round: int,
    table: int,
    totals: dict[int, int],
    deduction: dict[int, int] | None = None,
    entry: int = 1,
    user: User = None,
) -> tuple[str, tuple[Notice, ...]]:
    """A table's totals typed from its paper list (lists.services.paper_entry_save): the
    status and the check's warnings. With the league's double entry, ``entry`` 1 and 2 are
    typed blind and the table counts once they agree."""
    st = (
        SpieltagTable.objects.select_related("spielliste", "spieltag__group__group_round__league")
        .filter(spieltag=spieltag, round=round, table=table)
        .first()
    )
    if st is None:
        raise ServiceError("spieltag_table_unknown", {"round": round, "table": table})
    return list_services.paper_entry_save(
        spielliste=st.spielliste,
        entry=entry,
        totals=totals,
        deduction=deduction,
        double_entry=st.spieltag.group.group_round.league.double_entry,
        user=user,
    )
