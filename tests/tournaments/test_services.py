from collections import Counter

import pytest
from django.db.models import Sum

from league.core.errors import ServiceError
from league.lists import services
from league.lists.models import ScoreLine, Seat
from league.tournaments import services as ts
from league.tournaments.models import Participant, TournamentRound
from league.tournaments.selectors import round_started, standings
from tests.tournaments.helpers import make_tournament, play_round


@pytest.mark.django_db
def test_draw_creates_a_list_per_table_with_everyone_once():
    t = make_tournament(16)
    rnd, warnings = ts.round_draw(tournament=t, seed=1)
    assert warnings == ()
    lists = list(rnd.lists)
    assert [li.round_table.number for li in lists] == [1, 2, 3, 4]
    seated = Counter(
        Seat.objects.filter(spielliste__round_table__tournament_round=rnd).values_list(
            "player_id", flat=True
        )
    )
    assert sorted(seated.values()) == [1] * 16
    assert all(li.listenfuehrer_position == 4 for li in lists)


@pytest.mark.django_db
def test_next_round_only_after_closing_and_avoids_repeats():
    t = make_tournament(16)
    rnd1, _ = ts.round_draw(tournament=t, seed=1)
    with pytest.raises(ServiceError) as exc:
        ts.round_draw(tournament=t, seed=2)
    assert exc.value.code == "round_open"
    play_round(rnd1)
    ts.round_close(tournament_round=rnd1)
    rnd2, _ = ts.round_draw(tournament=t, seed=2)
    assert rnd2.repeat_meetings == 0


@pytest.mark.django_db
def test_close_refused_while_tables_play_and_call_time():
    t = make_tournament(8)
    rnd, _ = ts.round_draw(tournament=t, seed=3)
    play_round(rnd, stop=5)
    rnd.refresh_from_db()
    assert not rnd.closed
    assert round_started(tournament_round=rnd)
    with pytest.raises(ServiceError) as exc:
        ts.round_close(tournament_round=rnd)
    assert "Tisch 1, 2" in exc.value.message
    assert ts.round_call_time(tournament_round=rnd) == 2
    for liste in rnd.lists.all():
        assert liste.time_up_after == 6  # round.md: each table has a game in progress
    play_round(rnd, seed=9)  # the game in progress, then the owed Pflichtsoli
    ts.round_close(tournament_round=rnd)
    rnd.refresh_from_db()
    assert rnd.status == TournamentRound.Status.CLOSED
    with pytest.raises(ServiceError) as exc:
        services.game_delete_last(spielliste=rnd.lists.first())
    assert exc.value.code == "round_closed"


@pytest.mark.django_db
def test_withdrawal_and_late_arrival_by_redrawing_an_unstarted_round():
    t = make_tournament(16)
    rnd, _ = ts.round_draw(tournament=t, seed=1)
    gone = Participant.objects.filter(tournament=t).first()
    ts.participant_set_withdrawn(participant=gone, withdrawn=True)
    ts.participant_add(tournament=t, name="Spät Kommer")
    rnd, _ = ts.round_redraw(tournament_round=rnd, seed=5)
    players = set(
        Seat.objects.filter(spielliste__round_table__tournament_round=rnd).values_list(
            "player__name", flat=True
        )
    )
    assert "Spät Kommer" in players
    assert gone.player.name not in players
    assert rnd.lists.count() == 4
    play_round(rnd, stop=1)
    with pytest.raises(ServiceError) as exc:
        ts.round_redraw(tournament_round=rnd)
    assert exc.value.code == "round_started"


@pytest.mark.django_db
def test_five_player_tables_are_no_warning_unofficially_and_official_events_refuse():
    t = make_tournament(13)
    rnd, warnings = ts.round_draw(tournament=t, seed=1)
    assert sorted(li.table_size for li in rnd.lists.all()) == [4, 4, 5]
    assert warnings == ()  # an unofficial event plays 5-player tables by choice
    official = make_tournament(13, official=True)
    with pytest.raises(ServiceError) as exc:
        ts.round_draw(tournament=official, seed=1)
    assert exc.value.code == "official_needs_fours"
    assert not official.rounds.exists()


@pytest.mark.django_db
def test_standings_sum_all_rounds_and_match_the_lists():
    t = make_tournament(8, rounds=2)
    for n in (1, 2):
        rnd, _ = ts.round_draw(tournament=t, seed=n)
        play_round(rnd, seed=n)
        ts.round_close(tournament_round=rnd)
    result = standings(tournament=t)
    assert result.final
    totals = dict(ScoreLine.objects.values_list("player__name").annotate(s=Sum("points")))
    assert {r.name: r.total for r in result.rows} == totals
    assert all(r.rounds_played == 2 for r in result.rows)
    assert [r.total for r in result.rows] == sorted((r.total for r in result.rows), reverse=True)
    assert sum(r.total for r in result.rows) == 0


@pytest.mark.django_db
def test_provisional_standings_include_the_running_round_only_on_request():
    t = make_tournament(8)
    rnd, _ = ts.round_draw(tournament=t, seed=1)
    play_round(rnd, stop=6)
    assert standings(tournament=t).rounds == 0
    prov = standings(tournament=t, provisional=True)
    assert prov.provisional
    assert prov.rounds == 1
    assert any(r.total for r in prov.rows)


@pytest.mark.django_db
def test_seeded_draw_puts_leaders_together():
    t = make_tournament(8, rounds=2)
    rnd, _ = ts.round_draw(tournament=t, seed=1)
    play_round(rnd)
    ts.round_close(tournament_round=rnd)
    top4 = {r.name for r in standings(tournament=t).rows[:4]}
    rnd2, _ = ts.round_draw(tournament=t, seeded=True, seed=2)
    first = rnd2.lists.get(round_table__number=1)
    assert {s.player.name for s in first.seats.all()} == top4


@pytest.mark.django_db
def test_duplicate_registration_is_refused():
    t = make_tournament(4)
    ts.participant_add(tournament=t, name="Eva", ddv_number="777")
    with pytest.raises(ServiceError) as exc:
        ts.participant_add(tournament=t, name="Eva E.", ddv_number="777")
    assert exc.value.code == "already_registered"


@pytest.mark.django_db
def test_a_bulk_import_starts_the_round_like_a_single_game():
    import random

    from scoring.simulate import random_round

    t = make_tournament(8)
    rnd, _ = ts.round_draw(tournament=t, seed=1)
    liste = rnd.lists.first()
    seats = [s.player.name for s in liste.seats.order_by("position")]
    assert (
        services.games_import(
            spielliste=liste, records=random_round(random.Random(3), seats, games=4)
        )
        == 4
    )
    rnd.refresh_from_db()
    assert not rnd.closed
    assert round_started(tournament_round=rnd)


@pytest.mark.django_db
def test_tied_participants_are_listed_by_name_not_by_id():
    import datetime as dt

    t = ts.tournament_create(name="T", date=dt.date(2026, 11, 21))
    names = [f"Spieler {chr(ord('Z') - i)}" for i in range(12)]  # ids ascend, names descend
    for name in names:
        ts.participant_add(tournament=t, name=name)
    rows = standings(tournament=t).rows
    assert [r.name for r in rows] == sorted(names)
    assert {r.rank for r in rows} == {1}
