"""The home page (code field, running events, the way in) and "Meine Aufgaben"."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from league.tournaments.models import Tournament


@pytest.mark.django_db
def test_home_offers_code_field_running_events_and_way_in(client, demo):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="code"' in html
    assert reverse("table-code") in html
    running = Tournament.objects.filter(closed_at__isnull=True).first()
    if running is not None and running.members_only is False:
        assert running.name in html or "Läuft gerade" in html
    assert "Bundesliga" in html  # the demo league has a Spieltag running
    for name in ("rangliste", "liste-create", "tournament-create", "league-create", "calculator"):
        assert reverse(name) in html
    assert reverse("register") in html
    # The API moved to the footer.
    nav = html.split("<nav>")[1].split("</nav>")[0]
    assert reverse("api-index") not in nav
    assert reverse("api-index") in html.split("<footer>")[1]
    english = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Join my table" in english


@pytest.mark.django_db
def test_old_calculator_address_redirects(client):
    response = client.get("/?kind=normal&re_augen=131")
    assert response.status_code == 301
    assert response["Location"].startswith(reverse("calculator") + "?")
    assert "re_augen=131" in response["Location"]
    assert reverse("calculator") == "/rechner/"
    assert client.get(reverse("calculator")).status_code == 200


@pytest.mark.django_db
def test_members_only_tournament_not_on_home(client, demo):
    t = Tournament.objects.filter(closed_at__isnull=True).first()
    assert t is not None
    Tournament.objects.filter(pk=t.pk).update(members_only=True)
    assert t.name not in client.get(reverse("home")).content.decode()


@pytest.mark.django_db
def test_login_lands_on_tasks(client, django_user_model):
    django_user_model.objects.create_user("neu", password="pw-secret-123")
    response = client.post(reverse("login"), {"username": "neu", "password": "pw-secret-123"})
    assert response["Location"] == reverse("my-tasks")


@pytest.mark.django_db
def test_tasks_of_organiser_captain_and_keeper(client, demo):
    admin = User.objects.get(username="admin")
    client.force_login(admin)
    html = client.get(reverse("my-tasks")).content.decode()
    assert "Runden, die Sie leiten" in html  # the demo tournament's 4th round is open
    assert "offen: Tisch" in html or "bereit zum Abschließen" in html
    client.force_login(User.objects.get(username="kapitaen"))
    html = client.get(reverse("my-tasks")).content.decode()
    assert "Aufstellung" in html
    assert "Verlegung beantworten: Die Füchse Köln" in html  # the demo's open request
    client.force_login(User.objects.get(username="listenfuehrer"))
    html = client.get(reverse("my-tasks")).content.decode()
    assert "Offene Listen, die Sie führen" in html


@pytest.mark.django_db
def test_tasks_show_only_own(client, django_user_model, demo):
    client.force_login(django_user_model.objects.create_user("fremd", password="pw-x-123456"))
    html = client.get(reverse("my-tasks")).content.decode()
    assert "Gerade wartet nichts auf Sie." in html
    assert "Runden, die Sie leiten" not in html


@pytest.mark.django_db
def test_tasks_need_login(client):
    response = client.get(reverse("my-tasks"))
    assert response.status_code == 302
    assert reverse("login") in response["Location"]


@pytest.mark.django_db
def test_menu_has_tasks_when_logged_in(client, user):
    client.force_login(user)
    nav = client.get(reverse("home")).content.decode().split("<nav>")[1].split("</nav>")[0]
    assert reverse("my-tasks") in nav


@pytest.mark.django_db
def test_start_a_club_evening_goes_to_the_managed_clubs_form(client, django_user_model):
    from league.clubs import services as cs

    def evening_link() -> str:
        html = client.get(reverse("home")).content.decode()
        return html.split("data-evening-start")[0].rsplit('href="', 1)[1].split('"')[0]

    assert evening_link() == reverse("club-index")  # a visitor: the clubs to choose from
    user = django_user_model.objects.create_user("wirt", password="pw-secret-123")
    client.force_login(user)
    assert evening_link() == reverse("club-index")  # manages none
    first = cs.club_found(name="Herz-Dame", account=user)
    assert evening_link() == reverse("club-evening-create", args=[first.pk])
    assert client.get(evening_link()).status_code == 200  # the form itself
    cs.club_found(name="Kreuz-Bube", account=user)
    assert evening_link() == reverse("club-index")  # several: he chooses


@pytest.mark.django_db
def test_a_tournament_still_playing_a_week_after_its_day_is_running(client):
    """Issue 29: "Läuft gerade" showed only tournaments from yesterday on; one whose round
    is still open a week after its date was missing."""
    import datetime as dt

    from django.utils import timezone

    from league.tournaments import services as ts
    from tests.tournaments.helpers import make_tournament

    week_back = timezone.localdate() - dt.timedelta(days=7)
    playing = make_tournament(4, rounds=2)
    Tournament.objects.filter(pk=playing.pk).update(name="Wochenturnier", date=week_back)
    ts.round_draw(tournament=playing, seed=1)
    idle = ts.tournament_create(name="Vergangenes Turnier", date=week_back, rounds_planned=2)
    html = client.get(reverse("home")).content.decode()
    block = html.split('id="laeuft"')[1].split("</section>")[0]
    assert "Wochenturnier" in block
    assert "data-playing" in block.split("Wochenturnier")[0].rsplit("<li", 1)[1]
    assert idle.name not in block  # a week back with no open round: not running
    # Its round closed (and the tournament not yet closed): no longer on the home page.
    from league.tournaments.models import TournamentRound

    TournamentRound.objects.filter(tournament=playing).update(status=TournamentRound.Status.CLOSED)
    block = client.get(reverse("home")).content.decode().split('id="laeuft"')[1]
    assert "Wochenturnier" not in block.split("</section>")[0]
