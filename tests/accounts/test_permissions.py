"""The permission matrix (api.md "Who may do what"): every role × every page that writes
or reveals a table code, with the exact outcome. A URL of the site that is neither here
nor in PUBLIC_READS fails ``test_every_url_has_a_row``."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import get_resolver, reverse
from pypdf import PdfReader

from league.clubs.models import Player
from league.core.models import AuditEntry
from league.lists import services
from league.tournaments.models import Participant
from tests.api.test_access import API_ROUTES
from tests.leagues.test_access import LEAGUE_ROUTES
from tests.tournaments.helpers import play_round

ROLES = (
    "anonymous",
    "stranger",
    "listenfuehrer",  # the account that created the free list F
    "code_this",  # holds the code of the list under test
    "code_other",  # holds another table's code
    "organiser_this",
    "organiser_other",
    "club_manager",  # manages F's club
    "staff",
)
LOGIN, DENIED, OK = "login", "403", "ok"

# Outcome per role, in ROLES order, for the three kinds of object.
TOURNAMENT_LIST = (LOGIN, DENIED, DENIED, OK, DENIED, OK, DENIED, DENIED, OK)
FREE_LIST = (LOGIN, DENIED, OK, OK, DENIED, DENIED, DENIED, OK, OK)
# What only the list's managers do (substitutes, ending early, removing a paper result):
# neither the table's code nor the free list's creating account suffices.
TOURNAMENT_LIST_MANAGED = (LOGIN, DENIED, DENIED, DENIED, DENIED, OK, DENIED, DENIED, OK)
FREE_LIST_MANAGED = (LOGIN, DENIED, DENIED, DENIED, DENIED, DENIED, DENIED, OK, OK)
# A club evening's list: its club's managers keep it through the evening (its owner); the
# account that happened to create it gains nothing from that.
EVENING_LIST = (LOGIN, DENIED, DENIED, OK, DENIED, DENIED, DENIED, OK, OK)
EVENING_LIST_MANAGED = FREE_LIST_MANAGED
TOURNAMENT = (LOGIN, DENIED, DENIED, LOGIN, LOGIN, OK, DENIED, DENIED, OK)
CLUB = (LOGIN, DENIED, DENIED, LOGIN, LOGIN, DENIED, DENIED, OK, OK)

# (url name, method, which object, expected outcomes)
LIST_WRITES = [
    ("game-add", "post"),
    ("game-edit", "post"),
    ("game-delete-last", "post"),
    ("penalty-add", "post"),
    ("penalty-delete", "post"),
    ("time-call", "post"),
    ("time-no-game", "post"),
    ("liste-confirm", "post"),
    # House rules (house-rules.md): the same writers as a game.
    ("quick-add", "post"),
    ("redeal-add", "post"),
    ("redeal-undo", "post"),
    ("liste-close", "post"),
]
# The Kasse's rate (statistics.md; issue 29): a managing action — the list's creating
# account on a free list, the club's managers, staff; never a table's code (the club's or
# the Listenführer's rate binds the table). Refused on tournament lists by the service.
KASSE_WRITES = [("liste-kasse", "post")]
TOURNAMENT_KASSE = TOURNAMENT_LIST_MANAGED
FREE_KASSE = (LOGIN, DENIED, OK, DENIED, DENIED, DENIED, DENIED, OK, OK)
EVENING_KASSE = EVENING_LIST_MANAGED
# The round's clock (api.md "Rights end at the event"): taking back a time call and
# granting added time — in a tournament or league round its organisers and staff, never a
# table's code; a free list's and a club evening's writers as for a game.
CLOCK_WRITES = [
    ("time-resume", "post"),
    ("time-add", "post"),
]
TOURNAMENT_CLOCK = TOURNAMENT_LIST_MANAGED
MANAGED_LIST_WRITES = [
    ("seat-substitute", "post"),
    ("liste-end-early", "post"),
    ("paper-clear", "post"),
]
TOURNAMENT_ACTIONS = [
    ("tournament-participants", "get"),
    ("participant-toggle", "post"),
    ("participant-link-renew", "post"),  # a participant's personal link (issue 36)
    ("participants-import", "post"),
    ("round-draw", "post"),
    # The round board's actions (one URL each).
    ("round-start", "post"),
    ("round-redraw", "post"),
    ("round-time", "post"),
    ("round-close", "post"),
    ("round-reopen", "post"),
    ("table-code-renew", "post"),
    ("codes-pdf", "get"),
    ("participant-slips", "get"),  # the personal PINs (api.md "Confirmation")
    ("tournament-organisers", "get"),
    ("tournament-organiser-add", "post"),
    ("tournament-organiser-remove", "post"),
    ("tournament-organiser-invite", "post"),
    ("claim-decide", "post"),
    ("round-results", "get"),
    ("round-results", "post"),
    ("round-results-import", "post"),
    ("tournament-unofficial", "post"),
    ("tournament-silent", "post"),
    # The organiser's settings page (issue 29): rounds, double entry, tie-breaks, ...
    ("tournament-settings", "get"),
    ("tournament-settings", "post"),
    # Ranglistenturnier: rated, Bundesland, close (competitions.md "Ranking list")
    ("tournament-rating", "get"),
    ("tournament-rating-save", "post"),
    ("tournament-close", "post"),
    ("tournament-reopen", "post"),
    # The venue's "An die Verbandsseite übertragen" (tests/federation/test_link.py): without
    # a site's address set, the organiser is told so and nothing is sent.
    ("tournament-send", "post"),
    # A Probelauf of the tournament (issue 36 item 4): its organisers (the copy's below).
    ("rehearsal-copy", "post"),
]
# The organiser's writes above that act on the round or the tournament as a whole: refused
# for everybody else, with nothing written (test_refused_round_actions_write_nothing).
ROUND_WRITES = [
    "round-start",
    "round-redraw",
    "round-time",
    "round-close",
    "round-reopen",
    "table-code-renew",
    "tournament-rating-save",
    "tournament-close",
    "tournament-reopen",
    "tournament-settings",
]
CLUB_ACTIONS = [
    # The club managers' actions on the club's page, one URL each.
    ("club-manager-add", "post"),
    ("club-manager-remove", "post"),
    ("club-manager-invite", "post"),
    ("club-member-invite", "post"),
    ("club-visibility", "post"),
    ("club-kasse", "post"),
    ("club-claim-decide", "post"),
    ("club-rules", "post"),
    ("club-rating-evenings", "post"),
    ("club-season", "post"),  # the season's settings
    ("club-evening-create", "get"),
    ("club-evening-create", "post"),
    ("club-history-import", "get"),
    ("club-history-import", "post"),
]
# Merging duplicate player records: staff, his club's managers, organisers of a tournament
# he entered (league.rankings.access): tested below.
MERGE = {"player-merge"}
# The Ranglistenwart's page and decisions (api.md): staff and accounts given the role;
# nobody makes himself one (test_ranglistenwart_pages).
RANGLISTENWART = {
    "rangliste-requests",
    "rangliste-decide",
    "rangliste-claim-decide",
    # "Mögliche Doppelte" (issue 33): tests/rankings/test_people_pages.py, every role.
    "player-duplicates",
    "player-duplicates-merge",
    "player-duplicates-distinct",
}
# The venue's health page and poster: staff and organisers (tests/venue/test_health.py).
VENUE = {"venue-health", "venue-poster"}
# The venue's link to the federation's site and the register fetch: staff only (below).
FEDERATION_LINK = [("federation-link", "get"), ("federation-link", "post"),
                   ("federation-register-fetch", "post")]  # fmt: skip
STAFF_ONLY = (LOGIN, DENIED, DENIED, LOGIN, LOGIN, DENIED, DENIED, DENIED, OK)
# On the site: a publisher's open assignments of people — his own only, decided by the
# tournament's organisers (tests/federation/test_people.py).
ASSIGNMENTS = {"federation-assignments", "federation-assignment-decide"}
# Pages anybody may read (they reveal no code to the public: see the tests below).
PUBLIC_READS = {
    "home",  # the home page: the code field and the running events (readable ones only)
    "calculator",
    "liste-index",
    "liste-detail",
    "liste-history",
    "liste-part",  # a part of the list's page (its live update), read like the page
    "liste-pdf",
    "liste-blank-pdf",
    "game-preview",
    "game-edit-preview",
    "table-code",
    "table-code-open",
    "tournament-index",
    "club-index",
    "club-detail",  # the club's page (its actions are CLUB_ACTIONS)
    "tournament-detail",
    "round-board",
    "draw-pdf",
    "round-lists-pdf",
    "standings",
    "standings-pdf",
    "projector",
    "tournament-player",
    "rangliste",
    "rangliste-pdf",
    "spielstaerke",
    "player-record",
    "player-statistics",  # hidden players, members-only lists: tests/rankings/test_statistics
    # "Spieler finden" and the head-to-head: hidden players by alias, members-only events
    # and silent rounds closed (tests/rankings/test_people_pages.py).
    "player-find",
    "player-head-to-head",
    "club-season",
    "club-season-pdf",  # a members-only club's: its readers (club_reader_required)
    "club-evening",  # its "add a table" form: club managers (test_club_evening_write)
    "login",
    "logout",
    "set_language",
    "api-score",
    "api-liste",
    "api-standings",
    "api-schema",
    "api-docs",
    "api-index",  # what the API offers, in words (league/api/index.py)
    # The widgets any site may frame (issue 35): public only, 404 for a members-only
    # tournament or club (tests/embed/test_widgets.py).
    "embed-tournament",
    "embed-league",
    "embed-club",
    "embed-rangliste",
    "embed-spielstaerke",
    "service-worker",  # the service worker's script (league.core.live)
    "favicon",  # the site's icon (a redirect to static/)
    "live-ping",  # constant bytes: the load bench's floor
    # Issue 36: a browser's own preference cookies (the larger text, the entry guide seen);
    # they write nothing on the server and reveal nothing (league/core/preferences.py).
    "text-size",
    "guide-seen",
    # The open-data export (issue 35): only public data; nothing of members-only events,
    # silent rounds, accounts or codes (tests/opendata/test_export.py).
    "open-data",
    "open-data-file",
    "open-data-format",
}
LOGGED_IN_ONLY = {  # any account; acts on its own things only
    "liste-create",
    "tournament-create",
    "rehearsal-new",  # a Probelauf of generated players, his own (test_rehearsal_pages)
    "password_change",
    "password_change_done",
    "privacy",  # the linked player's own "hide my name"
    "my-tasks",  # "Meine Aufgaben": only his own (tests/start/test_tasks.py)
    "club-found",  # founds a club he then manages (tests/clubs/test_found.py)
}
# A participant's own page (issue 36): the personal link is the right, whoever holds it;
# without it (renewed, mistyped, another tournament's) a 404 (test_personal_links).
PERSONAL_LINK = {
    "participant-self",
    "participant-self-check-in",
    "participant-self-withdraw",
    "participant-self-confirm",
}
# The Probelauf (issue 36 item 4): its organisers and staff; for anybody else it and its
# actions do not exist — 404, no login page (test_rehearsal_actions).
REHEARSAL_ACTIONS = [
    ("rehearsal-play", "post"),
    ("rehearsal-manual", "post"),
    ("rehearsal-delete", "get"),
    ("rehearsal-delete", "post"),
]
CLAIMS = {"player-claim"}  # an account asks; an organiser or club manager decides
# Anybody: asking for a reset link, and setting a password with a valid one.
ACCOUNT_PAGES = {
    "password_reset",
    "password_reset_done",
    "password_reset_confirm",
    "password_reset_complete",
    "invitation",  # the token is the right; accepting needs (or creates) an account
    # Registration (tests/accounts/test_registration.py): anybody, throttled; the signed
    # link confirms the account it names.
    "register",
    "register-sent",
    "register-confirm",
}


def _client(world, role, liste, other):
    client = Client()
    users = world["users"]
    account = {"club_manager": "cm"}.get(role, role)
    if account in users:
        client.force_login(users[account])
    elif role == "code_this":
        client.get(reverse("table-code-open", args=[liste.code]))
    elif role == "code_other":
        client.get(reverse("table-code-open", args=[other.code]))
    return client


def _outcome(response) -> str:
    if response.status_code == 403:
        return DENIED
    if response.status_code == 302 and reverse("login") in response["Location"]:
        return LOGIN
    assert response.status_code < 500, response.status_code
    return OK


def _list_url(name, liste):
    args = [liste.pk]
    if name == "game-edit":
        args.append(1)
    if name == "penalty-delete":
        args.append(liste.penalty_rows.get().pk)
    return reverse(name, args=args)


def _prepare(liste):
    """One game and one penalty row, so that every list action has something to act on."""
    import random

    from league.lists.selectors import spielliste_snapshot
    from scoring.simulate import next_random_game

    state = spielliste_snapshot(pk=liste.pk).state
    services.game_record(spielliste=liste, record=next_random_game(random.Random(1), state))
    seat = liste.seats.get(position=1)
    services.penalty_add(
        spielliste=liste,
        after_game=1,
        kind="unsporting",
        offender=seat.player,
        points=1,
        referee="Wolf",
    )


@pytest.mark.parametrize(("name", "method"), LIST_WRITES)
@pytest.mark.parametrize(("target", "expected"), [("l1", TOURNAMENT_LIST), ("free", FREE_LIST)])
def test_list_writes(world, name, method, target, expected):
    liste = world[target]
    other = world["l2"] if target == "l1" else world["l1"]
    _prepare(liste)
    outcomes = []
    for role in ROLES:
        client = _client(world, role, liste, other)
        response = getattr(client, method)(_list_url(name, liste), {"version": "999"})
        outcomes.append(_outcome(response))
    assert tuple(outcomes) == expected, dict(zip(ROLES, outcomes, strict=True))


@pytest.mark.parametrize(("name", "method"), KASSE_WRITES)
@pytest.mark.parametrize(("target", "expected"), [("l1", TOURNAMENT_KASSE), ("free", FREE_KASSE)])
def test_kasse_writes(world, name, method, target, expected):
    liste = world[target]
    other = world["l2"] if target == "l1" else world["l1"]
    _prepare(liste)
    outcomes = []
    for role in ROLES:
        client = _client(world, role, liste, other)
        response = getattr(client, method)(_list_url(name, liste), {"kasse_cent": "50"})
        outcomes.append(_outcome(response))
    assert tuple(outcomes) == expected, dict(zip(ROLES, outcomes, strict=True))


@pytest.mark.parametrize(("name", "method"), CLOCK_WRITES)
@pytest.mark.parametrize(("target", "expected"), [("l1", TOURNAMENT_CLOCK), ("free", FREE_LIST)])
def test_clock_writes(world, name, method, target, expected):
    liste = world[target]
    other = world["l2"] if target == "l1" else world["l1"]
    _prepare(liste)
    outcomes = []
    for role in ROLES:
        client = _client(world, role, liste, other)
        response = getattr(client, method)(_list_url(name, liste), {"version": "999"})
        outcomes.append(_outcome(response))
    assert tuple(outcomes) == expected, dict(zip(ROLES, outcomes, strict=True))


@pytest.mark.parametrize(("name", "method"), MANAGED_LIST_WRITES)
@pytest.mark.parametrize(
    ("target", "expected"), [("l1", TOURNAMENT_LIST_MANAGED), ("free", FREE_LIST_MANAGED)]
)
def test_managed_list_writes(world, name, method, target, expected):
    liste = world[target]
    other = world["l2"] if target == "l1" else world["l1"]
    outcomes = []
    for role in ROLES:
        client = _client(world, role, liste, other)
        response = getattr(client, method)(reverse(name, args=[liste.pk]), {"version": "999"})
        outcomes.append(_outcome(response))
    assert tuple(outcomes) == expected, dict(zip(ROLES, outcomes, strict=True))
    liste.refresh_from_db()
    assert not liste.ended_early
    assert not liste.substitutions.exists()


def test_evening_list_writes(world):
    """Every list write on a club evening's list, for every role (one world for all)."""
    import datetime as dt

    from league.evenings import services as evening_services

    evening = evening_services.club_evening_create(
        club=world["club"],
        date=dt.date(2026, 11, 20),
        tables=[["A", "B", "C", "D"]],
        user=world["users"]["listenfuehrer"],
    )
    liste = evening.tables.get().spielliste
    _prepare(liste)
    rows = [(n, m, EVENING_LIST) for n, m in LIST_WRITES + CLOCK_WRITES]
    rows += [(n, m, EVENING_LIST_MANAGED) for n, m in MANAGED_LIST_WRITES]
    rows += [(n, m, EVENING_KASSE) for n, m in KASSE_WRITES]
    for name, method, expected in rows:
        outcomes = []
        for role in ROLES:
            client = _client(world, role, liste, world["l1"])
            response = getattr(client, method)(_list_url(name, liste), {"version": "999"})
            outcomes.append(_outcome(response))
        assert tuple(outcomes) == expected, (name, dict(zip(ROLES, outcomes, strict=True)))
    liste.refresh_from_db()
    assert not liste.ended_early
    assert not liste.substitutions.exists()


@pytest.mark.parametrize(("name", "method"), TOURNAMENT_ACTIONS)
def test_tournament_actions(world, name, method):
    t, rnd = world["tournament"], world["round"]
    args = {
        "participant-toggle": [t.pk, t.participants.first().pk],
        "participant-link-renew": [t.pk, t.participants.first().pk],
        **{name: [t.pk, rnd.number] for name in ROUND_WRITES if name.startswith("round-")},
        "table-code-renew": [t.pk, rnd.number, 1],
        "codes-pdf": [t.pk, rnd.number],
        "claim-decide": [t.pk, _claim(t).pk],
        "round-results": [t.pk, rnd.number],
        "round-results-import": [t.pk, rnd.number],
    }.get(name, [t.pk])
    outcomes = []
    for role in ROLES:
        client = _client(world, role, world["l1"], world["l2"])
        outcomes.append(_outcome(getattr(client, method)(reverse(name, args=args), {})))
    assert tuple(outcomes) == TOURNAMENT, dict(zip(ROLES, outcomes, strict=True))
    # Nothing was drawn by anybody but the organiser and staff (a second round, at most).
    assert t.rounds.count() <= 2


@pytest.mark.parametrize("name", sorted(PERSONAL_LINK))
def test_personal_links(world, name):
    """Issue 36: his link opens his page (and its two actions) for whoever holds it, in any
    role; a renewed link, another participant's id with it, or the link on another
    tournament is a 404 for everybody — and writes nothing."""
    from django.core.cache import cache

    from league.tournaments import services as ts
    from league.tournaments.models import Tournament

    t = world["tournament"]
    mine, his = list(t.participants.order_by("number")[:2])
    other_t = Tournament.objects.exclude(pk=t.pk).get()
    method = "get" if name == "participant-self" else "post"
    for role in ROLES:
        cache.clear()  # each role's 404s counted apart from the last one's
        client = _client(world, role, world["l1"], world["l2"])
        own = getattr(client, method)(reverse(name, args=[t.pk, mine.link]), {"confirmed": "1"})
        assert own.status_code in (200, 302), (role, own.status_code)
        typo = mine.link[:-1] + ("A" if mine.link[-1] != "A" else "B")
        for pk, token in ((other_t.pk, mine.link), (t.pk, typo), (t.pk, "x")):
            wrong = getattr(client, method)(reverse(name, args=[pk, token]), {"confirmed": "1"})
            assert wrong.status_code == 404, (role, pk, token)
    old = his.link
    ts.participant_link_renew(participant=his)
    cache.clear()
    before = AuditEntry.objects.count()
    response = getattr(Client(), method)(reverse(name, args=[t.pk, old]), {"confirmed": "1"})
    assert response.status_code == 404
    assert AuditEntry.objects.count() == before
    his.refresh_from_db()
    assert not his.withdrawn
    assert his.checked_in_at is None


def _round_state(t, rnd):
    rnd.refresh_from_db()
    t.refresh_from_db()
    lists = list(rnd.lists.order_by("pk").values_list("pk", "code", "version", "frozen"))
    return (rnd.status, rnd.seed, rnd.started_at, rnd.time_called, lists, t.rated, t.closed_at)


@pytest.mark.parametrize("name", ROUND_WRITES)
def test_refused_round_actions_write_nothing(world, name):
    t, rnd = world["tournament"], world["round"]
    play_round(rnd)  # complete: a close would go through
    args = [t.pk, rnd.number, 1] if name == "table-code-renew" else [t.pk, rnd.number]
    if name.startswith("tournament-"):
        args = [t.pk]
    before = _round_state(t, rnd), AuditEntry.objects.count()
    data = {"confirmed": "1", "rated": "on", "bundesland": "NW"}
    for role in ("anonymous", "stranger", "listenfuehrer", "code_this", "organiser_other", "cm"):
        client = _client(world, role, world["l1"], world["l2"])
        assert _outcome(client.post(reverse(name, args=args), data)) in (LOGIN, DENIED), role
    assert (_round_state(t, rnd), AuditEntry.objects.count()) == before


@pytest.mark.parametrize(("name", "method"), CLUB_ACTIONS)
def test_club_actions(world, name, method):
    club = world["free"].club
    outcomes = []
    for role in ROLES:
        client = _client(world, role, world["free"], world["l1"])
        response = getattr(client, method)(reverse(name, args=[club.pk]), {"account": "nobody"})
        outcomes.append(_outcome(response))
    assert tuple(outcomes) == CLUB, dict(zip(ROLES, outcomes, strict=True))
    assert list(club.managers.values_list("username", flat=True)) == ["cm"]


def test_club_evening_write(world):
    """Adding a table to a club evening: its club's managers and staff only."""
    import datetime as dt

    from league.evenings import services as evening_services

    club = world["free"].club
    evening = evening_services.club_evening_create(club=club, date=dt.date(2026, 11, 20))
    url = reverse("club-evening", args=[club.pk, evening.pk])
    outcomes = []
    for role in ROLES:
        client = _client(world, role, world["free"], world["l1"])
        outcomes.append(_outcome(client.post(url, {"seat_1": ""})))
    assert tuple(outcomes) == CLUB, dict(zip(ROLES, outcomes, strict=True))
    assert not evening.tables.exists()


def test_player_merge_rights(world):
    """A player of the tournament: its organisers and staff may merge him, nobody else; a
    player of F's club: its managers too."""
    t = world["tournament"]
    entrant = t.participants.first().player
    # The other tournament registered the same names: the same player records, so its
    # organiser may merge them too.
    assert entrant.entries.count() == 2
    expected = (LOGIN, DENIED, DENIED, LOGIN, LOGIN, OK, OK, DENIED, OK)
    outcomes = []
    for role in ROLES:
        client = _client(world, role, world["l1"], world["l2"])
        outcomes.append(_outcome(client.get(reverse("player-merge", args=[entrant.pk]))))
    assert tuple(outcomes) == expected, dict(zip(ROLES, outcomes, strict=True))
    # A player of F's club who never entered either tournament: its managers and staff.
    # Both organisers have records made at their desks; that opens no other player's page
    # (issue 29: these two cells were OK).
    member = world["free"].seats.first().player
    assert not member.entries.exists()
    assert Participant.objects.filter(
        created_here=True, tournament__organisers__isnull=False
    ).exists()
    expected = (LOGIN, DENIED, DENIED, LOGIN, LOGIN, DENIED, DENIED, OK, OK)
    outcomes = []
    for role in ROLES:
        client = _client(world, role, world["l1"], world["l2"])
        outcomes.append(_outcome(client.get(reverse("player-merge", args=[member.pk]))))
    assert tuple(outcomes) == expected, dict(zip(ROLES, outcomes, strict=True))


def test_ranglistenwart_pages(world):
    """The Ranglistenwart's page and decision: the role and staff; an organiser, a club
    manager, a table code or a stranger gets nothing, and nothing is approved."""
    from league.accounts.services import ranglistenwart_grant
    from league.tournaments import services as ts

    t = world["tournament"]
    ts.tournament_set_rating(tournament=t, rated=True, bundesland="NW")
    t.__class__.objects.filter(pk=t.pk).update(closed_at="2026-11-22T12:00:00Z")
    wart = world["users"]["stranger"].__class__.objects.create_user("wart", password="pw-x-123")
    ranglistenwart_grant(account=wart)
    roles = (*ROLES, "wart")
    expected = (LOGIN, DENIED, DENIED, LOGIN, LOGIN, DENIED, DENIED, DENIED, OK, OK)
    for name, args, method in (
        ("rangliste-requests", [], "get"),
        ("rangliste-decide", [t.pk], "post"),
    ):
        outcomes = []
        for role in roles:
            if role == "wart":
                client = Client()
                client.force_login(wart)
            else:
                client = _client(world, role, world["l1"], world["l2"])
            if method == "post" and role in ("staff", "wart"):
                # the two who may: a refused decision (no reason) answers the page again
                response = client.post(reverse(name, args=args), {"approve": "0"})
                assert response.status_code == 422, role
                outcomes.append(OK)
                continue
            response = getattr(client, method)(reverse(name, args=args), {"approve": "1"})
            outcomes.append(_outcome(response))
        assert tuple(outcomes) == expected, (name, dict(zip(roles, outcomes, strict=True)))
    t.refresh_from_db()
    assert t.rating_approved_at is None
    assert not AuditEntry.objects.filter(action__startswith="rating_").exists()
    # Deciding a claim ("Das bin ich") on any record: the role and staff; refused for
    # everybody else, nothing decided.
    claim = _claim(t)
    url = reverse("rangliste-claim-decide", args=[claim.pk])
    outcomes = []
    for role in roles[:-2]:
        client = _client(world, role, world["l1"], world["l2"])
        outcomes.append(_outcome(client.post(url, {"accept": "1"})))
    assert tuple(outcomes) == expected[:-2], dict(zip(roles, outcomes, strict=False))
    claim.refresh_from_db()
    assert claim.decided_at is None
    client = Client()
    client.force_login(wart)
    assert client.post(url, {"accept": "0"}).status_code == 302
    claim.refresh_from_db()
    assert (claim.decided_at is not None, claim.accepted) == (True, False)


@pytest.mark.parametrize(("name", "method"), FEDERATION_LINK)
def test_the_federation_link_is_for_staff(world, name, method):
    from league.federation.models import SiteLink

    outcomes = []
    for role in ROLES:
        client = _client(world, role, world["l1"], world["l2"])
        data = {"address": "https://verband.example", "token": "geheim"}
        outcomes.append(_outcome(getattr(client, method)(reverse(name), data)))
    assert tuple(outcomes) == STAFF_ONLY, dict(zip(ROLES, outcomes, strict=True))
    # Staff's save landed; a register fetch with no address set wrote nothing.
    saved = (name, method) == ("federation-link", "post")
    assert SiteLink.objects.filter(token="geheim").exists() == saved


def _claim(tournament):
    from django.contrib.auth.models import User

    from league.clubs.models import PlayerClaim

    # A record created at this tournament's desk with no entry elsewhere: its organisers
    # decide (api.md "Rights end at the event"; the other tournament registered the first
    # four names too).
    player = tournament.participants.order_by("-number").first().player
    account, _ = User.objects.get_or_create(username="claimer")
    claim, _ = PlayerClaim.objects.get_or_create(player=player, account=account, decided_at=None)
    return claim


def test_every_url_has_a_row():
    names = set()
    for top in get_resolver().url_patterns:
        if str(top.pattern) == "admin/":
            continue  # the admin: staff only, by Django's own checks
        for p in [top, *getattr(top, "url_patterns", [])]:
            if getattr(p, "name", None):
                names.add(p.name)
    covered = (
        {n for n, _ in LIST_WRITES}
        | {n for n, _ in CLOCK_WRITES}
        | {n for n, _ in KASSE_WRITES}
        | {n for n, _ in MANAGED_LIST_WRITES}
        | {n for n, _ in TOURNAMENT_ACTIONS}
        | {n for n, _ in REHEARSAL_ACTIONS}
        | {n for n, _ in CLUB_ACTIONS}
        | PUBLIC_READS
        | LOGGED_IN_ONLY
        | ACCOUNT_PAGES
        | CLAIMS
        | PERSONAL_LINK
        | API_ROUTES  # the API's own matrix: tests/api/test_access.py
        | LEAGUE_ROUTES  # the leagues' own matrix: tests/leagues/test_access.py
        | MERGE
        | VENUE
        | {n for n, _ in FEDERATION_LINK}
        | ASSIGNMENTS
        | RANGLISTENWART
    )
    assert names - covered == set(), "a URL without a permission row"


def _pdf_text(data: bytes) -> str:
    import io

    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def _code_forms(code):
    return (code, f"{code[:4]} {code[4:]}")


def test_no_code_on_any_public_page_or_pdf(world, client):
    t, rnd, l1 = world["tournament"], world["round"], world["l1"]
    codes = [c for liste in rnd.lists for c in _code_forms(liste.code)]
    pages = [
        reverse("liste-detail", args=[l1.pk]),
        reverse("liste-history", args=[l1.pk]),
        reverse("round-board", args=[t.pk, rnd.number]),
        reverse("tournament-detail", args=[t.pk]),
        reverse("standings", args=[t.pk]),
        reverse("projector", args=[t.pk]),
        reverse("api-liste", args=[l1.pk]),
    ]
    pdfs = [
        reverse("liste-pdf", args=[l1.pk]),
        reverse("liste-blank-pdf", args=[l1.pk]),
        reverse("draw-pdf", args=[t.pk, rnd.number]),
        reverse("round-lists-pdf", args=[t.pk, rnd.number]),
        reverse("round-lists-pdf", args=[t.pk, rnd.number]) + "?leer=1",
        reverse("standings-pdf", args=[t.pk]),
    ]
    for url in pages:
        text = client.get(url).content.decode()
        assert not any(code in text for code in codes), url
    for url in pdfs:
        text = _pdf_text(client.get(url).content)
        assert not any(code in text for code in codes), url
    # A table's own code holder sees no code on the pages either (nor other tables').
    phone = _client(world, "code_this", l1, world["l2"])
    for url in pages:
        text = phone.get(url).content.decode()
        assert not any(code in text for code in codes), url


def test_organiser_printouts_carry_each_tables_code_and_qr(world, monkeypatch):
    import league.lists.pdf as list_pdf

    payloads = []
    real = list_pdf.qr_drawing  # type: ignore[attr-defined]  # imported there, patched there

    def recording(text, size):
        payloads.append(text)
        return real(text, size)

    monkeypatch.setattr(list_pdf, "qr_drawing", recording)
    t, rnd = world["tournament"], world["round"]
    client = _client(world, "organiser_this", world["l1"], world["l2"])
    text = _pdf_text(
        client.get(reverse("round-lists-pdf", args=[t.pk, rnd.number]) + "?leer=1").content
    )
    lists = list(rnd.lists)
    for liste in lists:
        assert _code_forms(liste.code)[1] in text
    assert payloads == [f"http://testserver/t/{liste.code}/" for liste in lists]
    sheet = _pdf_text(client.get(reverse("codes-pdf", args=[t.pk, rnd.number])).content)
    assert all(_code_forms(liste.code)[1] in sheet for liste in lists)
    # The QR payload opens that table's list.
    phone = Client()
    response = phone.get(payloads[0].removeprefix("http://testserver"))
    assert response["Location"].startswith(reverse("liste-detail", args=[lists[0].pk]))


def test_renewed_code_and_closed_round_refuse_the_code(world):
    l1 = world["l1"]
    old = l1.code
    phone = Client()
    assert phone.get(reverse("table-code-open", args=[old])).status_code == 302
    services.spielliste_renew_code(spielliste=l1)
    l1.refresh_from_db()
    assert l1.code != old
    # The bound session's old code no longer writes; the old code no longer opens.
    response = phone.post(reverse("time-call", args=[l1.pk]), {"version": "0"})
    assert response.status_code == 403
    assert Client().get(reverse("table-code-open", args=[old])).status_code == 403
    fresh = Client()
    assert fresh.get(reverse("table-code-open", args=[l1.code.lower()])).status_code == 302
    services.spielliste_set_frozen(spielliste=l1, frozen=True)
    # A closed round's code: 409 round_closed on the site as in the API (issue 21).
    assert Client().get(reverse("table-code-open", args=[l1.code])).status_code == 409


def test_wrong_codes_are_throttled(db):
    from django.core.cache import cache

    cache.clear()
    client = Client()
    statuses = [
        client.get(reverse("table-code-open", args=["ZZZZZZZZ"])).status_code for _ in range(12)
    ]
    assert statuses[:10] == [403] * 10
    assert statuses[10:] == [429, 429]
    cache.clear()


def test_a_code_session_writes_as_its_table_in_the_history(world):
    l1 = world["l1"]
    phone = Client()
    phone.get(reverse("table-code-open", args=[l1.code]))
    response = phone.post(
        reverse("time-call", args=[l1.pk]),
        {"version": str(l1.version), "in_progress": "0", "confirmed": "1"},
    )
    assert response.status_code == 302
    public = Client().get(reverse("liste-history", args=[l1.pk])).content.decode()
    assert "Tisch 1" in public
    assert "Zeit abgelaufen nach Spiel 0" in public


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(LOGGED_IN_ONLY))
def test_account_pages_send_nobody_to_the_login(client, name):
    assert _outcome(client.get(reverse(name))) == LOGIN


@pytest.mark.django_db
def test_a_claim_needs_an_account(client):

    player = Player.objects.create(name="X")
    assert _outcome(client.post(reverse("player-claim", args=[player.pk]))) == LOGIN
    assert not player.claims.exists()


GONE = "404"
REHEARSAL = (GONE, GONE, GONE, GONE, GONE, OK, GONE, GONE, OK)
# The rehearsal's own pages, read by the same roles: the same answer.
REHEARSAL_PAGES = ["tournament-detail", "round-board", "standings", "projector", "standings-pdf"]


def _rehearsal_outcome(response) -> str:
    return GONE if response.status_code == 404 else _outcome(response)


def _rehearsal(world):
    from league.tournaments import services as ts

    t = ts.tournament_rehearsal_copy(
        tournament=world["tournament"], account=world["users"]["organiser_this"]
    )
    ts.round_draw(tournament=t, seed=1)
    return t


@pytest.mark.parametrize(("name", "method"), REHEARSAL_ACTIONS)
def test_rehearsal_actions(world, name, method):
    """Every role on a Probelauf's actions: a stranger, another organiser, a Listenführer
    of another event, a table code of the real tournament — 404, nothing written; its
    organiser and staff act (the deletion last: by the organiser)."""
    from league.lists.models import Game
    from league.tournaments.models import Tournament

    t = _rehearsal(world)
    args = [t.pk]
    outcomes = []
    for role in ROLES:
        if name == "rehearsal-delete" and method == "post" and role in ("organiser_this",):
            outcomes.append(OK)  # below, once everybody else was refused
            continue
        client = _client(world, role, world["l1"], world["l2"])
        games = Game.objects.filter(spielliste__round_table__tournament_round__tournament=t)
        before = (games.count(), Tournament.objects.get(pk=t.pk).rehearsal_manual)
        data = {"spiele": "1", "manual": "1"}
        response = getattr(client, method)(reverse(name, args=args), data)
        outcomes.append(_rehearsal_outcome(response))
        if role not in ("organiser_this", "staff"):
            assert (games.count(), Tournament.objects.get(pk=t.pk).rehearsal_manual) == before
        if name == "rehearsal-delete" and method == "post" and role == "staff":
            assert not Tournament.objects.filter(pk=t.pk).exists()  # staff deleted it
    assert tuple(outcomes) == REHEARSAL, dict(zip(ROLES, outcomes, strict=True))


def test_rehearsal_delete_by_its_organiser(world):
    from league.tournaments.models import Tournament

    t = _rehearsal(world)
    client = _client(world, "organiser_other", world["l1"], world["l2"])
    assert client.post(reverse("rehearsal-delete", args=[t.pk])).status_code == 404
    client = _client(world, "organiser_this", world["l1"], world["l2"])
    response = client.post(reverse("rehearsal-delete", args=[t.pk]))
    assert response.status_code == 302
    assert not Tournament.objects.filter(pk=t.pk).exists()


@pytest.mark.parametrize("name", REHEARSAL_PAGES)
def test_rehearsal_pages(world, name):
    """A Probelauf's pages: its organisers and staff; everybody else a 404."""
    t = _rehearsal(world)
    args = [t.pk, 1] if name == "round-board" else [t.pk]
    outcomes = []
    for role in ROLES:
        client = _client(world, role, world["l1"], world["l2"])
        outcomes.append(_rehearsal_outcome(client.get(reverse(name, args=args))))
    assert tuple(outcomes) == REHEARSAL, dict(zip(ROLES, outcomes, strict=True))
