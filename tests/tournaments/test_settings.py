"""The organiser's settings page (issue 29, major 4): what may change when, each change a
history entry, each refusal a code with nothing written."""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import translation

from league.core.errors import ServiceError
from league.core.models import AuditEntry
from league.tournaments import services as ts
from league.tournaments.models import Tournament
from league.tournaments.selectors import standings
from league.tournaments.services import PaperTable, TournamentSettings
from tests.tournaments.helpers import make_tournament, play_round

pytestmark = pytest.mark.django_db


def _state(t: Tournament) -> tuple[object, ...]:
    fresh = Tournament.objects.get(pk=t.pk)
    entries = AuditEntry.objects.filter(target="tournaments.tournament", target_id=t.pk)
    return TournamentSettings.of(fresh), entries.count()


def _change(t: Tournament, **kw: Any) -> list[str]:
    fresh = Tournament.objects.get(pk=t.pk)
    settings = dataclasses.replace(TournamentSettings.of(fresh), **kw)
    return ts.tournament_change_settings(tournament=fresh, settings=settings)


def _refused(t: Tournament, code: str, **kw: Any) -> ServiceError:
    before = _state(t)
    with pytest.raises(ServiceError) as refused:
        _change(t, **kw)
    assert refused.value.code == code
    assert _state(t) == before  # refused and nothing written
    return refused.value


def test_each_change_is_written_with_its_own_history_entry():
    t = make_tournament(8, rounds=3)
    changed = _change(
        t,
        name="Herbstturnier",
        date=dt.date(2026, 11, 28),
        rounds_planned=5,
        double_entry=True,
        tie_breaks=("total", "best_round"),
        round_minutes=90,
    )
    assert changed == [
        "name",
        "date",
        "rounds_planned",
        "double_entry",
        "tie_breaks",
        "round_minutes",
    ]
    t.refresh_from_db()
    assert (t.name, t.date, t.rounds_planned) == ("Herbstturnier", dt.date(2026, 11, 28), 5)
    assert t.double_entry
    assert t.round_minutes == 90
    assert t.tie_breaks == ["total", "best_round"]
    entries = AuditEntry.objects.filter(target="tournaments.tournament", target_id=t.pk)
    settings = entries.exclude(action__in=("create", "register"))
    actions = list(settings.order_by("pk").values_list("action", flat=True))
    assert actions == [
        "set_name",
        "set_date",
        "set_rounds",
        "double_entry_on",
        "set_tie_breaks",
        "set_round_minutes",
    ]
    rounds = entries.get(action="set_rounds")
    assert (rounds.before, rounds.after) == ({"rounds_planned": 3}, {"rounds_planned": 5})
    assert _change(t) == []  # nothing changed: no entry
    assert settings.count() == 6


def _two_rounds_drawn(t: Tournament) -> None:
    rnd, _ = ts.round_draw(tournament=t, seed=1)
    play_round(rnd)
    ts.round_close(tournament_round=rnd)
    ts.round_draw(tournament=t, seed=2)


def test_rounds_never_below_those_drawn():
    t = make_tournament(8, rounds=3)
    _two_rounds_drawn(t)
    err = _refused(t, "rounds_below_drawn", rounds_planned=1)
    assert err.params == {"drawn": 2}
    assert err.field == "rounds_planned"
    assert _change(t, rounds_planned=2) == ["rounds_planned"]  # as many as drawn: fine


def test_rounds_in_range_and_above_the_silent_rounds():
    t = make_tournament(8, rounds=4)
    _refused(t, "invalid_rounds", rounds_planned=21)
    _refused(t, "invalid_rounds", rounds_planned=0)
    ts.tournament_set_silent(tournament=t, rounds=2)
    err = _refused(t, "rounds_below_silent", rounds_planned=2)
    assert err.params == {"silent": 2, "least": 3}


def test_double_entry_not_while_an_open_round_has_paper_results():
    t = make_tournament(8, rounds=3)
    rnd, _ = ts.round_draw(tournament=t, seed=5)
    ts.round_paper_results(
        tournament_round=rnd, entry=1, tables=[PaperTable(1, {1: 30, 2: -10, 3: -5, 4: -15})]
    )
    err = _refused(t, "double_entry_paper_typed", double_entry=True)
    assert err.params == {"number": 1}
    assert err.field == "double_entry"
    # Once the round is closed its counted results stay: the switch is free again.
    ts.round_paper_results(
        tournament_round=rnd, entry=1, tables=[PaperTable(2, {1: 12, 2: 12, 3: -12, 4: -12})]
    )
    ts.round_close(tournament_round=rnd)
    assert _change(t, double_entry=True) == ["double_entry"]
    # … and off again while the next round is typed twice: refused.
    second, _ = ts.round_draw(tournament=t, seed=6)
    ts.round_paper_results(
        tournament_round=second, entry=1, tables=[PaperTable(1, {1: 30, 2: -10, 3: -5, 4: -15})]
    )
    _refused(t, "double_entry_paper_typed", double_entry=False)


def test_double_entry_free_while_the_open_round_is_played_game_by_game():
    t = make_tournament(8, rounds=3)
    rnd, _ = ts.round_draw(tournament=t, seed=5)
    play_round(rnd, stop=3)
    assert _change(t, double_entry=True) == ["double_entry"]


def test_round_minutes_not_while_a_round_clock_runs():
    t = make_tournament(8, rounds=3)
    rnd, _ = ts.round_draw(tournament=t, seed=5)
    assert _change(t, round_minutes=80) == ["round_minutes"]  # drawn, not started: fine
    ts.round_start(tournament_round=rnd)
    err = _refused(t, "round_minutes_running", round_minutes=90)
    assert err.params == {"number": 1}
    _refused(t, "round_minutes_running", round_minutes=None)
    play_round(rnd)
    ts.round_close(tournament_round=rnd)
    assert _change(t, round_minutes=None) == ["round_minutes"]
    assert AuditEntry.objects.filter(target_id=t.pk, action="unset_round_minutes").exists()


def test_round_minutes_own_only_for_unofficial_events_and_in_range():
    t = make_tournament(8, rounds=3)
    _refused(t, "round_minutes_range", round_minutes=10)
    official = make_tournament(8, rounds=3, official=True)
    _refused(official, "round_minutes_official", round_minutes=90)


def test_name_date_and_tie_breaks_are_checked():
    t = make_tournament(8, rounds=3)
    _refused(t, "name_missing", name="   ")
    _refused(t, "date_out_of_range", date=dt.date(1900, 1, 1))
    with pytest.raises(ServiceError):
        _change(t, tie_breaks=("nonsense",))
    before = _state(t)
    with pytest.raises(ServiceError):
        _change(t, tie_breaks=("total", "total"))
    assert _state(t) == before


def test_one_refusal_writes_none_of_the_other_changes():
    t = make_tournament(8, rounds=3)
    _two_rounds_drawn(t)
    _refused(t, "rounds_below_drawn", name="Neu", double_entry=True, rounds_planned=1)


def test_a_closed_tournament_changes_nothing():
    t = make_tournament(8, rounds=1)
    rnd, _ = ts.round_draw(tournament=t, seed=1)
    play_round(rnd)
    ts.round_close(tournament_round=rnd)
    ts.tournament_close(tournament=t)
    _refused(t, "tournament_already_closed", name="Anders")


# --- the page ------------------------------------------------------------------------------


def _form(t: Tournament, **kw: object) -> dict[str, object]:
    data: dict[str, object] = {
        "name": t.name,
        "date": t.date.isoformat(),
        "venue": t.venue,
        "rounds_planned": t.rounds_planned,
        "separate_clubs": "on",
        "tie_1": "total",
        "tie_2": "positive_rounds",
        "tie_3": "best_round",
        "tie_4": "last_round",
        "round_minutes": "",
    }
    data.update(kw)
    return {k: v for k, v in data.items() if v is not None}


def test_a_non_staff_organiser_changes_his_tournament_on_his_page(client):
    owner = User.objects.create_user("orga", password="pw-orga-12345")
    t = make_tournament(8, rounds=3, user=owner)
    first, _ = ts.round_draw(tournament=t, seed=1)
    client.force_login(owner)
    page = client.get(reverse("tournament-detail", args=[t.pk])).content.decode()
    assert reverse("tournament-settings", args=[t.pk]) in page  # linked from his pages
    url = reverse("tournament-settings", args=[t.pk])
    shown = client.get(url).content.decode()
    assert 'value="Testturnier"' in shown
    assert 'value="2026-11-21"' in shown  # a date input reads ISO only
    response = client.post(
        url, _form(t, rounds_planned=4, double_entry="on", tie_2="last_round", tie_4="")
    )
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.rounds_planned == 4
    assert t.double_entry
    assert t.tie_breaks == ["total", "last_round", "best_round"]
    history = client.get(url).content.decode()
    assert "Rundenzahl geändert: 4 Runden" in history
    assert "Doppelte Ergebniseingabe eingeschaltet" in history
    # A refusal stays on the page with its field and writes nothing.
    play_round(first)
    ts.round_close(tournament_round=first)
    ts.round_draw(tournament=t, seed=2)
    before = _state(t)
    response = client.post(url, _form(t, rounds_planned=1, tie_2="last_round", tie_4=""))
    text = response.content.decode()
    assert response.status_code == 200
    assert 'data-field-error="rounds_planned"' in text
    assert "Es sind schon 2 Runden ausgelost." in text
    assert _state(t) == before


def test_the_refusal_reads_in_english():
    t = make_tournament(8, rounds=3)
    rnd, _ = ts.round_draw(tournament=t, seed=5)
    ts.round_start(tournament_round=rnd)
    with pytest.raises(ServiceError) as refused:
        _change(t, round_minutes=90)
    with translation.override("en"):
        english = refused.value.message
    assert english.startswith("The clock of round 1 is running")


def test_strangers_and_other_organisers_may_not(client):
    owner = User.objects.create_user("orga", password="pw-orga-12345")
    other = User.objects.create_user("other", password="pw-other-12345")
    t = make_tournament(8, rounds=3, user=owner)
    make_tournament(4, rounds=3, user=other)  # he organises one of his own
    url = reverse("tournament-settings", args=[t.pk])
    before = _state(t)
    assert client.get(url).status_code == 302  # the login page
    client.force_login(other)
    assert client.get(url).status_code == 403
    assert client.post(url, _form(t, rounds_planned=5)).status_code == 403
    assert client.get(reverse("tournament-settings", args=[t.pk + 999])).status_code == 404
    assert _state(t) == before


def test_a_closed_round_typed_once_stays_counted_after_double_entry_is_switched_on(client):
    t = make_tournament(8, rounds=3)
    rnd, _ = ts.round_draw(tournament=t, seed=5)
    ts.round_paper_results(
        tournament_round=rnd,
        entry=1,
        tables=[
            PaperTable(1, {1: 30, 2: -10, 3: -5, 4: -15}),
            PaperTable(2, {1: 12, 2: 12, 3: -12, 4: -12}),
        ],
    )
    ts.round_close(tournament_round=rnd)
    before = [(r.name, r.total) for r in standings(tournament=t).rows]
    assert _change(t, double_entry=True) == ["double_entry"]
    assert [(r.name, r.total) for r in standings(tournament=t).rows] == before
    board = client.get(reverse("round-board", args=[t.pk, 1])).content.decode()
    assert "zweite Eingabe fehlt" not in board
    assert board.count(">fertig<") == 2
