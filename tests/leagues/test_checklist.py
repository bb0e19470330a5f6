"""The league organiser's season steps on the league page."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from league.leagues.models import League
from league.leagues.selectors import next_step, season_steps


@pytest.mark.django_db
def test_demo_league_steps(client, demo):
    league = League.objects.get()
    steps = season_steps(league=league)
    done = [s.key for s in steps if s.done]
    assert done == ["teams", "rosters", "schedule"]
    nxt = next_step(steps)
    assert nxt.key == "spieltage"
    assert "/spieltag/" in nxt.url
    client.force_login(User.objects.get(username="admin"))
    html = client.get(reverse("league-detail", args=[league.pk])).content.decode()
    assert "data-checklist" in html
    assert "data-next-step" in html
    # The exports come after the table (a phone shows rank 1 first).
    assert html.index("data-exports") > html.index("<table")


@pytest.mark.django_db
def test_new_league_next_is_teams_and_only_organisers_see(client, django_user_model):
    boss = django_user_model.objects.create_user("boss", password="pw-secret-123")
    client.force_login(boss)
    client.post(
        reverse("league-create"),
        {
            "name": "Testliga",
            "season": "2027",
            "players_per_team": 4,
            "rounds_per_spieltag": 3,
            "spieltage_per_round": 1,
        },
    )
    league = League.objects.get()
    assert next_step(season_steps(league=league)).key == "teams"
    url = reverse("league-detail", args=[league.pk])
    assert "data-checklist" in client.get(url).content.decode()
    client.logout()
    assert "data-checklist" not in client.get(url).content.decode()
