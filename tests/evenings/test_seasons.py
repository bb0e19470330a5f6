"""Club seasons: evenings (tables = ordinary lists), settings, the season table."""

import datetime as dt
import random

import pytest

from league.clubs.models import Club, Player
from league.core.errors import ServiceError
from league.demo.ranking_demo import zero_sum_totals
from league.evenings import services
from league.evenings.models import ClubEvening
from league.evenings.selectors import club_season, member_season_lists, season_bounds
from league.lists import services as ls
from league.lists.models import Spielliste

D = dt.date
MEMBERS = ["Anna", "Bernd", "Carla", "Dieter", "Erika", "Frank", "Gabi", "Heinz", "Inge"]


@pytest.fixture
def club(db):
    club = Club.objects.create(name="Herz-Dame")
    for name in MEMBERS:
        Player.objects.create(name=name, club=club)
    return club


def evening(club, day, names, seed=1, finish=True):
    e = services.club_evening_create(club=club, date=day, tables=services.seat_tables(names))
    rng = random.Random(seed)
    if finish:
        for t in e.tables.select_related("spielliste"):
            ls.paper_entry_save(
                spielliste=t.spielliste,
                entry=1,
                totals=zero_sum_totals(rng, t.spielliste.table_size),
            )
    return e


@pytest.mark.django_db
def test_an_evening_seats_members_and_guests_in_tables_of_four_and_five(club):
    other = Club.objects.create(name="Kreuz")
    known = Player.objects.create(name="Olaf Gast", club=other)
    e = evening(club, D(2026, 3, 5), ["anna", *MEMBERS[1:7], "Olaf Gast", "Neu Ling"], finish=False)
    tables = list(e.tables.select_related("spielliste").order_by("number"))
    assert [t.spielliste.table_size for t in tables] == [4, 5]
    assert all(t.spielliste.club == club for t in tables)
    seats = {s.player for t in tables for s in t.spielliste.seats.all()}
    assert Player.objects.get(name="Anna") in seats  # a member, whatever the case typed
    assert known in seats  # the only player of that name: the guest himself
    assert Player.objects.get(name="Neu Ling").club == club  # new: a member now
    added = services.club_evening_add_table(evening=e, names=MEMBERS[:4])
    assert added.number == 3


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("names", "code"),
    [(MEMBERS[:6], "draw_impossible"), (["Anna", "anna", "Bernd", "Carla"], "seat_taken_twice")],
)
def test_evenings_that_cannot_be_seated_are_refused(club, names, code):
    with pytest.raises(ServiceError) as err:
        services.seat_tables(names)
    assert err.value.code == code


@pytest.mark.django_db
def test_a_bad_table_writes_nothing(club):
    with pytest.raises(ServiceError) as err:
        services.club_evening_create(
            club=club, date=D(2026, 1, 1), tables=[MEMBERS[:4], MEMBERS[4:7]]
        )
    assert err.value.code == "evening_table_size"
    assert not ClubEvening.objects.exists()
    assert not Spielliste.objects.exists()


@pytest.mark.django_db
def test_season_table_by_mode_with_attendance(club):
    evening(club, D(2026, 1, 8), MEMBERS[:8], seed=1)
    evening(club, D(2026, 2, 5), MEMBERS[:4], seed=2)
    evening(club, D(2026, 3, 5), MEMBERS[4:8], seed=3, finish=False)  # still running
    evening(club, D(2025, 12, 4), MEMBERS[:8], seed=4)  # last season
    season = club_season(club=club, year=2026)
    assert (season.start, season.end) == season_bounds(2026)
    assert len(season.evenings) == 3
    rows = {r.name: r for r in season.table.rows}
    assert rows["Anna"].lists == 2
    assert rows["Anna"].evenings == 2
    assert rows["Erika"].lists == 1  # the running list does not count
    assert season.table.evenings == 3
    assert sum(r.points for r in season.table.rows) == 0  # zero-sum tables
    services.season_settings_update(club=club, mode="schnitt_liste", minimum=2)
    season = club_season(club=club, year=2026)
    ranked = [r.name for r in season.table.rows if r.rank is not None]
    assert sorted(ranked) == ["Anna", "Bernd", "Carla", "Dieter"]
    lists = member_season_lists(club=club, player=Player.objects.get(name="Anna"), year=2026)
    assert [item.date for item in lists] == [D(2026, 1, 8), D(2026, 2, 5)]
    assert all(item.games == 24 for item in lists)


@pytest.mark.django_db
def test_settings_are_checked(club):
    with pytest.raises(ServiceError) as err:
        services.season_settings_update(club=club, mode="alles")
    assert err.value.code == "season_invalid_mode"
    with pytest.raises(ServiceError) as err:
        services.season_settings_update(club=club, mode="total", start_month=13)
    assert err.value.code == "season_invalid_month"
    services.season_settings_update(club=club, mode="best_n", best_n=3, start_month=9)
    season = club_season(club=club, year=2026)
    assert (season.start, season.end) == (D(2026, 9, 1), D(2027, 9, 1))


@pytest.mark.django_db
@pytest.mark.parametrize("evenings", [1, 4])
def test_season_pages_and_api_query_budget(
    client, club, evenings, django_user_model, django_assert_max_num_queries
):
    # Each answer asks once more who may read the club (members-only, api.md).
    for i in range(evenings):
        evening(club, D(2026, 1 + i, 8), MEMBERS[: 8 if i % 2 else 9], seed=i)
    anna = Player.objects.get(name="Anna")
    with django_assert_max_num_queries(8):
        page = client.get(f"/vereine/{club.pk}/saison/", {"jahr": 2026})
    html = page.content.decode()
    assert html.count('data-player="') == 9
    with django_assert_max_num_queries(11):  # +1: the season's statistics (issue 25)
        page = client.get(f"/vereine/{club.pk}/saison/", {"jahr": 2026, "spieler": anna.pk})
    assert page.content.decode().count('data-liste="') == evenings
    with django_assert_max_num_queries(6):
        api = client.get(f"/api/v1/vereine/{club.pk}/saison/", {"jahr": "2026"})
    assert len(api.json()["rows"]) == 9
    assert api.json()["evenings"] == evenings
    manager = django_user_model.objects.create_user("cm")
    club.managers.add(manager)
    client.force_login(manager)
    e = club.evenings.first()
    with django_assert_max_num_queries(13):
        page = client.get(f"/vereine/{club.pk}/abende/{e.pk}/")
    assert page.status_code == 200


@pytest.mark.django_db
def test_absurd_seasons_read_as_the_current_one(client, club):
    for year in ("9999", "0", "x", "-1"):
        assert client.get(f"/vereine/{club.pk}/saison/", {"jahr": year}).status_code == 200
    assert client.get(f"/api/v1/vereine/{club.pk}/saison/", {"jahr": "9999"}).status_code == 400


def test_api_refusals(client, club):
    assert client.get(f"/api/v1/vereine/{club.pk}/saison/", {"jahr": "x"}).status_code == 400
    assert client.get("/api/v1/vereine/999999/saison/").status_code == 404


@pytest.mark.django_db
def test_only_managers_write(client, club, django_user_model):
    url = f"/vereine/{club.pk}/abende/neu/"
    assert client.get(url).status_code == 302
    client.force_login(django_user_model.objects.create_user("x"))
    assert client.get(url).status_code == 403
    assert client.post(f"/vereine/{club.pk}/saison/", {"mode": "total"}).status_code == 403
    manager = django_user_model.objects.create_user("cm")
    club.managers.add(manager)
    client.force_login(manager)
    page = client.get(url)
    assert page.content.decode().count('name="present"') == len(MEMBERS)  # offered
    ids = list(club.members.order_by("name").values_list("pk", flat=True))
    response = client.post(
        url, {"date": "2026-04-02", "present": ids[:7], "guest_1": "Olga Neu"}, follow=True
    )
    assert response.status_code == 200
    e = ClubEvening.objects.get()
    assert e.tables.count() == 2
    page = client.post(url, {"date": "2026-04-09", "present": ids[:6]})
    assert "lassen sich nicht" in page.content.decode()  # 6: no tables of 4 and 5
    assert ClubEvening.objects.count() == 1
    response = client.post(
        f"/vereine/{club.pk}/saison/",
        {"mode": "schnitt_spiel", "minimum": 20, "best_n": 5, "start_month": 1},
    )
    assert response.status_code == 302
    assert club_season(club=club, year=2026).settings.mode.value == "schnitt_spiel"
    page = client.post(
        f"/vereine/{club.pk}/abende/{e.pk}/", {"seat_1": "A1", "seat_2": "A2", "seat_3": "A3"}
    )
    assert page.status_code == 200
    assert e.tables.count() == 2
    client.post(
        f"/vereine/{club.pk}/abende/{e.pk}/",
        {"seat_1": "A1", "seat_2": "A2", "seat_3": "A3", "seat_4": "A4"},
    )
    assert e.tables.count() == 3
