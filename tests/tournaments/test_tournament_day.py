"""Tournament day: the round clock, added time, dropouts and substitutes, partial redraws,
and every destructive action asking first."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db.models import Sum
from django.urls import reverse

from league.core.errors import ServiceError
from league.lists import services as list_services
from league.lists.models import ScoreLine, Seat
from league.tournaments import services as ts
from league.tournaments.models import Participant
from league.tournaments.selectors import (
    player_rounds,
    round_board,
    round_clock,
    round_repeats,
    standings,
)
from tests.tournaments.helpers import make_tournament, play_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser(client, django_user_model):
    account = django_user_model.objects.create_user("org", password="pw-secret-123")
    client.force_login(account)
    return account


def _round(count=8, **kw):
    t = make_tournament(count, **kw)
    rnd, _ = ts.round_draw(tournament=t, seed=5)
    return t, rnd


def test_the_clock_runs_100_minutes_and_125_at_five_with_added_time():
    _t, rnd = _round(9)  # one 5-player table, one 4-player table
    assert round_clock(rnd) is None
    ts.round_start(tournament_round=rnd)
    with pytest.raises(ServiceError) as exc:
        ts.round_start(tournament_round=rnd)
    assert exc.value.code == "round_already_started"
    rnd.refresh_from_db()
    start = rnd.started_at
    board = {t.liste.table_size: t for t in round_board(tournament_round=rnd)}
    assert board[4].deadline == start + dt.timedelta(minutes=100)
    assert board[5].deadline == start + dt.timedelta(minutes=125)
    liste = board[4].liste
    list_services.spielliste_add_time(spielliste=liste, minutes=7, referee="Wolf")
    with pytest.raises(ServiceError) as exc:
        list_services.spielliste_add_time(spielliste=liste, minutes=5, referee=" ")
    assert exc.value.code == "referee_missing"
    with pytest.raises(ServiceError) as exc:
        list_services.spielliste_add_time(spielliste=liste, minutes=60, referee="Wolf")
    assert exc.value.code == "added_minutes_range"
    board = {t.liste.table_size: t for t in round_board(tournament_round=rnd)}
    assert board[4].deadline == start + dt.timedelta(minutes=107)
    assert board[4].liste.added_by == "Wolf"
    assert 99 <= round_clock(rnd).minutes_left <= 100


def test_unofficial_events_set_their_own_time_official_ones_cannot():
    t = make_tournament(8, round_minutes=90)
    assert t.round_minutes == 90
    with pytest.raises(ServiceError) as exc:
        make_tournament(8, official=True, round_minutes=90)
    assert exc.value.code == "round_minutes_official"


def test_the_clock_shows_on_board_list_and_projector(client, organiser):
    t, rnd = _round()
    t.organisers.add(organiser)
    url = reverse("round-start", args=[t.pk, rnd.number])
    drawn = client.get(reverse("round-board", args=[t.pk, rnd.number])).content.decode()
    assert '<small class="badge">ausgelost</small>' in drawn
    assert client.post(url).status_code == 302
    board = client.get(reverse("round-board", args=[t.pk, rnd.number])).content.decode()
    # issue 29: the clock runs, no game yet: the round runs (not "ausgelost")
    assert '<small class="badge">läuft</small>' in board
    assert "läuft" in client.get(t.get_absolute_url()).content.decode()
    assert "data-round-clock" in board
    assert "data-deadline" in board
    liste = rnd.lists.first()
    page = client.get(liste.get_absolute_url()).content.decode()
    assert ("data-clock" in page and "noch 99 Minuten" in page) or "noch 100 Minuten" in page
    projector = client.get(reverse("projector", args=[t.pk])).content.decode()
    assert "data-deadline" in projector


def test_a_table_that_called_time_counts_down_no_more(client, organiser):
    """issue 29: "noch 91 Minuten" stood above "Zeit abgelaufen — Spiel 1 läuft noch", and
    the board kept counting down at that table."""
    t, rnd = _round()
    t.organisers.add(organiser)
    client.post(reverse("round-start", args=[t.pk, rnd.number]))
    called, other = rnd.lists.order_by("round_table__number")[:2]
    list_services.spielliste_call_time(spielliste=called, game_in_progress=True)
    page = client.get(called.get_absolute_url()).content.decode()
    assert "Zeit abgelaufen — Spiel 1 läuft noch" in page
    clock = page.split("data-clock>", 1)[1].split("</p>", 1)[0]
    assert "noch " not in clock
    assert "data-deadline" not in clock
    assert "data-time-called" in clock
    assert "Zeit um" in clock
    board = client.get(reverse("round-board", args=[t.pk, rnd.number])).content.decode()
    rows = {
        n: board.split(f'<tr data-table="{n}">', 1)[1].split("</tr>", 1)[0]
        for n in (called.round_table.number, other.round_table.number)
    }
    assert "data-time-called" in rows[called.round_table.number]
    assert "data-deadline" not in rows[called.round_table.number]
    assert "data-deadline" in rows[other.round_table.number]  # still playing: counts down


def test_round_wide_actions_ask_first_and_act_only_when_confirmed(client, organiser):
    t, rnd = _round()
    t.organisers.add(organiser)
    play_round(rnd)
    before = (rnd.seed, rnd.status, rnd.time_called, list(rnd.lists.values_list("pk", "version")))
    for name in ("round-close", "round-redraw", "round-time"):
        url = reverse(name, args=[t.pk, rnd.number])
        response = client.post(url)
        assert response.status_code == 200
        assert b"data-confirm-step" in response.content
        assert f'action="{url}"'.encode() in response.content  # "Ja" posts to the action
        assert b'name="confirmed" value="1"' in response.content
    rnd.refresh_from_db()
    after = (rnd.seed, rnd.status, rnd.time_called, list(rnd.lists.values_list("pk", "version")))
    assert after == before  # asking wrote nothing
    close = reverse("round-close", args=[t.pk, rnd.number])
    assert client.post(close, {"confirmed": "1"}).status_code == 302
    rnd.refresh_from_db()
    assert rnd.closed
    reopen = reverse("round-reopen", args=[t.pk, rnd.number])
    assert b"data-confirm-step" in client.post(reopen).content
    rnd.refresh_from_db()
    assert rnd.closed


def test_delete_last_game_asks_first(client, organiser):
    t, rnd = _round()
    t.organisers.add(organiser)
    play_round(rnd, stop=2)
    liste = rnd.lists.first()
    url = reverse("game-delete-last", args=[liste.pk])
    response = client.post(url, {"version": liste.version})
    assert response.status_code == 200
    assert b"data-confirm-step" in response.content
    liste.refresh_from_db()
    assert liste.games_played == 2
    client.post(url, {"version": liste.version, "confirmed": "1"})
    liste.refresh_from_db()
    assert liste.games_played == 1


def test_a_substitute_plays_the_seat_to_the_end_and_is_credited_his_games():
    t, rnd = _round()
    play_round(rnd, stop=10)
    liste = rnd.lists.first()
    seat = liste.seats.get(position=2)
    sub = ts.participant_add(tournament=t, name="Ersatz Erna").player
    list_services.seat_substitute(spielliste=liste, position=2, player=sub, from_game=11)
    with pytest.raises(ServiceError) as exc:
        list_services.seat_substitute(spielliste=liste, position=2, player=sub, from_game=11)
    assert exc.value.code == "substitute_at_table"
    play_round(rnd)
    liste.refresh_from_db()
    assert liste.complete
    assert liste.games_played == 24
    lines = ScoreLine.objects.filter(spielliste=liste)
    before = lines.filter(player=seat.player).aggregate(s=Sum("points"))["s"] or 0
    after = lines.filter(player=sub).aggregate(s=Sum("points"))["s"] or 0
    from league.lists.selectors import spielliste_snapshot

    state = spielliste_snapshot(pk=liste.pk).state
    assert before + after == state.totals[seat.name]
    credited_games = set(lines.filter(player=sub).values_list("game__number", flat=True))
    assert min(credited_games) >= 11
    his_games = set(lines.filter(player=seat.player).values_list("game__number", flat=True))
    assert max(his_games) <= 10  # the substituted player is credited none of them
    assert len(credited_games | his_games) == len(credited_games) + len(his_games)
    assert lines.aggregate(s=Sum("points"))["s"] == 0


def test_a_list_ended_early_counts_and_lets_the_round_close():
    from tests.api.conftest import play

    _t, rnd = _round()
    play_round(rnd, stop=6)
    first, second = list(rnd.lists)
    list_services.spielliste_end_early(spielliste=first)
    first.refresh_from_db()
    assert first.complete
    assert first.ended_early
    with pytest.raises(ServiceError) as exc:
        play(first)
    assert exc.value.code == "list_ended_early"
    with pytest.raises(ServiceError) as exc:
        ts.round_close(tournament_round=rnd)  # the other table still plays
    assert exc.value.code == "round_incomplete"
    play(second)
    ts.round_close(tournament_round=rnd)  # the list ended early does not hold it up
    rnd.refresh_from_db()
    assert rnd.closed
    # Its six games count in the standings as they stand.
    counted = {r.name: r.total for r in standings(tournament=rnd.tournament).rows}
    lines = ScoreLine.objects.filter(spielliste=first).values_list("player__name")
    for name, points in lines.annotate(s=Sum("points")):
        assert counted[name] == points
    assert first.games_played == 6


def test_redraw_keeps_started_tables_and_redraws_the_others():
    t = make_tournament(12)
    rnd, _ = ts.round_draw(tournament=t, seed=5)
    first = rnd.lists.get(round_table__number=1)
    play_round(rnd, stop=1)  # every table started
    with pytest.raises(ServiceError) as exc:
        ts.round_redraw(tournament_round=rnd)
    assert exc.value.code == "round_started"
    # A fresh round where only table 1 started.
    t2 = make_tournament(12)
    rnd2, _ = ts.round_draw(tournament=t2, seed=5)
    first = rnd2.lists.get(round_table__number=1)
    from tests.api.conftest import play

    play(first, games=2)
    kept = set(first.seats.values_list("player_id", flat=True))
    leaving = Participant.objects.filter(tournament=t2).exclude(player_id__in=kept).first()
    ts.participant_set_withdrawn(participant=leaving, withdrawn=True)
    for name in ("Neu Eins", "Neu Zwei", "Neu Drei", "Neu Vier", "Neu Fuenf"):
        ts.participant_add(tournament=t2, name=name)
    ts.round_redraw(tournament_round=rnd2, seed=9)
    rnd2.refresh_from_db()
    numbers = sorted(rnd2.tables.values_list("number", flat=True))
    assert numbers == [1, 2, 3, 4]
    assert rnd2.lists.get(round_table__number=1).pk == first.pk
    seated = list(
        Seat.objects.filter(spielliste__round_table__tournament_round=rnd2).values_list(
            "player_id", flat=True
        )
    )
    assert len(seated) == len(set(seated)) == 16
    assert leaving.player_id not in seated


def test_withdrawing_a_seated_player_asks_and_leads_to_his_table(client, organiser):
    t, rnd = _round()
    t.organisers.add(organiser)
    play_round(rnd, stop=3)
    liste = rnd.lists.first()
    participant = Participant.objects.get(tournament=t, player=liste.seats.first().player)
    url = reverse("participant-toggle", args=[t.pk, participant.pk])
    response = client.post(url)
    assert response.status_code == 200
    assert b"Ersatzspieler" in response.content
    participant.refresh_from_db()
    assert not participant.withdrawn
    response = client.post(url, {"confirmed": "1"})
    assert response["Location"] == liste.get_absolute_url()
    participant.refresh_from_db()
    assert participant.withdrawn


def test_official_event_below_a_multiple_of_four_is_told_its_options(client, organiser):
    t = make_tournament(10, official=True)
    t.organisers.add(organiser)
    ts.participant_set_withdrawn(participant=t.participants.first(), withdrawn=True)
    page = client.get(t.get_absolute_url()).content.decode()
    assert "data-official-short" in page
    assert "Für Vierertische fehlen 3 Spieler." in page
    url = reverse("tournament-unofficial", args=[t.pk])
    assert b"data-confirm-step" in client.post(url).content
    client.post(url, {"confirmed": "1"})
    t.refresh_from_db()
    assert not t.official
    _rnd, warnings = ts.round_draw(tournament=t, seed=1)
    assert warnings == ()  # unofficial now: 5-player tables warn no more
    page = client.get(reverse("tournament-participants", args=[t.pk])).content.decode()
    assert "nur bei inoffiziellen Turnieren" not in page
    assert "data-five-tables" in page


def test_the_board_names_who_meets_whom_again():
    t = make_tournament(8)
    rnd1, _ = ts.round_draw(tournament=t, seed=1)
    play_round(rnd1)
    ts.round_close(tournament_round=rnd1)
    rnd2, _ = ts.round_draw(tournament=t, seed=2)  # 8 players: repeats are unavoidable
    repeats = round_repeats(tournament_round=rnd2)
    assert repeats
    assert sum(r.times for r in repeats) >= rnd2.repeat_meetings > 0
    assert all(r.table in (1, 2) for r in repeats)


def test_a_retried_save_with_the_same_key_is_done_once(client):
    _t, rnd = _round()
    liste = rnd.lists.first()
    phone = client
    phone.get(reverse("table-code-open", args=[liste.code]))
    data = {
        "version": liste.version,
        "key": "k-123",
        "kind": "normal",
        "re": ["0", "1"],
        "re_augen": "130",
        "ann_re": "none",
        "ann_kontra": "none",
    }
    first = phone.post(reverse("game-add", args=[liste.pk]), data)
    assert first.status_code == 302, first.content.decode()[:2000]
    again = phone.post(reverse("game-add", args=[liste.pk]), data)  # same key, stale version
    assert again.status_code == 302
    liste.refresh_from_db()
    assert liste.games_played == 1
    assert liste.games.count() == 1


def test_the_entry_form_keeps_its_input_after_a_conflict(client):
    _t, rnd = _round()
    liste = rnd.lists.first()
    client.get(reverse("table-code-open", args=[liste.code]))
    data = {
        "version": liste.version + 5,
        "key": "k-9",
        "kind": "normal",
        "re": ["0", "1"],
        "re_augen": "187",
        "ann_re": "none",
        "ann_kontra": "none",
    }
    response = client.post(reverse("game-add", args=[liste.pk]), data)
    assert response.status_code == 422
    assert 'value="187"' in response.content.decode()
    liste.refresh_from_db()  # nothing written
    assert liste.games_played == 0


def test_each_side_of_a_substituted_seat_sees_his_own_part_on_his_player_page(client):
    """The player's page ends before the substitute's first game; the substitute's page
    shows the table he took over from that game on; their points add up to the seat's,
    and each page's points match his score lines (the standings)."""
    t, rnd = _round()
    play_round(rnd, stop=10)
    liste = rnd.lists.first()
    seat = liste.seats.get(position=2)
    erna = ts.participant_add(tournament=t, name="Ersatz Erna")
    list_services.seat_substitute(spielliste=liste, position=2, player=erna.player, from_game=11)
    play_round(rnd)
    original = t.participants.get(player=seat.player)
    mine = player_rounds(tournament=t, participant=original)
    hers = player_rounds(tournament=t, participant=erna)
    assert [r.until_game for r in mine] == [10]
    assert [(r.table_number, r.from_game) for r in hers] == [(1, 11)]
    assert max(row.game for row in mine[0].rows) <= 10
    assert min(row.game for row in hers[0].rows) >= 11
    lines = ScoreLine.objects.filter(spielliste=liste)
    for participant, rounds in ((original, mine), (erna, hers)):
        credited = lines.filter(player=participant.player).aggregate(s=Sum("points"))["s"] or 0
        assert rounds[0].points == credited
        assert rounds[0].rows[-1].total == credited if rounds[0].rows else credited == 0
    page = client.get(reverse("tournament-player", args=[t.pk, erna.pk])).content.decode()
    assert "data-substitute" in page
    assert f"Tisch {rnd.lists.first().round_table.number}" in page


@pytest.mark.django_db
def test_projector_seats_without_a_drawn_round_say_so(client):
    """``?ansicht=tische`` before the next draw: the screen says that no round is drawn
    instead of silently showing the standings."""
    t = make_tournament(8)
    url = reverse("projector", args=[t.pk])
    html = client.get(url, {"ansicht": "tische"}).content.decode()
    assert "data-no-draw" in html
    assert "keine Runde ausgelost" in html
    assert 'data-screen="tische"' not in html
    ts.round_draw(tournament=t, seed=1)
    drawn = client.get(url, {"ansicht": "tische"}).content.decode()
    assert "data-no-draw" not in drawn
    assert 'data-screen="tische"' in drawn
    assert "data-no-draw" not in client.get(url).content.decode()  # standings only: no notice


@pytest.mark.django_db
def test_projector_and_participants_table_have_their_landmarks_and_labels(client, organiser):
    """Issue 29 (axe): the projector names the event in an h1 and holds its screens in
    <main>, each screen labelled; the participants table's action column has a header."""
    t = make_tournament(8, user=organiser)
    ts.round_draw(tournament=t, seed=1)
    projector = client.get(reverse("projector", args=[t.pk]), {"ansicht": "tische"})
    html = projector.content.decode()
    assert f"<h1>{t.name}</h1>" in html
    assert "<main>" in html
    assert 'data-screen="tische" aria-label=' in html
    client.force_login(organiser)
    page = client.get(reverse("tournament-participants", args=[t.pk])).content.decode()
    assert "<th></th>" not in page
    assert '<span class="visually-hidden">Aktionen</span>' in page
