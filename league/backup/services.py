"""Backup: everything (or one tournament, or a club's season) as one JSON document, and
back again.

The document (``FORMAT``, ``VERSION``) names every object by the id it had where it was
exported; those ids are references inside the file only. Import gives everything new
keys. Lists travel as facts (game records, penalty rows, paper totals, substitutions);
whatever the rules derive from them (dealer, points, ScoreLine) is not exported but made
again by the same replay, so it comes out identical. Table codes and accounts are never
exported (codes are secrets; accounts and passwords are not a tournament's data).

``backup_import`` validates the whole document first (references, every list replayed
through ``scoring.round.replay_round``, every paper entry through
``scoring.totals.check_totals``) and then writes in one transaction through the services;
any refusal rolls everything back.

Leagues travel like tournaments: the season's settings, teams with rosters, the schedule
(group rounds, groups, Spieltage), line-ups (no-shows with their substitutes) and the
Spieltag tables naming their lists; results and the league table are derived again from
the lists. Organisers and captains are accounts: not exported.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from django.db import transaction
from django.db.models import Case, Q, Value, When
from django.db.models.functions import ExtractYear
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from league.clubs.models import Club, Player
from league.core.audit import Actor, audit_record
from league.core.errors import ServiceError
from league.core.models import AuditEntry
from league.evenings.models import ClubEvening, EveningTable, SeasonSettings
from league.leagues import services as league_services
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
from league.leagues.selectors import league_lists
from league.lists import services as ls
from league.lists.models import Game, PaperEntry, PenaltyRow, Seat, Spielliste, Substitution
from league.lists.selectors import with_redeals
from league.tournaments import services as ts
from league.tournaments.models import (
    Bundesland,
    Participant,
    RoundTable,
    Tournament,
    TournamentRound,
)
from scoring import GameRecord
from scoring.errors import ScoringError
from scoring.interchange import (
    QUICK_KIND,
    entry_to_dict,
    penalty_from_dict,
    penalty_to_dict,
    quick_from_dict,
    record_from_dict,
    rules_from_dict,
)
from scoring.penalties import Penalty
from scoring.quick import QuickGame
from scoring.round import replay_round
from scoring.rules import TSR, RuleProfile
from scoring.season import season_settings
from scoring.totals import check_totals

FORMAT = "doppelkopf-liste-backup"
VERSION = 1

# The import's own writes (services and restored rows) carry this role label.
IMPORT_ACTOR = Actor(None, label="Import")

_TARGETS = {
    "club": "clubs.club",
    "player": "clubs.player",
    "list": "lists.spielliste",
    "tournament": "tournaments.tournament",
    "evening": "evenings.clubevening",
    "league": "leagues.league",
    "team": "leagues.team",
    "spieltag": "leagues.spieltag",
}


class BackupError(Exception):
    """A document that cannot be imported; ``messages`` name each object and its fault."""

    def __init__(self, messages: list[str]) -> None:
        super().__init__("\n".join(messages))
        self.messages = messages


# --- export ----------------------------------------------------------------------------


M = TypeVar("M")


def _group_by(rows: Iterable[M], key: str) -> defaultdict[int, list[M]]:
    """``rows`` (one query) by the id in attribute ``key``, each group in the rows' order."""
    out: defaultdict[int, list[M]] = defaultdict(list)
    for row in rows:
        out[getattr(row, key)].append(row)
    return out


def _iso(value: dt.datetime | dt.date | None) -> str | None:
    return None if value is None else value.isoformat()


def backup_export(
    *,
    tournament_id: int | None = None,
    club_id: int | None = None,
    season: int | None = None,
    league_id: int | None = None,
) -> dict[str, Any]:
    """The document for everything, one tournament, one league season (its Spieltag lists,
    teams and players), or one club (optionally one season: the club's lists created in
    that calendar year). Raises Tournament/League/Club.DoesNotExist."""
    leagues: list[League] = []
    if league_id is not None:
        leagues = list(League.objects.filter(pk=league_id))
        if not leagues:
            raise League.DoesNotExist(league_id)
        tournaments = []
        lists = list(Spielliste.objects.filter(league_lists(league_id)))
        scope: dict[str, Any] = {"kind": "league", "league": league_id}
    elif tournament_id is not None:
        tournaments = list(Tournament.objects.filter(pk=tournament_id))
        if not tournaments:
            raise Tournament.DoesNotExist(tournament_id)
        lists = list(
            Spielliste.objects.filter(round_table__tournament_round__tournament_id=tournament_id)
        )
        scope = {"kind": "tournament", "tournament": tournament_id}
    elif club_id is not None:
        club = Club.objects.get(pk=club_id)
        tournaments = []
        club_lists = Spielliste.objects.filter(club=club)
        if season is not None:
            club_lists = club_lists.annotate(year=ExtractYear("created_at")).filter(year=season)
        lists = list(club_lists)
        scope = {"kind": "club", "club": club.pk, "season": season}
    else:
        tournaments = list(Tournament.objects.all())
        lists = list(Spielliste.objects.all())
        leagues = list(League.objects.order_by("pk"))
        scope = {"kind": "all"}
    lists.sort(key=lambda liste: liste.pk)
    tournaments.sort(key=lambda t: t.pk)
    list_ids = [liste.pk for liste in lists]

    seats: dict[int, list[Seat]] = _group_by(
        Seat.objects.filter(spielliste_id__in=list_ids).order_by("position"), "spielliste_id"
    )
    games: dict[int, list[Any]] = _group_by(
        Game.objects.filter(spielliste_id__in=list_ids).order_by("number"), "spielliste_id"
    )
    penalties: dict[int, list[PenaltyRow]] = _group_by(
        PenaltyRow.objects.filter(spielliste_id__in=list_ids).order_by("after_game", "id"),
        "spielliste_id",
    )
    papers: dict[int, list[PaperEntry]] = _group_by(
        PaperEntry.objects.filter(spielliste_id__in=list_ids).order_by("entry"), "spielliste_id"
    )
    subs: dict[int, list[Substitution]] = _group_by(
        Substitution.objects.filter(spielliste_id__in=list_ids).order_by("position"),
        "spielliste_id",
    )

    participants: dict[int, list[Participant]] = _group_by(
        Participant.objects.filter(tournament__in=tournaments).order_by("number"), "tournament_id"
    )
    rounds: dict[int, list[TournamentRound]] = _group_by(
        TournamentRound.objects.filter(tournament__in=tournaments).order_by("number"),
        "tournament_id",
    )
    tables: dict[int, list[RoundTable]] = _group_by(
        RoundTable.objects.filter(tournament_round__tournament__in=tournaments).order_by("number"),
        "tournament_round_id",
    )

    player_ids: set[int] = set()
    for seat_group in seats.values():
        player_ids.update(s.player_id for s in seat_group)
    for sub_group in subs.values():
        player_ids.update(s.player_id for s in sub_group)
    for entries in participants.values():
        player_ids.update(p.player_id for p in entries)
    if club_id is not None:
        player_ids.update(Player.objects.filter(club_id=club_id).values_list("pk", flat=True))
    league_rows = _LeagueRows.load(leagues)
    player_ids |= league_rows.player_ids()
    everything = scope["kind"] == "all"  # then also players and clubs in no list
    players = list(
        (Player.objects.all() if everything else Player.objects.filter(pk__in=player_ids)).order_by(
            "pk"
        )
    )
    maybe = {p.club_id for p in players} | {liste.club_id for liste in lists}
    maybe |= {t.club_id for t in tournaments} | {club_id}
    maybe |= {team.club_id for teams in league_rows.teams.values() for team in teams}
    club_ids = {pk for pk in maybe if pk is not None}
    clubs = list(
        (Club.objects.all() if everything else Club.objects.filter(pk__in=club_ids)).order_by("pk")
    )

    # Club evenings (club seasons): of the exported clubs, with the exported lists as tables.
    evening_tables: dict[int, list[EveningTable]] = _group_by(
        EveningTable.objects.filter(spielliste_id__in=list_ids, evening__club__in=clubs).order_by(
            "number"
        ),
        "evening_id",
    )
    evenings = list(ClubEvening.objects.filter(pk__in=list(evening_tables)).order_by("pk"))
    seasons = {row.club_id: row for row in SeasonSettings.objects.filter(club__in=clubs)}

    history = _history(
        {
            "club": [c.pk for c in clubs],
            "player": [p.pk for p in players],
            "list": list_ids,
            "tournament": [t.pk for t in tournaments],
            "evening": [e.pk for e in evenings],
            "league": [lg.pk for lg in leagues],
            "team": [t.pk for teams in league_rows.teams.values() for t in teams],
            "spieltag": [d.pk for days in league_rows.spieltage.values() for d in days],
        }
    )

    def season_dict(club: Club) -> dict[str, Any] | None:
        row = seasons.get(club.pk)
        if row is None:
            return None
        return {
            "mode": row.mode,
            "minimum": row.minimum,
            "best_n": row.best_n,
            "start_month": row.start_month,
        }

    def list_dict(liste: Spielliste) -> dict[str, Any]:
        names = {s.position: s.name for s in seats[liste.pk]}
        player_names = {s.player_id: s.name for s in seats[liste.pk]}
        return {
            "id": liste.pk,
            "title": liste.title,
            "club": liste.club_id,
            "table_size": liste.table_size,
            "listenfuehrer_position": liste.listenfuehrer_position,
            "time_up_after": liste.time_up_after,
            "added_minutes": liste.added_minutes,
            "added_by": liste.added_by,
            "ended_early": liste.ended_early,
            "totals_only": liste.totals_only,
            "confirmed_at": _iso(liste.confirmed_at),
            "confirmed_seat": liste.confirmed_seat,
            "frozen": liste.frozen,
            "created_at": _iso(liste.created_at),
            # Derived, for a check after import: the replay must give these again.
            "games_played": liste.games_played,
            "complete": liste.complete,
            "seats": [
                {"position": s.position, "player": s.player_id, "name": s.name}
                for s in seats[liste.pk]
            ],
            "games": [entry_to_dict(g.to_entry(names)) for g in games[liste.pk]],
            # House rules (house-rules.md): left out for a TSR list, as before.
            **({"rules": liste.rules} if liste.rules else {}),
            **({"redeals": liste.redeals} if liste.redeals else {}),
            **({"closed": True} if liste.closed else {}),
            "penalties": [
                penalty_to_dict(r.to_penalty(player_names)) | {"referee": r.referee}
                for r in penalties[liste.pk]
            ],
            "paper_entries": [
                {"entry": e.entry, "totals": e.totals, "deduction": e.deduction}
                for e in papers[liste.pk]
            ],
            "substitutions": [
                {"position": s.position, "from_game": s.from_game, "player": s.player_id}
                for s in subs[liste.pk]
            ],
            "history": history["list"].get(liste.pk, []),
        }

    def tournament_dict(t: Tournament) -> dict[str, Any]:
        return {
            "id": t.pk,
            "name": t.name,
            "date": t.date.isoformat(),
            "venue": t.venue,
            "club": t.club_id,
            "rounds_planned": t.rounds_planned,
            "official": t.official,
            "tie_breaks": list(t.tie_breaks),
            "require_confirmation": t.require_confirmation,
            "double_entry": t.double_entry,
            "separate_clubs": t.separate_clubs,
            "round_minutes": t.round_minutes,
            "members_only": t.members_only,
            "rated": t.rated,
            "bundesland": t.bundesland,
            "closed_at": _iso(t.closed_at),
            "created_at": _iso(t.created_at),
            "participants": [
                {"number": p.number, "player": p.player_id, "withdrawn": p.withdrawn}
                for p in participants[t.pk]
            ],
            "rounds": [
                {
                    "number": r.number,
                    "status": r.status,
                    "seeded": r.seeded,
                    "seed": r.seed,
                    "repeat_meetings": r.repeat_meetings,
                    "time_called": r.time_called,
                    "started_at": _iso(r.started_at),
                    "tables": [
                        {"number": tb.number, "list": tb.spielliste_id} for tb in tables[r.pk]
                    ],
                }
                for r in rounds[t.pk]
            ],
            "history": history["tournament"].get(t.pk, []),
        }

    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "scope": scope,
        "clubs": [
            {
                "id": c.pk,
                "name": c.name,
                "city": c.city,
                "members_only": c.members_only,
                **({"rules": c.rules} if c.rules else {}),
                "season": season_dict(c),
                "history": history["club"].get(c.pk, []),
            }
            for c in clubs
        ],
        "players": [
            {
                "id": p.pk,
                "name": p.name,
                "club": p.club_id,
                "ddv_number": p.ddv_number,
                "hide_name": p.hide_name,
                "history": history["player"].get(p.pk, []),
            }
            for p in players
        ],
        "lists": [list_dict(liste) for liste in lists],
        "tournaments": [tournament_dict(t) for t in tournaments],
        "evenings": [
            {
                "id": e.pk,
                "club": e.club_id,
                "date": e.date.isoformat(),
                "note": e.note,
                "tables": [
                    {"number": et.number, "list": et.spielliste_id} for et in evening_tables[e.pk]
                ],
                "history": history["evening"].get(e.pk, []),
            }
            for e in evenings
        ],
        "leagues": [league_rows.league_dict(lg, history) for lg in leagues],
    }


@dataclass
class _LeagueRows:
    """The rows of the exported leagues, read in a fixed number of queries and grouped by
    their owner's key (teams by league, groups by group round, … tables by Spieltag)."""

    teams: dict[int, list[Team]] = field(default_factory=lambda: defaultdict(list))
    roster: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    group_rounds: dict[int, list[GroupRound]] = field(default_factory=lambda: defaultdict(list))
    groups: dict[int, list[Group]] = field(default_factory=lambda: defaultdict(list))
    group_teams: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    spieltage: dict[int, list[Spieltag]] = field(default_factory=lambda: defaultdict(list))
    lineups: dict[int, list[Lineup]] = field(default_factory=lambda: defaultdict(list))
    lineup_players: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    tables: dict[int, list[SpieltagTable]] = field(default_factory=lambda: defaultdict(list))

    @classmethod
    def load(cls, leagues: list[League]) -> _LeagueRows:
        rows = cls()
        if not leagues:
            return rows
        of_league = Q(league__in=leagues)
        for team in Team.objects.filter(of_league).order_by("number"):
            rows.teams[team.league_id].append(team)
        for team_id, player_id in (
            Team.roster.through.objects.filter(team__league__in=leagues)
            .order_by("player_id")
            .values_list("team_id", "player_id")
        ):
            rows.roster[team_id].append(player_id)
        for group_round in GroupRound.objects.filter(of_league).order_by("number"):
            rows.group_rounds[group_round.league_id].append(group_round)
        in_league = {"group_round__league__in": leagues}
        for group in Group.objects.filter(**in_league).order_by("number"):
            rows.groups[group.group_round_id].append(group)
        for group_id, team_id in (
            Group.teams.through.objects.filter(group__group_round__league__in=leagues)
            .order_by("team__number")
            .values_list("group_id", "team_id")
        ):
            rows.group_teams[group_id].append(team_id)
        days = {"group__group_round__league__in": leagues}
        for spieltag in Spieltag.objects.filter(**days).order_by("number"):
            rows.spieltage[spieltag.group_id].append(spieltag)
        of_day = {"spieltag__group__group_round__league__in": leagues}
        for lineup in Lineup.objects.filter(**of_day).order_by("team__number"):
            rows.lineups[lineup.spieltag_id].append(lineup)
        for lineup_id, player_id in (
            LineupPlayer.objects.filter(lineup__spieltag__group__group_round__league__in=leagues)
            .order_by("position")
            .values_list("lineup_id", "player_id")
        ):
            rows.lineup_players[lineup_id].append(player_id)
        for table in SpieltagTable.objects.filter(**of_day).order_by("round", "table"):
            rows.tables[table.spieltag_id].append(table)
        return rows

    def player_ids(self) -> set[int]:
        """Rosters and line-ups (substitutes of a no-show are in no roster)."""
        out = {pid for pids in self.roster.values() for pid in pids}
        return out | {pid for pids in self.lineup_players.values() for pid in pids}

    def league_dict(
        self, league: League, history: Mapping[str, Mapping[int, list[dict[str, Any]]]]
    ) -> dict[str, Any]:
        def spieltag_dict(day: Spieltag) -> dict[str, Any]:
            return {
                "id": day.pk,
                "number": day.number,
                "started_at": _iso(day.started_at),
                "closed_at": _iso(day.closed_at),
                "lineups": [
                    {
                        "team": lu.team_id,
                        "absent": lu.absent,
                        "players": self.lineup_players[lu.pk],
                    }
                    for lu in self.lineups[day.pk]
                ],
                "tables": [
                    {
                        "round": st.round,
                        "table": st.table,
                        "teams": st.teams,
                        "list": st.spielliste_id,
                    }
                    for st in self.tables[day.pk]
                ],
                "history": history["spieltag"].get(day.pk, []),
            }

        return {
            "id": league.pk,
            "name": league.name,
            "season": league.season,
            "players_per_team": league.players_per_team,
            "rounds_per_spieltag": league.rounds_per_spieltag,
            "spieltage_per_round": league.spieltage_per_round,
            "group_size": league.group_size,
            "created_at": _iso(league.created_at),
            "teams": [
                {
                    "id": team.pk,
                    "number": team.number,
                    "name": team.name,
                    "club": team.club_id,
                    "roster": self.roster[team.pk],
                    "history": history["team"].get(team.pk, []),
                }
                for team in self.teams[league.pk]
            ],
            "group_rounds": [
                {
                    "number": gr.number,
                    "date": _iso(gr.date),
                    "groups": [
                        {
                            "number": group.number,
                            "teams": self.group_teams[group.pk],
                            "spieltage": [spieltag_dict(d) for d in self.spieltage[group.pk]],
                        }
                        for group in self.groups[gr.pk]
                    ],
                }
                for gr in self.group_rounds[league.pk]
            ],
            "history": history["league"].get(league.pk, []),
        }


def _history(ids: Mapping[str, list[int]]) -> dict[str, dict[int, list[dict[str, Any]]]]:
    """The audit entries of the exported objects, oldest first, without the user key."""
    out: dict[str, dict[int, list[dict[str, Any]]]] = {kind: defaultdict(list) for kind in ids}
    query = Q(pk__in=[])
    for kind, pks in ids.items():
        if pks:
            query |= Q(target=_TARGETS[kind], target_id__in=pks)
    kind_of = {label: kind for kind, label in _TARGETS.items()}
    for entry in AuditEntry.objects.filter(query).order_by("at", "id"):
        out[kind_of[entry.target]][entry.target_id].append(
            {
                "at": entry.at.isoformat(),
                "actor": entry.actor,
                "role": entry.role,
                "role_label": entry.role_label,
                "action": entry.action,
                "item": entry.item,
                "before": entry.before,
                "after": entry.after,
            }
        )
    return out


# --- validation --------------------------------------------------------------------------


class _Fault(Exception):
    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")


def _need(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(data, Mapping):
        raise _Fault(where, "kein JSON-Objekt")
    if key not in data:
        raise _Fault(where, f"Feld „{key}“ fehlt")
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise _Fault(where, f"Feld „{key}“ hat den falschen Typ")
    return value


def _number(data: Mapping[str, Any], key: str, where: str) -> int:
    """A positive whole number that fits the database's small number columns."""
    value: int = _need(data, key, int, where)
    if not 1 <= value <= 32767:
        raise _Fault(where, f"Feld „{key}“ ungültig")
    return value


def _text(data: Mapping[str, Any], key: str, where: str, longest: int) -> str:
    """A text of at most ``longest`` characters, not empty (spaces squeezed)."""
    value = " ".join(_need(data, key, str, where).split())
    if not value or len(value) > longest:
        raise _Fault(where, f"Feld „{key}“ leer oder zu lang")
    return value


def _opt(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if data.get(key) is None:
        return None
    return _need(data, key, kind, where)


def _when(value: Any, where: str, key: str) -> dt.datetime | None:
    if value is None:
        return None
    try:
        parsed = parse_datetime(value) if isinstance(value, str) else None
    except ValueError:  # well-formed but impossible ("2026-13-45T…")
        parsed = None
    if parsed is None:
        raise _Fault(where, f"Feld „{key}“ ist kein Zeitpunkt")
    return parsed


def _scoring(err: ScoringError) -> str:
    return ServiceError.from_scoring(err).message


@dataclass
class _List:
    data: dict[str, Any]
    where: str
    records: list[GameRecord | QuickGame] = field(default_factory=list)
    penalties: list[tuple[Penalty, str]] = field(default_factory=list)
    double_entry: bool = False
    rules: RuleProfile = TSR


@dataclass
class _Plan:
    doc: dict[str, Any]
    lists: dict[int, _List] = field(default_factory=dict)


def _check(doc: Any) -> _Plan:
    if not isinstance(doc, dict):
        raise BackupError(["Die Datei ist kein JSON-Objekt."])
    if doc.get("format") != FORMAT:
        raise BackupError([f"Keine Sicherung dieser Anwendung (format ≠ {FORMAT!r})."])
    if doc.get("version") != VERSION:
        raise BackupError(
            [f"Formatversion {doc.get('version')!r} wird nicht unterstützt (erwartet {VERSION})."]
        )
    errors: list[str] = []
    plan = _Plan(doc)
    clubs: set[int] = set()
    players: set[int] = set()
    where_of_list: dict[int, str] = {}

    def items(key: str) -> list[Any]:
        value = doc.get(key, [])
        if not isinstance(value, list):
            errors.append(f"„{key}“ ist keine Liste.")
            return []
        return value

    for club in items("clubs"):
        try:
            cid = _need(club, "id", int, "Verein ?")
            where = f"Verein {cid}"
            if not _need(club, "name", str, where).strip():
                raise _Fault(where, "Name fehlt")
            if cid in clubs:
                raise _Fault(where, "doppelt")
            clubs.add(cid)
        except _Fault as fault:
            errors.append(str(fault))
    ddv_seen: set[str] = set()
    for player in items("players"):
        try:
            pid = _need(player, "id", int, "Spieler ?")
            where = f"Spieler {pid}"
            if not _need(player, "name", str, where).strip():
                raise _Fault(where, "Name fehlt")
            club = _opt(player, "club", int, where)
            if club is not None and club not in clubs:
                raise _Fault(where, f"Verein {club} fehlt in der Datei")
            number = (_opt(player, "ddv_number", str, where) or "").strip()
            if number and number in ddv_seen:
                raise _Fault(where, f"DDV-Nummer {number} doppelt")
            ddv_seen.add(number)
            if pid in players:
                raise _Fault(where, "doppelt")
            players.add(pid)
        except _Fault as fault:
            errors.append(str(fault))

    tournaments = items("tournaments")
    # Lists of a tournament are named by their round and table.
    for t in tournaments:
        if not isinstance(t, dict) or not isinstance(t.get("rounds"), list):
            continue
        for rnd in t["rounds"]:
            if not isinstance(rnd, dict) or not isinstance(rnd.get("tables"), list):
                continue
            for table in rnd["tables"]:
                if isinstance(table, dict) and isinstance(table.get("list"), int):
                    where_of_list[table["list"]] = (
                        f"Turnier {t.get('id')}, Runde {rnd.get('number')}, "
                        f"Tisch {table.get('number')}"
                    )
    for league in items("leagues"):
        where_of_list.update(_league_list_names(league))
    double_lists = {
        table["list"]
        for t in tournaments
        if isinstance(t, dict) and t.get("double_entry") is True
        for rnd in t.get("rounds") or []
        if isinstance(rnd, dict)
        for table in rnd.get("tables") or []
        if isinstance(table, dict)
    }

    for data in items("lists"):
        try:
            lid = _need(data, "id", int, "Liste ?")
            where = where_of_list.get(lid, f"Liste {lid}")
            if lid in plan.lists:
                raise _Fault(where, "doppelt")
            item = _List(data, where, double_entry=lid in double_lists)
            _check_list(item, clubs, players)
            plan.lists[lid] = item
        except _Fault as fault:
            errors.append(str(fault))

    used: set[int] = set()
    for t in tournaments:
        try:
            tid = _need(t, "id", int, "Turnier ?")
            where = f"Turnier {tid}"
            _need(t, "name", str, where)
            if parse_date(str(_need(t, "date", str, where))) is None:
                raise _Fault(where, "Datum ungültig")
            club = _opt(t, "club", int, where)
            if club is not None and club not in clubs:
                raise _Fault(where, f"Verein {club} fehlt in der Datei")
            _need(t, "tie_breaks", list, where)
            _need(t, "rounds_planned", int, where)
            _opt(t, "round_minutes", int, where)
            _opt(t, "venue", str, where)
            _opt(t, "members_only", bool, where)
            _opt(t, "rated", bool, where)
            land = _opt(t, "bundesland", str, where)
            if land and land not in Bundesland.values:
                raise _Fault(where, f"Bundesland {land} unbekannt")
            _when(t.get("closed_at"), where, "closed_at")
            for key in ("official", "require_confirmation", "double_entry", "separate_clubs"):
                _need(t, key, bool, where)
            _when(t.get("created_at"), where, "created_at")
            numbers: set[int] = set()
            entered: set[int] = set()
            for p in _need(t, "participants", list, where):
                number = _need(p, "number", int, f"{where}, Teilnehmer ?")
                pid = _need(p, "player", int, f"{where}, Teilnehmer {number}")
                _need(p, "withdrawn", bool, f"{where}, Teilnehmer {number}")
                if pid not in players:
                    raise _Fault(f"{where}, Teilnehmer {number}", f"Spieler {pid} fehlt")
                if number in numbers or pid in entered:
                    raise _Fault(f"{where}, Teilnehmer {number}", "doppelt")
                numbers.add(number)
                entered.add(pid)
            round_numbers: set[int] = set()
            for rnd in _need(t, "rounds", list, where):
                rn = _need(rnd, "number", int, f"{where}, Runde ?")
                rwhere = f"{where}, Runde {rn}"
                if rn in round_numbers:
                    raise _Fault(rwhere, "doppelt")
                round_numbers.add(rn)
                if _need(rnd, "status", str, rwhere) not in TournamentRound.Status.values:
                    raise _Fault(rwhere, "Status ungültig")
                _need(rnd, "seed", int, rwhere)
                _when(rnd.get("started_at"), rwhere, "started_at")
                table_numbers: set[int] = set()
                for table in _need(rnd, "tables", list, rwhere):
                    tn = _need(table, "number", int, f"{rwhere}, Tisch ?")
                    lid = _need(table, "list", int, f"{rwhere}, Tisch {tn}")
                    if tn in table_numbers:
                        raise _Fault(f"{rwhere}, Tisch {tn}", "doppelt")
                    table_numbers.add(tn)
                    if lid not in plan.lists:
                        raise _Fault(f"{rwhere}, Tisch {tn}", f"Liste {lid} fehlt in der Datei")
                    if lid in used:
                        raise _Fault(f"{rwhere}, Tisch {tn}", f"Liste {lid} an zwei Tischen")
                    used.add(lid)
        except _Fault as fault:
            errors.append(str(fault))
    league_keys: set[tuple[str, str]] = set()
    for league in items("leagues"):
        try:
            _check_league(league, clubs, players, plan, used, league_keys)
        except _Fault as fault:
            errors.append(str(fault))
    if errors:
        raise BackupError(errors)
    for evening in items("evenings"):
        try:
            eid = _need(evening, "id", int, "Vereinsabend ?")
            where = f"Vereinsabend {eid}"
            if _need(evening, "club", int, where) not in clubs:
                raise _Fault(where, f"Verein {evening['club']} fehlt in der Datei")
            if parse_date(str(_need(evening, "date", str, where))) is None:
                raise _Fault(where, "Datum ungültig")
            _opt(evening, "note", str, where)
            for table in _need(evening, "tables", list, where):
                _need(table, "number", int, where)
                if _need(table, "list", int, where) not in plan.lists:
                    raise _Fault(where, f"Liste {table['list']} fehlt in der Datei")
        except _Fault as fault:
            errors.append(str(fault))
    for club in items("clubs"):
        season = club.get("season") if isinstance(club, dict) else None
        if season is None:
            continue
        try:
            where = f"Verein {club.get('id')}, Saisonwertung"
            season_settings(
                str(_need(season, "mode", str, where)),
                minimum=_need(season, "minimum", int, where),
                best_n=_need(season, "best_n", int, where),
            )
            if not 1 <= _need(season, "start_month", int, where) <= 12:
                raise _Fault(where, "Saisonbeginn ungültig")
        except ScoringError as err:
            errors.append(f"Verein {club.get('id')}, Saisonwertung: {_scoring(err)}")
        except _Fault as fault:
            errors.append(str(fault))
    return plan


def _spieltage_of(league: Any) -> Iterable[tuple[str, Any]]:
    """Each Spieltag of a (not yet checked) league entry with its name in messages."""
    for gr in _items_of(league, "group_rounds"):
        for group in _items_of(gr, "groups"):
            for day in _items_of(group, "spieltage"):
                yield (
                    (
                        f"Liga {league.get('id')}, Gruppenrunde {gr.get('number')}, "
                        f"Gruppe {group.get('number')}, Spieltag {_get(day, 'number')}"
                    ),
                    day,
                )


def _get(data: Any, key: str) -> Any:
    return data.get(key) if isinstance(data, dict) else None


def _items_of(data: Any, key: str) -> list[Any]:
    """The dict entries of ``data[key]`` where that is a list (anything else: none)."""
    value = _get(data, key)
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _league_list_names(league: Any) -> dict[int, str]:
    """The lists of a league are named by their Spieltag, round and table."""
    out: dict[int, str] = {}
    for where, day in _spieltage_of(league):
        for table in _items_of(day, "tables"):
            if isinstance(table.get("list"), int):
                out[table["list"]] = (
                    f"{where}, Runde {table.get('round')}, Tisch {table.get('table')}"
                )
    return out


def _check_league(
    league: Any,
    clubs: set[int],
    players: set[int],
    plan: _Plan,
    used: set[int],
    seen: set[tuple[str, str]],
) -> None:
    """A league entry: its settings as league_create checks them, teams with rosters (a
    player in one team), the schedule's groups of its teams, each Spieltag's line-ups and
    tables (one seat per team of the group, each an exported list used once)."""
    lid = _need(league, "id", int, "Liga ?")
    where = f"Liga {lid}"
    name = _text(league, "name", where, _max_length(League, "name"))
    season = _text(league, "season", where, _max_length(League, "season"))
    sizes = {
        key: _need(league, key, int, where)
        for key in ("players_per_team", "rounds_per_spieltag", "spieltage_per_round", "group_size")
    }
    try:
        league_services.league_check_settings(name=name, season=season, **sizes)
    except ServiceError as err:
        raise _Fault(where, err.message) from None
    key = (name, season)
    if key in seen:
        raise _Fault(where, "doppelt")
    seen.add(key)
    _when(league.get("created_at"), where, "created_at")
    teams: set[int] = set()
    numbers: set[int] = set()
    names: set[str] = set()
    rostered: set[int] = set()
    for team in _need(league, "teams", list, where):
        tid = _need(team, "id", int, f"{where}, Mannschaft ?")
        twhere = f"{where}, Mannschaft {tid}"
        number = _number(team, "number", twhere)
        team_name = _text(team, "name", twhere, _max_length(Team, "name")).lower()
        if tid in teams or number in numbers or team_name in names:
            raise _Fault(twhere, "doppelt")
        teams.add(tid)
        numbers.add(number)
        names.add(team_name)
        club = _opt(team, "club", int, twhere)
        if club is not None and club not in clubs:
            raise _Fault(twhere, f"Verein {club} fehlt in der Datei")
        for pid in _need(team, "roster", list, twhere):
            if pid not in players:
                raise _Fault(twhere, f"Spieler {pid} fehlt in der Datei")
            if pid in rostered:
                raise _Fault(twhere, f"Spieler {pid} in zwei Mannschaften")
            rostered.add(pid)
    if numbers != set(range(1, len(numbers) + 1)):
        raise _Fault(where, "Mannschaften nicht 1, 2, … nummeriert")
    round_numbers: set[int] = set()
    for gr in _need(league, "group_rounds", list, where):
        rn = _number(gr, "number", f"{where}, Gruppenrunde ?")
        rwhere = f"{where}, Gruppenrunde {rn}"
        if rn in round_numbers:
            raise _Fault(rwhere, "doppelt")
        round_numbers.add(rn)
        date = _opt(gr, "date", str, rwhere)
        try:
            if date is not None and parse_date(date) is None:
                raise ValueError(date)
        except ValueError:
            raise _Fault(rwhere, "Datum ungültig") from None
        group_numbers: set[int] = set()
        for group in _need(gr, "groups", list, rwhere):
            gn = _number(group, "number", f"{rwhere}, Gruppe ?")
            gwhere = f"{rwhere}, Gruppe {gn}"
            if gn in group_numbers:
                raise _Fault(gwhere, "doppelt")
            group_numbers.add(gn)
            members = _need(group, "teams", list, gwhere)
            if any(t not in teams for t in members) or len(set(members)) != len(members):
                raise _Fault(gwhere, "Mannschaften ungültig")
            day_numbers: set[int] = set()
            for day in _need(group, "spieltage", list, gwhere):
                _need(day, "id", int, f"{gwhere}, Spieltag ?")
                dn = _number(day, "number", f"{gwhere}, Spieltag ?")
                if dn in day_numbers:
                    raise _Fault(f"{gwhere}, Spieltag {dn}", "doppelt")
                day_numbers.add(dn)
                _check_spieltag(
                    day, f"{gwhere}, Spieltag {dn}", set(members), sizes, players, plan, used
                )


def _max_length(model: type[League] | type[Team], name: str) -> int:
    length = getattr(model._meta.get_field(name), "max_length", None)
    assert isinstance(length, int)
    return length


def _check_spieltag(
    day: dict[str, Any],
    where: str,
    members: set[int],
    sizes: Mapping[str, int],
    players: set[int],
    plan: _Plan,
    used: set[int],
) -> None:
    started = _when(day.get("started_at"), where, "started_at")
    if _when(day.get("closed_at"), where, "closed_at") is not None and started is None:
        raise _Fault(where, "abgeschlossen, aber nicht gestartet")
    lined_up: set[int] = set()
    seated: set[int] = set()
    for lineup in _need(day, "lineups", list, where):
        team = _need(lineup, "team", int, f"{where}, Aufstellung")
        lwhere = f"{where}, Aufstellung {team}"
        if team not in members or team in lined_up:
            raise _Fault(lwhere, "Mannschaft nicht in der Gruppe oder doppelt")
        lined_up.add(team)
        _need(lineup, "absent", bool, lwhere)
        chosen = _need(lineup, "players", list, lwhere)
        if len(chosen) != sizes["players_per_team"]:
            raise _Fault(lwhere, "Anzahl der Spieler passt nicht")
        for pid in chosen:
            if pid not in players:
                raise _Fault(lwhere, f"Spieler {pid} fehlt in der Datei")
            if pid in seated:
                raise _Fault(lwhere, f"Spieler {pid} zweimal aufgestellt")
            seated.add(pid)
    positions: set[tuple[int, int]] = set()
    for table in _need(day, "tables", list, where):
        rn = _number(table, "round", f"{where}, Tisch ?")
        tn = _number(table, "table", f"{where}, Tisch ?")
        twhere = f"{where}, Runde {rn}, Tisch {tn}"
        if started is None:
            raise _Fault(twhere, "Tisch an einem nicht gestarteten Spieltag")
        if (rn, tn) in positions:
            raise _Fault(twhere, "doppelt")
        positions.add((rn, tn))
        seat_teams = _need(table, "teams", list, twhere)
        if any(t not in members for t in seat_teams):
            raise _Fault(twhere, "Mannschaft nicht in der Gruppe")
        list_id = _need(table, "list", int, twhere)
        item = plan.lists.get(list_id)
        if item is None:
            raise _Fault(twhere, f"Liste {list_id} fehlt in der Datei")
        if list_id in used:
            raise _Fault(twhere, f"Liste {list_id} an zwei Tischen")
        used.add(list_id)
        if len(item.data["seats"]) != len(seat_teams):
            raise _Fault(twhere, "Mannschaften passen nicht zu den Plätzen")


def _check_list(item: _List, clubs: set[int], players: set[int]) -> None:
    data, where = item.data, item.where
    _need(data, "title", str, where)
    club = _opt(data, "club", int, where)
    if club is not None and club not in clubs:
        raise _Fault(where, f"Verein {club} fehlt in der Datei")
    seats = _need(data, "seats", list, where)
    names: list[str] = []
    seat_players: dict[str, int] = {}
    for i, seat in enumerate(seats, start=1):
        if _need(seat, "position", int, where) != i:
            raise _Fault(where, "Plätze nicht in der Reihenfolge 1, 2, …")
        pid = _need(seat, "player", int, f"{where}, Platz {i}")
        if pid not in players:
            raise _Fault(f"{where}, Platz {i}", f"Spieler {pid} fehlt in der Datei")
        name = _need(seat, "name", str, f"{where}, Platz {i}")
        names.append(name)
        seat_players[name] = pid
    if len(set(seat_players.values())) != len(seats):
        raise _Fault(where, "ein Spieler sitzt zweimal am Tisch")
    if _need(data, "table_size", int, where) != len(seats) or len(seats) not in (4, 5):
        raise _Fault(where, "Tischgröße passt nicht zu den Plätzen")
    position = _need(data, "listenfuehrer_position", int, where)
    if not 1 <= position <= len(seats):
        raise _Fault(where, "Listenführer-Platz ungültig")
    time_up = _opt(data, "time_up_after", int, where)
    for key in ("ended_early", "totals_only", "frozen"):
        _need(data, key, bool, where)
    added = _need(data, "added_minutes", int, where)
    if not 0 <= added <= ls.ADDED_MINUTES_MAX:
        raise _Fault(where, "Zeitzugabe ungültig")
    _opt(data, "added_by", str, where)
    _when(data.get("confirmed_at"), where, "confirmed_at")
    _when(data.get("created_at"), where, "created_at")
    try:
        item.rules = rules_from_dict(_opt(data, "rules", dict, where) or {})
    except ScoringError as err:
        raise _Fault(f"{where}, Hausregeln", _scoring(err)) from None
    redeals = _opt(data, "redeals", list, where) or []
    if any(type(n) is not int or n < 1 for n in redeals):
        raise _Fault(where, "redeals ungültig")
    closed = _opt(data, "closed", bool, where) or False
    for n, game in enumerate(_need(data, "games", list, where), start=1):
        try:
            if isinstance(game, dict) and game.get("kind") == QUICK_KIND:
                item.records.append(quick_from_dict(game))
            else:
                item.records.append(record_from_dict(game, item.rules))
        except ScoringError as err:
            raise _Fault(f"{where}, Spiel {n}", _scoring(err)) from None
    for row in _need(data, "penalties", list, where):
        try:
            penalty = penalty_from_dict(row)
        except ScoringError as err:
            raise _Fault(f"{where}, Strafzeile", _scoring(err)) from None
        for who in (penalty.offender, penalty.beneficiary):
            if who is not None and who not in seat_players:
                raise _Fault(f"{where}, Strafzeile", f"„{who}“ sitzt nicht am Tisch")
        if not penalty.referee.strip():
            raise _Fault(f"{where}, Strafzeile", "Schiedsrichter fehlt")
        item.penalties.append((penalty, penalty.referee))
    for sub in _need(data, "substitutions", list, where):
        pid = _need(sub, "player", int, f"{where}, Ersatzspieler")
        if pid not in players:
            raise _Fault(f"{where}, Ersatzspieler", f"Spieler {pid} fehlt in der Datei")
        if not 1 <= _need(sub, "position", int, f"{where}, Ersatzspieler") <= len(seats):
            raise _Fault(f"{where}, Ersatzspieler", "Platz ungültig")
        _need(sub, "from_game", int, f"{where}, Ersatzspieler")
    papers = _need(data, "paper_entries", list, where)
    for paper in papers:
        entry = _need(paper, "entry", int, f"{where}, Papiereingabe")
        pwhere = f"{where}, Papiereingabe {entry}"
        totals = _need(paper, "totals", dict, pwhere)
        deduction = _opt(paper, "deduction", dict, pwhere) or {}
        try:
            by_name = {names[int(p) - 1]: v for p, v in totals.items()}
            minus = {names[int(p) - 1]: v for p, v in deduction.items()}
        except (ValueError, IndexError):
            raise _Fault(pwhere, "Platz ungültig") from None
        try:
            check_totals(names, by_name, minus)
        except ScoringError as err:
            raise _Fault(pwhere, _scoring(err)) from None
    if data["totals_only"]:
        if item.records or item.penalties:
            raise _Fault(where, "Papierergebnis und Spiele zugleich")
        return
    if papers:
        raise _Fault(where, "Papiereingaben an einer Liste mit Spielen")
    try:
        replay_round(
            names,
            with_redeals(item.records, redeals),
            [p for p, _ in item.penalties],
            time_up,
            rules=item.rules,
            closed=closed,
        )
    except ScoringError as err:
        prefix = f"{where}, Spiel {err.game}" if err.game else where
        raise _Fault(prefix, _scoring(err)) from None


# --- import ------------------------------------------------------------------------------


@dataclass
class ImportSummary:
    clubs_created: int = 0
    clubs_matched: int = 0
    players_created: int = 0
    players_matched: int = 0
    lists: int = 0
    tournaments: int = 0
    leagues: int = 0
    history: int = 0
    dry_run: bool = False

    def lines(self) -> list[str]:
        head = "Probelauf: nichts geschrieben." if self.dry_run else "Import abgeschlossen."
        return [
            head,
            f"Vereine: {self.clubs_created} angelegt, {self.clubs_matched} nach Name gefunden",
            f"Spieler: {self.players_created} angelegt, "
            f"{self.players_matched} nach DDV-Nummer gefunden",
            f"Spiellisten: {self.lists}, Turniere: {self.tournaments}, Ligen: {self.leagues}, "
            f"Protokolleinträge: {self.history}",
        ]


def backup_import(*, doc: Any, dry_run: bool = False) -> ImportSummary:
    """Validate ``doc`` completely, then write it in one transaction (rolled back for a dry
    run). Raises ``BackupError`` with every fault found; nothing is written then."""
    summary = ImportSummary(dry_run=dry_run)
    try:
        plan = _check(doc)
        with transaction.atomic():
            _write(plan, summary)
            if dry_run:
                transaction.set_rollback(True)
    except _Fault as fault:
        raise BackupError([str(fault)]) from None
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        # A shape the checks above did not foresee: still refused, still nothing written.
        raise BackupError([f"Aufbau der Datei fehlerhaft: {type(err).__name__}: {err}"]) from None
    return summary


def _write(plan: _Plan, summary: ImportSummary) -> None:
    doc = plan.doc
    restored: list[tuple[str, int, dict[str, Any]]] = []  # (kind, new pk, entry)
    club_map: dict[int, Club] = {}
    for data in doc.get("clubs", []):
        name = " ".join(data["name"].split())
        club = Club.objects.filter(name=name).first()  # names are unique: the same club
        if club is None:
            club = Club.objects.create(
                name=name,
                city=data.get("city") or "",
                members_only=bool(data.get("members_only", False)),
                rules=data.get("rules") or {},
            )
            audit_record(user=IMPORT_ACTOR, action="import", target=club, after={"name": name})
            summary.clubs_created += 1
            restored += [("club", club.pk, e) for e in data.get("history") or []]
        else:
            summary.clubs_matched += 1
        club_map[data["id"]] = club
    player_map: dict[int, Player] = {}
    for data in doc.get("players", []):
        number = (data.get("ddv_number") or "").strip()
        player = Player.objects.filter(ddv_number=number).first() if number else None
        if player is None:
            player = Player.objects.create(
                name=" ".join(data["name"].split()),
                club=club_map.get(data.get("club") or 0),
                ddv_number=number,
                hide_name=bool(data.get("hide_name")),
            )
            audit_record(
                user=IMPORT_ACTOR,
                action="import",
                target=player,
                after={"name": player.name, "ddv_number": number},
            )
            summary.players_created += 1
            restored += [("player", player.pk, e) for e in data.get("history") or []]
        else:
            summary.players_matched += 1
        player_map[data["id"]] = player

    list_map: dict[int, Spielliste] = {}
    for lid, item in plan.lists.items():
        try:
            liste = _write_list(item, player_map, club_map)
        except ServiceError as err:
            where = f"{item.where}, Spiel {err.game}" if err.game else item.where
            raise _Fault(where, err.message) from None
        list_map[lid] = liste
        summary.lists += 1
        restored += [("list", liste.pk, e) for e in item.data.get("history") or []]

    for data in doc.get("evenings", []):
        evening = ClubEvening.objects.create(
            club=club_map[data["club"]],
            date=dt.date.fromisoformat(data["date"]),
            note=data.get("note") or "",
        )
        EveningTable.objects.bulk_create(
            EveningTable(evening=evening, number=t["number"], spielliste=list_map[t["list"]])
            for t in data["tables"]
        )
        audit_record(
            user=IMPORT_ACTOR, action="import", target=evening, after={"date": data["date"]}
        )
        restored += [("evening", evening.pk, e) for e in data.get("history") or []]
    for data in doc.get("clubs", []):
        season = data.get("season")
        club = club_map[data["id"]]
        if season and not SeasonSettings.objects.filter(club=club).exists():
            SeasonSettings.objects.create(
                club=club,
                mode=season["mode"],
                minimum=season["minimum"],
                best_n=season["best_n"],
                start_month=season["start_month"],
            )

    for data in doc.get("leagues", []):
        restored += _write_league(data, club_map, player_map, list_map)
        summary.leagues += 1

    for data in doc.get("tournaments", []):
        where = f"Turnier {data['id']}"
        try:
            tournament = ts.tournament_create(
                name=data["name"],
                date=dt.date.fromisoformat(data["date"]),
                rounds_planned=data.get("rounds_planned", 3),
                official=bool(data.get("official")),
                venue=data.get("venue") or "",
                club=club_map.get(data.get("club") or 0),
                tie_breaks=data["tie_breaks"],
                require_confirmation=bool(data.get("require_confirmation")),
                double_entry=bool(data.get("double_entry")),
                separate_clubs=bool(data.get("separate_clubs", True)),
                round_minutes=data.get("round_minutes"),
                members_only=bool(data.get("members_only", False)),
                user=IMPORT_ACTOR,
            )
        except ServiceError as err:
            raise _Fault(where, err.message) from None
        # Participants keep their start numbers (participant_add would number afresh and
        # match players by name); the players were resolved above.
        Participant.objects.bulk_create(
            Participant(
                tournament=tournament,
                player=player_map[p["player"]],
                number=p["number"],
                withdrawn=p["withdrawn"],
            )
            for p in data["participants"]
        )
        # Rounds are history: their draw was made (with this seed) and may be closed, which
        # round_draw/round_close would redo or refuse; the rows are restored as they were.
        for rnd in data["rounds"]:
            tournament_round = TournamentRound.objects.create(
                tournament=tournament,
                number=rnd["number"],
                status=rnd["status"],
                seeded=bool(rnd.get("seeded")),
                seed=rnd["seed"],
                repeat_meetings=rnd.get("repeat_meetings") or 0,
                time_called=bool(rnd.get("time_called")),
                started_at=_when(rnd.get("started_at"), where, "started_at"),
            )
            RoundTable.objects.bulk_create(
                RoundTable(
                    tournament_round=tournament_round,
                    number=table["number"],
                    spielliste=list_map[table["list"]],
                )
                for table in rnd["tables"]
            )
        created = _when(data.get("created_at"), where, "created_at")
        if created is not None:
            Tournament.objects.filter(pk=tournament.pk).update(created_at=created)
        # The Rangliste flag and the close are history too (checked when it was closed).
        Tournament.objects.filter(pk=tournament.pk).update(
            rated=bool(data.get("rated")),
            bundesland=data.get("bundesland") or "",
            closed_at=_when(data.get("closed_at"), where, "closed_at"),
        )
        audit_record(
            user=IMPORT_ACTOR,
            action="import",
            target=tournament,
            after={"participants": len(data["participants"]), "rounds": len(data["rounds"])},
        )
        summary.tournaments += 1
        restored += [("tournament", tournament.pk, e) for e in data.get("history") or []]

    summary.history = _restore_history(restored)


def _write_league(
    data: dict[str, Any],
    clubs: dict[int, Club],
    players: dict[int, Player],
    lists: dict[int, Spielliste],
) -> list[tuple[str, int, dict[str, Any]]]:
    """A league season: created through league_create (its settings; a league of that name
    and season refuses the import), then its teams, schedule, line-ups and Spieltag tables
    restored as they were (history: the draw and starts were made). The tables take the
    lists written before; organisers and captains are accounts and not in the backup.
    Returns the history rows to restore."""
    where = f"Liga {data['id']}"
    try:
        league = league_services.league_create(
            name=data["name"],
            season=data["season"],
            players_per_team=data["players_per_team"],
            rounds_per_spieltag=data["rounds_per_spieltag"],
            spieltage_per_round=data["spieltage_per_round"],
            group_size=data["group_size"],
            user=IMPORT_ACTOR,
        )
    except ServiceError as err:
        raise _Fault(where, err.message) from None
    created = _when(data.get("created_at"), where, "created_at")
    if created is not None:
        League.objects.filter(pk=league.pk).update(created_at=created)
    restored = [("league", league.pk, e) for e in data.get("history") or []]
    teams: dict[int, Team] = {}
    for t in data["teams"]:
        team = Team.objects.create(
            league=league,
            name=" ".join(t["name"].split()),
            number=t["number"],
            club=clubs.get(t.get("club") or 0),
        )
        team.roster.set([players[pid] for pid in t["roster"]])
        teams[t["id"]] = team
        restored += [("team", team.pk, e) for e in t.get("history") or []]
    for gr in data["group_rounds"]:
        group_round = GroupRound.objects.create(
            league=league,
            number=gr["number"],
            date=dt.date.fromisoformat(gr["date"]) if gr.get("date") else None,
        )
        for g in gr["groups"]:
            group = Group.objects.create(group_round=group_round, number=g["number"])
            group.teams.set([teams[tid] for tid in g["teams"]])
            for d in g["spieltage"]:
                spieltag = Spieltag.objects.create(
                    group=group,
                    number=d["number"],
                    started_at=_when(d.get("started_at"), where, "started_at"),
                    closed_at=_when(d.get("closed_at"), where, "closed_at"),
                )
                for lu in d["lineups"]:
                    lineup = Lineup.objects.create(
                        spieltag=spieltag, team=teams[lu["team"]], absent=lu["absent"]
                    )
                    LineupPlayer.objects.bulk_create(
                        LineupPlayer(lineup=lineup, position=i, player=players[pid])
                        for i, pid in enumerate(lu["players"], start=1)
                    )
                SpieltagTable.objects.bulk_create(
                    SpieltagTable(
                        spieltag=spieltag,
                        round=st["round"],
                        table=st["table"],
                        teams=[teams[tid].pk for tid in st["teams"]],
                        spielliste=lists[st["list"]],
                    )
                    for st in d["tables"]
                )
                restored += [("spieltag", spieltag.pk, e) for e in d.get("history") or []]
    audit_record(
        user=IMPORT_ACTOR,
        action="import",
        target=league,
        after={"teams": len(teams), "group_rounds": len(data["group_rounds"])},
    )
    return restored


def _write_list(item: _List, players: dict[int, Player], clubs: dict[int, Club]) -> Spielliste:
    """One list through the list services, in the order its rows were written: games up to
    each penalty row, substitution and time call, then paper totals, added time, an early
    end, confirmation and the freeze."""
    data = item.data
    seat_players = [players[s["player"]] for s in data["seats"]]
    liste = ls.spielliste_create(
        title=data["title"],
        players=seat_players,
        club=clubs.get(data.get("club") or 0),
        listenfuehrer_position=data["listenfuehrer_position"],
        rules=item.rules,
        user=IMPORT_ACTOR,
    )
    if data.get("redeals"):  # placed by game number: each replay takes those it reaches
        liste.redeals = list(data["redeals"])
        Spielliste.objects.filter(pk=liste.pk).update(redeals=liste.redeals)
    # The names the players had at this table (a later rename does not rewrite a list):
    # the services derive them from today's names, so the seats are rewritten as exported.
    if [s.name for s in liste.seats.all()] != [s["name"] for s in data["seats"]]:
        Seat.objects.filter(spielliste=liste).delete()
        Seat.objects.bulk_create(
            Seat(
                spielliste=liste,
                position=s["position"],
                player=players[s["player"]],
                name=s["name"],
            )
            for s in data["seats"]
        )
    by_name = {s["name"]: players[s["player"]] for s in data["seats"]}
    records = item.records
    time_up = data.get("time_up_after")
    events: dict[int, list[tuple[str, Any]]] = defaultdict(list)
    for sub in data["substitutions"]:
        events[sub["from_game"] - 1].append(("sub", sub))
    for penalty, referee in item.penalties:
        events[penalty.after_game].append(("penalty", (penalty, referee)))
    if time_up is not None:
        events[max(time_up - 1, 0)].append(("time", time_up >= 1))
    done = 0

    def games_to(count: int) -> None:
        nonlocal done
        if count > done:
            ls.games_import(spielliste=liste, records=records[done:count], user=IMPORT_ACTOR)
            done = count

    for point in sorted(events):
        games_to(min(point, len(records)))
        for kind, value in events[point]:
            if kind == "sub":
                ls.seat_substitute(
                    spielliste=liste,
                    position=value["position"],
                    player=players[value["player"]],
                    from_game=value["from_game"],
                    user=IMPORT_ACTOR,
                )
            elif kind == "penalty":
                penalty, referee = value
                ls.penalty_add(
                    spielliste=liste,
                    after_game=penalty.after_game,
                    kind=penalty.kind.value,
                    offender=by_name[penalty.offender],
                    beneficiary=by_name[penalty.beneficiary] if penalty.beneficiary else None,
                    absagen=penalty.absagen,
                    points=penalty.points,
                    referee=referee,
                    user=IMPORT_ACTOR,
                )
        for kind, value in events[point]:  # time is called after the point's other rows
            if kind == "time":
                ls.spielliste_call_time(spielliste=liste, game_in_progress=value, user=IMPORT_ACTOR)
    games_to(len(records))
    for paper in sorted(data["paper_entries"], key=lambda p: p["entry"]):
        ls.paper_entry_save(
            spielliste=liste,
            entry=paper["entry"],
            totals={int(p): v for p, v in paper["totals"].items()},
            deduction={int(p): v for p, v in (paper.get("deduction") or {}).items()},
            double_entry=item.double_entry or paper["entry"] == 2,
            user=IMPORT_ACTOR,
        )
    liste.refresh_from_db()
    if data["added_minutes"]:
        if (data.get("added_by") or "").strip():
            ls.spielliste_add_time(
                spielliste=liste,
                minutes=data["added_minutes"],
                referee=data["added_by"],
                user=IMPORT_ACTOR,
            )
        else:  # an older row without the referee's name: kept as it was
            Spielliste.objects.filter(pk=liste.pk).update(added_minutes=data["added_minutes"])
    if data.get("closed"):
        ls.spielliste_close(spielliste=liste, user=IMPORT_ACTOR)
    if data["ended_early"]:
        ls.spielliste_end_early(spielliste=liste, user=IMPORT_ACTOR)
    liste.refresh_from_db()
    if liste.complete != data.get("complete", liste.complete) or liste.games_played != data.get(
        "games_played", liste.games_played
    ):
        raise _Fault(item.where, "die Wiedergabe ergibt einen anderen Stand als exportiert")
    # A confirmation is a table player's act from his own session, or a manager's; it is
    # restored as it was. created_at too (a club's season is the lists of its year).
    Spielliste.objects.filter(pk=liste.pk).update(
        confirmed_at=_when(data.get("confirmed_at"), item.where, "confirmed_at"),
        confirmed_seat=data.get("confirmed_seat"),
        created_at=_when(data.get("created_at"), item.where, "created_at") or liste.created_at,
    )
    liste.refresh_from_db()
    if data["frozen"]:
        ls.spielliste_set_frozen(spielliste=liste, frozen=True, user=IMPORT_ACTOR)
    audit_record(
        user=IMPORT_ACTOR,
        action="import",
        target=liste,
        after={"games": len(records), "penalties": len(item.penalties)},
    )
    return liste


def _restore_history(rows: Iterable[tuple[str, int, dict[str, Any]]]) -> int:
    """The exported history as audit entries of the new objects, with their original time
    (``at`` is set on creation, so it is written afterwards in one statement per batch)."""
    entries: list[AuditEntry] = []
    times: list[dt.datetime | None] = []
    for kind, pk, e in rows:
        if not isinstance(e, dict):
            continue
        entries.append(
            AuditEntry(
                actor=str(e.get("actor") or "")[:150],
                role=str(e.get("role") or "")[:16],
                role_label=str(e.get("role_label") or "")[:60],
                action=str(e.get("action") or "")[:32],
                target=_TARGETS[kind],
                target_id=pk,
                item=e.get("item") if isinstance(e.get("item"), int) else None,
                before=e.get("before"),
                after=e.get("after"),
            )
        )
        try:
            at = parse_datetime(e["at"]) if isinstance(e.get("at"), str) else None
        except ValueError:
            at = None
        times.append(at)
    created = AuditEntry.objects.bulk_create(entries, batch_size=500)
    pairs = [(entry.pk, at) for entry, at in zip(created, times, strict=True) if at is not None]
    for start in range(0, len(pairs), 500):
        chunk = pairs[start : start + 500]
        AuditEntry.objects.filter(pk__in=[pk for pk, _ in chunk]).update(
            at=Case(*(When(pk=pk, then=Value(at)) for pk, at in chunk))
        )
    return len(entries)


def backup_validate(*, doc: Any) -> None:
    """Check ``doc`` as the import would (references, every list replayed, every paper
    result), reading the database for nothing and writing nothing; raises ``BackupError``."""
    try:
        _check(doc)
    except _Fault as fault:
        raise BackupError([str(fault)]) from None
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise BackupError([f"Aufbau der Datei fehlerhaft: {type(err).__name__}: {err}"]) from None
