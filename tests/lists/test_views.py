import io
import random

import pytest
from django.urls import reverse
from pypdf import PdfReader

from league.clubs.models import Player
from league.lists import services
from league.lists.models import Game
from scoring.simulate import random_round
from tests.site_helpers import NAMES, normal, solo

FORM = {
    "kind": "normal",
    "solo": "",
    "re_augen": "140",
    "schwarz": "",
    "ann_re": "none",
    "ann_kontra": "none",
    "dk_re": "0",
    "dk_kontra": "0",
    "fuchs_re": "0",
    "fuchs_kontra": "0",
    "karlchen": "",
}


def fill(liste, n):
    for record in random_round(random.Random(n), NAMES, games=n):
        services.game_record(spielliste=liste, record=record)


@pytest.mark.parametrize("games", [2, 24])
def test_list_page_queries_do_not_grow_with_games(
    lf_client, liste, games, django_assert_max_num_queries
):
    fill(liste, games)
    # 7, plus one per registered list owner kind asked who owns the list (tournament
    # rounds, league Spieltage: league.lists.owners), plus, for a writer, the keys of the
    # list's latest writes (the phone's outbox finds its unanswered saves in them), plus the
    # version the page's live tag names (core/live.py).
    with django_assert_max_num_queries(11):
        response = lf_client.get(reverse("liste-detail", args=[liste.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count('id="spiel-') == games


def test_overview_queries_bounded(client, players, django_assert_max_num_queries):
    for i in range(6):
        services.spielliste_create(title=f"T{i}", players=players)
    # 3, plus one per registered owner filter's choices (tournament, league, club evening)
    with django_assert_max_num_queries(6):
        response = client.get(reverse("liste-index"))
    assert response.content.decode().count("Anna") == 6


def test_next_game_box_shows_dealer_and_vorfuehrung(client, liste):
    fill(liste, 0)
    html = client.get(reverse("liste-detail", args=[liste.pk])).content.decode()
    assert "Geber <strong data-next-dealer>Anna</strong>" in html
    for _ in range(20):
        services.game_record(spielliste=liste, record=normal())
    html = client.get(reverse("liste-detail", args=[liste.pk])).content.decode()
    assert "Vorführung für Bernd" in html


def test_entering_a_game_through_the_form(lf_client, liste):
    url = reverse("game-add", args=[liste.pk])
    response = lf_client.post(url, {**FORM, "re": ["0", "2"], "version": "0"})
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.re == [1, 3]
    html = lf_client.get(reverse("liste-detail", args=[liste.pk])).content.decode()
    assert 'data-total="Anna">1<' in html
    assert 'data-total="Bernd">-1<' in html


def test_vorfuehrung_prefills_the_soloist(lf_client, liste):
    for _ in range(20):
        services.game_record(spielliste=liste, record=normal())
    html = lf_client.get(reverse("liste-detail", args=[liste.pk])).content.decode()
    assert 'value="solo" class="" required id="id_kind_3" checked' in html or (
        'value="solo"' in html and "checked" in html.split('value="solo"')[1][:80]
    )
    assert 'name="pflicht" id="id_pflicht" checked' in html


def test_procedure_error_shown_next_to_the_form_and_nothing_saved(lf_client, liste):
    url = reverse("game-add", args=[liste.pk])
    data = {**FORM, "kind": "solo", "solo": "buben", "re": ["1"], "version": "0"}
    response = lf_client.post(url, data)
    assert response.status_code == 422
    assert "Lustsolo" in response.content.decode()
    assert Game.objects.count() == 0


def test_field_error_for_bad_augen(lf_client, liste):
    url = reverse("game-add", args=[liste.pk])
    response = lf_client.post(url, {**FORM, "re": ["0", "1"], "re_augen": "300", "version": "0"})
    assert response.status_code == 422
    assert "0–240" in response.content.decode()


def test_stale_form_is_refused_as_conflict(lf_client, liste):
    services.game_record(spielliste=liste, record=normal())
    url = reverse("game-add", args=[liste.pk])
    response = lf_client.post(url, {**FORM, "re": ["0", "2"], "version": "0"})
    assert response.status_code == 422
    assert "an anderer Stelle geändert" in response.content.decode()
    assert Game.objects.count() == 1


def test_htmx_preview_shows_points_and_procedure_errors(client, liste):
    url = reverse("game-preview", args=[liste.pk])
    response = client.post(url, {**FORM, "re": ["0", "2"], "version": "0"}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert "Re gewinnt" in html
    assert 'data-player="Anna">+1<' in html
    response = client.post(
        url, {**FORM, "kind": "solo", "solo": "pik", "re": ["0"], "version": "0"}
    )
    assert "So nicht möglich" in response.content.decode()


def test_writes_need_login(client, liste):
    response = client.post(reverse("game-add", args=[liste.pk]), {**FORM, "re": ["0", "1"]})
    assert response.status_code == 302
    assert reverse("login") in response["Location"]
    assert Game.objects.count() == 0


def test_correct_a_game_and_see_its_history(lf_client, liste):
    services.game_record(spielliste=liste, record=normal())
    url = reverse("game-edit", args=[liste.pk, 1])
    assert lf_client.get(url).status_code == 200
    response = lf_client.post(url, {**FORM, "re": ["0", "1"], "re_augen": "100", "version": "1"})
    assert response.status_code == 302
    assert Game.objects.get().re_augen == 100
    html = lf_client.get(url).content.decode()
    assert "Spiel 1 berichtigt: Re-Augen 130 → 100" in html
    assert "Listenführer" in html  # by role: the public history names no accounts
    assert 'muted">(lf)' not in html


def test_correction_that_breaks_a_later_game_is_refused_with_message(lf_client, liste):
    services.game_record(spielliste=liste, record=solo("Anna"))
    services.game_record(spielliste=liste, record=solo("Anna", pflicht=False))
    url = reverse("game-edit", args=[liste.pk, 1])
    response = lf_client.post(url, {**FORM, "re": ["0", "1"], "version": "2"})
    assert response.status_code == 422
    assert "Spiel 2" in response.content.decode()


def test_penalty_and_time_buttons(lf_client, liste, players):
    services.game_record(spielliste=liste, record=normal())
    response = lf_client.post(
        reverse("penalty-add", args=[liste.pk]),
        {
            "version": "1",
            "after_game": "1",
            "kind": "minor",
            "offender": players[2].pk,
            "beneficiary": "",
            "absagen": "0",
            "points": "0",
            "referee": "Wolf",
        },
    )
    assert response.status_code == 302
    html = lf_client.get(reverse("liste-detail", args=[liste.pk])).content.decode()
    assert "Geringfügiger Regelverstoß: Carla" in html
    asked = lf_client.post(reverse("time-call", args=[liste.pk]), {"version": "2"})
    assert b"data-confirm-step" in asked.content  # time is called only when confirmed
    lf_client.post(
        reverse("time-call", args=[liste.pk]),
        {"version": "2", "in_progress": "1", "confirmed": "1"},
    )
    html = lf_client.get(reverse("liste-detail", args=[liste.pk])).content.decode()
    assert "Spiel 2 läuft noch" in html
    assert "data-no-game" in html
    lf_client.post(reverse("time-no-game", args=[liste.pk]), {"version": "3"})
    html = lf_client.get(reverse("liste-detail", args=[liste.pk])).content.decode()
    assert "es wurde kein Spiel mehr gegeben" in html
    assert "Vorführung für" in html


def test_create_list_through_the_form(lf_client):
    response = lf_client.post(
        reverse("liste-create"),
        {
            "title": "Freitag",
            "seat_1": "Ute",
            "seat_2": "Veit",
            "seat_3": "Willi",
            "seat_4": "Xaver",
            "seat_5": "",
            "listenfuehrer_position": "",
        },
    )
    assert response.status_code == 302
    assert Player.objects.filter(name="Ute").exists()
    response = lf_client.post(
        reverse("liste-create"),
        {
            "title": "Freitag",
            "seat_1": "Ute",
            "seat_2": "ute",
            "seat_3": "Willi",
            "seat_4": "Xaver",
        },
    )
    assert response.status_code == 200
    assert "nur einmal" in response.content.decode()


def test_pdfs_contain_the_names_and_points(client, liste):
    fill(liste, 24)
    pdf = client.get(reverse("liste-pdf", args=[liste.pk]))
    assert pdf["Content-Type"] == "application/pdf"
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.content)).pages)
    for name in NAMES:
        assert name in text
    assert "Endstand" in text
    assert "Pflichtsolo" in text
    blank = client.get(reverse("liste-blank-pdf", args=[liste.pk]))
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(blank.content)).pages)
    assert "Anna" in text
    assert "24" in text


def test_umlauts_print_in_the_pdf(client, db):
    players = [Player.objects.create(name=n) for n in ["Jürgen", "Bärbel", "Öztürk", "Groß"]]
    liste = services.spielliste_create(title="Köln", players=players)
    text = (
        PdfReader(io.BytesIO(client.get(reverse("liste-blank-pdf", args=[liste.pk])).content))
        .pages[0]
        .extract_text()
    )
    for name in ["Jürgen", "Bärbel", "Öztürk", "Groß", "Köln"]:
        assert name in text


def test_missing_list_is_404(client, db):
    assert client.get(reverse("liste-detail", args=[999])).status_code == 404
