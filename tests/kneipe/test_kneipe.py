"""A new kind of list owner touches its own module only (issue 30): the test-only pub
night (``tests/kneipe/owner.py``), registered like the site's owners, shows up in a
player's statistics (its own facet), on his page, in a backup and in his data export — no
line outside its module names it."""

import datetime as dt
import json
from io import StringIO
from pathlib import Path

from django.contrib.auth.models import AnonymousUser
from django.core.management import call_command
from django.urls import reverse

from league.lists import services
from league.lists.models import Placement, Spielliste
from league.lists.owners import owner_of
from league.privacy.services import player_export
from league.rankings.selectors import player_record
from league.rankings.statistics import Choice, StatsFilter, player_statistics
from tests.kneipe.owner import OWNER, pub_night_place
from tests.site_helpers import normal


def _pub_night(players, user, *, table=2):
    liste = services.spielliste_create(title="Tresen", players=players, created_by=user)
    pub_night_place(liste, pub_id=7, pub="Zum Anker", day=dt.date(2026, 3, 6), table=table)
    services.game_record(spielliste=liste, record=normal())
    return liste


def test_its_list_has_it_as_owner(client, players, user):
    liste = _pub_night(players, user)
    fresh = Spielliste.objects.get(pk=liste.pk)
    assert owner_of(fresh).label == "Kneipenabend Zum Anker, Tisch 2"
    page = client.get(reverse("liste-detail", args=[liste.pk]))
    assert "Kneipenabend Zum Anker, Tisch 2" in page.content.decode()


def test_its_lists_show_in_the_statistics_with_its_facet(client, players, user):
    liste = _pub_night(players, user)
    free = services.spielliste_create(title="Küche", players=players, created_by=user)
    services.game_record(spielliste=free, record=normal())
    anna = players[0]
    view = player_statistics(player=anna, reader=AnonymousUser())
    assert {i.liste_id: i.label for i in view.lists} == {
        liste.pk: "Zum Anker, Kneipenabend Tisch 2",
        free.pk: "Küche",
    }
    assert view.choices("kneipe") == [Choice("7", "Zum Anker")]
    only = player_statistics(
        player=anna, reader=AnonymousUser(), filters=StatsFilter(facets={"kneipe": "7"})
    )
    assert [i.liste_id for i in only.lists] == [liste.pk]
    assert only.stats.games == 1
    page = client.get(reverse("player-statistics", args=[anna.pk]), {"kneipe": "7"})
    html = page.content.decode()
    assert '<select name="kneipe">' in html
    assert '<option value="7" selected>Zum Anker</option>' in html
    assert "Zum Anker, Kneipenabend Tisch 2" in html
    api = client.get(reverse("api-statistik", args=[anna.pk]))
    assert {i["title"] for i in api.json()["lists"]} == {"Zum Anker, Kneipenabend Tisch 2", "Küche"}


def test_its_lists_show_on_the_players_page(client, players, user):
    liste = _pub_night(players, user)
    anna = players[0]
    record = player_record(player=anna, as_of=dt.date(2026, 12, 31), reader=AnonymousUser())
    [item] = record.others
    assert (item.liste_id, item.kind, item.date) == (liste.pk, OWNER, dt.date(2026, 3, 6))
    assert item.label == "Zum Anker, Kneipenabend Tisch 2"
    page = client.get(reverse("player-record", args=[anna.pk]))
    assert "Zum Anker, Kneipenabend Tisch 2" in page.content.decode()


def test_its_lists_go_through_a_backup(tmp_path: Path, players, user):
    liste = _pub_night(players, user, table=4)
    path = tmp_path / "backup.json"
    call_command("export", "-o", str(path), stderr=StringIO())
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["version"] == 1
    assert doc["kneipen"] == [
        {"list": liste.pk, "pub": 7, "name": "Zum Anker", "date": "2026-03-06", "table": 4}
    ]
    Spielliste.objects.all().delete()
    assert not Placement.objects.exists()
    call_command("import", str(path), stdout=StringIO(), stderr=StringIO())
    [restored] = Spielliste.objects.all()
    assert owner_of(restored).label == "Kneipenabend Zum Anker, Tisch 4"
    anna = restored.seats.get(position=1).player
    view = player_statistics(player=anna, reader=AnonymousUser())
    assert [i.label for i in view.lists] == ["Zum Anker, Kneipenabend Tisch 4"]


def test_its_lists_are_in_the_players_data(players, user):
    liste = _pub_night(players, user)
    data = player_export(player=players[0])
    [entry] = [e for e in data["lists"] if e["list"] == liste.pk]
    assert entry["kneipe"] == "Zum Anker"
