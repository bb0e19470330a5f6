"""A league season's dates and places: the organiser sets them (service, audit, refusals
that write nothing), the pages show them, the calendar feeds carry them (RFC 5545, read
back with the ``icalendar`` parser)."""

import datetime as dt

import icalendar
import pytest
from django.urls import reverse
from django.utils import timezone

from league.core.errors import ServiceError
from league.core.models import AuditEntry
from league.leagues import services as ls
from league.leagues.models import Spieltag, Team
from league.leagues.selectors import season_dates

from .helpers import first_spieltag, make_league, play_paper, set_lineups

pytestmark = pytest.mark.django_db

DAY = dt.date(2026, 3, 14)


def _days(league):
    return list(
        Spieltag.objects.filter(group__group_round__league=league).order_by(
            "group__group_round__number", "group__number", "number"
        )
    )


def _date_all(league, start=DAY):
    """Every group's Doppelspieltag on its own Saturday at 11:00, hosted by its first team."""
    groups = {d.group for d in _days(league)}
    for i, group in enumerate(sorted(groups, key=lambda g: (g.group_round.number, g.number))):
        host = group.teams.order_by("number").first()
        ls.group_schedule(
            group=group,
            date=start + dt.timedelta(days=7 * i),
            start_time=dt.time(11, 0),
            venue=f"Gasthaus {i}, Hauptstraße {i}, 12345 Dorf",
            host=host,
        )


def test_set_date_and_place_with_audit(user):
    league = make_league(4)
    day = first_spieltag(league)
    host = day.group.teams.order_by("number").first()
    changed = ls.spieltag_schedule(
        spieltag=day,
        date=DAY,
        start_time=dt.time(11, 0),
        venue="  Gasthaus  Krone,\nMarkt 1 ",
        host=host,
        user=user,
    )
    assert changed
    day.refresh_from_db()
    assert (day.date, day.start_time, day.venue, day.host) == (
        DAY,
        dt.time(11),
        "Gasthaus Krone, Markt 1",
        host,
    )
    assert day.sequence == 0  # first set: nothing moved yet
    entry = AuditEntry.objects.get(action="schedule_day", target_id=day.pk)
    assert entry.after["date"] == "2026-03-14"
    assert entry.before["date"] is None
    # the same again changes nothing and writes no entry
    assert not ls.spieltag_schedule(
        spieltag=day, date=DAY, start_time=dt.time(11), venue="Gasthaus Krone, Markt 1", host=host
    )
    assert AuditEntry.objects.filter(action="schedule_day").count() == 1
    # a move raises the SEQUENCE
    ls.spieltag_schedule(spieltag=day, date=DAY + dt.timedelta(days=1), venue="Gasthaus Krone")
    day.refresh_from_db()
    assert day.sequence == 1


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"venue": "x" * 201}, "spieltag_venue_long"),
        ({"date": None, "start_time": dt.time(10)}, "spieltag_time_without_date"),
        ({"host": "outside"}, "team_not_in_group"),
    ],
)
def test_bad_place_is_refused_and_nothing_written(kwargs, code):
    league = make_league(8)
    day = first_spieltag(league)
    if kwargs.get("host") == "outside":
        kwargs["host"] = Team.objects.filter(league=league).exclude(groups=day.group).first()
    args = {"spieltag": day, "date": DAY, **kwargs}
    with pytest.raises(ServiceError) as exc:
        ls.spieltag_schedule(**args)
    assert exc.value.code == code
    day.refresh_from_db()
    assert day.date is None
    assert day.venue == ""
    assert day.host is None
    assert not AuditEntry.objects.filter(action="schedule_day").exists()


def test_closed_spieltag_keeps_its_place():
    league = make_league(4)
    day = first_spieltag(league)
    Spieltag.objects.filter(pk=day.pk).update(closed_at=timezone.now())
    with pytest.raises(ServiceError) as exc:
        ls.spieltag_schedule(spieltag=day, date=DAY)
    assert exc.value.code == "spieltag_already_closed"
    with pytest.raises(ServiceError):
        ls.group_schedule(group=day.group, date=DAY)
    assert not Spieltag.objects.filter(date__isnull=False).exists()


def test_doppelspieltag_one_after_the_other():
    league = make_league(4, rounds=2)  # 2 rounds: 3 hours a Spieltag
    day = first_spieltag(league)
    assert ls.group_schedule(group=day.group, date=DAY, start_time=dt.time(10), venue="Saal") == 2
    first, second = Spieltag.objects.filter(group=day.group).order_by("number")
    assert (first.start_time, second.start_time) == (dt.time(10), dt.time(13))
    assert first.date == second.date == DAY
    assert second.venue == "Saal"


def test_season_dates_in_date_order_and_by_team():
    league = make_league(8)
    _date_all(league)
    items = season_dates(league=league)
    assert len(items) == len(_days(league))
    starts = [i.start for i in items]
    assert starts == sorted(starts)
    team = league.teams.order_by("number").first()
    mine = season_dates(league=league, team=team)
    assert mine
    assert all(team in i.teams for i in mine)
    assert len(mine) < len(items)


def _feed(client, url):
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    return icalendar.Calendar.from_ical(response.content)


def test_team_feed_parses_with_one_event_per_spieltag(client):
    league = make_league(8)
    _date_all(league)
    team = league.teams.order_by("number").first()
    cal = _feed(client, reverse("team-calendar", args=[league.pk, team.pk]))
    events = cal.walk("VEVENT")
    expected = {d.pk for d in _days(league) if d.group.teams.filter(pk=team.pk).exists()}
    assert {str(e["UID"]) for e in events} == {f"spieltag-{pk}@doppelkopf-liste" for pk in expected}
    event = events[0]
    assert event.decoded("DTSTART").tzinfo is not None
    assert event.decoded("DTEND") > event.decoded("DTSTART")
    assert "Gasthaus" in str(event["LOCATION"])
    assert str(event["URL"]).startswith("http://testserver/ligen/")
    # the league's feed: every Spieltag once
    cal = _feed(client, reverse("league-calendar", args=[league.pk]))
    assert len(cal.walk("VEVENT")) == len(_days(league))


def test_moved_spieltag_keeps_uid_and_raises_sequence(client):
    league = make_league(4)
    _date_all(league)
    day = first_spieltag(league)
    url = reverse("league-calendar", args=[league.pk])

    def event():
        cal = _feed(client, url)
        uid = f"spieltag-{day.pk}@doppelkopf-liste"
        return next(e for e in cal.walk("VEVENT") if str(e["UID"]) == uid)

    before = event()
    assert int(before["SEQUENCE"]) == 0
    ls.doppelspieltag_schedule(
        spieltag=day, date=DAY + dt.timedelta(days=1), start_time=dt.time(14)
    )
    after = event()
    assert int(after["SEQUENCE"]) == 1
    assert after.decoded("DTSTART") == timezone.make_aware(dt.datetime(2026, 3, 15, 14))


def test_undated_spieltag_has_no_event_and_all_day_without_time(client):
    league = make_league(4)
    day = first_spieltag(league)
    ls.spieltag_schedule(spieltag=day, date=DAY, venue="Saal; Tür 2, hinten")
    cal = _feed(client, reverse("league-calendar", args=[league.pk]))
    (event,) = cal.walk("VEVENT")
    assert event.decoded("DTSTART") == DAY
    assert str(event["LOCATION"]) == "Saal; Tür 2, hinten"


def test_player_feed_has_his_teams_spieltage(client):
    league = make_league(8)
    _date_all(league)
    team = league.teams.order_by("number").first()
    player = team.roster.first()
    cal = _feed(client, reverse("player-calendar", args=[player.pk]))
    assert len(cal.walk("VEVENT")) == len(season_dates(league=league, team=team))


def test_feed_lines_are_folded_short_and_characters_whole(client):
    """The icalendar library writes the feed: long lines folded at 75 octets, never inside
    a character, and read back whole."""
    league = make_league(4)
    day = first_spieltag(league)
    ls.spieltag_schedule(spieltag=day, date=DAY, venue="ä" * 100)
    response = client.get(reverse("league-calendar", args=[league.pk]))
    lines = response.content.split(b"\r\n")
    assert all(len(line) <= 75 for line in lines)
    for line in lines:
        line.decode()  # no character cut in two
    (event,) = icalendar.Calendar.from_ical(response.content).walk("VEVENT")
    assert str(event["LOCATION"]) == "ä" * 100


def test_pages_show_date_and_place(client, django_user_model):
    league = make_league(4)
    _date_all(league)
    day = first_spieltag(league)
    team = day.group.teams.order_by("number").first()
    page = client.get(reverse("league-dates", args=[league.pk])).content.decode()
    assert "14.03.2026" in page
    assert "Gasthaus 0" in page
    page = client.get(reverse("league-dates", args=[league.pk]) + f"?mannschaft={team.pk}")
    assert page.status_code == 200
    assert (
        client.get(reverse("league-dates", args=[league.pk]) + "?mannschaft=999").status_code == 404
    )
    page = client.get(reverse("spieltag-detail", args=[league.pk, day.pk])).content.decode()
    assert "14.03.2026" in page
    assert "Gasthaus 0" in page
    assert "data-place-form" not in page
    page = client.get(reverse("league-team", args=[league.pk, team.pk])).content.decode()
    assert "14.03.2026" in page
    assert "kalender.ics" in page
    page = client.get(reverse("league-detail", args=[league.pk])).content.decode()
    assert "14.03.2026" in page


def test_player_page_shows_coming_spieltage(client):
    league = make_league(4)
    _date_all(league, start=timezone.localdate() + dt.timedelta(days=3))
    player = league.teams.order_by("number").first().roster.first()
    page = client.get(reverse("player-record", args=[player.pk])).content.decode()
    assert "data-league-dates" in page
    assert "Gasthaus 0" in page


def test_organiser_sets_place_through_the_form(client, django_user_model):
    boss = django_user_model.objects.create_user("boss", password="pw")
    league = make_league(4, user=boss)
    day = first_spieltag(league)
    host = day.group.teams.order_by("number").first()
    client.force_login(boss)
    page = client.get(reverse("spieltag-detail", args=[league.pk, day.pk])).content.decode()
    assert "data-place-form" in page
    url = reverse("spieltag-place", args=[league.pk, day.pk])
    response = client.post(
        url,
        {
            "date": "2026-03-14",
            "start_time": "11:00",
            "venue": "Krone",
            "host": str(host.pk),
        },
    )
    assert response.status_code == 302
    assert Spieltag.objects.filter(group=day.group, date=DAY, venue="Krone").count() == 2
    entry = AuditEntry.objects.filter(action="schedule_day").first()
    assert entry.actor == "boss"
    # bad input: a message, nothing written
    response = client.post(url, {"date": "kein Datum"}, follow=True)
    assert response.status_code == 200
    day.refresh_from_db()
    assert day.date == DAY


def test_stranger_cannot_set_place(client, django_user_model):
    league = make_league(4)
    day = first_spieltag(league)
    client.force_login(django_user_model.objects.create_user("x", password="pw"))
    response = client.post(
        reverse("spieltag-place", args=[league.pk, day.pk]), {"date": "2026-03-14"}
    )
    assert response.status_code == 403
    day.refresh_from_db()
    assert day.date is None


def test_backup_round_trip_keeps_dates_and_places():
    from league.backup.services import BackupError, backup_export, backup_import, backup_validate

    league = make_league(4)
    _date_all(league)
    day = first_spieltag(league)
    ls.spieltag_schedule(spieltag=day, date=DAY, start_time=dt.time(9, 30), venue="Krone")
    doc = backup_export(league_id=league.pk)
    spieltage = doc["leagues"][0]["group_rounds"][0]["groups"][0]["spieltage"]
    assert spieltage[0]["start_time"] == "09:30"
    assert spieltage[0]["sequence"] == 1

    def places():
        return sorted(
            (
                d.group.group_round.number,
                d.number,
                d.date,
                d.start_time,
                d.venue,
                d.sequence,
                d.host.name if d.host else None,
            )
            for d in Spieltag.objects.select_related("group__group_round", "host")
        )

    before = places()
    from league.leagues.models import League
    from league.lists.models import Spielliste

    League.objects.all().delete()
    Spielliste.objects.all().delete()
    backup_import(doc=doc)
    assert places() == before
    # a bad time, a host outside the group: refused by the check
    spieltage[1]["start_time"] = "25:99"
    with pytest.raises(BackupError):
        backup_validate(doc=doc)
    spieltage[1]["start_time"] = None
    spieltage[1]["host"] = 10**6
    with pytest.raises(BackupError):
        backup_validate(doc=doc)


def test_pages_offer_the_feed_as_a_subscription(client):
    """Issue 29: "Kalender abonnieren" is a webcal: link (the calendar program fetches the
    feed again, so moves arrive) with its address to copy; the .ics file stays."""
    league = make_league(4)
    team = league.teams.order_by("number").first()
    feed = reverse("team-calendar", args=[league.pk, team.pk])
    page = client.get(reverse("league-team", args=[league.pk, team.pk])).content.decode()
    assert f'href="webcal://testserver{feed}"' in page
    assert f'data-copy="http://testserver{feed}"' in page
    assert "Adresse kopieren" in page
    league_feed = reverse("league-calendar", args=[league.pk])
    for url in (
        reverse("league-detail", args=[league.pk]),
        reverse("league-dates", args=[league.pk]),
    ):
        assert f'href="webcal://testserver{league_feed}"' in client.get(url).content.decode()
    assert client.get(feed)["Content-Type"].startswith("text/calendar")


def test_the_dates_page_says_finished_not_started_for_a_played_spieltag(client):
    """Issue 29: a Spieltag played to the end (all lists complete, not yet closed) is
    "fertig" on the Termine page, as on its own page; one being played "läuft"."""
    league = make_league(4)
    _date_all(league)
    day = first_spieltag(league)
    set_lineups(day)
    ls.spieltag_start(spieltag=day)
    url = reverse("league-dates", args=[league.pk])
    page = client.get(url).content.decode()
    assert page.count("data-running") == 1
    assert "gestartet" not in page
    play_paper(day)
    page = client.get(url).content.decode()
    assert page.count("data-finished") == 1
    assert "data-running" not in page
    assert "gestartet" not in page
