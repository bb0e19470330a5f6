"""Finding people: accent- and case-insensitive search wherever players are searched."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.core.text import fold, name_matches
from league.tournaments import services as ts
from league.tournaments.models import Participant
from league.tournaments.selectors import current_draw, surname_key
from tests.tournaments.helpers import make_tournament, play_round


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("Jorg", "Jörg Fuß"),
        ("Joerg", "Jörg Fuß"),
        ("JÖRG", "Joerg Fuss"),
        ("Weiss", "Carla Weiß"),
        ("weiß", "Carla Weiss"),
        ("mueller", "Bernd Müller"),
        ("Muller", "Bernd Müller"),
        ("fuss j", "Jörg Fuß"),
        ("rene", "René Böhm"),
        ("  carla   WEISS ", "Carla Weiß"),
    ],
)
def test_folded_queries_find_the_name(query, name):
    assert name_matches(query, name)


@pytest.mark.parametrize(
    ("query", "name"),
    [("Jürgen", "Jörg Fuß"), ("Weis Carla x", "Carla Weiß"), ("", "Anna"), ("   ", "Anna")],
)
def test_other_names_and_empty_queries_find_nothing(query, name):
    assert not name_matches(query, name)


def test_fold_is_one_spelling_for_all():
    assert fold("Jörg Weiß") == fold("JOERG  weiss") == fold("Jorg Weiss") == "jorg weiss"
    assert fold("Michael") == fold("MICHAEL")  # ae reduced on both sides: still found


def test_surname_key_sorts_by_the_last_name_ignoring_a_namesake_mark():
    names = ["Yvonne Brück", "Anna Schäfer", "Bernd Abel (2)", "Carla Weiß", "Dieter Öz"]
    assert sorted(names, key=surname_key) == [
        "Bernd Abel (2)",
        "Yvonne Brück",
        "Dieter Öz",
        "Anna Schäfer",
        "Carla Weiß",
    ]


def _tournament_with_umlauts():
    t = make_tournament(4, rounds=2)
    names = ["Jörg Fuß", "Carla Weiß", "Bärbel Öz", "Anna Abel"]
    for p, name in zip(
        Participant.objects.filter(tournament=t).order_by("number"), names, strict=False
    ):
        p.player.name = name
        p.player.save()
    return t


@pytest.mark.django_db
def test_find_me_folds_and_shows_the_current_table_and_seat(client):
    t = _tournament_with_umlauts()
    rnd, _ = ts.round_draw(tournament=t, seed=3)
    draw = current_draw(tournament=t)
    seat = next(s for s in draw.seats if s.name == "Jörg Fuß")
    for query in ("Jorg", "joerg", "FUSS"):
        html = client.get(reverse("standings", args=[t.pk]), {"q": query}).content.decode()
        assert "Jörg Fuß</a>" in html
        assert f"Runde 1: Tisch {seat.table}, Platz {seat.position}" in html
        assert "Weiß</a>" not in html.split('class="card-list found"')[1].split("</ul>")[0]
    html = client.get(reverse("standings", args=[t.pk]), {"q": "weiss"}).content.decode()
    assert "Carla Weiß</a>" in html
    # Once the round is closed there is no current table to show.
    play_round(rnd)
    ts.round_close(tournament_round=rnd)
    assert current_draw(tournament=t) is None
    html = client.get(reverse("standings", args=[t.pk]), {"q": "Jorg"}).content.decode()
    assert "Jörg Fuß</a>" in html
    assert "data-seat" not in html


@pytest.mark.django_db
def test_the_draw_is_by_surname_and_hides_hidden_names_and_codes(client):
    t = _tournament_with_umlauts()
    rnd, _ = ts.round_draw(tournament=t, seed=3)
    hidden = Participant.objects.get(tournament=t, player__name="Carla Weiß").player
    hidden.hide_name = True
    hidden.save()
    draw = current_draw(tournament=t)
    shown = [s.name for s in draw.seats]
    assert hidden.public_alias in shown
    assert "Carla Weiß" not in shown
    assert [n for n in shown if n != hidden.public_alias] == ["Anna Abel", "Jörg Fuß", "Bärbel Öz"]
    html = client.get(reverse("projector", args=[t.pk]), {"ansicht": "tische"}).content.decode()
    assert "Wo sitze ich? Runde 1" in html
    assert "Carla Weiß" not in html
    for liste in rnd.lists.all():
        assert liste.code not in html


@pytest.mark.django_db
def test_participants_search_is_folded(client, django_user_model):
    org = django_user_model.objects.create_user("org", password="pw-secret-123")
    t = make_tournament(4, user=org)
    first = Participant.objects.filter(tournament=t).order_by("number").first()
    first.player.name = "Jörg Weiß"
    first.player.save()
    client.force_login(org)
    url = reverse("tournament-participants", args=[t.pk])

    def table(params):
        html = client.get(url, params).content.decode()
        return html.split('<table class="participants">')[1].split("</table>")[0]

    found = table({"q": "joerg weiss"})
    assert "<td>Jörg Weiß</td>" in found
    assert "Spieler 001" not in found
    assert "Niemand gefunden." in table({"q": "nobody"})
    assert "Spieler 001" in table({})
