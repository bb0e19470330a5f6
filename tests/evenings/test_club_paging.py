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


@pytest.mark.django_db
def test_older_lists_and_a_long_member_list_fold(client):
    """Issue 29: the demo club's page was 6,570 px long on a phone: the newest lists stand
    open, the page's older ones fold into one line, and so do more than 12 players."""
    club = Club.objects.create(name="Pik-Sieben")
    players = [Player.objects.create(name=f"Spieler {n:02d}", club=club) for n in range(13)]
    lists = [
        services.spielliste_create(title=f"Liste {i}", players=players[:4], club=club)
        for i in range(club_page.CLUB_PAGE_OPEN + 3)
    ]
    html = client.get(reverse("club-detail", args=[club.pk])).content.decode()
    open_part = html.split("data-club-lists>")[1].split("</ul>")[0]
    assert open_part.count("data-liste=") == club_page.CLUB_PAGE_OPEN
    assert f'data-liste="{lists[-1].pk}"' in open_part  # the newest open
    older = html.split("data-older-lists>")[1].split("</details>")[0]
    assert "3 ältere Listen" in older
    assert older.count("data-liste=") == 3
    assert f'data-liste="{lists[0].pk}"' in older
    members = html.split("data-members>")[1].split("</details>")[0]
    assert "13 Spieler zeigen" in members
    assert members.count("/spieler/") == 13
