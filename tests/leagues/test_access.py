"""The league's permission matrix (league.leagues.access): every league URL has a row here
(tests/accounts/test_permissions.py asks for one)."""

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from league.core.models import AuditEntry
from league.leagues import services as ls
from league.leagues.models import League, Lineup, Spieltag, Team
from league.lists.models import Spielliste
from tests.prebuilt import Prebuilt

from .helpers import first_spieltag, make_league, play_paper, set_lineups

ROLES = (
    "anonymous",
    "stranger",
    "captain_other",
    "captain_this",
    "organiser_other",
    "organiser_this",
    "staff",
)
LOGIN, DENIED, OK = "login", "403", "ok"
ORGANISER = (LOGIN, DENIED, DENIED, DENIED, DENIED, OK, OK)
CAPTAIN = (LOGIN, DENIED, DENIED, OK, DENIED, OK, OK)
# The organiser page's and a Spieltag's actions, one URL each (league.leagues.views.league).
WRITES = [
    "league-team-create",
    "league-schedule",
    "league-organiser-add",
    "team-player-add",
    "team-player-remove",
    "team-captain-add",
    "spieltag-start",
    "spieltag-close",
    "spieltag-reopen",
    "spieltag-absent",
    # the season (league.leagues.views.season)
    "spieltag-place",
    "league-double-entry",
    "spieltag-settle",
    "league-lineup-deadline",
]
ORGANISER_ACTIONS = [
    ("league-manage", "get"),
    *((name, "post") for name in WRITES),
    ("spieltag-results", "get"),
    ("spieltag-results", "post"),
]
CAPTAIN_ACTIONS = [
    ("lineup-edit", "get"),
    ("lineup-edit", "post"),
    # both captains' report (league.leagues.views.season)
    ("spieltag-report", "post"),
    # availability: the captain's view and each player's personal link
    ("team-availability", "get"),
    ("availability-link-renew", "post"),
]
# A player answers with his account (his record on the roster) or his personal link:
# tests/leagues/test_availability.py.
PLAYER_PAGES = ["availability-mine", "availability-answer"]
# Reminder mails: every account's own switch, and the link in each mail
# (tests/leagues/test_reminders.py).
PLAYER_PAGES += ["reminders-mine", "reminders-off"]
PUBLIC = [
    "league-index",
    "league-detail",
    "league-team",
    "spieltag-detail",
    "league-table-pdf",
    "spieltag-seating-pdf",
    "spieltag-lists-pdf",
    # the season: dates and places, calendar feeds (leagues are public, so are they)
    "league-dates",
    "league-calendar",
    "team-calendar",
    "player-calendar",
]
# Moving a Spieltag (league.leagues.views.moves), each on a request of the first team:
# a captain of a team of the group asks (for his team), another team's captain answers,
# the organiser decides, the requesting team's captain withdraws (tests/leagues/test_moves.py).
MOVE_ACTIONS = {
    # any captain of a team of the group (captain_other's team plays it too)
    "spieltag-move-request": (LOGIN, DENIED, OK, OK, DENIED, OK, OK),
    "spieltag-move-answer": CAPTAIN,  # for the first team (refused: its own request)
    "spieltag-move-decide": ORGANISER,
    "spieltag-move-withdraw": CAPTAIN,
}
LOGGED_IN = ["league-create"]
API = ["api-ligen", "api-liga", "api-liga-tabelle", "api-spieltage", "api-spieltag"]
# a team's availability answers: its captains and the organisers (tests/leagues/test_api.py)
API_CAPTAIN = ["api-verfuegbarkeit"]
LEAGUE_ROUTES = (
    {n for n, _ in ORGANISER_ACTIONS}
    | {n for n, _ in CAPTAIN_ACTIONS}
    | set(PUBLIC)
    | set(LOGGED_IN)
    | set(API)
    | set(API_CAPTAIN)
    | set(PLAYER_PAGES)
    | set(MOVE_ACTIONS)
)

pytestmark = pytest.mark.django_db


def _build_setup():
    users = {name: User.objects.create_user(name, password="pw-secret-123") for name in ROLES[1:-1]}
    users["staff"] = User.objects.create_user("staff", password="pw", is_staff=True)
    league = make_league(4, user=users["organiser_this"], rounds=1)
    make_league(5, user=users["organiser_other"], rounds=1, schedule=False)
    spieltag = first_spieltag(league)
    teams = list(spieltag.group.teams.order_by("number"))
    ls.team_add_captain(team=teams[0], account=users["captain_this"])
    ls.team_add_captain(team=teams[1], account=users["captain_other"])
    return users, league, spieltag, teams[0]


_setup = Prebuilt(_build_setup)  # built once per test process, copied (tests/prebuilt.py)


@pytest.fixture
def setup(db):
    return _setup()


def _client(users, role):
    client = Client()
    if role in users:
        client.force_login(users[role])
    return client


def _outcome(response):
    if response.status_code == 302 and "/konto/anmelden/" in response["Location"]:
        return LOGIN
    if response.status_code == 403:
        return DENIED
    assert response.status_code in (200, 302, 422), response.status_code
    return OK


def _args(name, league, spieltag, team):
    if name.startswith("league-") and name != "league-team":
        return [league.pk]
    if name == "availability-link-renew":
        return [league.pk, team.pk, team.roster.order_by("pk").first().pk]
    if name == "team-availability":
        return [league.pk, team.pk]
    if name == "player-calendar":
        return [team.roster.order_by("pk").first().pk]
    if name in ("league-team", "team-player-add", "team-captain-add", "team-calendar"):
        return [league.pk, team.pk]
    if name == "team-player-remove":
        return [league.pk, team.pk, team.roster.order_by("pk").first().pk]
    if name in ("lineup-edit", "spieltag-absent", "spieltag-report"):
        return [league.pk, spieltag.pk, team.pk]
    return [league.pk, spieltag.pk]


# What each write posts: a valid input, so that only the role decides.
DATA = {
    "league-team-create": {"name": "Eindringling"},
    "league-schedule": {"rounds": "1"},
    "league-organiser-add": {"account": "stranger"},
    "team-player-add": {"name": "Eindringling"},
    "team-captain-add": {"account": "stranger"},
    "spieltag-absent": {"substitutes": "E1\nE2\nE3\nE4"},
    "league-double-entry": {"double_entry": "on"},
    "spieltag-settle": {"note": "Ergebnis gilt."},
    "league-lineup-deadline": {"hours": "48"},
    "spieltag-report": {"aktion": "bestaetigen"},
    "spieltag-place": {"date": "2026-03-14", "start_time": "11:00", "venue": "Krone"},
    "spieltag-results": {"round": 1, "table": 1, "p1": 0, "p2": 0, "p3": 0, "p4": 0},
    # Starting and closing a Spieltag ask first; the answer "Ja" posts confirmed=1.
    "spieltag-start": {"confirmed": "1"},
    "spieltag-close": {"confirmed": "1"},
}


@pytest.mark.parametrize(("name", "method"), ORGANISER_ACTIONS + CAPTAIN_ACTIONS)
def test_writes(setup, name, method):
    users, league, spieltag, team = setup
    expected = CAPTAIN if (name, method) in CAPTAIN_ACTIONS else ORGANISER
    url = reverse(name, args=_args(name, league, spieltag, team))
    roster = list(team.roster.order_by("pk"))
    data = DATA.get(name, {})
    if name == "lineup-edit":
        data = {f"s{i}": roster[i - 1].pk for i in range(1, 5)}
    outcomes = []
    for role in ROLES:
        client = _client(users, role)
        response = client.get(url) if method == "get" else client.post(url, data)
        outcomes.append(_outcome(response))
    assert tuple(outcomes) == expected, dict(zip(ROLES, outcomes, strict=True))


def test_reads_are_public(setup, client):
    users, league, spieltag, team = setup
    for name in PUBLIC:
        args = [] if name == "league-index" else _args(name, league, spieltag, team)
        assert client.get(reverse(name, args=args)).status_code == 200, name
    for name in API:
        args = {
            "api-ligen": [],
            "api-spieltag": [league.pk, spieltag.pk],
        }.get(name, [league.pk])
        assert client.get(reverse(name, args=args)).status_code == 200, name
    assert _outcome(client.get(reverse("league-create"))) == LOGIN
    client.force_login(users["stranger"])
    assert client.get(reverse("league-create")).status_code == 200


def test_a_captain_sets_only_his_own_line_up(setup):
    users, league, spieltag, team = setup
    client = _client(users, "captain_other")
    roster = list(team.roster.order_by("pk"))
    url = reverse("lineup-edit", args=[league.pk, spieltag.pk, team.pk])
    assert client.post(url, {f"s{i}": roster[i - 1].pk for i in range(1, 5)}).status_code == 403
    assert not Lineup.objects.exists()


def _league_state(league, spieltag):
    return (
        list(league.teams.order_by("pk").values_list("pk", "name")),
        list(Team.roster.through.objects.filter(team__league=league).values_list("pk", flat=True)),
        list(
            Team.captains.through.objects.filter(team__league=league).values_list("pk", flat=True)
        ),
        list(league.organisers.values_list("pk", flat=True)),
        list(
            League.objects.filter(pk=league.pk).values_list("double_entry", "lineup_deadline_hours")
        ),
        list(league.group_rounds.values_list("pk", flat=True)),
        list(
            Spieltag.objects.filter(pk=spieltag.pk).values_list(
                "started_at", "closed_at", "date", "venue"
            )
        ),
        list(Lineup.objects.values_list("pk", "absent")),
        Spielliste.objects.count(),
        AuditEntry.objects.count(),
    )


@pytest.mark.parametrize("name", WRITES)
def test_refused_writes_write_nothing(setup, name):
    users, league, spieltag, team = setup
    if name in ("spieltag-close", "spieltag-reopen"):
        set_lineups(spieltag)
        ls.spieltag_start(spieltag=spieltag)
        play_paper(spieltag)
        if name == "spieltag-reopen":
            ls.spieltag_close(spieltag=spieltag)
    elif name == "spieltag-start":
        set_lineups(spieltag)
    elif name == "spieltag-settle":  # a played, disputed Spieltag
        set_lineups(spieltag)
        ls.spieltag_start(spieltag=spieltag)
        play_paper(spieltag)
        ls.report_dispute(spieltag=spieltag, team=team, note="falsch")
    elif name == "league-team-create":
        league.group_rounds.all().delete()  # teams are added before the schedule
    url = reverse(name, args=_args(name, league, spieltag, team))
    before = _league_state(league, spieltag)
    for role in ROLES[:5]:  # everybody but the league's organisers and staff
        response = _client(users, role).post(url, DATA.get(name, {}))
        assert _outcome(response) in (LOGIN, DENIED), role
    assert _league_state(league, spieltag) == before
    # The league's organiser does it (the input above is valid).
    response = _client(users, "organiser_this").post(url, DATA.get(name, {}))
    assert response.status_code == 302, name
    assert _league_state(league, spieltag) != before


@pytest.mark.parametrize("name", list(MOVE_ACTIONS))
def test_move_writes(setup, name):
    import datetime as dt

    from django.utils import timezone

    from league.leagues.models import SpieltagMove

    users, league, spieltag, team = setup
    day = timezone.localdate() + dt.timedelta(days=10)
    ls.spieltag_schedule(spieltag=spieltag, date=day)
    move = ls.spieltag_move_request(spieltag=spieltag, team=team, date=day + dt.timedelta(days=1))
    args = {
        "spieltag-move-request": [league.pk, spieltag.pk],
        "spieltag-move-answer": [league.pk, move.pk, team.pk],
    }.get(name, [league.pk, move.pk])
    data = {
        "spieltag-move-request": {
            "team": team.pk,
            "date": (day + dt.timedelta(days=2)).isoformat(),
        },
        "spieltag-move-answer": {"aktion": "annehmen"},
        "spieltag-move-decide": {"aktion": "ablehnen", "reason": "Halle belegt"},
    }.get(name, {})
    url = reverse(name, args=args)
    outcomes = []
    for role in ROLES:
        outcomes.append(_outcome(_client(users, role).post(url, data)))
        if OK not in outcomes:  # refused so far: nothing changed
            assert list(SpieltagMove.objects.values_list("state", flat=True)) == ["open"], role
    assert tuple(outcomes) == MOVE_ACTIONS[name], dict(zip(ROLES, outcomes, strict=True))
