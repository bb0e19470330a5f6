"""Where a list stands, as its placement records it (``lists.Placement``: its owner's
kind and key, date, round and table; issue 30): written by its owner, placed again when an
owner moves, renames or re-dates a list, the same after a rebuild; club names and
members-only flags are read live. The statistics page's queries do not grow with lists
(issue 25 "fast at national scale")."""

import datetime as dt

from django.contrib.auth.models import AnonymousUser
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.clubs.models import Club
from league.evenings.models import ClubEvening, EveningTable
from league.leagues.models import Group, GroupRound, League, Spieltag, SpieltagTable
from league.lists import services
from league.lists.models import Placement, Spielliste, StatLine
from league.lists.placement import places_rebuild
from league.lists.stats import stats_rebuild
from league.rankings.statistics import player_statistics
from league.tournaments.models import RoundTable, Tournament, TournamentRound
from league.tournaments.services import tournament_update
from tests.site_helpers import normal


def _place(liste):
    """(owner, event, day, round, table) of ``liste``; a free list: None."""
    return (
        Placement.objects.filter(spielliste=liste)
        .values_list("owner", "event_id", "day", "number", "table")
        .first()
    )


def _all_rows():
    return sorted(
        StatLine.objects.values_list(
            "spielliste_id", "player_id", "total", "games", "won", "lost", "points", "re",
            "re_won", "kontra", "kontra_won", "pflicht", "announced", "announced_won",
            "solos", "partners",
        )
    ), sorted(Placement.objects.values_list())  # fmt: skip


def _evening_list(club, players, day, user, number=1):
    evening = ClubEvening.objects.create(club=club, date=day)
    liste = services.spielliste_create(
        title=f"Abend {day}", players=players, club=club, created_by=user
    )
    EveningTable.objects.create(evening=evening, number=number, spielliste=liste)
    places_rebuild([liste.pk])  # as evenings.services writes it
    return liste


def _tournament_list(players, user, day=dt.date(2026, 1, 10)):
    # Official: its games count in the statistics everybody reads (issue 29).
    tournament = Tournament.objects.create(name="Herbstturnier", date=day, official=True)
    rnd = TournamentRound.objects.create(tournament=tournament, number=2)
    liste = services.spielliste_create(title="T", players=players, created_by=user)
    RoundTable.objects.create(tournament_round=rnd, number=3, spielliste=liste)
    places_rebuild([liste.pk])  # as the draw writes it
    services.game_record(spielliste=liste, record=normal())
    return tournament, liste


def test_rows_say_where_each_kind_of_list_stands(players, user):
    club = Club.objects.create(name="Kreuz-As")
    evening = _evening_list(club, players, dt.date(2026, 2, 4), user, number=2)
    services.game_record(spielliste=evening, record=normal())
    tournament, at_tournament = _tournament_list(players, user)
    league = League.objects.create(name="Landesliga", season="2026")
    group = Group.objects.create(
        group_round=GroupRound.objects.create(league=league, number=1), number=1
    )
    in_league = services.spielliste_create(title="Runde 1", players=players, created_by=user)
    SpieltagTable.objects.create(
        spieltag=Spieltag.objects.create(group=group, number=1),
        round=1,
        table=1,
        teams=[1, 1, 2, 2],
        spielliste=in_league,
    )
    places_rebuild([in_league.pk])
    services.game_record(spielliste=in_league, record=normal())
    free = services.spielliste_create(title="Küchentisch", players=players, created_by=user)
    services.game_record(spielliste=free, record=normal())
    expected = {
        evening: ("evening", club.pk, dt.date(2026, 2, 4), None, 2),
        at_tournament: ("tournament", tournament.pk, dt.date(2026, 1, 10), 2, 3),
        in_league: ("league", league.pk, in_league.created_at.date(), 1, 1),
        free: None,
    }
    for liste, place in expected.items():
        assert _place(liste) == place, liste.title
    # The rows a rebuild makes are the same, and so are the placements asked again.
    before = _all_rows()
    StatLine.objects.all().delete()
    Placement.objects.all().delete()
    assert stats_rebuild() == 4
    call_command("stats_rebuild", places=True, stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert _all_rows() == before


def test_new_tournament_date_and_name_follow_in_the_statistics(players, user):
    tournament, liste = _tournament_list(players, user)
    anna = players[0]
    day = dt.date(2026, 3, 7)
    tournament_update(
        tournament=tournament,
        name="Frühjahrsturnier",
        date=day,
        rounds_planned=tournament.rounds_planned,
        official=tournament.official,
    )
    assert _place(liste)[2] == day
    view = player_statistics(player=anna, reader=AnonymousUser())
    [item] = view.lists
    assert (item.date, item.label) == (day, "Frühjahrsturnier, Runde 2")  # the name read live
    assert [c.label for c in view.choices("turnier")] == ["Frühjahrsturnier (07.03.2026)"]
    before = _all_rows()
    assert stats_rebuild() == 1
    assert _all_rows() == before


def test_list_moved_to_another_evening_follows_when_placed_again(players, user):
    first_club = Club.objects.create(name="Kreuz-As")
    other_club = Club.objects.create(name="Pik-Dame")
    liste = _evening_list(first_club, players, dt.date(2026, 2, 4), user)
    services.game_record(spielliste=liste, record=normal())
    other = ClubEvening.objects.create(club=other_club, date=dt.date(2026, 4, 1))
    EveningTable.objects.filter(spielliste=liste).update(evening=other, number=5)
    Spielliste.objects.filter(pk=liste.pk).update(club=other_club)  # an evening's is its club's
    places_rebuild([liste.pk])
    assert _place(liste) == ("evening", other_club.pk, dt.date(2026, 4, 1), None, 5)
    view = player_statistics(player=players[0], reader=AnonymousUser())
    assert [i.label for i in view.lists] == ["Pik-Dame, Vereinsabend 01.04.2026, Tisch 5"]
    assert [c.value for c in view.choices("saison")] == [f"{other_club.pk}-2026"]
    before = _all_rows()
    assert stats_rebuild() == 1
    assert _all_rows() == before
    # A members-only club's evening, read live: closed to the public at once.
    other_club.members_only = True
    other_club.save()
    assert player_statistics(player=players[0], reader=AnonymousUser()).stats.games == 0


def test_renamed_and_deleted_lists(players, user):
    free = services.spielliste_create(title="Küchentisch", players=players, created_by=user)
    services.game_record(spielliste=free, record=normal())
    club = Club.objects.create(name="Kreuz-As")
    evening = _evening_list(club, players, dt.date(2026, 2, 4), user)
    services.game_record(spielliste=evening, record=normal())
    free.title = "Wohnzimmer"
    free.save()
    view = player_statistics(player=players[0], reader=AnonymousUser())
    assert "Wohnzimmer" in [i.label for i in view.lists]
    evening.delete()
    assert not StatLine.objects.filter(spielliste_id=evening.pk).exists()
    view = player_statistics(player=players[0], reader=AnonymousUser())
    assert [i.liste_id for i in view.lists] == [free.pk]
    assert view.stats.games == 1


def test_lists_from_before_the_placement_are_placed_by_the_migration_and_again(players, user):
    """A database from before placements: the owners' data migrations place their lists
    (checked on SQLite and PostgreSQL); ``stats_rebuild --places`` asks again."""
    club = Club.objects.create(name="Kreuz-As")
    liste = _evening_list(club, players, dt.date(2026, 2, 4), user)
    services.game_record(spielliste=liste, record=normal())
    before = _all_rows()
    Placement.objects.all().delete()
    view = player_statistics(player=players[0], reader=AnonymousUser())
    assert [i.label for i in view.lists] == [liste.title]  # a free list now
    call_command("stats_rebuild", places=True, stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert _all_rows() == before


def test_statistics_page_queries_do_not_grow_with_lists(client, players, user):
    club = Club.objects.create(name="Kreuz-As")
    url = reverse("player-statistics", args=[players[0].pk])

    def count() -> int:  # without preparing a statement (PostgreSQL, once a connection)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        return sum(1 for q in queries if not q["sql"].startswith("PREPARE"))

    for n in range(2):
        liste = _evening_list(club, players, dt.date(2026, 1, 7) + dt.timedelta(7 * n), user)
        services.game_record(spielliste=liste, record=normal())
    few = count()
    for n in range(2, 14):
        liste = _evening_list(club, players, dt.date(2026, 1, 7) + dt.timedelta(7 * n), user)
        services.game_record(spielliste=liste, record=normal())
    many = count()
    assert many == few
    assert many < 10
    assert player_statistics(player=players[0], reader=AnonymousUser()).stats.games == 14
