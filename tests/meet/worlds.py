"""The matrix's world: one list per cell (owner × way × rule profile), built once per test
module through the site's services and pages, then only read by the cells.

A cell's list starts like any list at a table (a few games from the phone, or nothing for
paper totals), then the *way* is applied: a game from the phone (the entry form), a quick
row or a redeal (their forms), paper totals (single, double entry), a game through the
API, a correction, a deletion, a substitute, a withdrawal, a penalty row, time-up, a close
and reopen. A way the owner or the rules do not allow is tried too: its refusal is kept
(``Cell.refused``) with what the list looked like before, to check nothing was written.
"""

from __future__ import annotations

import datetime as dt
import itertools
import os
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from django.contrib.auth.models import User
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from league.clubs.models import Club, Player
from league.clubs.services import club_add_manager, club_set_rules
from league.core.errors import ServiceError
from league.evenings import services as evening_services
from league.leagues import services as league_services
from league.leagues.models import Spieltag
from league.lists import services as ls
from league.lists.models import Spielliste
from league.lists.selectors import spielliste_snapshot
from league.tournaments import services as ts
from league.tournaments.models import Participant
from league.tournaments.services import PaperTable
from scoring.interchange import record_from_dict, record_to_dict
from scoring.quick import QuickGame
from scoring.rules import PRESETS, TSR, Pflichtsolo, RuleProfile

# A club's own rules: none of the presets (Pflichtsolo off, open list, redeals allowed).
OWN = replace(TSR, pflichtsolo=Pflichtsolo.NONE, games_open=True, schmeissen=True, name="")
PROFILES: dict[str, RuleProfile] = {"tsr": TSR, **{k: v for k, v in PRESETS.items() if k != "tsr"}}
PROFILES["eigene"] = OWN
OWNERS = ("frei", "abend", "turnier", "liga")
WAYS = (
    "handy",
    "schnell",
    "neu_gegeben",
    "papier",
    "papier_doppelt",
    "api",
    "berichtigung",
    "loeschen",
    "ersatz",
    "rueckzug",
    "strafe",
    "zeit",
    "wieder_offen",
)
DAY = dt.date(2026, 3, 12)
PAPER = {1: 30, 2: -10, 3: -5, 4: -15}


def profiles_of(owner: str) -> tuple[str, ...]:
    """Tournaments and leagues always play the TSR; free lists and evenings any rules."""
    return ("tsr",) if owner in ("turnier", "liga") else tuple(PROFILES)


def cells(*, full: bool | None = None) -> list[tuple[str, str, str]]:
    """Every (owner, way, profile). ``make test`` walks a covering slice: every owner × way
    × place once, the rule profiles taking turns along the ways (each owner meets every
    profile three times); CI's PostgreSQL run and ``make matrix`` walk all of it
    (``MATRIX_FULL=1``): the whole matrix costs about 6 minutes on two cores."""
    if full is None:
        full = os.environ.get("MATRIX_FULL", "") not in ("", "0")
    out = []
    for o, owner in enumerate(OWNERS):
        profiles = profiles_of(owner)
        for w, way in enumerate(WAYS):
            if way == "rueckzug" and owner != "turnier":  # a withdrawal: a participant's
                continue
            turn = profiles[(w + o) % len(profiles)]
            out += [(owner, way, p) for p in profiles if full or p == turn]
    return out


@dataclass
class Cell:
    owner: str
    way: str
    profile: str
    liste_id: int
    manager: User
    refused: str = ""  # the refusal's code (or HTTP status) when the way was refused
    before: tuple[int, int, int] = (0, 0, 0)  # version, games, penalty rows before the way
    tournament_id: int | None = None
    participant_ids: dict[int, int] = field(default_factory=dict)  # player id → participant
    club_id: int | None = None
    league_id: int | None = None
    spieltag_id: int | None = None
    substitute_id: int | None = None

    @property
    def liste(self) -> Spielliste:
        return Spielliste.objects.get(pk=self.liste_id)


_serial = itertools.count(1)


def _names(prefix: str, n: int = 4) -> list[str]:
    return [f"{prefix} {chr(65 + i)}" for i in range(n)]


def _play(liste: Spielliste, n: int, user: Any = None) -> None:
    state = spielliste_snapshot(pk=liste.pk).state
    for i in range(n):
        assert state is not None
        assert state.next_game is not None
        players = list(state.next_game.players)
        data = {"kind": "normal", "players": players, "re": [players[0], players[2]]}
        record = record_from_dict({**data, "re_augen": 130 + i}, liste.profile)
        state = ls.game_record(spielliste=liste, record=record, user=user).snapshot.state


def _state(liste: Spielliste) -> tuple[int, int, int]:
    liste.refresh_from_db()
    return (liste.version, liste.games.count(), liste.penalty_rows.count())


# --- owners --------------------------------------------------------------------------------


def _free(tag: str, profile: RuleProfile, manager: User) -> Cell:
    players = [Player.objects.create(name=n) for n in _names(tag)]
    liste = ls.spielliste_create(
        title=f"Matrix {tag}", players=players, rules=profile, created_by=manager
    )
    return Cell("frei", "", "", liste.pk, manager)


def _evening(tag: str, profile: RuleProfile, manager: User) -> Cell:
    club = Club.objects.create(name=f"Verein {tag}")
    club_add_manager(club=club, account=manager)
    club_set_rules(club=club, profile=profile)
    evening_services.season_settings_update(club=club, mode="schnitt_spiel", minimum=1)
    names = _names(tag)
    for name in names:
        Player.objects.create(name=name, club=club)
    evening = evening_services.club_evening_create(
        club=club, date=DAY, tables=[names], user=manager
    )
    liste = evening.tables.get().spielliste
    return Cell("abend", "", "", liste.pk, manager, club_id=club.pk)


def _tournament(tag: str, profile: RuleProfile, manager: User, double: bool = False) -> Cell:
    t = ts.tournament_create(
        name=f"Turnier {tag}", date=DAY, rounds_planned=2, double_entry=double, user=manager
    )
    for name in _names(tag, 8):
        ts.participant_add(tournament=t, name=name)
    rnd, _ = ts.round_draw(tournament=t, seed=7)
    liste = rnd.lists.get(round_table__number=1)
    parts = {p.player_id: p.pk for p in t.participants.all()}
    return Cell("turnier", "", "", liste.pk, manager, tournament_id=t.pk, participant_ids=parts)


def _league(tag: str, profile: RuleProfile, manager: User) -> Cell:
    league = league_services.league_create(
        name=f"Liga {tag}", season="2026", players_per_team=4, rounds_per_spieltag=1, user=manager
    )
    teams = []
    for t in range(1, 5):
        team = league_services.team_create(league=league, name=f"{tag} Team {t}")
        for p in range(1, 5):
            league_services.team_add_player(team=team, name=f"{tag} T{t} S{p}")
        teams.append(team)
    league_services.schedule_generate(league=league)
    spieltag = (
        Spieltag.objects.filter(group__group_round__league=league)
        .order_by("group__group_round__number", "group__number", "number")
        .first()
    )
    assert spieltag is not None
    for team in spieltag.group.teams.order_by("number"):
        players = list(team.roster.order_by("name"))[:4]
        league_services.lineup_set(spieltag=spieltag, team=team, players=players)
    lists = league_services.spieltag_start(spieltag=spieltag, user=manager)
    liste = sorted(lists, key=lambda x: x.pk)[0]
    return Cell("liga", "", "", liste.pk, manager, league_id=league.pk, spieltag_id=spieltag.pk)


OWNER_BUILD: dict[str, Callable[..., Cell]] = {
    "frei": _free,
    "abend": _evening,
    "turnier": _tournament,
    "liga": _league,
}


# --- ways ------------------------------------------------------------------------------------


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _post(cell: Cell, name: str, data: dict[str, Any], prefix: str = "") -> None:
    """A form posted as the list's keeper; a refusal is kept as the message the page
    showed (a redirect with an error) or the status of the form shown again."""
    liste = cell.liste
    version = liste.version
    response = _client(cell.manager).post(
        reverse(name, args=[liste.pk]),
        {f"{prefix}version": str(version), **{prefix + k: v for k, v in data.items()}},
    )
    liste.refresh_from_db()
    if liste.version == version:
        shown = [str(m) for m in get_messages(response.wsgi_request)]
        cell.refused = " ".join(shown) or str(response.status_code)


def _try(cell: Cell, write: Callable[[], Any]) -> None:
    try:
        write()
    except ServiceError as err:
        cell.refused = err.code


def _paper(cell: Cell, *, double: bool) -> None:
    liste = cell.liste
    if cell.owner == "turnier":
        rnd = liste.round_table.tournament_round
        tables = [PaperTable(t.number, PAPER) for t in rnd.tables.order_by("number")]
        entries = (1, 2) if double else (1,)
        for entry in entries:
            ts.round_paper_results(tournament_round=rnd, entry=entry, tables=tables)
    elif cell.owner == "liga":
        st = liste.spieltag_table
        if double:  # the league's blind double entry (league_set_double_entry)
            league = st.spieltag.group.group_round.league
            league_services.league_set_double_entry(league=league, double_entry=True)

        def typed(entry: int) -> Callable[[], Any]:
            return lambda: league_services.spieltag_paper_result(
                spieltag=st.spieltag, round=st.round, table=st.table, totals=PAPER, entry=entry
            )

        for entry in (1, 2) if double else (1,):
            _try(cell, typed(entry))
    else:
        ls.paper_entry_save(spielliste=liste, entry=1, totals=PAPER, double_entry=double)
        if double:
            ls.paper_entry_save(spielliste=liste, entry=2, totals=PAPER, double_entry=True)


def apply_way(cell: Cell, way: str) -> None:
    liste = cell.liste
    if way not in ("papier", "papier_doppelt"):
        _play(liste, 3)
        liste.refresh_from_db()
    cell.before = _state(liste)
    if way == "handy":
        form = {
            "kind": "normal",
            "re": ["0", "2"],
            "augen_side": "re",
            "re_augen": "130",
            "ann_re": "none",
            "ann_kontra": "none",
        }
        _post(cell, "game-add", form)
    elif way == "schnell":
        _post(cell, "quick-add", {"winners": ["0", "2"], "value": "2"}, prefix="quick-")
    elif way == "neu_gegeben":
        _post(cell, "redeal-add", {})
        if not cell.refused:
            _play(liste, 1)  # the game dealt again
    elif way == "papier":
        _paper(cell, double=False)
    elif way == "papier_doppelt":
        _paper(cell, double=True)
    elif way == "api":
        snap = spielliste_snapshot(pk=liste.pk)
        assert snap.state is not None
        assert snap.state.next_game is not None
        players = list(snap.state.next_game.players)
        client = APIClient()
        client.credentials(HTTP_X_TISCH_CODE=liste.code)
        body = {
            "version": liste.version,
            "game": {"kind": "normal", "players": players, "re": players[:2], "re_augen": 150},
        }
        response = client.post(f"/api/v1/listen/{liste.pk}/spiele/", body, format="json")
        if response.status_code != 201:
            cell.refused = str(response.status_code)
    elif way == "berichtigung":
        game = liste.games.get(number=2)
        record = record_from_dict(
            {**_dict_of(game), "re_augen": 90}, liste.profile
        )  # Re lost game 2 after all
        ls.game_correct(spielliste=liste, number=2, record=record, user=cell.manager)
    elif way == "loeschen":
        ls.game_delete_last(spielliste=liste, user=cell.manager)
    elif way == "ersatz":
        sub = Player.objects.create(name=f"Ersatz {next(_serial)}")
        cell.substitute_id = sub.pk
        _try(
            cell,
            lambda: ls.seat_substitute(
                spielliste=liste, position=2, player=sub, from_game=3, user=cell.manager
            ),
        )
        if not cell.refused:
            _play(liste, 2)
    elif way == "rueckzug":
        seat = liste.seats.get(position=3)
        participant = Participant.objects.get(pk=cell.participant_ids[seat.player_id])
        ts.participant_set_withdrawn(participant=participant, withdrawn=True, user=cell.manager)
    elif way == "strafe":
        offender = liste.seats.get(position=1).player
        ls.penalty_add(
            spielliste=liste, after_game=3, kind="minor", offender=offender, referee="Wolf"
        )
    elif way == "zeit":
        _try(cell, lambda: ls.spielliste_call_time(spielliste=liste, game_in_progress=False))
    elif way == "wieder_offen":
        _reopen(cell)


def _reopen(cell: Cell) -> None:
    """Close and reopen as the owner does: a tournament round, a Spieltag ("late
    correction"), an open list's "Runde beenden"; a fixed list cannot be ended early."""
    liste = cell.liste
    if cell.owner == "turnier":
        rnd = liste.round_table.tournament_round
        _play_out(liste)
        for other in rnd.lists.exclude(pk=liste.pk):
            ls.spielliste_end_early(spielliste=other)  # the organiser ends the others
        ts.round_close(tournament_round=rnd)
        ts.round_reopen(tournament_round=rnd)
    elif cell.owner == "liga":
        spieltag = liste.spieltag_table.spieltag
        _play_out(liste)
        for other in Spielliste.objects.filter(spieltag_table__spieltag=spieltag).exclude(
            pk=liste.pk
        ):
            ls.spielliste_end_early(spielliste=other)
        league_services.spieltag_close(spieltag=spieltag)
        league_services.spieltag_reopen(spieltag=spieltag)
    else:
        _play(liste, 1)  # four games: everybody dealt once
        _try(cell, lambda: ls.spielliste_close(spielliste=liste))
        if not cell.refused:
            ls.spielliste_close(spielliste=liste, closed=False)


def _play_out(liste: Spielliste) -> None:
    """Play the list to its end (owed Pflichtsoli as Damensoli); each write's own replay
    tells the next game."""
    state = spielliste_snapshot(pk=liste.pk).state
    while state is not None and state.next_game is not None:
        players = list(state.next_game.players)
        solo = state.next_game.vorfuehrung or next(
            (p for p in players if p in state.owes_pflichtsolo), None
        )
        data: dict[str, Any] = {"kind": "normal", "players": players, "re_augen": 130}
        if solo is not None:
            data.update(kind="solo", solo="damen", pflicht=True, re=[solo], re_augen=125)
        else:
            data["re"] = [players[0], players[2]]
        written = ls.game_record(spielliste=liste, record=record_from_dict(data, TSR))
        state = written.snapshot.state


def _dict_of(game: Any) -> dict[str, Any]:
    liste = game.spielliste
    names = {s.position: s.name for s in liste.seats.all()}
    entry = game.to_entry(names)
    assert not isinstance(entry, QuickGame)
    return dict(record_to_dict(entry))


def build(owner: str, way: str, profile: str, manager: User) -> Cell:
    tag = f"M{next(_serial):03d}"
    double = way == "papier_doppelt" and owner == "turnier"
    if owner == "turnier":
        cell = _tournament(tag, PROFILES[profile], manager, double=double)
    else:
        cell = OWNER_BUILD[owner](tag, PROFILES[profile], manager)
    cell.way, cell.profile = way, profile
    apply_way(cell, way)
    return cell
