"""Results typed from paper lists: zero sum, deductions, double entry, all or nothing."""

from __future__ import annotations

import pytest
from django.db.models import Sum
from django.urls import reverse

from league.core.errors import ServiceError
from league.lists import services as list_services
from league.lists.models import PaperEntry, ScoreLine
from league.tournaments import services as ts
from league.tournaments.selectors import standings
from league.tournaments.services import PaperTable
from tests.tournaments.helpers import make_tournament, play_round


def _statuses(done):
    return [(saved.table, saved.status) for saved in done]


pytestmark = pytest.mark.django_db


def _round(count=8, **kw):
    t = make_tournament(count, **kw)
    rnd, _ = ts.round_draw(tournament=t, seed=5)
    return t, rnd


def _table(rnd, number):
    return rnd.lists.get(round_table__number=number)


def _written():
    return (PaperEntry.objects.count(), ScoreLine.objects.count())


def test_single_entry_counts_at_once_in_the_standings():
    t, rnd = _round()
    done = ts.round_paper_results(
        tournament_round=rnd,
        entry=1,
        tables=[
            PaperTable(1, {1: 30, 2: -10, 3: -5, 4: -15}),
            PaperTable(2, {1: 12, 2: 12, 3: -12, 4: -12}),
        ],
    )
    assert _statuses(done) == [(1, "accepted"), (2, "accepted")]
    first = _table(rnd, 1)
    first.refresh_from_db()
    assert first.totals_only
    assert first.complete
    assert first.games_played == 0
    ts.round_close(tournament_round=rnd)
    rows = {r.name: r.total for r in standings(tournament=t).rows}
    seat1 = first.seats.get(position=1)
    assert rows[seat1.player.name] == 30
    assert sum(rows.values()) == 0


def test_zero_sum_refused_unless_a_declared_deduction_explains_it():
    _t, rnd = _round()
    with pytest.raises(ServiceError):
        ts.round_paper_results(
            tournament_round=rnd, entry=1, tables=[PaperTable(1, {1: 30, 2: -10, 3: -5, 4: -14})]
        )
    assert _written() == (0, 0)
    # Seat 4 lost 1 point by a 9.7.2 b deduction: the sum is -1.
    done = ts.round_paper_results(
        tournament_round=rnd,
        entry=1,
        tables=[PaperTable(1, {1: 30, 2: -10, 3: -5, 4: -16}, {4: 1})],
    )
    assert _statuses(done) == [(1, "accepted")]


def test_all_tables_or_none_and_the_refusal_names_the_table():
    _t, rnd = _round()
    with pytest.raises(ServiceError) as exc:
        ts.round_paper_results(
            tournament_round=rnd,
            entry=1,
            tables=[
                PaperTable(1, {1: 3, 2: -1, 3: -1, 4: -1}),
                PaperTable(2, {1: 3, 2: -1, 3: -1, 4: 5}),
            ],
        )
    assert exc.value.message.startswith("Tisch 2:")
    assert _written() == (0, 0)
    with pytest.raises(ServiceError) as exc:
        ts.round_paper_results(
            tournament_round=rnd, entry=1, tables=[PaperTable(9, {1: 0, 2: 0, 3: 0, 4: 0})]
        )
    assert exc.value.code == "paper_table_unknown"
    with pytest.raises(ServiceError) as exc:
        ts.round_paper_results(
            tournament_round=rnd, entry=1, tables=[PaperTable(1, {1: 0, 2: 0, 3: 0})]
        )
    assert exc.value.code == "paper_seat_count"
    assert _written() == (0, 0)


def test_a_table_with_games_refuses_paper_totals():
    _t, rnd = _round()
    play_round(rnd, stop=1)
    with pytest.raises(ServiceError) as exc:
        ts.round_paper_results(
            tournament_round=rnd, entry=1, tables=[PaperTable(1, {1: 0, 2: 0, 3: 0, 4: 0})]
        )
    assert exc.value.code == "list_has_games"
    assert PaperEntry.objects.count() == 0


def test_double_entry_counts_only_when_both_agree_and_blocks_close():
    t, rnd = _round(double_entry=True)
    totals = {1: 10, 2: -10, 3: 4, 4: -4}
    assert _statuses(
        ts.round_paper_results(
            tournament_round=rnd, entry=1, tables=[PaperTable(1, totals), PaperTable(2, totals)]
        )
    ) == [(1, "waiting"), (2, "waiting")]
    assert not ScoreLine.objects.exists()
    typo = {1: 10, 2: -10, 3: 40, 4: -40}
    assert _statuses(
        ts.round_paper_results(
            tournament_round=rnd, entry=2, tables=[PaperTable(1, totals), PaperTable(2, typo)]
        )
    ) == [(1, "accepted"), (2, "differs")]
    with pytest.raises(ServiceError) as exc:
        ts.round_close(tournament_round=rnd)
    assert exc.value.code == "paper_entries_differ"
    assert "Tisch 2" in exc.value.message
    # The second typist types table 2 again, correctly.
    assert _statuses(
        ts.round_paper_results(tournament_round=rnd, entry=2, tables=[PaperTable(2, totals)])
    ) == [(2, "accepted")]
    ts.round_close(tournament_round=rnd)
    assert ScoreLine.objects.aggregate(s=Sum("points"))["s"] == 0
    assert standings(tournament=t).rows[0].total == 10


def test_entry_two_needs_double_entry():
    _t, rnd = _round()
    with pytest.raises(ServiceError) as exc:
        ts.round_paper_results(
            tournament_round=rnd, entry=2, tables=[PaperTable(1, {1: 0, 2: 0, 3: 0, 4: 0})]
        )
    assert exc.value.code == "paper_entry_invalid"


def test_paper_result_replaced_by_games():
    _t, rnd = _round()
    ts.round_paper_results(
        tournament_round=rnd, entry=1, tables=[PaperTable(1, {1: 1, 2: -1, 3: 1, 4: -1})]
    )
    liste = _table(rnd, 1)
    liste.refresh_from_db()
    # Games cannot be entered on top of a paper result ...
    play = pytest.raises(ServiceError)
    with play as exc:
        play_round(rnd, stop=1)
    assert exc.value.code == "list_totals_only"
    # ... until the organiser removes it.
    list_services.paper_result_clear(spielliste=liste)
    liste.refresh_from_db()
    assert not liste.totals_only
    assert not liste.complete
    assert not ScoreLine.objects.filter(spielliste=liste).exists()
    play_round(rnd)
    liste.refresh_from_db()
    assert liste.complete
    assert liste.games_played == 24


def test_results_page_is_keyboard_only_and_keeps_input_on_refusal(client, django_user_model):
    admin = django_user_model.objects.create_user("org", password="pw-secret-123")
    t, rnd = _round(double_entry=True)
    t.organisers.add(admin)
    client.force_login(admin)
    url = reverse("round-results", args=[t.pk, rnd.number])
    page = client.get(url).content.decode()
    assert 'name="table"' in page
    assert "autofocus" in page
    bad = {"table": "1", "p1": "3", "p2": "1", "p3": "1", "p4": "1", "eingabe": "1"}
    response = client.post(url, bad)
    assert response.status_code == 422
    body = response.content.decode()
    assert "Tisch 1:" in body
    assert 'value="3"' in body
    good = {"table": "1", "p1": "3", "p2": "-1", "p3": "-1", "p4": "-1", "eingabe": "1"}
    response = client.post(url, good)
    assert response.status_code == 302
    assert response["Location"].endswith("?eingabe=1")
    # The blind second entry does not show entry 1's numbers.
    blind = client.get(url + "?eingabe=2").content.decode()
    assert "3 · -1 · -1 · -1" not in blind
    assert "3 · -1 · -1 · -1" in client.get(url + "?eingabe=1").content.decode()


def test_results_csv_preview_then_confirm(client, django_user_model):
    admin = django_user_model.objects.create_user("org", password="pw-secret-123")
    t, rnd = _round()
    t.organisers.add(admin)
    client.force_login(admin)
    url = reverse("round-results-import", args=[t.pk, rnd.number])
    from django.core.files.uploadedfile import SimpleUploadedFile

    data = "Tisch;P1;P2;P3;P4\n1;5;-5;2;-2\n2;0;0;0;0\n".encode("cp1252")
    response = client.post(url, {"file": SimpleUploadedFile("r.csv", data), "eingabe": "1"})
    assert response.status_code == 200
    assert not PaperEntry.objects.exists()  # a preview writes nothing
    token = response.context["token"]
    response = client.post(url, {"confirm": "1", "token": token, "eingabe": "1"})
    assert response.status_code == 302
    assert PaperEntry.objects.count() == 2


def test_results_page_puts_the_cursor_in_the_field_in_error(client, django_user_model):
    admin = django_user_model.objects.create_user("org", password="pw-secret-123")
    t, rnd = _round(double_entry=True)
    t.organisers.add(admin)
    client.force_login(admin)
    url = reverse("round-results", args=[t.pk, rnd.number])

    def focused(body: str) -> str:
        form = body.split("data-paper-form")[1]
        assert form.count(" autofocus") == 1
        return form.split(" autofocus")[0].rsplit('name="', 1)[1].split('"')[0]

    assert focused(client.get(url).content.decode()) == "table"
    # An unknown table number is the table field's error (marked, named once).
    unknown = {"table": "99", "p1": "1", "p2": "-1", "p3": "0", "p4": "0", "eingabe": "1"}
    body = client.post(url, unknown).content.decode()
    assert 'data-error-for="table"' in body
    assert 'aria-invalid="true"' in body
    assert focused(body) == "table"
    # A total out of range (a page without the browser's checks): the cursor goes there.
    wide = {"table": "1", "p1": "1", "p2": "99999", "p3": "0", "p4": "0", "eingabe": "1"}
    body = client.post(url, wide).content.decode()
    assert 'data-error-for="p2"' in body
    assert focused(body) == "p2"
    # A deduction field in error opens its section.
    minus = {"table": "1", "p1": "1", "p2": "-1", "p3": "0", "p4": "0", "d1": "-3"}
    body = client.post(url, minus).content.decode()
    assert focused(body) == "d1"
    assert "<details open>" in body
    assert not rnd.lists.filter(paper_entries__isnull=False).exists()
