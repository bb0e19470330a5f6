"""Moving a Spieltag (league.leagues.services.moves): a captain requests, the other teams of
the group accept, the organiser approves (the date moves, the calendar's SEQUENCE rises, the UID
stays); clashes are refused with their reason and write nothing; a decline ends a request;
only the right people act; reminders once; the backup keeps the requests."""

import datetime as dt

import icalendar
import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from league.core.errors import ServiceError
from league.core.models import AuditEntry
from league.leagues import services as ls
from league.leagues.models import ReminderSent, Spieltag, SpieltagMove, SpieltagMoveAnswer
from league.leagues.services import reminders_send, reminders_switch
from tests.prebuilt import Prebuilt

from .helpers import first_spieltag, make_league, set_lineups

pytestmark = pytest.mark.django_db

TODAY = timezone.localdate()
D = TODAY + dt.timedelta(days=10)


def _days(league):
    return list(
        Spieltag.objects.filter(group__group_round__league=league)
        .select_related("group__group_round")
        .order_by("group__group_round__number", "group__number", "number")
    )


def _date_all(league, start=D):
    """Each group round's Doppelspieltage a week apart at 11:00, each group at its own
    venue."""
    groups = {d.group for d in _days(league)}
    for group in sorted(groups, key=lambda g: (g.group_round.number, g.number)):
        ls.group_schedule(
            group=group,
            date=start + dt.timedelta(days=7 * (group.group_round.number - 1)),
            start_time=dt.time(11, 0),
            venue=f"Gasthaus {group.group_round.number}-{group.number}",
        )


def _build_world():
    """A league of 8 teams (two groups a round), dated; captains for the first group's
    teams, an organiser, all with e-mail addresses."""
    organiser = User.objects.create_user(
        "leitung", email="leitung@example.org", password="pw-secret-123"
    )
    league = make_league(8)
    ls.league_add_organiser(league=league, account=organiser)
    _date_all(league)
    day = first_spieltag(league)
    teams = list(day.group.teams.order_by("number"))
    captains = []
    for i, team in enumerate(teams):
        account = User.objects.create_user(
            f"kap{i}", email=f"kap{i}@example.org", password="pw-secret-123"
        )
        ls.team_add_captain(team=team, account=account)
        captains.append(account)
    return league, day, teams, captains, organiser


_world = Prebuilt(_build_world)  # built once per test process, copied (tests/prebuilt.py)


@pytest.fixture
def world(db):
    return _world()


def _client(account):
    client = Client()
    if account is not None:
        client.force_login(account)
    return client


def _state():
    return (
        list(SpieltagMove.objects.values_list("pk", "state", "date", "reason")),
        list(SpieltagMoveAnswer.objects.values_list("pk", "accept")),
        list(Spieltag.objects.order_by("pk").values_list("date", "start_time", "sequence")),
        AuditEntry.objects.count(),
    )


def _event(client, league, day):
    response = client.get(reverse("league-calendar", args=[league.pk]))
    assert response.status_code == 200
    uid = f"spieltag-{day.pk}@doppelkopf-liste"
    cal = icalendar.Calendar.from_ical(response.content)
    return next(e for e in cal.walk("VEVENT") if str(e["UID"]) == uid)


# --- the whole way ------------------------------------------------------------------------


def test_request_answers_approve_moves_the_doppelspieltag(world, client):
    league, day, teams, captains, organiser = world
    sister = day.group.spieltage.exclude(pk=day.pk).get()
    before = _event(client, league, day)
    assert int(before["SEQUENCE"]) == 0
    new = D + dt.timedelta(days=1)  # Sunday after: nobody plays, no venue booked
    move = ls.spieltag_move_request(
        spieltag=day,
        team=teams[0],
        date=new,
        start_time=dt.time(13, 0),
        note="Saal belegt",
        user=captains[0],
    )
    assert move.state == "open"
    assert move.requested_by == captains[0]
    for team, account in zip(teams[1:], captains[1:], strict=True):
        with pytest.raises(ServiceError) as err:
            ls.spieltag_move_approve(move=move, user=organiser)
        assert err.value.code == "move_not_accepted"
        ls.spieltag_move_answer(move=move, team=team, accept=True, user=account)
    ls.spieltag_move_approve(move=move, user=organiser)
    move.refresh_from_db()
    assert move.state == "approved"
    assert move.decided_by == organiser
    day.refresh_from_db()
    sister.refresh_from_db()
    # the Doppelspieltag moves as a whole, one after the other from the new start
    assert (day.date, day.start_time, day.sequence) == (new, dt.time(13, 0), 1)
    assert sister.date == new
    assert sister.start_time == dt.time(16, 0)  # 2 rounds of 90 minutes later
    assert sister.sequence == 1
    assert day.venue == "Gasthaus 1-1"  # no new venue: it stays
    after = _event(client, league, day)
    assert str(after["UID"]) == str(before["UID"])
    assert int(after["SEQUENCE"]) == 1
    assert after.decoded("DTSTART") == timezone.make_aware(dt.datetime.combine(new, dt.time(13)))
    actions = list(
        AuditEntry.objects.filter(target="leagues.spieltag", target_id=day.pk).values_list(
            "action", flat=True
        )
    )
    for action in ("move_request", "move_accept", "schedule_day", "move_approve"):
        assert action in actions


def test_clash_with_a_team_is_refused_with_its_reason_and_writes_nothing(world):
    _league, day, teams, captains, _organiser = world
    before = _state()
    with pytest.raises(ServiceError) as err:  # group round 2 is a week later: teams play
        ls.spieltag_move_request(
            spieltag=day, team=teams[0], date=D + dt.timedelta(days=7), user=captains[0]
        )
    assert err.value.code == "move_clash_team"
    assert "spielt am" in err.value.message
    assert err.value.params["date"] == (D + dt.timedelta(days=7)).strftime("%d.%m.%Y")
    assert _state() == before


def test_clash_with_the_venue_of_another_league_is_refused(world):
    _league, day, teams, captains, organiser = world
    other = make_league(4)
    other_day = first_spieltag(other)
    elsewhere = D + dt.timedelta(days=2)
    ls.spieltag_schedule(spieltag=other_day, date=elsewhere, venue="Gasthaus  1-1")
    before = _state()
    with pytest.raises(ServiceError) as err:  # its own venue, booked that day
        ls.spieltag_move_request(spieltag=day, team=teams[0], date=elsewhere, user=captains[0])
    assert err.value.code == "move_clash_venue"
    assert "Gasthaus 1-1" in err.value.message
    assert _state() == before
    # another venue that day is fine; at the approval the clash is checked again
    move = ls.spieltag_move_request(
        spieltag=day, team=teams[0], date=elsewhere, venue="Krone", user=captains[0]
    )
    for team in teams[1:]:
        ls.spieltag_move_answer(move=move, team=team, accept=True)
    ls.spieltag_schedule(spieltag=other_day, date=elsewhere, venue="krone")
    before = _state()
    with pytest.raises(ServiceError) as err:
        ls.spieltag_move_approve(move=move, user=organiser)
    assert err.value.code == "move_clash_venue"
    assert _state() == before


def test_same_group_on_the_day_is_no_clash(world):
    """One Spieltag moved alone onto its sister's day: a Doppelspieltag, not a clash."""
    _league, day, teams, captains, _organiser = world
    sister = day.group.spieltage.exclude(pk=day.pk).get()
    ls.spieltag_schedule(spieltag=sister, date=D + dt.timedelta(days=3), venue="Gasthaus 1-1")
    ls.spieltag_move_request(
        spieltag=day, team=teams[1], date=D + dt.timedelta(days=3), user=captains[1]
    )


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"date": TODAY - dt.timedelta(days=1)}, "move_date_past"),
        ({"date": D}, "move_no_change"),
        ({"date": D, "start_time": dt.time(11, 0), "venue": "Gasthaus 1-1"}, "move_no_change"),
        ({"venue": "x" * 201}, "spieltag_venue_long"),
        ({"note": "x" * 1001}, "report_note_long"),
    ],
)
def test_bad_requests_are_refused_and_write_nothing(world, change, code):
    _league, day, teams, captains, _organiser = world
    before = _state()
    kwargs = {"date": D + dt.timedelta(days=1), **change}
    with pytest.raises(ServiceError) as err:
        ls.spieltag_move_request(spieltag=day, team=teams[0], user=captains[0], **kwargs)
    assert err.value.code == code
    assert _state() == before


def test_one_open_request_per_group_and_not_once_started(world):
    _league, day, teams, _captains, _organiser = world
    sister = day.group.spieltage.exclude(pk=day.pk).get()
    ls.spieltag_move_request(spieltag=day, team=teams[0], date=D + dt.timedelta(days=1))
    with pytest.raises(ServiceError) as err:
        ls.spieltag_move_request(spieltag=sister, team=teams[1], date=D + dt.timedelta(days=2))
    assert err.value.code == "move_open_exists"
    SpieltagMove.objects.all().delete()
    set_lineups(day)
    ls.spieltag_start(spieltag=day)
    with pytest.raises(ServiceError) as err:
        ls.spieltag_move_request(spieltag=day, team=teams[0], date=D + dt.timedelta(days=1))
    assert err.value.code == "move_started"


def test_decline_ends_the_request_and_withdraw_and_refuse(world):
    _league, day, teams, captains, organiser = world
    new = D + dt.timedelta(days=1)
    move = ls.spieltag_move_request(spieltag=day, team=teams[0], date=new, user=captains[0])
    with pytest.raises(ServiceError) as err:  # the requester does not vote
        ls.spieltag_move_answer(move=move, team=teams[0], accept=True)
    assert err.value.code == "move_own_team"
    ls.spieltag_move_answer(move=move, team=teams[1], accept=True, user=captains[1])
    ls.spieltag_move_answer(move=move, team=teams[2], accept=False, note="Wir können nicht.")
    move.refresh_from_db()
    assert (move.state, move.reason) == ("refused", "Wir können nicht.")
    with pytest.raises(ServiceError) as err:
        ls.spieltag_move_answer(move=move, team=teams[3], accept=True)
    assert err.value.code == "move_not_open"
    day.refresh_from_db()
    assert day.date == D  # nothing moved
    # withdrawn
    move = ls.spieltag_move_request(spieltag=day, team=teams[0], date=new, user=captains[0])
    ls.spieltag_move_withdraw(move=move, user=captains[0])
    move.refresh_from_db()
    assert move.state == "withdrawn"
    with pytest.raises(ServiceError):
        ls.spieltag_move_approve(move=move, user=organiser)
    # refused by the organiser: a reason is required
    move = ls.spieltag_move_request(spieltag=day, team=teams[0], date=new, user=captains[0])
    before = _state()
    with pytest.raises(ServiceError) as err:
        ls.spieltag_move_refuse(move=move, reason="  ", user=organiser)
    assert err.value.code == "report_note_missing"
    assert _state() == before
    ls.spieltag_move_refuse(move=move, reason="Halle belegt", user=organiser)
    move.refresh_from_db()
    assert (move.state, move.reason, move.decided_by) == ("refused", "Halle belegt", organiser)


# --- pages and who may act ----------------------------------------------------------------


def test_the_whole_way_through_the_pages(world):
    league, day, teams, captains, organiser = world
    page = reverse("spieltag-detail", args=[league.pk, day.pk])
    mine = _client(captains[0])
    html = mine.get(page).content.decode()
    assert "data-move-form" in html
    new = D + dt.timedelta(days=1)
    response = mine.post(
        reverse("spieltag-move-request", args=[league.pk, day.pk]),
        {"team": teams[0].pk, "date": new.isoformat(), "note": "Saal belegt"},
    )
    assert response.status_code == 302
    move = SpieltagMove.objects.get()
    # the other captains see the buttons; the organiser sees the request on his page
    html = _client(captains[1]).get(page).content.decode()
    assert "data-move-accept" in html
    assert "data-move-approve" not in html
    manage = _client(organiser).get(reverse("league-manage", args=[league.pk])).content.decode()
    assert f'data-open-move="{move.pk}"' in manage
    for team, account in zip(teams[1:], captains[1:], strict=True):
        url = reverse("spieltag-move-answer", args=[league.pk, move.pk, team.pk])
        assert _client(account).post(url, {"aktion": "annehmen"}).status_code == 302
    html = _client(organiser).get(page).content.decode()
    assert "data-move-approve" in html
    url = reverse("spieltag-move-decide", args=[league.pk, move.pk])
    assert _client(organiser).post(url, {"aktion": "genehmigen"}).status_code == 302
    day.refresh_from_db()
    assert day.date == new
    html = mine.get(page).content.decode()
    assert 'data-move-last="approved"' in html


def test_bad_input_gives_form_errors_never_500(world):
    league, day, teams, captains, _organiser = world
    client = _client(captains[0])
    url = reverse("spieltag-move-request", args=[league.pk, day.pk])
    for data in (
        {"team": teams[0].pk},  # no date
        {"team": teams[0].pk, "date": "31.02.2026"},
        {"team": teams[0].pk, "date": "2026-13-40", "start_time": "25:99"},
        {"team": teams[0].pk, "date": (D + dt.timedelta(days=1)).isoformat(), "venue": "x" * 300},
        {"team": "abc", "date": D.isoformat()},
        {"date": D.isoformat()},
    ):
        response = client.post(url, data, follow=True)
        assert response.status_code == 200, data
        assert '<li class="error">' in response.content.decode(), data
    assert not SpieltagMove.objects.exists()
    response = client.post(url, {"team": teams[0].pk}, follow=True)
    assert "Neues Datum" in response.content.decode()
    # a clash: its reason on the page
    response = client.post(
        url, {"team": teams[0].pk, "date": (D + dt.timedelta(days=7)).isoformat()}, follow=True
    )
    assert "spielt am" in response.content.decode()
    assert not SpieltagMove.objects.exists()


def test_strangers_and_other_leagues_cannot_request_answer_or_decide(world, django_user_model):
    league, day, teams, captains, _organiser = world
    other = make_league(4)
    other_captain = django_user_model.objects.create_user("fremd", password="pw-secret-123")
    other_organiser = django_user_model.objects.create_user("fremdleitung", password="pw")
    ls.league_add_organiser(league=other, account=other_organiser)
    ls.team_add_captain(team=other.teams.first(), account=other_captain)
    outsider = next(team for team in league.teams.all() if team not in teams)
    outsider_captain = django_user_model.objects.create_user("draussen", password="pw")
    ls.team_add_captain(team=outsider, account=outsider_captain)
    new = (D + dt.timedelta(days=1)).isoformat()
    request_url = reverse("spieltag-move-request", args=[league.pk, day.pk])
    before = _state()
    for account in (other_captain, other_organiser, outsider_captain, None):
        client = _client(account)
        for team in (teams[0], other.teams.first(), outsider):
            response = client.post(request_url, {"team": team.pk, "date": new})
            assert response.status_code in (302, 403, 404), response.status_code
            if account is not None:
                assert response.status_code in (403, 404)
        # through the other league's address: not found
        response = client.post(
            reverse("spieltag-move-request", args=[other.pk, day.pk]),
            {"team": teams[0].pk, "date": new},
        )
        assert response.status_code == (302 if account is None else 404)
    assert _state() == before
    move = ls.spieltag_move_request(spieltag=day, team=teams[0], date=D + dt.timedelta(days=1))
    before = _state()
    answer = reverse("spieltag-move-answer", args=[league.pk, move.pk, teams[1].pk])
    decide = reverse("spieltag-move-decide", args=[league.pk, move.pk])
    withdraw = reverse("spieltag-move-withdraw", args=[league.pk, move.pk])
    for account in (other_captain, other_organiser, outsider_captain, captains[2]):
        client = _client(account)
        assert client.post(answer, {"aktion": "annehmen"}).status_code == 403
        assert client.post(decide, {"aktion": "ablehnen", "reason": "nein"}).status_code == 403
        assert client.post(withdraw).status_code == 403
        # the other league's address for this request: not found
        url = reverse("spieltag-move-decide", args=[other.pk, move.pk])
        assert client.post(url, {"aktion": "ablehnen", "reason": "nein"}).status_code in (403, 404)
    # a captain of this group cannot decide or withdraw another team's request
    assert _client(captains[1]).post(decide, {"aktion": "genehmigen"}).status_code == 403
    assert _client(captains[1]).post(withdraw).status_code == 403
    assert _state() == before
    # the other league's organiser through his own league's address: not found
    url = reverse("spieltag-move-decide", args=[other.pk, move.pk])
    assert _client(other_organiser).post(url, {"aktion": "genehmigen"}).status_code == 404
    assert _state() == before


# --- reminders, API, backup ---------------------------------------------------------------


@pytest.fixture
def locmem(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def test_reminders_ask_the_other_captains_once_then_the_organiser(world, locmem):
    _league, day, teams, captains, _organiser = world
    move = ls.spieltag_move_request(
        spieltag=day, team=teams[0], date=D + dt.timedelta(days=1), user=captains[0]
    )
    reminders_switch(account=captains[3], off=True)
    ls.spieltag_move_answer(move=move, team=teams[2], accept=True, user=captains[2])
    reminders_send(base_url="https://liga.example")
    asked = {m.to[0] for m in mail.outbox if "Verlegung beantworten" in m.subject}
    assert asked == {"kap1@example.org"}  # not the requester, not who answered, not kap3 (off)
    body = next(m.body for m in mail.outbox if m.to == ["kap1@example.org"])
    assert (D + dt.timedelta(days=1)).strftime("%d.%m.%Y") in body
    assert f"/spieltag/{day.pk}/" in body
    assert not [m for m in mail.outbox if m.to == ["leitung@example.org"]]
    mail.outbox.clear()
    reminders_send(base_url="https://liga.example")
    assert not [m for m in mail.outbox if "Verlegung" in m.subject]  # once per request
    ls.spieltag_move_answer(move=move, team=teams[1], accept=True, user=captains[1])
    ls.spieltag_move_answer(move=move, team=teams[3], accept=True, user=captains[3])
    reminders_send(base_url="https://liga.example")
    approve = [m for m in mail.outbox if "Verlegung genehmigen" in m.subject]
    assert [m.to for m in approve] == [["leitung@example.org"]]
    mail.outbox.clear()
    reminders_send(base_url="https://liga.example")
    assert not [m for m in mail.outbox if "Verlegung" in m.subject]
    assert ReminderSent.objects.filter(kind="move_approve", key=str(move.pk)).count() == 1


def test_api_shows_the_open_request(world, client):
    league, day, teams, captains, _organiser = world
    url = reverse("api-spieltag", args=[league.pk, day.pk])
    assert client.get(url).json()["move"] is None
    move = ls.spieltag_move_request(
        spieltag=day, team=teams[0], date=D + dt.timedelta(days=1), user=captains[0]
    )
    ls.spieltag_move_answer(move=move, team=teams[1], accept=True)
    body = client.get(url).json()["move"]
    assert body["team_id"] == teams[0].pk
    assert body["date"] == (D + dt.timedelta(days=1)).isoformat()
    assert [a["answer"] for a in body["answers"]] == ["accepted", "", ""]


def test_backup_round_trip_keeps_the_requests(world):
    from league.backup.services import BackupError, backup_export, backup_import, backup_validate
    from league.leagues.models import League
    from league.lists.models import Spielliste

    league, day, teams, captains, organiser = world
    move = ls.spieltag_move_request(
        spieltag=day,
        team=teams[0],
        date=D + dt.timedelta(days=1),
        start_time=dt.time(12, 0),
        venue="Krone",
        note="Saal",
        user=captains[0],
    )
    ls.spieltag_move_refuse(move=move, reason="nein", user=organiser)
    move = ls.spieltag_move_request(
        spieltag=day, team=teams[1], date=D + dt.timedelta(days=2), user=captains[1]
    )
    ls.spieltag_move_answer(move=move, team=teams[0], accept=True)

    def rows():
        return sorted(
            (
                m.spieltag.number,
                m.team.name,
                m.date,
                m.start_time,
                m.venue,
                m.note,
                m.state,
                m.reason,
                m.created_at,
                tuple(sorted((a.team.name, a.accept) for a in m.answers.all())),
            )
            for m in SpieltagMove.objects.all()
        )

    before = rows()
    doc = backup_export(league_id=league.pk)
    League.objects.all().delete()
    Spielliste.objects.all().delete()
    backup_import(doc=doc)
    assert rows() == before
    # an old backup without the key still imports; a bad one is refused by the check
    spieltage = doc["leagues"][0]["group_rounds"][0]["groups"][0]["spieltage"]
    saved = spieltage[0].pop("moves")
    League.objects.all().delete()
    Spielliste.objects.all().delete()
    backup_import(doc=doc)
    assert not SpieltagMove.objects.exists()
    spieltage[0]["moves"] = [dict(saved[0], state="vielleicht")]
    with pytest.raises(BackupError):
        backup_validate(doc=doc)
    spieltage[0]["moves"] = [dict(saved[0], state="open"), dict(saved[0], state="open")]
    with pytest.raises(BackupError):
        backup_validate(doc=doc)
    spieltage[0]["moves"] = [dict(saved[0], answers=[{"team": saved[0]["team"], "accept": True}])]
    with pytest.raises(BackupError):
        backup_validate(doc=doc)


def test_a_new_time_at_a_shared_hall_is_no_clash(world):
    """Two groups in one hall on one day already: moving one's start books nothing new."""
    league, day, teams, captains, _organiser = world
    other_group = next(d for d in _days(league) if d.group_id != day.group_id).group
    ls.group_schedule(group=other_group, date=D, start_time=dt.time(11), venue="Gasthaus 1-1")
    move = ls.spieltag_move_request(
        spieltag=day, team=teams[0], date=D, start_time=dt.time(14), user=captains[0]
    )
    assert move.state == "open"
    # but a Spieltag elsewhere that day moving into the booked hall: a clash
    ls.spieltag_move_withdraw(move=move)
    ls.spieltag_schedule(spieltag=day, date=D, venue="Linde")
    with pytest.raises(ServiceError) as err:
        ls.spieltag_move_request(spieltag=day, team=teams[0], date=D, venue="Gasthaus 1-1")
    assert err.value.code == "move_clash_venue"


def test_my_tasks_name_the_answer_and_the_approval(world):
    _league, day, teams, captains, organiser = world
    move = ls.spieltag_move_request(
        spieltag=day, team=teams[0], date=D + dt.timedelta(days=1), user=captains[0]
    )
    tasks = reverse("my-tasks")
    assert "Verlegung beantworten: Team 02" in _client(captains[1]).get(tasks).content.decode()
    assert "Verlegung beantworten" not in _client(captains[0]).get(tasks).content.decode()
    assert "Verlegung genehmigen" not in _client(organiser).get(tasks).content.decode()
    for team in teams[1:]:
        ls.spieltag_move_answer(move=move, team=team, accept=True)
    assert "Verlegung beantworten" not in _client(captains[1]).get(tasks).content.decode()
    assert "Verlegung genehmigen: Liga 8" in _client(organiser).get(tasks).content.decode()


# --- overtaken ----------------------------------------------------------------------------


def test_the_organisers_own_new_date_ends_an_open_request(world):
    _league, day, teams, captains, organiser = world
    move = ls.spieltag_move_request(
        spieltag=day, team=teams[0], date=D + dt.timedelta(days=1), user=captains[0]
    )
    # Only the venue changes: the request stays open.
    ls.spieltag_schedule(
        spieltag=day, date=day.date, start_time=day.start_time, venue="Neuer Saal", user=organiser
    )
    move.refresh_from_db()
    assert move.state == "open"
    # He sets another date himself: the request is overtaken, saying so, in the history.
    ls.group_schedule(group=day.group, date=D + dt.timedelta(days=2), user=organiser)
    move.refresh_from_db()
    assert (move.state, move.decided_by) == ("refused", organiser)
    assert move.reason == "Die Ligaleitung hat den Termin selbst festgelegt."
    assert AuditEntry.objects.filter(action="move_refuse").count() == 1
    with pytest.raises(ServiceError) as err:
        ls.spieltag_move_approve(move=move, user=organiser)
    assert err.value.code == "move_not_open"


def test_a_started_spieltag_ends_an_open_request(world):
    _league, day, teams, captains, organiser = world
    move = ls.spieltag_move_request(
        spieltag=day, team=teams[0], date=D + dt.timedelta(days=1), user=captains[0]
    )
    set_lineups(day)
    ls.spieltag_start(spieltag=day, user=organiser)
    move.refresh_from_db()
    assert move.state == "refused"
    assert move.reason == "Der Spieltag hat begonnen."


def test_the_league_and_team_pages_mark_the_days_an_open_request_would_move(world, client):
    league, day, teams, captains, _organiser = world
    sister = day.group.spieltage.exclude(pk=day.pk).get()
    team_page = reverse("league-team", args=[league.pk, teams[2].pk])
    league_page = reverse("league-detail", args=[league.pk])
    assert "data-move-open" not in client.get(league_page).content.decode()
    ls.spieltag_move_request(
        spieltag=day, team=teams[0], date=D + dt.timedelta(days=1), user=captains[0]
    )
    html = client.get(league_page).content.decode()
    assert html.count("data-move-open") == 2  # the Doppelspieltag: both days
    assert f'data-spieltag="{day.pk}"' in html
    assert f'data-spieltag="{sister.pk}"' in html
    assert client.get(team_page).content.decode().count("data-move-open") == 2
    outside = league.teams.exclude(pk__in=day.group.teams.all()).first()
    other = reverse("league-team", args=[league.pk, outside.pk])
    assert "data-move-open" not in client.get(other).content.decode()  # another group


# --- the organiser on a team's behalf; his own date; the Doppelspieltag (issue 29) --------


def test_organiser_records_a_captainless_teams_answer_on_its_behalf(world):
    _league, day, teams, captains, organiser = world
    teams[3].captains.clear()  # a team without a captain
    move = ls.spieltag_move_request(
        spieltag=day, team=teams[0], date=D + dt.timedelta(days=1), user=captains[0]
    )
    for team, account in zip(teams[1:3], captains[1:3], strict=True):
        ls.spieltag_move_answer(move=move, team=team, accept=True, user=account)
    # the team without a captain said yes on the phone: the organiser records it
    ls.spieltag_move_answer(move=move, team=teams[3], accept=True, on_behalf=True, user=organiser)
    entry = AuditEntry.objects.get(action="move_accept_behalf")
    assert entry.after["on_behalf"] is True
    assert entry.after["team"] == teams[3].pk
    assert entry.actor == "leitung"
    ls.spieltag_move_approve(move=move, user=organiser)
    move.refresh_from_db()
    assert move.state == "approved"
    assert Spieltag.objects.filter(group=day.group, date=D + dt.timedelta(days=1)).count() == 2


def test_organiser_answers_on_behalf_through_the_page(world):
    league, day, teams, captains, organiser = world
    move = ls.spieltag_move_request(
        spieltag=day, team=teams[0], date=D + dt.timedelta(days=1), user=captains[0]
    )
    client = _client(organiser)
    page = client.get(reverse("spieltag-detail", args=[league.pk, day.pk])).content.decode()
    assert page.count("data-move-behalf") == 3  # one for each other team
    url = reverse("spieltag-move-answer", args=[league.pk, move.pk, teams[2].pk])
    response = client.post(url, {"aktion": "annehmen"}, follow=True)
    assert "Zustimmung von Team 03 eingetragen." in response.content.decode()
    answer = SpieltagMoveAnswer.objects.get(team=teams[2])
    assert (answer.accept, answer.account) == (True, organiser)
    assert AuditEntry.objects.filter(action="move_accept_behalf").count() == 1
    # a captain's own answer is no "behalf"
    _client(captains[1]).post(
        reverse("spieltag-move-answer", args=[league.pk, move.pk, teams[1].pk]),
        {"aktion": "annehmen"},
    )
    assert AuditEntry.objects.filter(action="move_accept").count() == 1
    assert AuditEntry.objects.filter(action="move_accept_behalf").count() == 1


def test_the_organiser_setting_the_asked_date_approves_the_request(world, client):
    league, day, teams, captains, organiser = world
    sister = day.group.spieltage.exclude(pk=day.pk).get()
    new = D + dt.timedelta(days=1)
    move = ls.spieltag_move_request(spieltag=day, team=teams[0], date=new, user=captains[0])
    # nobody answered; he sets the asked date himself (on the sister's page: the day moves)
    changed = ls.doppelspieltag_schedule(
        spieltag=sister,
        date=new,
        start_time=sister.start_time,
        venue=sister.venue,
        user=organiser,
    )
    assert changed == 2
    move.refresh_from_db()
    assert (move.state, move.decided_by) == ("approved", organiser)
    assert move.reason == "Die Ligaleitung hat den beantragten Termin festgelegt."
    entry = AuditEntry.objects.get(action="move_approve")
    assert entry.after["by_schedule"] is True
    assert not AuditEntry.objects.filter(action="move_refuse").exists()
    day.refresh_from_db()
    sister.refresh_from_db()
    # together, in their order and their gap
    assert (day.date, sister.date) == (new, new)
    assert (day.start_time, sister.start_time) == (dt.time(11, 0), dt.time(14, 0))
    page = client.get(reverse("spieltag-detail", args=[league.pk, day.pk])).content.decode()
    assert 'data-move-last="approved"' in page


def test_the_asked_date_but_another_venue_still_refuses(world):
    _league, day, teams, captains, organiser = world
    new = D + dt.timedelta(days=1)
    move = ls.spieltag_move_request(
        spieltag=day, team=teams[0], date=new, venue="Krone", user=captains[0]
    )
    ls.doppelspieltag_schedule(spieltag=day, date=new, venue="Linde", user=organiser)
    move.refresh_from_db()
    assert move.state == "refused"


def test_a_doppelspieltag_moves_together_by_default(world, client):
    league, day, _teams, _captains, organiser = world
    sister = day.group.spieltage.exclude(pk=day.pk).get()
    client.force_login(organiser)
    new = D + dt.timedelta(days=2)
    # the form on 4.2's page: the new date, its own start
    client.post(
        reverse("spieltag-place", args=[league.pk, sister.pk]),
        {"date": new.isoformat(), "start_time": "15:00", "venue": "Gasthaus 1-1"},
    )
    day.refresh_from_db()
    sister.refresh_from_db()
    assert (day.date, day.start_time) == (new, dt.time(12, 0))
    assert (sister.date, sister.start_time) == (new, dt.time(15, 0))


def test_splitting_a_doppelspieltag_that_flips_its_order_is_refused_unless_meant(world, client):
    league, day, _teams, _captains, organiser = world
    sister = day.group.spieltage.exclude(pk=day.pk).get()
    before = _state()
    with pytest.raises(ServiceError) as err:  # 4.1 alone a day after 4.2
        ls.spieltag_schedule(spieltag=day, date=D + dt.timedelta(days=1), user=organiser)
    assert err.value.code == "spieltag_order_flip"
    assert "1.2 / Gruppe A vor Spieltag 1.1 / Gruppe A" in err.value.message
    assert _state() == before
    with pytest.raises(ServiceError) as err:  # 4.2 alone before 4.1 on their day
        ls.spieltag_schedule(
            spieltag=sister, date=D, start_time=dt.time(9), venue="Gasthaus 1-1", user=organiser
        )
    assert err.value.code == "spieltag_order_flip"
    assert _state() == before
    # through the form: the warning, nothing written
    client.force_login(organiser)
    url = reverse("spieltag-place", args=[league.pk, day.pk])
    later = (D + dt.timedelta(days=1)).isoformat()
    response = client.post(url, {"date": later, "scope": "einzeln"}, follow=True)
    assert "Reihenfolge der Spieltage umkehren" in response.content.decode()
    assert _state() == before
    # on purpose: split, order swapped
    client.post(url, {"date": later, "scope": "einzeln", "reorder": "on"})
    day.refresh_from_db()
    sister.refresh_from_db()
    assert (day.date, sister.date) == (D + dt.timedelta(days=1), D)
    # a split that puts them back in order needs no confirmation
    ls.spieltag_schedule(spieltag=sister, date=D + dt.timedelta(days=3), user=organiser)
    sister.refresh_from_db()
    assert sister.date == D + dt.timedelta(days=3)
