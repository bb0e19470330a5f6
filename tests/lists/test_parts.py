"""The list page in parts (league.lists.views.parts): each part has its own address and
version; a poll with the tag it has gets a 304 while nothing it shows changed, and the
page is the parts composed. The proof that a part's version covers what it renders:
``assert_versions_cover`` changes each input a part shows and checks that a part whose
answer changed has a new tag (a part that kept its tag would never be asked again)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse

from league.clubs.models import Player
from league.lists import services
from league.lists.models import Spielliste
from league.lists.selectors import spielliste_snapshot
from league.lists.views.parts import PARTS
from tests.site_helpers import normal

pytestmark = pytest.mark.django_db

# Fresh in every answer and no part's content: the CSRF token and the forms' new keys.
_FRESH = re.compile(r'(name="(?:csrfmiddlewaretoken|(?:[\w-]+-)?key)"[^>]*?value=")[^"]*"')


def look(client: Client, liste: Spielliste, name: str) -> tuple[str, str]:
    """A part's tag and what it shows (without what is fresh in every answer)."""
    response = client.get(reverse("liste-part", args=[liste.pk, name]), HTTP_X_LIVE="1")
    assert response.status_code == 200, name
    return response["ETag"], _FRESH.sub(r'\1"', response.content.decode())


def assert_versions_cover(
    client: Client, liste: Spielliste, changes: dict[str, Callable[[], object]]
) -> dict[str, set[str]]:
    """Apply each change in turn; every part whose answer changed must have a new tag.
    Returns, per part, the changes it showed (so a test can say none is vacuous)."""
    shown: dict[str, set[str]] = {part.name: set() for part in PARTS}
    before = {part.name: look(client, liste, part.name) for part in PARTS}
    for label, change in changes.items():
        change()
        for part in PARTS:
            after = look(client, liste, part.name)
            if after[1] != before[part.name][1]:
                shown[part.name].add(label)
                assert after[0] != before[part.name][0], f"{part.name} shows {label} unversioned"
            before[part.name] = after
    return shown


@pytest.fixture
def free_list(django_user_model):
    user = django_user_model.objects.create_user("lf", password="pw-secret-123")
    players = [Player.objects.create(name=n) for n in ("Anna", "Bernd", "Carla", "Dieter")]
    liste = services.spielliste_create(title="Testtisch", players=players, created_by=user)
    client = Client()
    client.force_login(user)
    return liste, user, client


def _play(liste: Spielliste, re_augen: int = 130) -> None:
    players = list(spielliste_snapshot(pk=liste.pk).state.next_game.players)
    services.game_record(
        spielliste=liste, record=normal(players=players, re=players[:2], augen=re_augen)
    )


def test_every_part_version_covers_what_it_renders(free_list):
    liste, user, client = free_list
    erika = Player.objects.create(name="Erika")

    def fresh() -> Spielliste:
        return Spielliste.objects.get(pk=liste.pk)

    changes: dict[str, Callable[[], object]] = {
        "game": lambda: _play(fresh()),
        "second game": lambda: _play(fresh(), 100),
        "kasse": lambda: services.spielliste_set_kasse(spielliste=fresh(), cent=10, user=user),
        "penalty": lambda: services.penalty_add(
            spielliste=fresh(),
            after_game=2,
            kind="unsporting",
            offender=Player.objects.get(name="Carla"),
            points=3,
            referee="W",
        ),
        "substitute": lambda: services.seat_substitute(
            spielliste=fresh(), position=4, player=erika, user=user
        ),
        "last game deleted": lambda: services.game_delete_last(spielliste=fresh(), user=user),
        "kasse off": lambda: services.spielliste_set_kasse(
            spielliste=fresh(), cent=None, user=user
        ),
        "frozen": lambda: services.spielliste_set_frozen(spielliste=fresh(), frozen=True),
    }
    shown = assert_versions_cover(client, liste, changes)
    # No part is proved by showing nothing: each shows some of the changes.
    assert all(shown.values()), shown
    assert {"kasse", "kasse off"} <= shown["kasse"]
    assert "penalty" in shown["zeilen"]
    assert "game" in shown["stand"]


def test_a_part_answers_304_until_it_changes_and_the_page_names_its_tags(free_list):
    liste, _user, client = free_list
    page = client.get(reverse("liste-detail", args=[liste.pk])).content.decode()
    for part in PARTS:
        url = reverse("liste-part", args=[liste.pk, part.name])
        tag = re.search(rf'id="{part.element}"[^>]*hx-get="{url}"[^>]*data-live-tag="(\w+)"', page)
        assert tag, part.name
        again = client.get(url, HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH=f'"{tag.group(1)}"')
        assert again.status_code == 304, part.name  # the page's tag is the part's own
    _play(liste)
    for part in PARTS:
        url = reverse("liste-part", args=[liste.pk, part.name])
        tag = re.search(rf'hx-get="{url}"[^>]*data-live-tag="(\w+)"', page)
        assert tag
        fresh = client.get(url, HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH=f'"{tag.group(1)}"')
        assert fresh.status_code == 200, part.name


def test_the_page_is_its_parts(free_list):
    """Without JavaScript the page shows what the parts show, in their order."""
    liste, _user, client = free_list
    _play(liste)
    page = client.get(reverse("liste-detail", args=[liste.pk])).content.decode()
    at = 0
    for part in PARTS:
        body = look(client, liste, part.name)[1].strip()
        snippet = _FRESH.sub(r'\1"', body)[:200]
        found = _FRESH.sub(r'\1"', page).find(snippet, at)
        assert found >= at, part.name
        at = found


def test_an_unknown_part_or_list_is_404(free_list, client):
    liste, _user, _client = free_list
    assert client.get(reverse("liste-part", args=[liste.pk, "nichts"])).status_code == 404
    assert client.get(reverse("liste-part", args=[10**9, "zeilen"])).status_code == 404


def test_a_stranger_reads_no_part_of_a_members_only_list(free_list, client):
    liste, _user, _client = free_list
    from league.clubs.models import Club

    club = Club.objects.create(name="Geschlossen", members_only=True)
    Spielliste.objects.filter(pk=liste.pk).update(club=club)
    response = client.get(reverse("liste-part", args=[liste.pk, "zeilen"]))
    assert response.status_code in (302, 403)
    assert "Anna" not in response.content.decode()
