"""Issue 29: "Meine Aufgaben" lists a captain's next line-up still open (not one whose
deadline passed: its form is locked) under the label its page uses ("1.2 / Gruppe A")."""

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from league.leagues import services as ls
from league.leagues.models import Spieltag

from .helpers import first_spieltag, make_league

pytestmark = pytest.mark.django_db


def test_a_passed_deadline_drops_the_line_up_and_the_label_is_the_pages(django_user_model):
    captain = django_user_model.objects.create_user("kap", password="pw-secret-123")
    league = make_league(4)
    day = first_spieltag(league)
    team = day.group.teams.order_by("number").first()
    ls.team_add_captain(team=team, account=captain)
    ls.league_set_lineup_deadline(league=league, hours=24)
    sister = Spieltag.objects.get(group=day.group, number=2)
    # 1.1 starts in two hours (its deadline passed), 1.2 in three days
    soon = timezone.localtime() + dt.timedelta(hours=2)
    ls.spieltag_schedule(spieltag=day, date=soon.date(), start_time=soon.time())
    later = timezone.localdate() + dt.timedelta(days=3)
    ls.spieltag_schedule(spieltag=sister, date=later, start_time=dt.time(11))
    client = Client()
    client.force_login(captain)
    html = client.get(reverse("my-tasks")).content.decode()
    assert reverse("lineup-edit", args=[league.pk, day.pk, team.pk]) not in html
    assert reverse("lineup-edit", args=[league.pk, sister.pk, team.pk]) in html
    assert "Aufstellung Team 01, Spieltag 1.2 / Gruppe A" in html
    page = client.get(reverse("spieltag-detail", args=[league.pk, sister.pk])).content.decode()
    assert "Spieltag 1.2 / Gruppe A" in page
