"""The Kasse on the site (issue 25, statistics.md "The Kasse"): a club or a free list
plays for a rate in cents per point; the list shows balances in euros while playing and
who pays whom when it is over; the PDF prints it; the season sums the evenings;
tournament and league lists never have one."""

import datetime as dt

import pytest
from django.urls import reverse

from league.clubs import services as club_services
from league.clubs.models import Club, Player
from league.core.errors import ServiceError
from league.core.models import AuditEntry
from league.evenings import services as evening_services
from league.evenings.season_stats import season_stats
from league.lists import services
from league.lists.kasse import kasse_view
from league.lists.kasse_pdf import kasse_story
from league.lists.models import Spielliste
from league.lists.selectors import spielliste_snapshot
from tests.printouts.helpers import flat, reader
from tests.site_helpers import normal

FIVE = ["Anna", "Bernd", "Carla", "Dieter", "Erika"]


def _play(liste, count):
    """``count`` normal games, Re the first two of the four who play, 130 Augen."""
    for _ in range(count):
        nxt = spielliste_snapshot(pk=liste.pk).state.next_game
        players = list(nxt.players)
        services.game_record(spielliste=liste, record=normal(players=players, re=players[:2]))


@pytest.fixture
def club(db):
    return Club.objects.create(name="Pik-Sieben", kasse_cent=5)


@pytest.fixture
def evening_list(club, django_user_model):
    manager = django_user_model.objects.create_user("kw", password="pw")
    club.managers.add(manager)
    evening = evening_services.club_evening_create(
        club=club, date=dt.date(2026, 3, 4), tables=[FIVE], user=manager
    )
    return evening.tables.get().spielliste


def test_five_player_evening_with_a_penalty_settles(evening_list):
    liste = evening_list
    assert liste.kasse_cent == 5  # the club's rate, copied
    _play(liste, 6)
    erika = Player.objects.get(name="Erika")
    services.penalty_add(
        spielliste=liste, after_game=6, kind="unsporting", offender=erika, points=3, referee="W"
    )
    snap = spielliste_snapshot(pk=liste.pk)
    view = kasse_view(snap)
    totals = snap.state.totals
    assert [b.name for b in view.balances] == FIVE  # seat order
    assert all(b.cents == totals[b.name] * 5 for b in view.balances)
    assert view.pot == 15  # the 3-point deduction, owed to the pot
    assert not view.settled  # still playing: balances only
    services.spielliste_end_early(spielliste=liste)
    view = kasse_view(spielliste_snapshot(pk=liste.pk))
    assert view.settled
    left = {b.name: b.cents for b in view.balances}
    pot = view.pot
    for p in view.payments:
        assert p.cents > 0
        left[p.payer] += p.cents
        if p.payee is None:
            pot -= p.cents
        else:
            left[p.payee] -= p.cents
    assert set(left.values()) == {0}
    assert pot == 0
    assert len(view.payments) <= len(FIVE) + 1 - 1
    assert any(p.payee is None for p in view.payments)


def test_list_page_and_pdf_show_the_kasse(client, evening_list):
    liste = evening_list
    _play(liste, 2)
    page = client.get(reverse("liste-detail", args=[liste.pk])).content.decode()
    assert "data-kasse" in page
    assert "€" in page
    assert "data-payment" not in page  # not over yet
    services.spielliste_end_early(spielliste=liste)
    page = client.get(reverse("liste-detail", args=[liste.pk])).content.decode()
    assert "data-payment" in page
    assert kasse_story(spielliste_snapshot(pk=liste.pk))  # printed under the list
    pdf = client.get(reverse("liste-pdf", args=[liste.pk]))
    assert pdf.status_code == 200
    assert pdf["Content-Type"] == "application/pdf"
    printed = reader(pdf.content)
    assert len(printed.pages) == 1  # the Kasse fits on the list's one page
    text = flat(printed.pages[0].extract_text())
    assert "Kasse" in text
    assert "zahlt" in text


def test_free_list_sets_its_rate_and_tournament_list_refuses(liste, user, lf_client, world):
    lf_client.post(reverse("liste-kasse", args=[liste.pk]), {"kasse_cent": "10"})
    liste.refresh_from_db()
    assert liste.kasse_cent == 10
    assert AuditEntry.objects.filter(action="kasse", target_id=liste.pk).count() == 1
    lf_client.post(reverse("liste-kasse", args=[liste.pk]), {"kasse_cent": "0"})
    liste.refresh_from_db()
    assert liste.kasse_cent == 10  # 0 is no rate: refused by the form, nothing written
    lf_client.post(reverse("liste-kasse", args=[liste.pk]), {"kasse_cent": ""})
    liste.refresh_from_db()
    assert liste.kasse_cent is None
    tournament_list = world["l1"]
    with pytest.raises(ServiceError) as exc:
        services.spielliste_set_kasse(spielliste=tournament_list, cent=5)
    assert exc.value.code == "kasse_not_here"
    assert Spielliste.objects.get(pk=tournament_list.pk).kasse_cent is None
    assert not AuditEntry.objects.filter(action="kasse", target_id=tournament_list.pk).exists()


def test_rate_out_of_range_is_refused(liste, club):
    for bad in (0, 1001):
        with pytest.raises(ServiceError):
            services.spielliste_set_kasse(spielliste=liste, cent=bad)
        with pytest.raises(ServiceError):
            club_services.club_set_kasse(club=club, cent=bad)
    assert Spielliste.objects.get(pk=liste.pk).kasse_cent is None
    assert Club.objects.get(pk=club.pk).kasse_cent == 5


def test_season_kasse_sums_the_evenings(client, club, evening_list, django_user_model):
    _play(evening_list, 3)
    services.spielliste_end_early(spielliste=evening_list)
    manager = club.managers.get()
    second = evening_services.club_evening_create(
        club=club, date=dt.date(2026, 3, 11), tables=[FIVE], user=manager
    )
    other = second.tables.get().spielliste
    services.spielliste_set_kasse(spielliste=other, cent=10)
    _play(other, 2)
    services.spielliste_end_early(spielliste=other)
    expected: dict[str, int] = {}
    for liste in (evening_list, other):
        for b in kasse_view(spielliste_snapshot(pk=liste.pk)).balances:
            expected[b.name] = expected.get(b.name, 0) + b.cents
    stats = season_stats(club=club, start=dt.date(2026, 1, 1), end=dt.date(2027, 1, 1))
    assert stats.kasse.lists == 2
    assert {k: v for k, v in stats.kasse.cents.items() if v} == {
        k: v for k, v in expected.items() if v
    }
    assert stats.most_games is not None
    assert len(stats.evenings) == 2
    page = client.get(reverse("club-season", args=[club.pk]), {"jahr": 2026}).content.decode()
    assert "data-season-kasse" in page
    assert 'data-record="games"' in page
    assert page.count("data-evening-figures") == 2


def test_a_table_code_does_not_set_its_club_lists_rate(client, club, evening_list):
    """Issue 29: the rate is the club's (or its managers') decision; the table's code, which
    anybody at the table holds, neither sees the setting nor may post it."""
    rate = evening_list.kasse_cent
    client.get(reverse("table-code-open", args=[evening_list.code]))
    page = client.get(reverse("liste-detail", args=[evening_list.pk])).content.decode()
    assert reverse("liste-kasse", args=[evening_list.pk]) not in page
    response = client.post(reverse("liste-kasse", args=[evening_list.pk]), {"kasse_cent": "99"})
    assert response.status_code == 403
    evening_list.refresh_from_db()
    assert evening_list.kasse_cent == rate
    assert not AuditEntry.objects.filter(action="kasse", target_id=evening_list.pk).exists()
