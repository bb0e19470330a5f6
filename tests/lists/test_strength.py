"""The Spielstärke on the site (rating.md): every rated owner moves the figures, unrated lists
do not, a correction of an old list changes the later figures exactly as a rebuild would."""

from __future__ import annotations

import datetime as dt
import io
import random

import pytest

from league.clubs.models import Club, Player
from league.evenings import services as evening_services
from league.leagues import services as league_services
from league.lists import services
from league.lists.models import PlayerRating, RatingStep, Spielliste
from league.lists.selectors import spielliste_snapshot
from league.lists.strength import at_table, rated_among, rating_rebuild
from league.tournaments import services as ts
from league.tournaments.services import PaperTable
from scoring.rating import NEWCOMER, RatedList, rate
from scoring.rules import PRESETS
from scoring.simulate import next_random_game
from tests.leagues.helpers import first_spieltag, make_league, play_paper, set_lineups
from tests.tournaments.helpers import make_tournament, play_round

pytestmark = pytest.mark.django_db


def _play_out(liste: Spielliste, seed: int = 3, stop: int | None = None) -> None:
    rng = random.Random(seed)
    state = spielliste_snapshot(pk=liste.pk).state
    while state.next_game is not None and (stop is None or state.games_played < stop):
        state = services.game_record(
            spielliste=liste, record=next_random_game(rng, state)
        ).snapshot.state


def _figures() -> dict[int, tuple[float, float, int, int]]:
    return {
        r.player_id: (round(r.mu, 9), round(r.sigma, 9), r.lists, r.rating)
        for r in PlayerRating.objects.all()
    }


def _steps() -> list[tuple[int, int, float, float, int]]:
    return sorted(
        (s.spielliste_id, s.player_id, round(s.mu, 9), round(s.sigma, 9), s.lists)
        for s in RatingStep.objects.all()
    )


def _expected_from_lists(lists: list[Spielliste]) -> dict[int, tuple[float, float, int]]:
    """The engine over these lists, totals from the score lines (rating.md read directly)."""
    rated = []
    for liste in lists:
        totals = []
        for seat in liste.seats.order_by("position"):
            points = sum(line.points for line in liste.lines.filter(player=seat.player))
            totals.append((seat.player_id, points))
        rated.append(RatedList(f"{liste.pk:012d}", dt.date(2026, 1, 1), tuple(totals)))
    ratings, _ = rate(rated)
    return {p: (round(s.mu, 9), round(s.sigma, 9), s.lists) for p, s in ratings.skills.items()}


def test_a_tournament_round_from_phones_moves_every_player(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        t = make_tournament(8, rounds=1)
        rnd, _ = ts.round_draw(tournament=t, seed=5)
        play_round(rnd)
    lists = list(rnd.lists.all())
    assert rated_among(li.pk for li in lists) == {li.pk for li in lists}
    figures = _figures()
    assert len(figures) == 8
    expected = _expected_from_lists(lists)
    assert {p: f[:3] for p, f in figures.items()} == expected
    assert all(f[2] == 1 for f in figures.values())
    assert any(f[3] != 1000 for f in figures.values())


def test_a_round_from_paper_counts(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        t = make_tournament(8, rounds=1)
        rnd, _ = ts.round_draw(tournament=t, seed=5)
        ts.round_paper_results(
            tournament_round=rnd,
            entry=1,
            tables=[
                PaperTable(1, {1: 30, 2: -10, 3: -5, 4: -15}),
                PaperTable(2, {1: 12, 2: 12, 3: -12, 4: -12}),
            ],
        )
    first = rnd.lists.get(round_table__number=1)
    winner = first.seats.get(position=1).player_id
    loser = first.seats.get(position=4).player_id
    figures = _figures()
    assert len(figures) == 8
    assert figures[winner][0] > 25 > figures[loser][0]
    two = rnd.lists.get(round_table__number=2)
    a, b = (s.player_id for s in two.seats.order_by("position")[:2])
    assert figures[a][:2] == figures[b][:2]  # equal totals share a rank


def test_a_league_spieltag_counts(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        league = make_league(4, rounds=1)
        spieltag = first_spieltag(league)
        set_lineups(spieltag)
        league_services.spieltag_start(spieltag=spieltag)
        play_paper(spieltag)
    assert PlayerRating.objects.count() >= 8
    assert RatingStep.objects.exclude(rating=1000).exists()


def _evening(club: Club, day: dt.date, names: list[str]) -> Spielliste:
    evening = evening_services.club_evening_create(club=club, date=day, tables=[names])
    return evening.tables.get().spielliste


@pytest.mark.parametrize("opted_in", [True, False])
def test_a_club_evening_counts_only_when_the_club_switched_it_on(
    opted_in, django_capture_on_commit_callbacks
):
    club = Club.objects.create(name="Doko-Freunde", rating_evenings=opted_in)
    with django_capture_on_commit_callbacks(execute=True):
        liste = _evening(club, dt.date(2026, 10, 1), ["A", "B", "C", "D"])
        _play_out(liste)
    assert PlayerRating.objects.exists() is opted_in


def test_switching_the_club_setting_on_rates_its_past_evenings(
    django_capture_on_commit_callbacks,
):
    club = Club.objects.create(name="Doko-Freunde")
    with django_capture_on_commit_callbacks(execute=True):
        liste = _evening(club, dt.date(2026, 10, 1), ["A", "B", "C", "D"])
        _play_out(liste)
    assert not PlayerRating.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        evening_services.club_set_rating_evenings(club=club, on=True)
    assert PlayerRating.objects.count() == 4
    with django_capture_on_commit_callbacks(execute=True):
        evening_services.club_set_rating_evenings(club=club, on=False)
    assert not PlayerRating.objects.exists()
    assert not RatingStep.objects.exists()


def test_an_evening_by_house_rules_is_not_rated(django_capture_on_commit_callbacks):
    club = Club.objects.create(name="Doko-Freunde", rating_evenings=True)
    club.rules = {"preset": "verein-002"}
    from league.clubs import services as club_services

    club_services.club_set_rules(club=club, profile=PRESETS["verein-002"])
    club.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        liste = _evening(club, dt.date(2026, 10, 1), ["A", "B", "C", "D"])
        _play_out(liste, stop=8)  # its number of games is open: it ends when closed
    Spielliste.objects.filter(pk=liste.pk).update(complete=True)  # as if closed
    assert liste.pk not in rated_among([liste.pk])
    assert not PlayerRating.objects.exists()


def _free_list(names: list[str]) -> Spielliste:
    players = [Player.objects.create(name=n) for n in names]
    return services.spielliste_create(title="Freie Liste", players=players)


def test_unrated_lists_move_nothing(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        free = _free_list(["F1", "F2", "F3", "F4"])
        _play_out(free)
        # an unfinished tournament list, and one with a substitute
        t = make_tournament(8, rounds=1)
        rnd, _ = ts.round_draw(tournament=t, seed=5)
        unfinished, substituted = list(rnd.lists.all())
        _play_out(unfinished, stop=5)
        _play_out(substituted, stop=3)
        services.seat_substitute(
            spielliste=substituted, position=2, player=Player.objects.create(name="Ersatz")
        )
        _play_out(substituted)
    substituted.refresh_from_db()
    assert substituted.complete
    assert rated_among([free.pk, unfinished.pk, substituted.pk]) == set()
    assert not PlayerRating.objects.exists()
    assert not RatingStep.objects.exists()


def test_ended_early_counts_with_12_games_only(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        t = make_tournament(8, rounds=1)
        rnd, _ = ts.round_draw(tournament=t, seed=5)
        short, long = list(rnd.lists.all())
        _play_out(short, stop=6)
        _play_out(long, stop=12)
        for liste in (short, long):
            services.spielliste_end_early(spielliste=liste)
    assert rated_among([short.pk, long.pk]) == {long.pk}
    assert RatingStep.objects.filter(spielliste=long).count() == 4
    assert not RatingStep.objects.filter(spielliste=short).exists()


def test_a_correction_of_an_old_list_changes_later_figures_as_a_rebuild_would(
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True):
        first = make_tournament(8, rounds=1)
        rnd1, _ = ts.round_draw(tournament=first, seed=5)
        tables = [
            PaperTable(1, {1: 30, 2: -10, 3: -5, 4: -15}),
            PaperTable(2, {1: 4, 2: -4, 3: 2, 4: -2}),
        ]
        ts.round_paper_results(tournament_round=rnd1, entry=1, tables=tables)
        second = ts.tournament_create(name="Später", date=dt.date(2026, 11, 28), rounds_planned=1)
        for i, participant in enumerate(first.participants.select_related("player")):
            Player.objects.filter(pk=participant.player_id).update(ddv_number=str(7000 + i))
            ts.participant_add(
                tournament=second, name=participant.player.name, ddv_number=str(7000 + i)
            )
        rnd2, _ = ts.round_draw(tournament=second, seed=9)
        play_round(rnd2, seed=12)
    later_before = {s.player_id: s.mu for s in RatingStep.objects.filter(day=second.date)}
    assert len(later_before) == 8
    assert PlayerRating.objects.filter(lists=2).count() == 8  # the same people
    # the first table's paper list was typed the wrong way round
    corrected = [PaperTable(1, {1: -15, 2: -5, 3: -10, 4: 30}), tables[1]]
    with django_capture_on_commit_callbacks(execute=True):
        ts.round_paper_results(tournament_round=rnd1, entry=1, tables=corrected)
    after_correction = (_steps(), _figures())
    later_after = {s.player_id: s.mu for s in RatingStep.objects.filter(day=second.date)}
    assert later_after != later_before
    rating_rebuild()
    assert (_steps(), _figures()) == after_correction
    # a cleared paper result: the list is no longer rated, the later figures follow
    with django_capture_on_commit_callbacks(execute=True):
        services.paper_result_clear(spielliste=rnd1.lists.get(round_table__number=1))
    assert RatingStep.objects.filter(day=first.date).count() == 4
    cleared = (_steps(), _figures())
    rating_rebuild()
    assert (_steps(), _figures()) == cleared


def test_at_table_shows_the_figure_brought_and_an_expected_placing(
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True):
        t = make_tournament(8, rounds=2)
        rnd, _ = ts.round_draw(tournament=t, seed=5)
        play_round(rnd)
    liste = rnd.lists.first()
    assert liste is not None
    seats = list(liste.seats.order_by("position"))
    brought = at_table(liste, seats)
    assert [a.rating for a in brought] == [NEWCOMER.rating] * 4  # all newcomers before
    assert sorted(a.expected_rank for a in brought) == [1, 1, 1, 1]
    # an even table: no placing to show (not everyone "1.")
    assert all(a.even and a.placing == "" for a in brought)
    now = {r.player_id: r.rating for r in PlayerRating.objects.all()}
    free = _free_list(["X1", "X2", "X3", "X4"])
    assert [a.rating for a in at_table(free, list(free.seats.all()))] == [1000] * 4
    # a list not rated yet shows the current figures
    ts.round_close(tournament_round=rnd)
    rnd2, _ = ts.round_draw(tournament=t, seed=6)
    nxt = rnd2.lists.first()
    assert nxt is not None
    shown = at_table(nxt, list(nxt.seats.order_by("position")))
    assert [a.rating for a in shown] == [now[a.player_id] for a in shown]


def test_seats_the_model_cannot_tell_apart_share_their_placing():
    free = _free_list(["Stark", "Neu1", "Neu2", "Schwach"])
    strong, _one, _two, weak = (s.player_id for s in free.seats.order_by("position"))
    PlayerRating.objects.create(
        player_id=strong, mu=32.0, sigma=3.0, lists=40, rating=1920, day=dt.date(2026, 1, 1)
    )
    PlayerRating.objects.create(
        player_id=weak, mu=20.0, sigma=3.0, lists=40, rating=1440, day=dt.date(2026, 1, 1)
    )
    shown = at_table(free, list(free.seats.order_by("position")))
    assert [a.placing for a in shown] == ["1.", "2.–3.", "2.–3.", "4."]
    assert not any(a.even for a in shown)
    # the figure is cautious (μ − 3σ): a newcomer shows 1000 but is expected ahead of 1440
    assert shown[1].rating == 1000 < shown[3].rating


def _two_tournaments(django_capture_on_commit_callbacks):
    """The same eight players in an earlier and a later tournament, played on phones."""
    with django_capture_on_commit_callbacks(execute=True):
        first = make_tournament(8, rounds=1)
        rnd1, _ = ts.round_draw(tournament=first, seed=5)
        play_round(rnd1, seed=2)
        second = ts.tournament_create(name="Später", date=dt.date(2026, 11, 28), rounds_planned=1)
        for i, participant in enumerate(first.participants.select_related("player")):
            Player.objects.filter(pk=participant.player_id).update(ddv_number=str(8000 + i))
            ts.participant_add(
                tournament=second, name=participant.player.name, ddv_number=str(8000 + i)
            )
        rnd2, _ = ts.round_draw(tournament=second, seed=9)
        play_round(rnd2, seed=12)
    assert PlayerRating.objects.filter(lists=2).count() == 8
    return rnd1.lists.order_by("round_table__number").first()


def _as_rebuilt() -> tuple[list, dict]:
    """The figures as they stand, after checking a whole rebuild gives exactly them."""
    now = (_steps(), _figures())
    rating_rebuild()
    assert (_steps(), _figures()) == now
    return now


def test_a_game_corrected_in_an_old_phone_list_changes_later_figures_as_a_rebuild_would(
    django_capture_on_commit_callbacks,
):
    """The matrix's last row for a list played on phones: its last game taken back (the
    list no longer over: not rated) and typed again (rated again, the same figures)."""
    old = _two_tournaments(django_capture_on_commit_callbacks)
    before = _as_rebuilt()
    snap = spielliste_snapshot(pk=old.pk)
    names = {seat.position: seat.name for seat in snap.seats}
    last = old.games.order_by("number").last()
    record = last.to_record(names)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_delete(spielliste=old, number=last.number)
    reopened = _as_rebuilt()
    assert reopened != before
    at_old_table = {s.player_id for s in old.seats.all()}
    assert {p for p, f in reopened[1].items() if f[2] == 1} == at_old_table  # one list less
    assert not RatingStep.objects.filter(spielliste=old).exists()
    with django_capture_on_commit_callbacks(execute=True):
        services.game_record(spielliste=old, record=record)
    assert _as_rebuilt() == before


def test_a_correction_far_back_is_left_to_the_scheduler_and_made_as_a_rebuild_would(
    django_capture_on_commit_callbacks, monkeypatch
):
    """More rated lists after the changed date than a save may wait for: the figures stay
    as they were until ``rating_rebuild --pending``, which makes them as a whole rebuild."""
    from django.core.management import call_command

    from league.lists import strength
    from league.lists.models import RatingPending

    old = _two_tournaments(django_capture_on_commit_callbacks)
    before = (_steps(), _figures())
    monkeypatch.setattr(strength, "INLINE_LISTS", 1)
    last = old.games.order_by("number").last()
    with django_capture_on_commit_callbacks(execute=True):
        services.game_delete(spielliste=old, number=last.number)
    assert RatingPending.objects.get().day == dt.date(2026, 11, 21)
    assert (_steps(), _figures()) == before  # not yet
    call_command("rating_rebuild", pending=True, stdout=io.StringIO())
    assert not RatingPending.objects.exists()
    made = (_steps(), _figures())
    assert made != before
    assert _as_rebuilt() == made
    out = io.StringIO()
    call_command("rating_rebuild", pending=True, stdout=out)
    assert "nothing pending" in out.getvalue()
