"""League paper results under the tournament's blind double entry (lists.services.paper,
league.lists.paper_board): a table counts once both typists agree; the organiser switches
it on the organiser page."""

import pytest
from django.urls import reverse

from league.core.errors import ServiceError
from league.core.models import AuditEntry
from league.leagues import services as ls
from league.leagues.models import League
from league.leagues.selectors import spieltag_paper_board, spieltag_view

from .helpers import first_spieltag, make_league, set_lineups

pytestmark = pytest.mark.django_db

WIN = {1: 3, 2: -1, 3: -1, 4: -1}
TYPO = {1: -1, 2: 3, 3: -1, 4: -1}


def _started(double=True, user=None):
    league = make_league(4, rounds=1, user=user)
    if double:
        ls.league_set_double_entry(league=league, double_entry=True, user=user)
    spieltag = first_spieltag(league)
    set_lineups(spieltag)
    ls.spieltag_start(spieltag=spieltag)
    return league, spieltag


def test_a_table_counts_once_both_entries_agree():
    _league, spieltag = _started()
    status, _w = ls.spieltag_paper_result(spieltag=spieltag, round=1, table=1, totals=WIN)
    assert status == "waiting"
    st = spieltag.tables.get(round=1, table=1)
    st.spielliste.refresh_from_db()
    assert not st.spielliste.complete
    status, _w = ls.spieltag_paper_result(spieltag=spieltag, round=1, table=1, totals=TYPO, entry=2)
    assert status == "differs"
    board = {(t.round, t.number): t for t in spieltag_paper_board(spieltag=spieltag, entry=2)}
    assert board[(1, 1)].status == "differs"
    assert [(one, two) for _n, one, two in board[(1, 1)].both] == list(
        zip(WIN.values(), TYPO.values(), strict=True)
    )
    assert board[(1, 1)].typed == tuple(TYPO.values())  # the typist sees his own numbers
    status, _w = ls.spieltag_paper_result(spieltag=spieltag, round=1, table=1, totals=WIN, entry=2)
    assert status == "accepted"
    view = spieltag_view(spieltag=spieltag, reveal=True)
    assert view.result.lists_done == 1


def test_single_entry_refuses_a_second_entry():
    _league, spieltag = _started(double=False)
    with pytest.raises(ServiceError) as exc:
        ls.spieltag_paper_result(spieltag=spieltag, round=1, table=1, totals=WIN, entry=2)
    assert exc.value.code == "paper_entry_invalid"
    assert not spieltag.tables.get(round=1, table=1).spielliste.paper_entries.exists()


def test_switching_is_refused_while_a_running_spieltag_has_paper_results():
    league, spieltag = _started()
    ls.spieltag_paper_result(spieltag=spieltag, round=1, table=1, totals=WIN)
    before = AuditEntry.objects.filter(target="leagues.league", action="update").count()
    with pytest.raises(ServiceError) as exc:
        ls.league_set_double_entry(league=league, double_entry=False)
    assert exc.value.code == "league_double_entry_running"
    assert League.objects.get(pk=league.pk).double_entry is True
    after = AuditEntry.objects.filter(target="leagues.league", action="update").count()
    assert after == before


def test_organiser_switches_it_and_the_second_typist_types_blind(client, django_user_model):
    boss = django_user_model.objects.create_user("boss", password="pw")
    league, spieltag = _started(double=False, user=boss)
    client.force_login(boss)
    response = client.post(reverse("league-double-entry", args=[league.pk]), {"double_entry": "on"})
    assert response.status_code == 302
    assert League.objects.get(pk=league.pk).double_entry
    url = reverse("spieltag-results", args=[league.pk, spieltag.pk])
    data = {"round": 1, "table": 2, "p1": 3, "p2": -1, "p3": -1, "p4": -1}
    assert client.post(url, {**data, "eingabe": "1"}).status_code == 302
    page = client.get(url + "?eingabe=2").content.decode()
    assert 'data-entry="2"' in page
    assert "3 · -1 · -1 · -1" not in page  # blind: entry 1's numbers are not shown
    assert client.post(url, {**data, "p1": -1, "p2": 3, "eingabe": "2"}).status_code == 302
    page = client.get(url + "?eingabe=2").content.decode()
    assert 'data-diff="1-2"' in page
