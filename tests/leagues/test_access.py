"""The league's permission matrix (league.leagues.access): every league URL has a row here
(tests/accounts/test_permissions.py asks for one)."""

import pytest
from django.test import Client
from django.urls import reverse

from league.leagues import services as ls
from league.leagues.models import Lineup

from .helpers import first_spieltag, make_league

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
ORGANISER_ACTIONS = [
    ("league-manage", "get"),
    ("league-manage", "post"),
    ("spieltag-action", "post"),
    ("spieltag-results", "get"),
    ("spieltag-results", "post"),
]
CAPTAIN_ACTIONS = [("lineup-edit", "get"), ("lineup-edit", "post")]
PUBLIC = [
    "league-index",
    "league-detail",
    "league-team",
    "spieltag-detail",
    "league-table-pdf",
    "spieltag-seating-pdf",
    "spieltag-lists-pdf",
]
LOGGED_IN = ["league-create"]
API = ["api-ligen", "api-liga", "api-liga-tabelle", "api-spieltage", "api-spieltag"]
LEAGUE_ROUTES = (
    {n for n, _ in ORGANISER_ACTIONS}
    | {n for n, _ in CAPTAIN_ACTIONS}
    | set(PUBLIC)
    | set(LOGGED_IN)
    | set(API)
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup(django_user_model):
    users = {
        name: django_user_model.objects.create_user(name, password="pw-secret-123")
        for name in ROLES[1:-1]
    }
    users["staff"] = django_user_model.objects.create_user("staff", password="pw", is_staff=True)
    league = make_league(4, user=users["organiser_this"], rounds=1)
    make_league(5, user=users["organiser_other"], rounds=1, schedule=False)
    spieltag = first_spieltag(league)
    teams = list(spieltag.group.teams.order_by("number"))
    ls.team_add_captain(team=teams[0], account=users["captain_this"])
    ls.team_add_captain(team=teams[1], account=users["captain_other"])
    return users, league, spieltag, teams[0]


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
    if name in ("league-manage", "league-detail", "league-table-pdf"):
        return [league.pk]
    if name == "league-team":
        return [league.pk, team.pk]
    if name == "lineup-edit":
        return [league.pk, spieltag.pk, team.pk]
    return [league.pk, spieltag.pk]


@pytest.mark.parametrize(("name", "method"), ORGANISER_ACTIONS + CAPTAIN_ACTIONS)
def test_writes(setup, name, method):
    users, league, spieltag, team = setup
    expected = CAPTAIN if (name, method) in CAPTAIN_ACTIONS else ORGANISER
    url = reverse(name, args=_args(name, league, spieltag, team))
    roster = list(team.roster.order_by("pk"))
    data = {
        "league-manage": {"action": "team", "name": "Eindringling"},
        "spieltag-action": {"action": "start"},
        "spieltag-results": {"round": 1, "table": 1, "p1": 0, "p2": 0, "p3": 0, "p4": 0},
        "lineup-edit": {f"s{i}": roster[i - 1].pk for i in range(1, 5)},
    }[name]
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
