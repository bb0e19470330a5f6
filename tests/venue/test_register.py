"""The register travels (federation.md): the federation's site (a gunicorn process with its
own database) answers ``GET /api/v1/spieler/?register=1``; ``manage.py fetch_players`` on
the venue (this test's database) copies it — by DDV number, never a hidden player, never a
guest; a refusal (wrong token) is exit 1, an unreachable site exit 3, and neither changes
anything."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from league.clubs.models import Club, Player
from tests.servers import free_port, serve, site_env, site_prepare, stop

SITE_SETUP = """
from league.clubs.models import Club, Player
from tests.servers import free_port, serve, site_env, site_prepare, stop
club = Club.objects.create(name="Herz-Dame Köln", city="Köln", landesverband="LV NRW")
Player.objects.create(name="Jörg Müller", ddv_number="50011", club=club)
Player.objects.create(name="Gabi Jäger", ddv_number="50012")
Player.objects.create(name="Lutz Krämer", ddv_number="50013", hide_name=True)
Player.objects.create(name="Gast Ohne Nummer")
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    tmp = tmp_path_factory.mktemp("site")
    env = site_env(tmp)
    site_prepare(env, SITE_SETUP)
    base, server = serve(env)
    try:
        yield base, tmp
    finally:
        stop(server)


def _fetch(base: str, *args: str) -> str:
    out = io.StringIO()
    call_command("fetch_players", "--from", base, *args, stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_the_venue_copies_the_register_once_by_ddv_number(site):
    base, _ = site
    Player.objects.create(name="Joerg Mueller (alt)", ddv_number="50011")
    Player.objects.create(name="Gast Ohne Nummer")  # the venue's own guest, untouched
    out = _fetch(base)
    assert "2 Spieler gelesen, 1 neu, 1 geändert" in out
    joerg = Player.objects.get(ddv_number="50011")
    assert joerg.name == "Jörg Müller"
    assert joerg.club is not None
    assert (joerg.club.name, joerg.club.city) == ("Herz-Dame Köln", "Köln")
    assert joerg.club.landesverband == "LV NRW"  # the register carries the Landesverband
    assert Player.objects.get(ddv_number="50012").name == "Gabi Jäger"
    # The hidden player's name never travels, nor a guest of the site.
    assert not Player.objects.filter(ddv_number="50013").exists()
    assert not Player.objects.filter(name="Lutz Krämer").exists()
    assert Player.objects.filter(name="Gast Ohne Nummer").count() == 1
    # Again: nothing new.
    assert "0 neu, 0 geändert, 2 unverändert" in _fetch(base)
    assert Player.objects.count() == 3
    assert Club.objects.filter(name="Herz-Dame Köln").count() == 1


@pytest.mark.django_db
def test_a_wrong_token_is_exit_1_and_an_unreachable_site_exit_3_and_nothing_changes(site):
    base, _ = site
    with pytest.raises(CommandError) as refused:
        _fetch(base, "--token", "falsch")
    assert refused.value.returncode == 1
    with pytest.raises(CommandError) as away:
        _fetch(f"http://127.0.0.1:{free_port()}")
    assert away.value.returncode == 3
    assert Player.objects.count() == 0


@pytest.mark.django_db
def test_the_register_address_wants_its_flag_and_pages(client):
    Player.objects.create(name="A", ddv_number="1")
    Player.objects.create(name="B", ddv_number="2", hide_name=True)
    Player.objects.create(name="C")
    assert client.get("/api/v1/spieler/").status_code == 400
    answer = client.get("/api/v1/spieler/?register=1").json()
    assert [p["name"] for p in answer["results"]] == ["A"]
    assert set(answer["results"][0]) == {
        "id", "name", "ddv_number", "club", "club_city", "club_landesverband",
    }  # fmt: skip
