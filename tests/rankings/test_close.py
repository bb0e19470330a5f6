"""Closing a tournament: the Ranglistenturnier check (>= 32 players, >= 3 rounds)."""

import random

import pytest
from django.urls import reverse

from league.core.errors import ServiceError
from league.demo.ranking_demo import paper_round
from league.tournaments import services as ts
from league.tournaments.models import Tournament
from tests.rankings.helpers import D, entrants, rated


def open_tournament(count, rounds, *, rated_flag=True, land="NW"):
    t = ts.tournament_create(name="T", date=D(2026, 3, 1), rounds_planned=max(rounds, 1))
    for name, club, number in entrants(count):
        ts.participant_add(tournament=t, name=name, club_name=club, ddv_number=number)
    rng = random.Random(3)
    for n in range(rounds):
        paper_round(t, rng, seed=n + 1, user=None)
    if rated_flag:
        ts.tournament_set_rating(tournament=t, rated=True, bundesland=land)
    return t


@pytest.mark.django_db
def test_a_rated_tournament_of_32_players_and_3_rounds_closes():
    t = rated()
    assert t.closed_at is not None
    assert (t.rated, t.bundesland) == (True, "NW")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("count", "rounds", "code"),
    [(31, 3, "rlt_too_few_players"), (32, 2, "rlt_too_few_rounds")],
)
def test_too_small_for_the_rangliste_is_refused_and_nothing_changes(count, rounds, code):
    t = open_tournament(count, rounds)
    with pytest.raises(ServiceError) as err:
        ts.tournament_close(tournament=t)
    assert err.value.code == code
    assert "32" in err.value.message or "3" in err.value.message
    assert Tournament.objects.get(pk=t.pk).closed_at is None


@pytest.mark.django_db
def test_an_unrated_small_tournament_closes():
    t = open_tournament(8, 1, rated_flag=False)
    ts.tournament_close(tournament=t)
    assert Tournament.objects.get(pk=t.pk).closed_at is not None


@pytest.mark.django_db
def test_an_open_round_or_no_round_refuses_the_close():
    t = ts.tournament_create(name="T", date=D(2026, 3, 1))
    with pytest.raises(ServiceError) as err:
        ts.tournament_close(tournament=t)
    assert err.value.code == "tournament_no_rounds"
    for name, club, number in entrants(8):
        ts.participant_add(tournament=t, name=name, club_name=club, ddv_number=number)
    ts.round_draw(tournament=t, seed=1)
    with pytest.raises(ServiceError) as err:
        ts.tournament_close(tournament=t)
    assert (err.value.code, err.value.params) == ("tournament_not_finished", {"number": 1})


@pytest.mark.django_db
def test_rating_needs_a_bundesland_and_closed_tournaments_refuse_changes():
    t = open_tournament(8, 1, rated_flag=False)
    with pytest.raises(ServiceError) as err:
        ts.tournament_set_rating(tournament=t, rated=True, bundesland="")
    assert err.value.code == "bundesland_missing"
    with pytest.raises(ServiceError):
        ts.tournament_set_rating(tournament=t, rated=True, bundesland="XX")
    ts.tournament_close(tournament=t)
    with pytest.raises(ServiceError) as err:
        ts.tournament_set_rating(tournament=t, rated=True, bundesland="BY")
    assert err.value.code == "tournament_already_closed"
    with pytest.raises(ServiceError) as err:
        ts.round_draw(tournament=t, seed=9)
    assert err.value.code == "tournament_already_closed"
    with pytest.raises(ServiceError) as err:
        ts.round_reopen(tournament_round=t.rounds.get())
    assert err.value.code == "tournament_already_closed"
    ts.tournament_reopen(tournament=t)
    ts.round_reopen(tournament_round=t.rounds.get())
    with pytest.raises(ServiceError) as err:
        ts.tournament_reopen(tournament=t)
    assert err.value.code == "tournament_not_closed"


@pytest.mark.django_db
def test_close_page_shows_the_refusal(client, django_user_model):
    organiser = django_user_model.objects.create_user("org", password="pw")
    t = open_tournament(12, 3)
    t.organisers.add(organiser)
    close = reverse("tournament-close", args=[t.pk])
    client.force_login(django_user_model.objects.create_user("x", password="pw"))
    assert client.post(close).status_code == 403
    client.force_login(organiser)
    page = client.post(close, follow=True)
    assert "mindestens 32 Spieler" in page.content.decode()
    assert Tournament.objects.get(pk=t.pk).closed_at is None
    page = client.post(
        reverse("tournament-rating-save", args=[t.pk]), {"rated": "", "bundesland": ""}, follow=True
    )
    assert page.status_code == 200
    assert "Gespeichert." in page.content.decode()
    t.refresh_from_db()
    assert not t.rated
    client.post(close)
    assert Tournament.objects.get(pk=t.pk).closed_at is not None
    page = client.post(reverse("tournament-reopen", args=[t.pk]), follow=True)
    assert "Turnier wieder geöffnet." in page.content.decode()
    assert Tournament.objects.get(pk=t.pk).closed_at is None


@pytest.mark.django_db
def test_the_rating_form_shows_a_refusal_on_its_field(client, django_user_model):
    organiser = django_user_model.objects.create_user("org", password="pw")
    t = open_tournament(12, 3)
    t.organisers.add(organiser)
    client.force_login(organiser)
    before = (t.rated, t.bundesland)
    response = client.post(
        reverse("tournament-rating-save", args=[t.pk]), {"rated": "on", "bundesland": ""}
    )
    assert response.status_code == 200
    form = response.context["form"]
    assert form.errors["bundesland"] == ["Ein Ranglistenturnier braucht ein Bundesland."]
    t.refresh_from_db()
    assert (t.rated, t.bundesland) == before
    assert client.post(reverse("tournament-rating", args=[t.pk])).status_code == 405
