"""The demo's league: "Doppelkopf-Bundesliga 2026", 16 teams of 5 (4 play, 1 reserve),
half-way through its season — group rounds 1 and 2 played (results from the paper lists,
one no-show), group round 3 running: its first Spieltag in group A started with some
tables done (one played game by game), the others with line-ups waiting for the start; a
request to move a Doppelspieltag of group round 4 is open.
Everything through the services, as a user would; a few seconds at most."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from league.accounts.published import DEMO_ACCOUNTS
from league.clubs.services import club_get_or_create, player_get_or_create
from league.leagues import services as ls
from league.leagues.models import Group, League, Spieltag
from league.lists import services as list_services
from league.lists.models import Spielliste
from scoring import GameRecord
from scoring.round import replay_round
from scoring.simulate import next_random_game

TEAMS = [
    ("Die Füchse Köln", "Herz-Dame Köln"),
    ("Kreuz-Buben Bonn", "Kreuz-Bube Bonn"),
    ("Karo-Asse Düsseldorf", "Karo-As Düsseldorf"),
    ("Pik-Damen Essen", "Pik-Dame Essen"),
    ("Doko Freunde Münster", "Doko Freunde Münster"),
    ("Schwarze Sau Hamburg", "Schwarze Sau Hamburg"),
    ("Karlchen Berlin", "Karlchen Berlin"),
    ("Hochzeit Hannover", "Hochzeit Hannover"),
    ("Solisten Stuttgart", "Solisten Stuttgart"),
    ("Re-Partei München", "Re-Partei München"),
    ("Kontra Leipzig", "Kontra Leipzig"),
    ("Dullen Dresden", "Dullen Dresden"),
    ("Schweinchen Bremen", "Schweinchen Bremen"),
    ("Armut Kiel", "Armut Kiel"),
    ("Doppelkopf Dortmund", "Doppelkopf Dortmund"),
    ("Fleischlos Freiburg", "Fleischlos Freiburg"),
]
FIRST = [
    "Andrea",
    "Boris",
    "Claudia",
    "Detlef",
    "Elke",
    "Fritz",
    "Gisela",
    "Holger",
    "Ilse",
    "Jens",
    "Katja",
    "Lars",
    "Monika",
    "Nils",
    "Petra",
    "Ralf",
]
LAST = [
    "Becker",
    "Hoffmann",
    "Schulz",
    "Koch",
    "Richter",
    "Klein",
    "Wolf",
    "Neumann",
    "Schwarz",
    "Zimmermann",
    "Braun",
    "Krüger",
    "Hofmann",
    "Hartmann",
    "Lange",
    "Werner",
]


def _totals(rng: random.Random) -> dict[int, int]:
    """Plausible final totals of a 24-game list: even, zero sum."""
    values = [2 * rng.randint(-30, 30) for _ in range(3)]
    return {1: values[0], 2: values[1], 3: values[2], 4: -sum(values)}


def load_demo_league(rng: random.Random) -> League:
    users = get_user_model().objects
    admin = users.get(username="admin")
    captain = users.filter(username="kapitaen").first() or users.create_user(
        "kapitaen", password=DEMO_ACCOUNTS["kapitaen"]
    )
    league = ls.league_create(
        name="Doppelkopf-Bundesliga", season="2026", rounds_per_spieltag=3, user=admin
    )
    for t, (name, club_name) in enumerate(TEAMS):
        club = club_get_or_create(name=club_name)
        team = ls.team_create(league=league, name=name, club=club)
        for p in range(5):
            player = player_get_or_create(
                name=f"{FIRST[(t + 3 * p) % 16]} {LAST[(5 * t + p) % 16]}", club=club
            )
            ls.team_add_player(team=team, player=player)
    first_team = league.teams.get(number=1)
    ls.team_add_captain(team=first_team, account=captain, user=admin)
    ls.schedule_generate(league=league, user=admin)
    spieltage = list(
        Spieltag.objects.filter(group__group_round__league=league)
        .select_related("group__group_round")
        .order_by("group__group_round__number", "group__number", "number")
    )
    _dates(league, admin)
    played = [s for s in spieltage if s.group.group_round.number <= 2]
    for i, spieltag in enumerate(played):
        _lineups(spieltag, rng, absent_team=3 if i == 5 else None)
        ls.spieltag_start(spieltag=spieltag, user=admin)
        for st in spieltag.tables.select_related("spielliste"):
            ls.spieltag_paper_result(
                spieltag=spieltag, round=st.round, table=st.table, totals=_totals(rng), user=admin
            )
    _reports(played, admin)
    running = [s for s in spieltage if s.group.group_round.number == 3 and s.number == 1]
    for spieltag in running:
        _lineups(spieltag, rng)
    live = running[0]
    ls.spieltag_start(spieltag=live, user=admin)
    _availability(spieltage, admin)
    _move(league, admin)
    tables = list(live.tables.select_related("spielliste").order_by("round", "table"))
    for st in tables[:5]:
        ls.spieltag_paper_result(
            spieltag=live, round=st.round, table=st.table, totals=_totals(rng), user=admin
        )
    _play(tables[5].spielliste, rng, 24)  # played game by game at its table
    _play(tables[6].spielliste, rng, 11)  # still playing
    # The captains' line-up deadline, 48 hours before each Spieltag's start: from Thursday
    # 10:00 on, this Saturday's second Spieltag shows a missed deadline (no line-ups), the
    # later group rounds an open one.
    ls.league_set_lineup_deadline(league=league, hours=48, user=admin)
    return league


def _availability(spieltage: list[Spieltag], admin: Any) -> None:
    """The running group round's Spieltage not yet started: most players have answered;
    the first team's players have personal links (its captain sent them)."""
    coming = [s for s in spieltage if s.group.group_round.number == 3 and s.started_at is None]
    rng = random.Random(24)  # its own: the results' draws stay as they were
    answers = ["yes", "yes", "yes", "maybe", "no"]
    for spieltag in coming:
        for team in spieltag.group.teams.order_by("number"):
            for player in team.roster.order_by("pk"):
                if rng.random() < 0.8:
                    ls.availability_set(
                        spieltag=spieltag, player=player, answer=rng.choice(answers), user=admin
                    )
    first = spieltage[0].group.group_round.league.teams.get(number=1)
    for player in first.roster.order_by("pk"):
        ls.availability_link_renew(team=first, player=player, user=admin)


def _move(league: League, admin: Any) -> None:
    """One open request to move a Spieltag: the first team's Doppelspieltag of group round
    4 a day later, asked by its group's last team, accepted by one, the first team's
    captain ("kapitaen") still to answer (league.leagues.services.moves)."""
    group = Group.objects.filter(group_round__league=league, group_round__number=4).get(
        teams__number=1
    )
    spieltag = group.spieltage.order_by("number").first()
    assert spieltag is not None
    assert spieltag.date is not None
    teams = list(group.teams.order_by("number"))
    move = ls.spieltag_move_request(
        spieltag=spieltag,
        team=teams[-1],
        date=spieltag.date + dt.timedelta(days=1),
        note="Unser Spiellokal ist an dem Samstag belegt.",
        user=admin,
    )
    ls.spieltag_move_answer(move=move, team=teams[1], accept=True, user=admin)


def _reports(played: list[Spieltag], admin: Any) -> None:
    """The captains' word on the played Spieltage: group round 1 all confirmed, the last
    one disputed by its first team (the organiser has yet to decide), the rest open."""
    for spieltag in played:
        teams = list(spieltag.group.teams.order_by("number"))
        if spieltag.group.group_round.number == 1:
            for team in teams:
                ls.report_confirm(spieltag=spieltag, team=team, user=admin)
    last = played[-1]
    first, *others = list(last.group.teams.order_by("number"))
    for team in others:
        ls.report_confirm(spieltag=last, team=team, user=admin)
    ls.report_dispute(
        spieltag=last,
        team=first,
        note="Runde 2, Tisch 3: auf der Papierliste steht 84, nicht 48.",
        user=admin,
    )


def _dates(league: League, admin: Any) -> None:
    """Every Doppelspieltag of the season a fortnight apart on a Saturday, group round 3
    this week, at its first team's club (league.leagues.services.season)."""
    today = timezone.localdate()
    saturday = today + dt.timedelta(days=(5 - today.weekday()) % 7)
    groups = Group.objects.filter(group_round__league=league).select_related("group_round")
    for group in groups.order_by("group_round__number", "number"):
        host = group.teams.order_by("number").first()
        club = host.club.name if host is not None and host.club else ""
        ls.group_schedule(
            group=group,
            date=saturday + dt.timedelta(days=14 * (group.group_round.number - 3)),
            start_time=dt.time(10, 0),
            venue=f"Vereinsheim {club}, Hauptstraße {group.number * 7}",
            host=host,
            user=admin,
        )


def _lineups(spieltag: Spieltag, rng: random.Random, absent_team: int | None = None) -> None:
    for index, team in enumerate(spieltag.group.teams.order_by("number")):
        roster = list(team.roster.order_by("pk"))
        if index == absent_team:
            subs = [player_get_or_create(name=f"Ersatz {spieltag.pk}-{k}") for k in range(1, 5)]
            ls.lineup_set_absent(spieltag=spieltag, team=team, substitutes=subs)
            continue
        rng.shuffle(roster)
        ls.lineup_set(spieltag=spieltag, team=team, players=roster[:4])


def _play(liste: Spielliste, rng: random.Random, games: int) -> None:
    seats = [s.name for s in liste.seats.order_by("position")]
    records: list[GameRecord] = []
    state = replay_round(seats, [])
    while state.next_game is not None and len(records) < games:
        record = next_random_game(rng, state)
        list_services.game_record(spielliste=liste, record=record)
        records.append(record)
        state = replay_round(seats, records)
