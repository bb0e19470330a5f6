"""The organiser's checklist of the day: each step ticked as the day goes, the next action
the one prominent button; only organisers see it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.tournaments import services as ts
from league.tournaments.selectors import day_steps, next_step, tournament_rounds
from tests.tournaments.helpers import make_tournament, play_round


def _steps(t):
    t.refresh_from_db()
    active = t.participants.filter(withdrawn=False).count()
    return day_steps(tournament=t, rounds=tournament_rounds(tournament=t), active=active)


def _done(steps):
    return [s.key for s in steps if s.done]


@pytest.mark.django_db
def test_steps_follow_the_day():
    t = make_tournament(count=8, rounds=1)
    steps = _steps(t)
    assert _done(steps) == ["registered"]
    assert next_step(steps).key == "drawn"
    rnd, _warnings = ts.round_draw(tournament=t)
    steps = _steps(t)
    assert _done(steps) == ["registered", "drawn"]
    assert next_step(steps).url == reverse("round-lists-pdf", args=[t.pk, 1])
    ts.round_start(tournament_round=rnd)
    assert _done(_steps(t)) == ["registered", "drawn", "printed", "clock"]
    play_round(rnd)
    steps = _steps(t)
    assert "tables" in _done(steps)
    assert next_step(steps).key == "round_closed"
    ts.round_close(tournament_round=rnd)
    steps = _steps(t)
    assert next_step(steps).key == "closed"
    ts.tournament_close(tournament=t)
    assert next_step(_steps(t)) is None


@pytest.mark.django_db
def test_few_players_next_is_registration():
    t = make_tournament(count=2, rounds=1)
    steps = _steps(t)
    assert _done(steps) == []
    assert next_step(steps).url == reverse("tournament-participants", args=[t.pk])


@pytest.mark.django_db
def test_checklist_only_for_organisers(client, django_user_model):
    t = make_tournament(count=8, rounds=2)
    assert (
        "data-checklist"
        not in client.get(reverse("tournament-detail", args=[t.pk])).content.decode()
    )
    boss = django_user_model.objects.create_user("boss", password="pw-secret-123")
    t.organisers.add(boss)
    client.force_login(boss)
    html = client.get(reverse("tournament-detail", args=[t.pk])).content.decode()
    assert "data-checklist" in html
    # The draw is the next step: its button is the one primary button.
    assert html.count('class="primary"') + html.count("button primary") == 1
    assert "data-next-step" in html.split('id="auslosen"')[1]


@pytest.mark.django_db
def test_close_question_names_what_it_will_refuse(client, django_user_model):
    t = make_tournament(count=8, rounds=1)
    boss = django_user_model.objects.create_user("boss", password="pw-secret-123")
    t.organisers.add(boss)
    rnd, _warnings = ts.round_draw(tournament=t)
    client.force_login(boss)
    asked = client.post(reverse("round-close", args=[t.pk, 1]))
    html = asked.content.decode()
    assert "Runde abschließen?" in html
    assert "Abgelehnt wird der Abschluss" in html
    assert "offen: Tisch 1, 2" in html
    rnd.refresh_from_db()
    assert not rnd.closed
