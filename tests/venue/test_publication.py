"""An event travels (federation.md): the federation's site (a gunicorn process with its own
database) and a venue (this test's database). The venue fetches the register, plays a
tournament with a register player and guests, publishes it, publishes again after another
round and after a correction: the site holds it once, under one key, with the venue's
standings; the register player is the site's own record, only the guests are new. A wrong
token (exit 1), another account (403, exit 1) and an unreachable site (exit 3) change
nothing."""

from __future__ import annotations

import datetime as dt
import io
import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from league.lists import services as ls
from league.tournaments import services as ts
from league.tournaments.models import Tournament
from league.tournaments.selectors import standings
from tests.servers import free_port, serve, site_env, site_prepare, site_shell, stop
from tests.tournaments.helpers import play_round

SITE_SETUP = """
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
from league.clubs.models import Club, Player
club = Club.objects.create(name="Herz-Dame Köln", city="Köln")
Player.objects.create(name="Jörg Müller", ddv_number="50011", club=club)
bund = User.objects.create_user("bund", password="Karo-Bube-2026")
fremd = User.objects.create_user("fremd", password="Karo-Bube-2026")
print(Token.objects.create(user=bund).key, Token.objects.create(user=fremd).key)
"""

FACTS = """
import json
from league.clubs.models import Player
from league.tournaments.models import Tournament
from league.tournaments.selectors import standings
out = []
for t in Tournament.objects.order_by("pk"):
    rows = standings(tournament=t, reveal=True).rows
    out.append({
        "pk": t.pk, "uid": str(t.uid), "published": t.published_at is not None,
        "rows": [[r.rank, r.name, r.total] for r in rows],
        "joerg": list(t.participants.filter(player__ddv_number="50011")
                      .values_list("player_id", flat=True)),
    })
print(json.dumps({"tournaments": out, "players": Player.objects.count(),
                  "joerg": Player.objects.get(ddv_number="50011").pk}))
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    tmp = tmp_path_factory.mktemp("federation")
    env = site_env(tmp)
    token, other = site_prepare(env, SITE_SETUP).split()[-2:]
    base, server = serve(env)

    def facts() -> dict[str, Any]:
        facts: dict[str, Any] = json.loads(site_shell(env, FACTS).strip().splitlines()[-1])
        return facts

    try:
        yield {"base": base, "token": token, "other": other, "facts": facts, "env": env}
    finally:
        stop(server)


def _publish(tournament: Tournament, base: str, token: str) -> str:
    out = io.StringIO()
    call_command(
        "publish", "--tournament", str(tournament.pk), "--to", base, "--token", token,
        stdout=out,
    )  # fmt: skip
    return out.getvalue()


def _rows(tournament: Tournament) -> list[list[Any]]:
    return [[r.rank, r.name, r.total] for r in standings(tournament=tournament, reveal=True).rows]


@pytest.mark.django_db
def test_a_tournament_travels_to_the_site_once_with_its_people(site):
    base, token = site["base"], site["token"]
    call_command("fetch_players", "--from", base, stdout=io.StringIO())
    tournament = ts.tournament_create(
        name="Verbandsturnier", date=dt.date(2026, 11, 28), rounds_planned=2
    )
    ts.participant_add(tournament=tournament, name="Jörg Müller", ddv_number="50011")
    for n in range(7):
        ts.participant_add(tournament=tournament, name=f"Gast {n}")
    first, _ = ts.round_draw(tournament=tournament, seed=5)
    play_round(first, stop=3)

    assert "Veröffentlicht:" in _publish(tournament, base, token)
    facts = site["facts"]()
    (published,) = facts["tournaments"]
    assert published["uid"] == str(tournament.uid)
    assert published["published"]
    assert published["rows"] == _rows(tournament)
    assert published["joerg"] == [facts["joerg"]]  # the site's own record
    players_after_first = facts["players"]
    assert players_after_first == 1 + 7  # Jörg was there; the seven guests are new

    # The same again: unchanged. Another round, then a correction: replaced, once.
    assert "Unverändert:" in _publish(tournament, base, token)
    play_round(first, seed=2)
    ts.round_close(tournament_round=first)
    second, _ = ts.round_draw(tournament=tournament, seed=6)
    play_round(second, stop=2)
    assert "Ersetzt:" in _publish(tournament, base, token)
    # A correction at the venue: the last game of a table taken back.
    ls.game_delete_last(spielliste=second.lists.first())
    assert "Ersetzt:" in _publish(tournament, base, token)
    facts = site["facts"]()
    (again,) = facts["tournaments"]
    assert again["pk"] == published["pk"]
    assert again["rows"] == _rows(tournament)
    assert facts["players"] == players_after_first


@pytest.mark.django_db
def test_refusals_and_an_unreachable_site_change_nothing(site):
    base = site["base"]
    tournament = ts.tournament_create(name="Fremdes Turnier", date=dt.date(2026, 11, 28))
    before = site["facts"]()
    with pytest.raises(CommandError) as wrong:
        _publish(tournament, base, "falsch")
    assert wrong.value.returncode == 1
    with pytest.raises(CommandError) as away:
        _publish(tournament, f"http://127.0.0.1:{free_port()}", site["token"])
    assert away.value.returncode == 3
    assert site["facts"]() == before
    # Published by one account, replaced by another: 403, nothing written.
    _publish(tournament, base, site["token"])
    ts.participant_add(tournament=tournament, name="Nachzügler")
    with pytest.raises(CommandError) as other:
        _publish(tournament, base, site["other"])
    assert other.value.returncode == 1
    assert "403" in str(other.value)
    after = site["facts"]()
    assert len(after["tournaments"]) == len(before["tournaments"]) + 1


@pytest.mark.django_db
def test_a_published_tournament_is_read_only_here(client, django_user_model):
    orga = django_user_model.objects.create_user("orga", password="pw-secret-123")
    tournament = ts.tournament_create(name="Vom Laptop", date=dt.date(2026, 11, 28), user=orga)
    Tournament.objects.filter(pk=tournament.pk).update(published_at=timezone.now())
    client.force_login(orga)
    assert client.get(f"/turniere/{tournament.pk}/teilnehmer/").status_code == 200
    refused = client.post(f"/turniere/{tournament.pk}/teilnehmer/", {"name": "Neu"})
    assert refused.status_code == 403
    assert "Veranstaltungsort" in refused.content.decode()
    assert not tournament.participants.exists()


RANGLISTE = """
import json, datetime
from league.rankings.selectors import rangliste
from league.tournaments.models import Tournament
t = Tournament.objects.get(uid="{uid}")
{action}
t.refresh_from_db()
print(json.dumps({{"approved": t.rating_approved_at is not None,
                   "figures": len(rangliste(as_of=t.date).players)}}))
"""
APPROVE = """
from league.tournaments import services as ts
ts.tournament_rating_decide(tournament=t, approve=True)
"""


@pytest.mark.django_db
def test_the_venue_button_sends_to_the_site_and_says_when_it_cannot(
    site, client, django_user_model
):
    """The organiser's button on the laptop (issue 32): the site's answer on the page; the
    site unreachable said plainly with nothing changed there; trying again doubles
    nothing."""
    from league.federation import services as fs

    staff = django_user_model.objects.create_user("leitung", password="pw-123456", is_staff=True)
    client.force_login(staff)
    tournament = ts.tournament_create(name="Knopfturnier", date=dt.date(2026, 11, 28), user=staff)
    ts.participant_add(tournament=tournament, name="Jörg Müller", ddv_number="50011")
    fs.site_link_update(address=f"http://127.0.0.1:{free_port()}", token=site["token"], user=staff)
    before = site["facts"]()
    send = reverse("tournament-send", args=[tournament.pk])
    down = client.post(send, follow=True).content.decode()
    assert "nicht erreichbar" in down
    assert site["facts"]() == before
    fs.site_link_update(address=site["base"], user=staff)  # the token kept
    up = client.post(send, follow=True).content.decode()
    assert "dort neu angelegt" in up
    assert "Seitdem nichts geändert" in up
    again = client.post(send, follow=True).content.decode()
    assert "unverändert" in again
    after = site["facts"]()
    assert len(after["tournaments"]) == len(before["tournaments"]) + 1


def _rangliste(site: dict[str, Any], uid: Any, action: str = "") -> dict[str, Any]:
    out = site_shell(site["env"], RANGLISTE.format(uid=uid, action=action))
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


@pytest.mark.django_db
def test_an_approved_publication_counts_and_a_changed_one_is_asked_again(site):
    """The Rangliste (issue 32): a published Ranglistenturnier approved on the site moves the
    players' figures; the same publication again keeps the approval; one whose results
    changed at the venue withdraws it (the Ranglistenwart is asked again)."""
    import random

    from league.demo.ranking_demo import rated_tournament
    from tests.rankings.helpers import entrants

    venue = rated_tournament(
        name="RLT Verband", date=dt.date(2026, 11, 1), bundesland="NW",
        entrants=entrants(32, prefix="Rang"), rng=random.Random(9), approved=False,
    )  # fmt: skip
    _publish(venue, site["base"], site["token"])
    assert _rangliste(site, venue.uid) == {"approved": False, "figures": 0}
    assert _rangliste(site, venue.uid, APPROVE) == {"approved": True, "figures": 32}
    assert "Unverändert:" in _publish(venue, site["base"], site["token"])
    assert _rangliste(site, venue.uid)["approved"]
    # A correction at the venue: the last round's first table typed again.
    last = venue.rounds.order_by("-number").first()
    ts.tournament_reopen(tournament=venue)
    ts.round_reopen(tournament_round=last)
    ts.round_paper_results(
        tournament_round=last, entry=1, tables=[ts.PaperTable(1, {1: 30, 2: -30, 3: 12, 4: -12})]
    )
    ts.round_close(tournament_round=last)
    ts.tournament_close(tournament=venue)
    assert "Ersetzt:" in _publish(venue, site["base"], site["token"])
    assert _rangliste(site, venue.uid) == {"approved": False, "figures": 0}
