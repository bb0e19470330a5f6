"""League pages: who may see and do what, refusals shown clearly, exports, PDFs, and query
budgets at two sizes."""

import csv as csvlib
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from league.core.spreadsheets import neutralise
from league.leagues import services as ls
from league.leagues.models import Lineup, Spieltag, Team
from league.leagues.selectors import league_standings
from league.lists.models import Spielliste
from scoring.liga import number

from .helpers import first_spieltag, make_league, play_paper, set_lineups

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser(django_user_model):
    return django_user_model.objects.create_user("liga", password="pw-secret-123")


@pytest.fixture
def captain(django_user_model):
    return django_user_model.objects.create_user("kapitaen", password="pw-secret-123")


def test_create_league_and_teams_through_the_pages(client, organiser):
    client.force_login(organiser)
    response = client.post(
        reverse("league-create"),
        {
            "name": "Bundesliga",
            "season": "2026",
            "players_per_team": 4,
            "rounds_per_spieltag": 3,
            "spieltage_per_round": 2,
        },
    )
    assert response.status_code == 302
    league = organiser.organised_leagues.get()
    add_team = reverse("league-team-create", args=[league.pk])
    for n in range(1, 5):
        assert client.post(add_team, {"name": f"Team {n}"}).status_code == 302
    team = league.teams.get(number=1)
    response = client.post(reverse("team-player-add", args=[league.pk, team.pk]), {"name": "Anna"})
    assert response.status_code == 302
    assert team.roster.get().name == "Anna"
    response = client.post(
        reverse("team-captain-add", args=[league.pk, team.pk]), {"account": "liga"}
    )
    assert team.captains.get() == organiser
    response = client.post(reverse("league-schedule", args=[league.pk]), follow=True)
    assert "Spielplan mit 1 Gruppenrunden erstellt." in response.content.decode()
    assert Spieltag.objects.filter(group__group_round__league=league).count() == 2
    # a refusal is a message on the page, nothing written
    response = client.post(add_team, {"name": "Team 5"})
    assert response.status_code == 200
    assert "Der Spielplan steht schon" in response.content.decode()
    assert league.teams.count() == 4
    # an empty name is a form error (422), nothing written
    response = client.post(reverse("team-player-add", args=[league.pk, team.pk]), {"name": ""})
    assert response.status_code == 422
    assert "Bitte einen Namen angeben." in response.content.decode()
    assert team.roster.count() == 1
    anna = team.roster.get()
    remove = reverse("team-player-remove", args=[league.pk, team.pk, anna.pk])
    response = client.post(remove, follow=True)
    assert "Anna aus dem Kader genommen." in response.content.decode()
    assert not team.roster.exists()


def test_bad_league_form_is_a_form_error(client, organiser):
    client.force_login(organiser)
    response = client.post(reverse("league-create"), {"name": "X", "season": ""})
    assert response.status_code == 422


def test_manage_is_for_organisers_only(client, organiser, captain):
    league = make_league(4, user=organiser)
    url = reverse("league-manage", args=[league.pk])
    assert client.get(url).status_code == 302
    client.force_login(captain)
    assert client.get(url).status_code == 403
    add_team = reverse("league-team-create", args=[league.pk])
    assert client.post(add_team, {"name": "Hack"}).status_code == 403
    assert not league.teams.filter(name="Hack").exists()


def test_public_pages(client, organiser):
    league = make_league(4, user=organiser)
    spieltag = first_spieltag(league)
    team = league.teams.first()
    for url in (
        reverse("league-index"),
        reverse("league-detail", args=[league.pk]),
        reverse("league-team", args=[league.pk, team.pk]),
        reverse("spieltag-detail", args=[league.pk, spieltag.pk]),
    ):
        assert client.get(url).status_code == 200, url


def test_captain_picks_lineup_organiser_starts_codes_only_for_organisers(
    client, organiser, captain
):
    league = make_league(4, user=organiser, rounds=1)
    spieltag = first_spieltag(league)
    teams = list(spieltag.group.teams.order_by("number"))
    ls.team_add_captain(team=teams[0], account=captain)
    url = reverse("lineup-edit", args=[league.pk, spieltag.pk, teams[0].pk])
    other = reverse("lineup-edit", args=[league.pk, spieltag.pk, teams[1].pk])
    client.force_login(captain)
    assert client.get(other).status_code == 403
    roster = list(teams[0].roster.order_by("name"))
    # the same player twice: refused on the page, nothing stored
    response = client.post(url, {f"s{i}": roster[0].pk for i in range(1, 5)})
    assert response.status_code == 422
    assert not Lineup.objects.exists()
    html = response.content.decode()
    # Seats 2 to 4 are marked, each once, naming seat 1.
    assert html.count("Schon als Spieler 1 aufgestellt.") == 3
    assert html.count('aria-invalid="true"') == 3
    response = client.post(url, {f"s{i}": roster[i].pk for i in range(1, 5)})
    assert response.status_code == 302
    assert [e.player for e in Lineup.objects.get().entries.all()] == roster[1:5]
    # a captain cannot start the day
    start = reverse("spieltag-start", args=[league.pk, spieltag.pk])
    assert client.post(start).status_code == 403
    for team in teams[1:]:
        ls.lineup_set(spieltag=spieltag, team=team, players=list(team.roster.all())[:4])
    client.force_login(organiser)
    asked = client.post(start)  # asks first, naming what it does
    assert "Spieltag starten?" in asked.content.decode()
    assert not Spielliste.objects.exists()
    response = client.post(start, {"confirmed": "1"}, follow=True)
    assert "4 Spiellisten angelegt" in response.content.decode()
    liste = Spielliste.objects.first()
    page = client.get(reverse("spieltag-detail", args=[league.pk, spieltag.pk])).content.decode()
    assert liste.code in page
    client.logout()
    page = client.get(reverse("spieltag-detail", args=[league.pk, spieltag.pk])).content.decode()
    assert liste.code not in page
    assert reverse("liste-detail", args=[liste.pk]) in page


def test_no_show_through_the_page(client, organiser):
    league = make_league(4, user=organiser, rounds=1)
    spieltag = first_spieltag(league)
    team = spieltag.group.teams.order_by("number").last()
    client.force_login(organiser)
    absent = reverse("spieltag-absent", args=[league.pk, spieltag.pk, team.pk])
    response = client.post(absent, {"substitutes": "E1\nE2\n\nE3\nE4"})
    assert response.status_code == 302
    lineup = Lineup.objects.get(team=team)
    assert lineup.absent
    assert [e.player.name for e in lineup.entries.all()] == ["E1", "E2", "E3", "E4"]
    response = client.post(absent, {"substitutes": "E5"}, follow=True)
    assert "genau 4 Spieler" in response.content.decode()
    lineup.refresh_from_db()  # the refusal changed nothing
    assert [e.player.name for e in lineup.entries.all()] == ["E1", "E2", "E3", "E4"]


def test_paper_results_page_and_table_exports(client, organiser):
    league = make_league(4, user=organiser, rounds=1)
    spieltag = first_spieltag(league)
    set_lineups(spieltag)
    ls.spieltag_start(spieltag=spieltag)
    client.force_login(organiser)
    url = reverse("spieltag-results", args=[league.pk, spieltag.pk])
    bad = client.post(url, {"round": 1, "table": 1, "p1": 5, "p2": 0, "p3": 0, "p4": 0})
    assert bad.status_code == 422
    assert "0 sein" in bad.content.decode()
    html = bad.content.decode()
    assert html.count("0 sein") == 1  # once, not twice
    # Keyboard entry: the sum is the whole form's error, so the cursor starts again in
    # "Runde" (its value selected on load: what is typed replaces it; static/js/focus.js).
    assert html.count("autofocus") == 1
    form_html = html.split("data-paper-form")[1]
    assert 'name="round"' in form_html.split("autofocus")[0].rsplit("<input", 1)[-1]
    ok = client.post(url, {"round": 1, "table": 1, "p1": 5, "p2": -1, "p3": -1, "p4": -3})
    assert ok.status_code == 302
    unknown = client.post(url, {"round": 2, "table": 1, "p1": 0, "p2": 0, "p3": 0, "p4": 0})
    assert "gibt es an diesem Spieltag nicht" in unknown.content.decode()
    play_paper(spieltag)
    Team.objects.filter(pk=spieltag.group.teams.first().pk).update(name="=HYPERLINK(1)")
    detail = reverse("league-detail", args=[league.pk])
    csv = client.get(detail, {"_export": "csv"})
    assert csv.status_code == 200
    text = csv.content.decode()
    assert text.splitlines()[0] == "Platz,Mannschaft,Siegpunkte,Spielpunkte,Spieltage"
    assert "'=HYPERLINK(1)" in text
    table = league_standings(league=league, provisional=False)
    expected = [
        [r.rank, neutralise(r.team), number(r.siegpunkte), r.spielpunkte, r.spieltage]
        for r in table.rows
    ]
    assert [row for row in csvlib.reader(io.StringIO(text))][1:] == [
        [str(v) for v in row] for row in expected
    ]
    xlsx = client.get(detail, {"_export": "xlsx"})
    assert xlsx["Content-Disposition"] == f'attachment; filename="tabelle-liga-{league.pk}.xlsx"'
    sheet = load_workbook(io.BytesIO(xlsx.content)).active
    assert [list(row) for row in sheet.iter_rows(min_row=2, values_only=True)] == [
        [rank, str(team).removeprefix("'"), *rest] for rank, team, *rest in expected
    ]
    assert client.get(detail, {"_export": "nope"}).status_code == 404
    for name in ("spieltag-seating-pdf", "spieltag-lists-pdf"):
        pdf = client.get(reverse(name, args=[league.pk, spieltag.pk]))
        assert pdf["Content-Type"] == "application/pdf"
    assert client.get(reverse("league-table-pdf", args=[league.pk])).status_code == 200


def test_english_league_page(client, organiser):
    league = make_league(4, user=organiser)
    page = client.get(
        reverse("league-detail", args=[league.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "Victory points" in page
    assert "Siegpunkte" not in page


def _started_league(teams, players, rounds, days, organiser):
    league = make_league(teams, players=players, rounds=rounds, user=organiser)
    spieltage = Spieltag.objects.filter(group__group_round__league=league).order_by("pk")
    for spieltag in list(spieltage)[:days]:
        set_lineups(spieltag)
        ls.spieltag_start(spieltag=spieltag)
        play_paper(spieltag, lambda st: {p: (3 if p == 1 else -1) for p in range(1, 5)})
    return league


@pytest.mark.parametrize(("teams", "players", "rounds", "days"), [(4, 4, 1, 1), (16, 5, 3, 6)])
def test_query_budgets_at_two_sizes(
    client, organiser, django_assert_max_num_queries, teams, players, rounds, days
):
    league = _started_league(teams, players, rounds, days, organiser)
    spieltag = first_spieltag(league)
    team = spieltag.group.teams.first()
    client.force_login(organiser)
    # 16, the organiser's missed-deadline flag, the version the live tag names, the days an
    # open request would move
    with django_assert_max_num_queries(19):
        assert client.get(reverse("league-detail", args=[league.pk])).status_code == 200
    # 16, the captains' reports, the live tag, a request to move it (its answers: one more)
    with django_assert_max_num_queries(22):  # 19 and the Spielstärke at the tables (3)
        assert (
            client.get(reverse("spieltag-detail", args=[league.pk, spieltag.pk])).status_code == 200
        )
    with django_assert_max_num_queries(17):  # 16 and the days an open request would move
        assert client.get(reverse("league-team", args=[league.pk, team.pk])).status_code == 200
    with django_assert_max_num_queries(17):  # 16 and the open requests to move a Spieltag
        assert client.get(reverse("league-manage", args=[league.pk])).status_code == 200
    with django_assert_max_num_queries(16):
        assert (
            client.get(reverse("league-detail", args=[league.pk]), {"_export": "csv"}).status_code
            == 200
        )


def test_hidden_names_only_for_organisers(client, organiser, captain):
    league = make_league(4, user=organiser, rounds=1)
    spieltag = first_spieltag(league)
    team = spieltag.group.teams.order_by("number").first()
    ls.team_add_captain(team=league.teams.get(number=2), account=captain)
    hidden = team.roster.order_by("name").first()
    hidden.hide_name = True
    hidden.save()
    set_lineups(spieltag)
    ls.spieltag_start(spieltag=spieltag)
    urls = [
        reverse("league-team", args=[league.pk, team.pk]),
        reverse("spieltag-detail", args=[league.pk, spieltag.pk]),
        f"/api/v1/ligen/{league.pk}/spieltage/{spieltag.pk}/",
    ]
    for who in (None, captain):
        if who:
            client.force_login(who)
        for url in urls:
            text = client.get(url).content.decode()
            assert hidden.name not in text, (who, url)
            assert hidden.public_alias in text, (who, url)
    client.force_login(organiser)
    for url in urls:
        assert hidden.name in client.get(url).content.decode()


def test_a_league_list_page_links_back_and_is_the_organisers(client, organiser):
    league = make_league(4, user=organiser, rounds=1)
    spieltag = first_spieltag(league)
    set_lineups(spieltag)
    liste = ls.spieltag_start(spieltag=spieltag)[0]
    url = reverse("liste-detail", args=[liste.pk])
    page = client.get(url).content.decode()
    assert reverse("spieltag-detail", args=[league.pk, spieltag.pk]) in page
    assert liste.code not in page
    client.force_login(organiser)
    assert liste.code in client.get(url).content.decode()  # the organiser manages it
    index = client.get(reverse("liste-index"), {"liga": league.pk}).content.decode()
    assert index.count(reverse("liste-detail", args=[liste.pk])) >= 1


def test_paper_form_focus_goes_to_the_field_in_error():
    from league.leagues.forms import PaperResultForm

    form = PaperResultForm({"round": 1, "table": 1, "p1": 0, "p2": "x", "p3": 0, "p4": 0})
    assert not form.is_valid()
    form.focus()
    assert form.fields["p2"].widget.attrs.get("autofocus") is True
    assert "autofocus" not in form.fields["round"].widget.attrs
    fresh = PaperResultForm()
    fresh.focus()
    assert fresh.fields["round"].widget.attrs.get("autofocus") is True
