"""What the phone pages show: the list's initials and Stand, the chart, the Augen toggle,
the player page in words, the list index's filters, paging and default titles."""

from __future__ import annotations

import datetime as dt
import json
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from league.clubs.models import Club, Player
from league.lists import services
from league.lists.chart import COLOURS, Series, running_totals_svg
from league.lists.forms import GameForm
from league.lists.models import Spielliste
from league.lists.presenters import initials
from league.tournaments import services as ts
from league.tournaments.models import Participant
from tests.site_helpers import NAMES, normal, solo
from tests.tournaments.helpers import make_tournament, play_round

# --- initials and the chart (no database) ------------------------------------------------


def test_initials_are_short_and_distinct():
    assert initials(["Anna Schäfer", "Bernd Müller", "Carla", "Dieter Groß"]) == [
        "AS",
        "BM",
        "Ca",
        "DG",
    ]
    clash = initials(["Anna Schäfer", "Arno Schulz", "Anna Schäfer (2)", "Bo"])
    assert len({s.casefold() for s in clash}) == 4
    assert all(len(s) <= 5 for s in clash)


def _luminance(hex_colour):
    def channel(v):
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _contrast(a, b):
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_chart_colours_read_on_light_and_dark():
    for colour in COLOURS:
        assert _contrast(colour, "#ffffff") >= 4.5, colour  # its end label is text
        assert _contrast(colour, "#0f172a") >= 3, colour  # a line on a dark page


def test_chart_draws_one_line_per_player_and_escapes_names():
    svg = running_totals_svg(
        [Series("Anna <b>", "A", (1, -2, 5)), Series("Bernd", "B", (-1, 2, -5))],
        title="Stand & Verlauf",
        x_label="Spiel",
    )
    assert svg.startswith("<svg")
    assert svg.endswith("</svg>")
    assert svg.count("<polyline") == 2
    assert "<b>" not in svg
    assert "Anna &lt;b&gt;" in svg
    assert "Stand &amp; Verlauf" in svg
    assert 'stroke="currentColor"' in svg  # axes follow the text colour (light and dark)
    # Each line starts at 0 and has one point per step.
    points = re.findall(r'points="([^"]+)"', svg)
    assert all(len(p.split()) == 4 for p in points)
    assert running_totals_svg([Series("Anna", "A", ())], title="leer") == ""


# --- the Augen toggle ----------------------------------------------------------------------

FORM = {
    "kind": "normal",
    "solo": "",
    "re": ["0", "1"],
    "schwarz": "",
    "ann_re": "none",
    "ann_kontra": "none",
    "dk_re": "0",
    "dk_kontra": "0",
    "fuchs_re": "0",
    "fuchs_kontra": "0",
    "karlchen": "",
}


@pytest.mark.parametrize(
    ("side", "entered", "re_augen"), [("re", 151, 151), ("kontra", 89, 151), ("", 90, 90)]
)
def test_augen_counted_for_either_party_store_re_augen(side, entered, re_augen):
    form = GameForm({**FORM, "augen_side": side, "re_augen": str(entered)}, players=NAMES)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["record"].re_augen == re_augen


def test_kontra_augen_out_of_range_are_refused():
    form = GameForm({**FORM, "augen_side": "kontra", "re_augen": "250"}, players=NAMES)
    assert not form.is_valid()
    assert "re_augen" in form.errors


@pytest.mark.django_db
def test_saving_with_kontra_augen_and_the_stand_on_top(lf_client, liste):
    url = reverse("game-add", args=[liste.pk])
    data = {**FORM, "augen_side": "kontra", "re_augen": "100", "version": "0"}
    response = lf_client.post(url, data, follow=True)
    html = response.content.decode()
    assert liste.games.get().re_augen == 140
    # Anna and Bernd (Re) won 1 each; the success message says +1, nobody "+0".
    assert "Anna +1" in html
    # The Stand line in the next-game box, before the entry form.
    stand = html.index("data-stand")
    assert stand < html.index('id="game-form"')
    assert re.search(r"<abbr title=\"Anna\">An</abbr> <strong>1</strong>", html)
    assert "+0" not in html


@pytest.mark.django_db
def test_the_list_page_has_initials_a_legend_and_the_chart(client, liste):
    services.game_record(spielliste=liste, record=normal())
    html = client.get(reverse("liste-detail", args=[liste.pk])).content.decode()
    assert "data-legend" in html
    assert '<abbr class="short" title="Anna">An</abbr>' in html
    assert '<svg class="chart"' in html
    assert html.count("<polyline") == 4
    # The preview sits inside the form, before the save button.
    assert 'data-total="Anna">1<' in html


@pytest.mark.django_db
def test_a_zero_point_game_is_said_without_a_sign(lf_client, liste):
    """Both parties say "keine 90", Re has 120: nobody wins (7.1.3), everybody 0 – not "+0"."""
    url = reverse("game-add", args=[liste.pk])
    data = {**FORM, "re_augen": "120", "ann_re": "k90", "ann_kontra": "k90", "version": "0"}
    response = lf_client.post(url, data, follow=True)
    html = response.content.decode()
    assert "Anna 0, Bernd 0, Carla 0, Dieter 0" in html
    assert "+0" not in html


# --- the player page in words ----------------------------------------------------------------


@pytest.mark.django_db
def test_player_page_shows_words_and_only_his_own_vorfuehrung(client):
    t = make_tournament(4, rounds=1)
    rnd, _ = ts.round_draw(tournament=t, seed=1)
    liste = rnd.lists.get()
    names = [s.name for s in liste.seats.order_by("position")]
    # Game 1: the second seat's Pflichtsolo; then normal games.
    services.game_record(spielliste=liste, record=solo(names[1], players=names))
    for _ in range(3):
        services.game_record(spielliste=liste, record=normal(players=names, re=names[:2]))
    soloist = Participant.objects.get(tournament=t, player__name=names[1])
    other = Participant.objects.get(tournament=t, player__name=names[0])
    own = client.get(reverse("tournament-player", args=[t.pk, soloist.pk])).content.decode()
    theirs = client.get(reverse("tournament-player", args=[t.pk, other.pk])).content.decode()
    assert "Damensolo" in own
    assert "data-own-pflicht" in own
    assert "data-own-pflicht" not in theirs
    assert f"von {names[1]}" in theirs
    for html in (own, theirs):
        assert "Normalspiel" in html
        assert not re.search(r">\s*(damen|normal|P|V)\s*<", html)  # no raw codes
        assert '<svg class="chart"' in html


@pytest.mark.django_db
def test_grammar_one_table_and_one_round(client, django_user_model):
    org = django_user_model.objects.create_user("org", password="pw-secret-123")
    t = make_tournament(4, rounds=1, user=org)
    ts.round_draw(tournament=t, seed=1)
    client.force_login(org)
    response = client.post(reverse("round-time", args=[t.pk, 1]), {"confirmed": "1"}, follow=True)
    html = response.content.decode()
    assert "Zeit abgelaufen an 1 Tisch." in html
    assert "0 von 1 Tisch fertig." in html
    detail = client.get(reverse("tournament-detail", args=[t.pk])).content.decode()
    assert "1 Runde ·" in detail
    assert "1 Tisch" in detail
    assert "1 Tische" not in detail


# --- the list index: filters, pages, default titles ------------------------------------------


@pytest.mark.django_db
def test_default_titles_are_club_and_date(client, django_user_model):
    club = Club.objects.create(name="Herz-Dame Köln")
    manager = django_user_model.objects.create_user("cm", password="pw-secret-123")
    club.managers.add(manager)
    client.force_login(manager)
    seats = {f"seat_{i}": n for i, n in enumerate(NAMES, start=1)}
    client.post(reverse("liste-create"), {"title": "", "club": str(club.pk), **seats})
    today = timezone.localdate().strftime("%d.%m.%Y")
    liste = Spielliste.objects.get()
    assert liste.title == f"Herz-Dame Köln · {today}"
    assert liste.club == club
    other = Club.objects.create(name="Fremder Verein")
    refused = client.post(reverse("liste-create"), {"title": "", "club": str(other.pk), **seats})
    assert refused.status_code == 200  # a club he does not manage is no choice
    assert Spielliste.objects.count() == 1
    # Other people: the same names again would be asked "Ist das …?" (one person, one record).
    others = {f"seat_{i}": n for i, n in enumerate(("Olga", "Paulus", "Quirin", "Rita"), start=1)}
    client.post(reverse("liste-create"), {"title": "", "club": "", **others})
    newest = Spielliste.objects.order_by("-pk").first()
    assert newest.club is None
    assert newest.title == f"Freies Spiel · {today}"


@pytest.mark.django_db
def test_list_index_filters_and_pages(client):
    club = Club.objects.create(name="Herz-Dame")
    other = Club.objects.create(name="Kreuz-Bube")
    players = [Player.objects.create(name=n) for n in NAMES]
    for i in range(30):
        services.spielliste_create(
            title=f"Abend {i:02d}", players=players, club=club if i % 2 else other
        )
    t = make_tournament(4, rounds=1)
    rnd, _ = ts.round_draw(tournament=t, seed=1)
    play_round(rnd, stop=2)
    old = Spielliste.objects.get(title="Abend 00")
    Spielliste.objects.filter(pk=old.pk).update(
        created_at=timezone.make_aware(dt.datetime(2025, 3, 7, 19, 0))
    )
    url = reverse("liste-index")
    first = client.get(url).content.decode()
    assert first.count("data-liste=") == 25
    assert 'rel="next"' in first
    assert 'rel="prev"' not in first
    second = client.get(url, {"seite": "2"}).content.decode()
    assert second.count("data-liste=") == 31 - 25
    assert 'rel="prev"' in second
    assert 'rel="next"' not in second
    assert client.get(url, {"seite": "²"}).status_code == 200
    by_club = client.get(url, {"verein": str(club.pk)}).content.decode()
    assert by_club.count("data-liste=") == 15
    assert "Kreuz-Bube" not in by_club.split('class="card-list"')[1]
    by_tournament = client.get(url, {"turnier": str(t.pk)}).content.decode()
    assert by_tournament.count("data-liste=") == 1
    assert "Testturnier" in by_tournament.split('class="card-list"')[1]
    by_day = client.get(url, {"datum": "2025-03-07"}).content.decode()
    assert by_day.count("data-liste=") == 1
    assert "Abend 00" in by_day
    assert client.get(url, {"datum": "7.3.2025", "verein": "x"}).status_code == 200
    paged = client.get(url, {"verein": str(other.pk), "seite": "1"}).content.decode()
    assert "Seite" not in paged.split('class="card-list"')[1]  # 15 fit on one page


# --- labels, messages, name completion ------------------------------------------------------


@pytest.mark.django_db
def test_counters_have_labels_and_named_steppers(client):
    html = client.get(reverse("calculator")).content.decode()
    for field in ("dk_re", "dk_kontra", "fuchs_re", "fuchs_kontra"):
        assert f'<label for="id_{field}">' in html
    assert 'aria-label="Doppelkopf Re: einer mehr"' in html
    assert 'aria-label="Fuchs gefangen Kontra: einer weniger"' in html


def test_warnings_are_not_styled_as_success():
    from django.conf import settings

    css = (settings.BASE_DIR / "static/css/site.css").read_text(encoding="utf-8")
    success = re.search(r"\.messages li \{([^}]*)\}", css).group(1)
    warning = re.search(r"\.messages li\.warning \{([^}]*)\}", css).group(1)
    background = re.compile(r"background:\s*(#[0-9a-f]+)")
    assert background.search(warning).group(1) != background.search(success).group(1)


@pytest.mark.django_db
def test_name_completion_never_offers_hidden_names(client, django_user_model):
    from league.clubs.selectors import player_name_choices

    Player.objects.create(name="Jörg Fuß")
    Player.objects.create(name="Geheim Hidden", hide_name=True)
    assert player_name_choices() == ["Jörg Fuß"]
    client.force_login(django_user_model.objects.create_user("u", password="pw-secret-123"))
    html = client.get(reverse("liste-create")).content.decode()
    offered = re.search(r'<script id="player-names" type="application/json">(.*?)</script>', html)
    assert json.loads(offered.group(1)) == ["Jörg Fuß"]
    assert "Geheim" not in html
