"""The club page lists its Spiellisten a page at a time (``?seite=``)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.clubs.models import Club, Player
from league.evenings import club_page, selectors
from league.lists import services


@pytest.mark.django_db
def test_club_lists_are_paged(client, monkeypatch):
    monkeypatch.setattr(selectors, "CLUB_PAGE_LISTS", 2)
    monkeypatch.setattr(club_page, "CLUB_PAGE_LISTS", 2)
    club = Club.objects.create(name="Pik-Sieben")
    players = [Player.objects.create(name=n, club=club) for n in ("A", "B", "C", "D")]
    lists = [
        services.spielliste_create(title=f"Liste {i}", players=players, club=club) for i in range(5)
    ]
    url = reverse("club-detail", args=[club.pk])
    first = client.get(url).content.decode()
    assert first.count("data-liste=") == 2
    assert f'data-liste="{lists[4].pk}"' in first
    assert "data-next-page" in first
    last = client.get(url, {"seite": 3}).content.decode()
    assert last.count("data-liste=") == 1
    assert f'data-liste="{lists[0].pk}"' in last
    assert "data-next-page" not in last
    # A garbled page number shows the first page.
    assert client.get(url, {"seite": "x"}).status_code == 200
