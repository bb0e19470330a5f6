"""The line-up deadline: after it only the organisers change a line-up (marked late in the
history); teams without a full line-up are flagged; line-up errors refuse, warnings do not."""

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone

from league.core.errors import ServiceError
from league.core.models import AuditEntry
from league.leagues import services as ls
from league.leagues.models import Lineup, LineupPlayer
from league.leagues.selectors import lineup_deadline, missed_deadlines, regulars

from .helpers import first_spieltag, make_league

pytestmark = pytest.mark.django_db


def _setup(hours=48, days_ahead=1):
    organiser = User.objects.create_user("leitung", password="pw-secret-123")
    captain = User.objects.create_user("kapitaen", password="pw-secret-123")
    league = make_league(4, rounds=1, user=organiser)
    spieltag = first_spieltag(league)
    team = spieltag.group.teams.order_by("number").first()
    ls.team_add_captain(team=team, account=captain)
    start = timezone.localtime() + dt.timedelta(days=days_ahead)
    ls.spieltag_schedule(spieltag=spieltag, date=start.date(), start_time=dt.time(11, 0))
    ls.league_set_lineup_deadline(league=league, hours=hours)
    spieltag.refresh_from_db()
    league.refresh_from_db()
    return league, spieltag, team, organiser, captain


def _roster(team):
    return list(team.roster.order_by("pk"))


def test_deadline_is_hours_before_the_start():
    league, spieltag, _team, _o, _c = _setup(hours=48, days_ahead=10)
    deadline = timezone.localtime(lineup_deadline(spieltag, league))
    assert deadline.date() == spieltag.date - dt.timedelta(days=2)
    assert deadline.time() == dt.time(11, 0)
    ls.league_set_lineup_deadline(league=league, hours=None)
    assert lineup_deadline(spieltag, league) is None


def test_setting_refused_out_of_range_writes_nothing():
    league, _s, _t, _o, _c = _setup()
    audits = AuditEntry.objects.count()
    with pytest.raises(ServiceError) as exc:
        ls.league_set_lineup_deadline(league=league, hours=10_000)
    assert exc.value.code == "league_deadline_hours"
    league.refresh_from_db()
    assert league.lineup_deadline_hours == 48
    assert AuditEntry.objects.count() == audits


def test_after_the_deadline_the_captain_is_refused_the_organiser_is_not():
    _league, spieltag, team, _o, _c = _setup(hours=48, days_ahead=1)  # deadline passed
    roster = _roster(team)
    audits = AuditEntry.objects.count()
    with pytest.raises(ServiceError) as exc:
        ls.lineup_set(spieltag=spieltag, team=team, players=roster[:4])
    assert exc.value.code == "lineup_deadline_passed"
    assert not Lineup.objects.exists()
    assert AuditEntry.objects.count() == audits
    ls.lineup_set(spieltag=spieltag, team=team, players=roster[:4], by_organiser=True)
    entry = AuditEntry.objects.filter(action="lineup").latest("pk")
    assert entry.after["late"] is True


def test_before_the_deadline_the_captain_sets_it():
    _league, spieltag, team, _o, _c = _setup(hours=24, days_ahead=5)
    ls.lineup_set(spieltag=spieltag, team=team, players=_roster(team)[:4])
    assert "late" not in AuditEntry.objects.filter(action="lineup").latest("pk").after


def test_errors_refuse_warnings_save():
    _league, spieltag, team, _o, _c = _setup(hours=24, days_ahead=5)
    roster = _roster(team)
    for players, code in (
        ([roster[0], roster[0]], "seat_taken_twice"),
        ([], "lineup_empty"),
        (roster[:5], "lineup_too_many"),
    ):
        with pytest.raises(ServiceError) as exc:
            ls.lineup_set(spieltag=spieltag, team=team, players=players)
        assert exc.value.code == code
    assert not Lineup.objects.exists()
    assert regulars(team, 4) == [p.pk for p in roster[:4]]
    ls.availability_set(spieltag=spieltag, player=roster[1], answer="no")
    warnings = ls.lineup_set(spieltag=spieltag, team=team, players=[roster[1], roster[4]])
    codes = [w.code for w in warnings]
    assert codes == ["lineup_short", "lineup_reserve", "lineup_said_no"]
    assert "Nur 2 von 4" in warnings[0].message
    assert LineupPlayer.objects.count() == 2
    assert AuditEntry.objects.filter(action="lineup").latest("pk").after["warnings"] == codes
    # a short line-up does not start the Spieltag
    with pytest.raises(ServiceError) as exc:
        ls.spieltag_start(spieltag=spieltag)
    assert exc.value.code in ("lineup_incomplete", "lineup_missing")


def test_missed_deadline_flagged_to_the_organiser(client):
    league, spieltag, team, organiser, captain = _setup(hours=48, days_ahead=1)
    others = list(spieltag.group.teams.order_by("number"))[1:]
    for other in others:
        ls.lineup_set(spieltag=spieltag, team=other, players=_roster(other)[:4], by_organiser=True)
    missed = missed_deadlines(league, [spieltag])
    assert [m.teams for m in missed] == [(team,)]
    client.force_login(organiser)
    page = client.get(reverse("league-detail", args=[league.pk])).content.decode()
    assert "data-missed-deadlines" in page
    assert team.name in page
    page = client.get(reverse("spieltag-detail", args=[league.pk, spieltag.pk])).content.decode()
    assert "data-missed-deadline" in page
    client.force_login(captain)  # the flag is the organiser's
    page = client.get(reverse("league-detail", args=[league.pk])).content.decode()
    assert "data-missed-deadlines" not in page


def test_captain_page_locked_after_the_deadline(client):
    league, spieltag, team, organiser, captain = _setup(hours=48, days_ahead=1)
    url = reverse("lineup-edit", args=[league.pk, spieltag.pk, team.pk])
    client.force_login(captain)
    page = client.get(url).content.decode()
    assert "data-deadline-locked" in page
    roster = _roster(team)
    response = client.post(url, {f"s{i}": roster[i - 1].pk for i in range(1, 5)})
    assert response.status_code == 422
    assert not Lineup.objects.exists()
    client.force_login(organiser)
    response = client.post(url, {"s1": roster[0].pk, "s2": roster[4].pk})
    assert response.status_code == 302
    assert Lineup.objects.get().entries.count() == 2


def test_organiser_sets_the_deadline_on_the_page(client):
    league, _s, _t, organiser, _c = _setup()
    client.force_login(organiser)
    url = reverse("league-lineup-deadline", args=[league.pk])
    assert client.post(url, {"hours": "abc"}).status_code == 200  # refused on the page
    league.refresh_from_db()
    assert league.lineup_deadline_hours == 48
    assert client.post(url, {"hours": ""}).status_code == 302
    league.refresh_from_db()
    assert league.lineup_deadline_hours is None


def test_backup_round_trip_keeps_deadline_short_lineup_and_roster_order():
    from league.backup.services import BackupError, backup_export, backup_import, backup_validate
    from league.leagues.models import League, Team
    from league.lists.models import Spielliste

    league, spieltag, team, _o, _c = _setup(hours=24, days_ahead=5)
    roster = _roster(team)
    ls.team_remove_player(team=team, player=roster[0])
    ls.team_add_player(team=team, player=roster[0])  # now last: a reserve
    ls.lineup_set(spieltag=spieltag, team=team, players=[roster[1], roster[0]])
    doc = backup_export(league_id=league.pk)
    assert doc["leagues"][0]["lineup_deadline_hours"] == 24
    regular_names = [
        r.player.name for r in Team.roster.through.objects.filter(team=team).order_by("pk")
    ][:4]
    assert roster[0].name not in regular_names
    League.objects.all().delete()
    Spielliste.objects.all().delete()
    backup_import(doc=doc)
    restored = League.objects.get()
    assert restored.lineup_deadline_hours == 24
    new_team = restored.teams.get(name=team.name)
    assert [
        r.player.name for r in Team.roster.through.objects.filter(team=new_team).order_by("pk")
    ][:4] == regular_names
    assert Lineup.objects.get(team=new_team).entries.count() == 2
    doc["leagues"][0]["lineup_deadline_hours"] = 10**6
    with pytest.raises(BackupError):
        backup_validate(doc=doc)
