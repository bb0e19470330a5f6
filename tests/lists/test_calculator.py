import pytest
from django.urls import reverse

BASE = {
    "name_0": "Anna",
    "name_1": "Bernd",
    "name_2": "Carla",
    "name_3": "Dieter",
    "kind": "normal",
    "solo": "",
    "re_augen": "131",
    "schwarz": "",
    "ann_re": "ansage",
    "ann_kontra": "none",
    "dk_re": "0",
    "dk_kontra": "0",
    "fuchs_re": "0",
    "fuchs_kontra": "0",
    "karlchen": "",
}


@pytest.mark.django_db
def test_first_page_is_the_calculator_and_saves_nothing(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get(reverse("calculator"))
    assert response.status_code == 200
    assert "Spielrechner" in response.content.decode()


def test_calculator_scores_a_game_with_itemised_breakdown(client):
    response = client.get(reverse("calculator"), {**BASE, "re": ["0", "2"]})
    html = response.content.decode()
    assert "Re gewinnt" in html
    assert "7.2.2 b" in html
    assert "„Re“ angesagt" in html
    assert 'data-player="Anna">+3<' in html
    assert 'data-player="Bernd">-3<' in html


def test_htmx_preview_returns_only_the_result(client):
    response = client.get(reverse("calculator"), {**BASE, "re": ["0", "2"]}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert "<html" not in html
    assert "Re gewinnt" in html


def test_solo_shows_triple_for_the_soloist(client):
    params = {**BASE, "kind": "solo", "solo": "damen", "re": ["0"], "re_augen": "190"}
    html = client.get(reverse("calculator"), params).content.decode()
    assert 'data-player="Anna">+15<' in html
    assert "7.2.4" in html


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"re": ["0"]}, "Re-Partei 2 Spieler, nicht 1"),
        ({"re": ["0", "2"], "re_augen": "250"}, "0–240"),
        ({"re": ["0", "2"], "name_3": "Anna"}, "verschieden"),
        ({"re": ["0", "2"], "kind": "solo"}, "Soloart"),
        ({"re": ["0", "2"], "re_augen": "70", "dk_re": "2"}, "Doppelköpfe"),
    ],
)
def test_bad_input_shows_a_clear_error_next_to_the_field(client, params, message):
    response = client.get(reverse("calculator"), {**BASE, **params})
    assert response.status_code == 200
    html = response.content.decode()
    assert message in html
    assert "field-error" in html or "errors" in html
    assert "Re gewinnt" not in html
    assert "Kontra gewinnt" not in html


def test_english_is_available(client):
    response = client.get(reverse("calculator"), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'lang="en"' in html
    assert "Game calculator" in html
    assert "Re party" in html
