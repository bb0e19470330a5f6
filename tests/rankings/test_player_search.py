"""Issue 29: "Spieler oder Rangliste finden" finds a player by name on the Rangliste page;
a player who asked not to be named is found by his alias only."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from league.clubs.models import Club, Player, public_alias
from league.rankings.search import find_players
from league.rankings.selectors import RanglisteView
from scoring.rangliste import RanglisteRow, Unter36Row


def _found(html: str) -> str:
    """The found players (not the heading, which repeats the query)."""
    return html.split("data-found>")[1].split('class="card-list found">')[1].split("</section>")[0]


@pytest.fixture
def people(db):
    club = Club.objects.create(name="Herz-Dame Köln")
    return {
        "joerg": Player.objects.create(name="Jörg Fuß", club=club),
        "carla": Player.objects.create(name="Carla Weiß"),
        "lutz": Player.objects.create(name="Lutz Krämer", club=club, hide_name=True),
    }


@pytest.mark.django_db
def test_the_home_link_leads_to_a_name_search(client, people):
    home = client.get(reverse("home")).content.decode()
    assert f'href="{reverse("rangliste")}#finden"' in home
    page = client.get(reverse("rangliste")).content.decode()
    assert 'id="finden"' in page
    assert 'name="q"' in page
    assert "data-found" not in page  # nothing asked, nothing found
    html = _found(client.get(reverse("rangliste"), {"q": "joerg fuss"}).content.decode())
    assert "Jörg Fuß" in html
    assert "Herz-Dame Köln" in html
    assert reverse("player-record", args=[people["joerg"].pk]) in html
    assert reverse("player-statistics", args=[people["joerg"].pk]) in html
    assert "Carla" not in html
    html = _found(client.get(reverse("rangliste"), {"q": "xyz"}).content.decode())
    assert "Kein Spieler dieses Namens." in html


@pytest.mark.django_db
def test_a_hidden_player_is_not_found_by_his_name(client, people):
    lutz = people["lutz"]
    for query in ("Lutz", "Krämer", "kraemer"):
        html = _found(client.get(reverse("rangliste"), {"q": query}).content.decode())
        assert "Lutz" not in html
        assert "Krämer" not in html
        assert reverse("player-record", args=[lutz.pk]) not in html
    # … by his alias, shown without club.
    html = _found(client.get(reverse("rangliste"), {"q": public_alias(lutz.pk)}).content.decode())
    assert reverse("player-record", args=[lutz.pk]) in html
    assert "Lutz" not in html
    assert "Herz-Dame" not in html
    # He himself and staff find him by his name.
    own = User.objects.create_user("lutz", password="pw-secret-123")
    Player.objects.filter(pk=lutz.pk).update(account=own)
    client.force_login(own)
    html = _found(client.get(reverse("rangliste"), {"q": "Lutz"}).content.decode())
    assert "Lutz Krämer" in html
    client.force_login(User.objects.create_user("staff", password="pw-x-12345", is_staff=True))
    html = _found(client.get(reverse("rangliste"), {"q": "kramer"}).content.decode())
    assert "Lutz Krämer" in html
    client.force_login(User.objects.create_user("other", password="pw-x-12345"))
    html = _found(client.get(reverse("rangliste"), {"q": "Lutz"}).content.decode())
    assert "Lutz" not in html


def test_found_players_carry_their_place_and_are_ordered_by_the_shown_name(db):
    a = Player.objects.create(name="Anna Schäfer")
    b = Player.objects.create(name="Bernd Schäfer")
    hidden = Player.objects.create(name="Aaron Schäfer", hide_name=True)
    view = RanglisteView(
        as_of=dt.date(2026, 6, 30),
        window_start=dt.date(2024, 7, 1),
        rangliste=(RanglisteRow(3, str(b.pk), 40, 80, Fraction(2)),),
        unter_36=(Unter36Row(str(a.pk), 12, 5),),
        bundeslaender=(),
        players={},
        tournaments={},
    )
    found = find_players("schafer", view=view)
    assert [(p.name, p.rank, p.unter_36) for p in found.players] == [
        ("Anna Schäfer", None, True),
        ("Bernd Schäfer", 3, False),
    ]
    assert hidden.pk not in {p.pk for p in found.players}
    assert not find_players("   ", view=view).players
