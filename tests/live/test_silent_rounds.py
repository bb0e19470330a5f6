"""Silent rounds: the public and the players see the standings after round R - N; the
organiser sees all; the projector stays silent and reveals the final ranks one by one in its
prize-ceremony mode; the API, the exports and the PDF follow the same rule."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from league.core.models import AuditEntry
from league.tournaments import services as ts
from league.tournaments.models import Tournament
from league.tournaments.selectors import standings
from tests.prebuilt import Prebuilt
from tests.tournaments.helpers import make_tournament, play_round

pytestmark = pytest.mark.django_db


def _play() -> tuple[Tournament, User]:
    """Three rounds played and closed; the last one silent."""
    organiser = User.objects.create_user("leitung", password="x" * 12)
    tournament = make_tournament(8, rounds=3)
    tournament.organisers.add(organiser)
    for seed in (1, 2, 3):
        rnd, _ = ts.round_draw(tournament=tournament, seed=seed)
        play_round(rnd, seed=seed)
        ts.round_close(tournament_round=rnd)
    ts.tournament_set_silent(tournament=tournament, rounds=1, user=organiser)
    tournament.refresh_from_db()
    return tournament, organiser


_played = Prebuilt(_play)  # built once per test process, copied (tests/prebuilt.py)


@pytest.fixture
def played() -> tuple[Tournament, User]:
    return _played()


def totals(result):
    return {r.participant_id: r.total for r in result.rows}


def test_the_selector_leaves_the_silent_rounds_out(played):
    tournament, _ = played
    public = standings(tournament=tournament, silent=True)
    full = standings(tournament=tournament)
    assert public.counted == (1, 2)
    assert public.silent_after == 2
    assert not public.final
    assert full.counted == (1, 2, 3)
    assert full.final
    assert totals(public) != totals(full)
    two_rounds = {r.participant_id: sum(v or 0 for v in r.per_round[:2]) for r in full.rows}
    assert totals(public) == two_rounds


def test_pages_show_the_public_the_standings_after_round_r_minus_n(client, played):
    tournament, organiser = played
    url = f"/turniere/{tournament.pk}/wertung/"
    public = client.get(url)
    assert public.context["standings"].counted == (1, 2)
    assert b"data-silent" in public.content
    provisional = client.get(url + "?vorlaeufig=1")
    assert provisional.context["standings"].counted == (1, 2)
    found = client.get(url + "?q=Spieler")
    assert found.context["standings"].counted == (1, 2)
    client.force_login(organiser)
    full = client.get(url)
    assert full.context["standings"].counted == (1, 2, 3)
    assert b"data-silent-organiser" in full.content
    assert b"data-ceremony-form" in full.content


def test_a_players_page_hides_his_silent_rounds(client, played):
    tournament, organiser = played
    participant = tournament.participants.first()
    url = f"/turniere/{tournament.pk}/spieler/{participant.pk}/"
    assert [r.round_number for r in client.get(url).context["rounds"]] == [1, 2]
    client.force_login(organiser)
    assert [r.round_number for r in client.get(url).context["rounds"]] == [1, 2, 3]


def test_the_exports_and_pdf_follow_the_rule(client, played):
    tournament, organiser = played
    url = f"/turniere/{tournament.pk}/wertung/?_export=csv"
    public = client.get(url).content.decode()
    assert "R3" not in _round_headers(public)
    client.force_login(organiser)
    full = client.get(url).content.decode()
    assert len(_round_headers(full)) == len(_round_headers(public)) + 1
    client.logout()
    pdf = client.get(f"/turniere/{tournament.pk}/wertung.pdf")
    assert pdf.status_code == 200
    from pypdf import PdfReader

    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.content)).pages)
    assert "R3" not in text
    assert "R2" in text


def _round_headers(csv_text: str) -> list[str]:
    head = csv_text.splitlines()[0].lstrip("\ufeff")
    cells = [c.strip('"') for c in head.replace(";", ",").split(",")]
    return [c for c in cells if c.startswith("R") and c[1:].isdigit()]


def test_the_api_follows_the_rule(played):
    tournament, organiser = played
    url = f"/api/v1/turniere/{tournament.pk}/wertung/"
    public = APIClient().get(url).json()
    assert public["counted_rounds"] == [1, 2]
    assert public["silent_after"] == 2
    assert public["final"] is False
    api = APIClient()
    api.force_authenticate(organiser)
    full = api.get(url).json()
    assert full["counted_rounds"] == [1, 2, 3]
    assert full["silent_after"] is None


def test_the_projector_stays_silent_and_the_ceremony_reveals_place_by_place(client, played):
    tournament, organiser = played
    url = f"/turniere/{tournament.pk}/beamer/"
    client.force_login(organiser)
    # The hall's screen is silent even on the organiser's laptop.
    screen = client.get(url).content.decode()
    assert "R3" not in screen
    assert "R2" in screen
    full = standings(tournament=tournament)
    best = sorted(full.rows, key=lambda r: r.rank)
    start = client.get(url + "?siegerehrung=3")
    assert start.context["rows"] == []
    assert start.context["next_rank"] == best[2].rank
    ranks = []
    page = start
    while page.context["next_rank"] is not None:
        page = client.get(url + f"?siegerehrung=3&bis={page.context['next_rank']}")
        ranks.append(min(r.rank for r in page.context["rows"]))
    assert ranks == sorted({r.rank for r in best if r.rank <= 3}, reverse=True)
    assert sorted(r.rank for r in page.context["rows"]) == [r.rank for r in best if r.rank <= 3]
    assert b"data-done" in page.content
    # Only the organisers hold the ceremony: anybody else gets the silent screen.
    client.logout()
    other = client.get(url + "?siegerehrung=3&bis=1")
    assert b"data-ceremony" not in other.content
    assert "R3" not in other.content.decode()


def test_only_the_organiser_sets_silent_rounds_and_the_range_is_checked(client, played):
    tournament, organiser = played
    url = f"/turniere/{tournament.pk}/stille-runden/"
    entries = AuditEntry.objects.count()
    client.post(url, {"silent_rounds": "0"})
    assert Tournament.objects.get(pk=tournament.pk).silent_rounds == 1
    client.force_login(organiser)
    for bad in ("3", "-1", "x", "99999"):
        client.post(url, {"silent_rounds": bad})
        assert Tournament.objects.get(pk=tournament.pk).silent_rounds == 1, bad
    assert AuditEntry.objects.count() == entries
    client.post(url, {"silent_rounds": "0"})
    assert Tournament.objects.get(pk=tournament.pk).silent_rounds == 0
    assert AuditEntry.objects.filter(action="silent").count() == 2
    client.logout()
    assert client.get(f"/turniere/{tournament.pk}/wertung/").context["standings"].counted == (
        1,
        2,
        3,
    )


def test_closing_the_tournament_ends_the_silence(played):
    tournament, _ = played
    Tournament.objects.filter(pk=tournament.pk).update(closed_at="2026-11-21T20:00:00Z")
    tournament.refresh_from_db()
    assert standings(tournament=tournament, silent=True).counted == (1, 2, 3)
