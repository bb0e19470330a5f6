"""The demo's league: 16 teams half-way through the season."""

from league.leagues.models import League, Lineup
from league.leagues.selectors import league_standings, schedule_overview


def test_demo_league_is_half_way(demo):
    league = League.objects.get()
    assert league.teams.count() == 16
    assert league.organisers.get().username == "admin"
    assert league.teams.get(number=1).captains.get().username == "kapitaen"
    table = league_standings(league=league)
    assert table.counted == 16  # group rounds 1 and 2: 4 groups × 2 Spieltage each
    assert table.running == 1
    assert all(row.spieltage == 4 for row in table.rows)
    assert sum(row.siegpunkte for row in table.rows) == 16 * 10
    assert Lineup.objects.filter(absent=True).count() == 1
    schedule = schedule_overview(league=league)
    assert len(schedule) == 5
    live = schedule[2].groups[0].spieltage[0].result
    assert live.started
    assert 0 < live.lists_done < live.lists_total


def test_demo_league_has_dates_a_disputed_spieltag_and_feeds(demo, client):
    import icalendar
    from django.urls import reverse

    from league.leagues.models import Spieltag
    from league.leagues.selectors import report_overview, season_dates

    league = League.objects.get()
    assert not Spieltag.objects.filter(date__isnull=True).exists()
    assert not Spieltag.objects.filter(venue="").exists()
    statuses = [state.status for _label, _day, state in report_overview(league=league)]
    assert statuses.count("disputed") == 1
    assert "confirmed" in statuses
    team = league.teams.get(number=1)
    response = client.get(reverse("team-calendar", args=[league.pk, team.pk]))
    events = icalendar.Calendar.from_ical(response.content).walk("VEVENT")
    assert len(events) == len(season_dates(league=league, team=team)) == 10
    # availability answers for the running group round, personal links for team 1
    from league.leagues.models import Availability, AvailabilityLink

    assert Availability.objects.filter(spieltag__group__group_round__number=3).count() > 20
    assert AvailabilityLink.objects.filter(team=team).count() == team.roster.count()


def test_demo_league_has_an_open_move_request_the_captain_answers(demo, client):
    from django.contrib.auth.models import User
    from django.urls import reverse

    from league.leagues.models import SpieltagMove

    move = SpieltagMove.objects.get()
    assert move.state == "open"
    assert move.spieltag.group.group_round.number == 4
    assert [a.accept for a in move.answers.all()] == [True]
    league = League.objects.get()
    page = reverse("spieltag-detail", args=[league.pk, move.spieltag_id])
    client.force_login(User.objects.get(username="kapitaen"))
    html = client.get(page).content.decode()
    assert "data-move-accept" in html  # the first team's captain still has to answer
    client.force_login(User.objects.get(username="admin"))
    manage = client.get(reverse("league-manage", args=[league.pk])).content.decode()
    assert f'data-open-move="{move.pk}"' in manage


def test_demo_league_has_a_lineup_deadline(demo):
    """48 hours before each Spieltag's start; the group rounds to come still open."""
    import datetime as dt

    from django.utils import timezone

    from league.leagues.models import Spieltag
    from league.leagues.selectors import lineup_deadline

    league = League.objects.get()
    assert league.lineup_deadline_hours == 48
    later = Spieltag.objects.filter(group__group_round__league=league, group__group_round__number=5)
    assert later.exists()
    assert all(lineup_deadline(s, league) > timezone.now() + dt.timedelta(days=7) for s in later)
