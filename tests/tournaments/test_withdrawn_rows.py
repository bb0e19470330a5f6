"""Issue 29 minor: a withdrawn participant without a game is no standings row — not on the
public standings page, its PDF or CSV — while one who played keeps his rounds."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from league.tournaments import services as ts
from league.tournaments.selectors import standings
from tests.prebuilt import Prebuilt
from tests.tournaments.helpers import make_tournament, play_round

pytestmark = pytest.mark.django_db


def _build_t():
    t = make_tournament(8, rounds=3)
    anna = ts.participant_add(tournament=t, name="Anna Schäfer", club_name="Köln")
    ts.participant_set_withdrawn(participant=anna, withdrawn=True)  # never played
    rnd, _ = ts.round_draw(tournament=t, seed=3)
    play_round(rnd)
    ts.round_close(tournament_round=rnd)
    played = t.participants.get(number=1)
    ts.participant_set_withdrawn(participant=played, withdrawn=True)  # after round 1
    return t


_t = Prebuilt(_build_t)  # built once per test process, copied (tests/prebuilt.py)


@pytest.fixture
def t(db):
    return _t()


def test_the_standings_leave_out_a_withdrawn_participant_without_a_game(t):
    rows = standings(tournament=t).rows
    names = [r.name for r in rows]
    assert "Anna Schäfer" not in names
    assert len(rows) == 8
    gone = next(r for r in rows if r.number == 1)
    assert gone.withdrawn
    assert gone.rounds_played == 1  # he played: his round stays


def test_neither_the_page_nor_its_exports_nor_the_api_shows_her(client, t):
    page = client.get(reverse("standings", args=[t.pk])).content.decode()
    assert "Anna Schäfer" not in page
    assert "Spieler 000" in page  # withdrawn after playing: still there
    csv = client.get(reverse("standings", args=[t.pk]), {"_export": "csv"})
    text = b"".join(csv.streaming_content).decode() if csv.streaming else csv.content.decode()
    assert "Anna Schäfer" not in text
    assert "Spieler 000" in text
    api = client.get(reverse("api-standings", args=[t.pk])).content.decode()
    assert "Anna Sch" not in api
    pdf = client.get(reverse("standings-pdf", args=[t.pk]))
    reader = PdfReader(io.BytesIO(pdf.content))
    text = "".join(p.extract_text() for p in reader.pages)
    assert len(reader.pages) == 1
    assert "Anna" not in text
    assert "Spieler 000" in text
