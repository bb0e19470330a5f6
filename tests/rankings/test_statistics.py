"""A player's statistics (issue 25, statistics.md): the derived rows the write path keeps
(``StatLine``), their rebuild, and the statistics page with its filters and access."""

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.clubs.models import Club, Player
from league.evenings.models import ClubEvening, EveningTable
from league.lists import services
from league.lists.models import ScoreLine, StatLine
from league.lists.placement import places_rebuild
from league.lists.selectors import spielliste_snapshot
from league.lists.stats import stats_rebuild
from league.rankings.statistics import StatsFilter, player_statistics
from scoring.stats import list_statistics
from tests.site_helpers import normal, solo


def _rows(liste):
    return {
        r.player.name: r for r in StatLine.objects.filter(spielliste=liste).select_related("player")
    }


def _fields(row):
    return (
        row.total, row.games, row.won, row.lost, row.points, row.re, row.re_won,
        row.kontra, row.kontra_won, row.pflicht, row.announced, row.announced_won,
        row.solos, row.partners,
    )  # fmt: skip


def test_write_path_keeps_the_engines_figures(liste, players):
    services.game_record(spielliste=liste, record=normal())
    services.game_record(spielliste=liste, record=solo("Carla"))
    services.game_record(spielliste=liste, record=normal(re=("Anna", "Carla"), augen=100))
    rows = _rows(liste)
    assert set(rows) == {"Anna", "Bernd", "Carla", "Dieter"}
    state = spielliste_snapshot(pk=liste.pk).state
    by_name = {p.name: p.pk for p in players}
    for ps in list_statistics(state):
        row = rows[ps.player]
        assert (row.games, row.won, row.lost, row.points) == (ps.games, ps.won, ps.lost, ps.points)
        assert row.total == state.totals[ps.player]
        assert row.partners == {str(by_name[k]): [t.played, t.won] for k, t in ps.partners.items()}
    assert rows["Carla"].solos == {"damen": [1, 1]}  # her Pflichtsolo (a Damensolo), won
    assert rows["Carla"].pflicht == 1
    anna, bernd = rows["Anna"], by_name["Bernd"]
    assert anna.partners[str(bernd)] == [1, 1]  # game 1: Anna and Bernd won as Re
    assert anna.games == 3
    assert anna.won == 1


def test_correction_changes_the_figures_and_rebuild_gives_the_same(liste):
    services.game_record(spielliste=liste, record=normal(augen=130))
    assert _rows(liste)["Anna"].won == 1
    services.game_correct(spielliste=liste, number=1, record=normal(augen=100))
    rows = _rows(liste)
    assert rows["Anna"].won == 0
    assert rows["Anna"].lost == 1
    assert rows["Carla"].won == 1
    before = {k: _fields(v) for k, v in rows.items()}
    StatLine.objects.all().delete()
    assert stats_rebuild() == 1
    assert {k: _fields(v) for k, v in _rows(liste).items()} == before


def test_penalty_counts_in_the_stand_not_in_the_points(liste, players):
    services.game_record(spielliste=liste, record=normal())
    services.penalty_add(
        spielliste=liste,
        after_game=1,
        kind="unsporting",
        offender=players[0],
        referee="Schiri",
        points=3,
    )
    anna = _rows(liste)["Anna"]
    lines = sum(
        ScoreLine.objects.filter(spielliste=liste, player=players[0]).values_list(
            "points", flat=True
        )
    )
    assert anna.total == lines
    assert anna.points == 1
    assert anna.total == anna.points - 3


def test_substitute_gets_the_rows_he_played(liste, players):
    services.game_record(spielliste=liste, record=normal())
    sub = Player.objects.create(name="Erich")
    services.seat_substitute(spielliste=liste, position=1, player=sub)
    services.game_record(spielliste=liste, record=normal())
    rows = _rows(liste)
    assert rows["Anna"].games == 1
    assert rows["Erich"].games == 1
    assert rows["Erich"].partners == {str(players[1].pk): [1, 1]}


def test_paper_list_keeps_totals_only(liste, players):
    services.paper_entry_save(spielliste=liste, entry=1, totals={1: 5, 2: -5, 3: 3, 4: -3})
    rows = _rows(liste)
    assert {k: (r.total, r.games) for k, r in rows.items()} == {
        "Anna": (5, 0), "Bernd": (-5, 0), "Carla": (3, 0), "Dieter": (-3, 0)
    }  # fmt: skip
    services.paper_result_clear(spielliste=liste)
    assert not StatLine.objects.filter(spielliste=liste).exists()


def _evening_list(club, players, day, user):
    evening = ClubEvening.objects.create(club=club, date=day)
    liste = services.spielliste_create(
        title=f"Abend {day}", players=players, club=club, created_by=user
    )
    EveningTable.objects.create(evening=evening, number=1, spielliste=liste)
    places_rebuild([liste.pk])  # as evenings.services writes it
    return liste


@pytest.fixture
def two_evenings(players, user):
    club = Club.objects.create(name="Kreuz-As")
    first = _evening_list(club, players, dt.date(2025, 11, 5), user)
    second = _evening_list(club, players, dt.date(2026, 2, 4), user)
    services.game_record(spielliste=first, record=normal())
    services.game_record(spielliste=second, record=normal(augen=100))
    services.game_record(spielliste=second, record=solo("Carla"))
    return club, first, second


def test_statistics_sum_the_lists_and_filter_by_season_and_period(two_evenings, players):
    club, first, second = two_evenings
    anna = players[0]
    view = player_statistics(player=anna, reader=anna_reader())
    assert view.stats.games == 3
    assert view.stats.won == 1
    assert [c.label for c in view.choices("saison")] == ["Kreuz-As 2025", "Kreuz-As 2026"]
    assert len(view.running) == 2
    only = player_statistics(
        player=anna, reader=anna_reader(), filters=StatsFilter(facets={"saison": f"{club.pk}-2026"})
    )
    assert [i.liste_id for i in only.lists] == [second.pk]
    assert only.stats.games == 2
    early = player_statistics(
        player=anna, reader=anna_reader(), filters=StatsFilter(bis=dt.date(2025, 12, 31))
    )
    assert [i.liste_id for i in early.lists] == [first.pk]
    assert early.stats.won == 1
    bernd = next(p for p in view.partners if p.player_id == players[1].pk)
    assert (bernd.games, bernd.won) == (2, 1)


def anna_reader():
    from django.contrib.auth.models import AnonymousUser

    return AnonymousUser()


def test_members_only_lists_count_only_for_members(two_evenings, players, django_user_model):
    club, _first, _second = two_evenings
    club.members_only = True
    club.save()
    anna = players[0]
    assert player_statistics(player=anna, reader=anna_reader()).stats.games == 0
    staff = django_user_model.objects.create_user("st", password="pw", is_staff=True)
    assert player_statistics(player=anna, reader=staff).stats.games == 3


def test_page_shows_figures_in_few_queries(client, two_evenings, players):
    url = reverse("player-statistics", args=[players[2].pk])
    with CaptureQueriesContext(connection) as queries:
        page = client.get(url)
    assert page.status_code == 200
    text = page.content.decode()
    assert 'data-stat="games">3<' in text
    assert 'data-solo="damen"' in text
    assert 'data-stat="pflicht"' in text
    assert "<svg" in text  # the Rundenschnitt over time
    _club, first, second = two_evenings
    for liste in (first, second):  # the recent lists, newest first, with address and date
        assert f'<a href="{reverse("liste-detail", args=[liste.pk])}">' in text
    assert text.index(f'data-liste="{second.pk}"') < text.index(f'data-liste="{first.pk}"')
    assert "<td>04.02.2026</td>" in text
    assert len(queries) < 10
    filtered = client.get(url, {"saison": "x-y", "von": "kaputt", "turnier": "abc"})
    assert filtered.status_code == 200  # unreadable filters are no filters
    assert 'data-stat="games">3<' in filtered.content.decode()


def test_hidden_player_statistics_are_not_public(client, two_evenings, players, django_user_model):
    carla = players[2]
    carla.hide_name = True
    carla.save()
    url = reverse("player-statistics", args=[carla.pk])
    text = client.get(url).content.decode()
    assert "data-stats-hidden" in text
    assert 'data-stat="games"' not in text
    assert carla.name not in text
    account = django_user_model.objects.create_user("carla", password="pw")
    carla.account = account
    carla.save()
    client.force_login(account)
    assert 'data-stat="games">3<' in client.get(url).content.decode()
    # As a partner on another's page she is shown by her alias.
    client.logout()
    other = client.get(reverse("player-statistics", args=[players[3].pk])).content.decode()
    assert carla.name not in other


def test_merge_moves_the_rows_and_renames_the_partners(liste, players, user):
    from league.rankings.services import player_merge

    services.game_record(spielliste=liste, record=normal())
    anna, bernd = players[0], players[1]
    twin = Player.objects.create(name="Bernd B.")
    other = services.spielliste_create(
        title="Zweiter Tisch", players=[anna, twin, players[2], players[3]], created_by=user
    )
    services.game_record(
        spielliste=other,
        record=normal(players=["Anna", "Bernd B.", "Carla", "Dieter"], re=("Anna", "Bernd B.")),
    )
    player_merge(keep=bernd, merge=twin)
    assert not StatLine.objects.filter(player=twin).exists()
    assert StatLine.objects.filter(player=bernd).count() == 2
    rows = StatLine.objects.filter(player=anna, spielliste=other).get()
    assert rows.partners == {str(bernd.pk): [1, 1]}
    view = player_statistics(player=anna, reader=anna_reader())
    assert [(p.player_id, p.games) for p in view.partners] == [(bernd.pk, 2)]


@pytest.mark.django_db
def test_stats_rebuild_missing_fills_lists_from_before_the_rows_existed(liste):
    """A database from before StatLine (upgraded by migrate): ``stats_rebuild --missing``
    (run by make run and the venue at start) builds exactly the lists without rows."""
    from io import StringIO

    from django.core.management import call_command

    from league.lists.models import StatLine
    from league.lists.stats import lists_without_stats

    services.game_record(spielliste=liste, record=normal())
    services.game_record(spielliste=liste, record=solo("Carla"))
    before = sorted(StatLine.objects.filter(spielliste=liste).values_list("player_id", "games"))
    assert before
    StatLine.objects.filter(spielliste=liste).delete()
    assert lists_without_stats() == [liste.pk]
    out = StringIO()
    call_command("stats_rebuild", missing=True, stdout=out)
    assert "1 lists rebuilt" in out.getvalue()
    after = sorted(StatLine.objects.filter(spielliste=liste).values_list("player_id", "games"))
    assert after == before
    assert lists_without_stats() == []


def _run(queries):
    """The queries run, without preparing a statement (PostgreSQL: once a connection,
    ``league.core.prepared``)."""
    return sum(1 for q in queries if not q["sql"].startswith("PREPARE"))


def test_visibility_query_only_when_an_owner_is_members_only(two_evenings, players, user):
    """The reader's closed lists are asked for only among the lists of members-only owners
    (``lists_closed_among``): an open club's regular costs no such query, and a members-only
    club's evening still counts only for its readers (bench/ranking.py --statistics-only)."""
    from league.lists.access import lists_closed_among

    _club, first, second = two_evenings
    anna = players[0]
    with CaptureQueriesContext(connection) as open_queries:
        everything = player_statistics(player=anna, reader=anna_reader())
    assert everything.stats.games == 3
    assert _run(open_queries) == 1  # his rows, their sums and his events in one statement
    closed_club = Club.objects.create(name="Pik-Dame", members_only=True)
    third = _evening_list(closed_club, players, dt.date(2026, 3, 4), user)
    services.game_record(spielliste=third, record=normal())
    with CaptureQueriesContext(connection) as closed_queries:
        view = player_statistics(player=anna, reader=anna_reader())
    # The lists closed to him, then the sums again over the lists kept.
    assert _run(closed_queries) == _run(open_queries) + 2
    assert view.stats.games == 3  # the members-only evening does not count
    assert [i.liste_id for i in view.lists] == [first.pk, second.pk]
    assert lists_closed_among(anna_reader(), [third.pk, first.pk]) == {third.pk}
    with CaptureQueriesContext(connection) as none:
        assert lists_closed_among(anna_reader(), []) == set()
    assert len(none) == 0
    # The figures of the open lists are the same as before the closed one was played.
    assert (view.stats, view.partners) == (everything.stats, everything.partners)


def test_tournament_league_and_free_lists_are_described_and_filtered(two_evenings, players, user):
    """Every kind of list the rows read by key (``_rows``): a tournament round's table, a
    league's Spieltag table and a free list, besides the club evenings."""
    from league.leagues.models import Group, GroupRound, League, Spieltag, SpieltagTable
    from league.tournaments.models import RoundTable, Tournament, TournamentRound

    anna = players[0]  # two_evenings: 3 games at the club
    # Official: counted for every reader (an unvouched one only for him and staff, below).
    tournament = Tournament.objects.create(
        name="Herbstturnier", date=dt.date(2026, 1, 10), official=True
    )
    rnd = TournamentRound.objects.create(tournament=tournament, number=2)
    at_tournament = services.spielliste_create(title="T", players=players, created_by=user)
    RoundTable.objects.create(tournament_round=rnd, number=1, spielliste=at_tournament)
    places_rebuild([at_tournament.pk])  # as the draw writes it
    services.game_record(spielliste=at_tournament, record=normal())
    league = League.objects.create(name="Landesliga", season="2026")
    group = Group.objects.create(
        group_round=GroupRound.objects.create(league=league, number=1), number=1
    )
    spieltag = Spieltag.objects.create(group=group, number=1)
    in_league = services.spielliste_create(title="Runde 1", players=players, created_by=user)
    SpieltagTable.objects.create(
        spieltag=spieltag, round=1, table=1, teams=[1, 1, 2, 2], spielliste=in_league
    )
    places_rebuild([in_league.pk])
    services.game_record(spielliste=in_league, record=normal())
    free = services.spielliste_create(title="Küchentisch", players=players, created_by=user)
    services.game_record(spielliste=free, record=normal())
    view = player_statistics(player=anna, reader=anna_reader())
    assert view.stats.games == 6
    labels = {i.liste_id: i.label for i in view.lists}
    assert labels[at_tournament.pk] == "Herbstturnier, Runde 2"
    assert labels[in_league.pk] == "Landesliga: Runde 1"
    assert labels[free.pk] == "Küchentisch"
    assert [c.label for c in view.choices("turnier")] == ["Herbstturnier (10.01.2026)"]
    assert [c.label for c in view.choices("liga")] == ["Landesliga 2026"]
    only = player_statistics(
        player=anna,
        reader=anna_reader(),
        filters=StatsFilter(facets={"turnier": str(tournament.pk)}),
    )
    assert [i.liste_id for i in only.lists] == [at_tournament.pk]
    in_liga = player_statistics(
        player=anna, reader=anna_reader(), filters=StatsFilter(facets={"liga": str(league.pk)})
    )
    assert [i.liste_id for i in in_liga.lists] == [in_league.pk]
    assert in_liga.stats.games == 1
    # A members-only tournament's list counts only for its readers.
    tournament.members_only = True
    tournament.save()
    places_rebuild([at_tournament.pk])  # as the tournament's settings write it
    hidden = player_statistics(player=anna, reader=anna_reader())
    assert at_tournament.pk not in {i.liste_id for i in hidden.lists}
    assert hidden.stats.games == 5


def test_a_self_made_tournament_counts_publicly_only_once_vouched_for(
    two_evenings, players, django_user_model
):
    """Issue 29: a stranger's unofficial, unapproved tournament with Anna's record in it
    changes neither her public figures nor the choices offered; she and staff see it
    counted; official or approved for the Rangliste, everybody does."""
    from django.contrib.auth.models import AnonymousUser
    from django.utils import timezone

    from league.tournaments.models import RoundTable, Tournament, TournamentRound

    anna = players[0]
    stranger = django_user_model.objects.create_user("fremder", password="pw-secret-123")
    before = player_statistics(player=anna, reader=AnonymousUser())
    made = Tournament.objects.create(name="Eigenbau", date=dt.date(2026, 2, 1))
    made.organisers.add(stranger)
    rnd = TournamentRound.objects.create(tournament=made, number=1)
    liste = services.spielliste_create(title="T", players=players, created_by=stranger)
    RoundTable.objects.create(tournament_round=rnd, number=1, spielliste=liste)
    places_rebuild([liste.pk])
    for _ in range(4):
        services.game_record(spielliste=liste, record=normal())
    for reader in (AnonymousUser(), stranger):
        view = player_statistics(player=anna, reader=reader)
        assert view.stats.games == before.stats.games
        assert view.choices("turnier") == []
        assert all(item.liste_id != liste.pk for item in view.lists)
    own = django_user_model.objects.create_user("anna", password="pw-secret-123")
    anna.account = own
    anna.save()
    staff = django_user_model.objects.create_user("staff", is_staff=True)
    for reader in (own, staff):
        assert player_statistics(player=anna, reader=reader).stats.games == before.stats.games + 4
    made.rating_approved_at = timezone.now()
    made.save()
    places_rebuild([liste.pk])  # as tournament_rating_decide writes it
    assert player_statistics(player=anna, reader=AnonymousUser()).stats.games == (
        before.stats.games + 4
    )
