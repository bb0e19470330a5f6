"""People of a publication (federation.md; history-import.md "People"): a participant with a
DDV number is that player; one without is the same person when exactly one record here has
his name, a new record when nobody is close, and when he is "maybe the same" his results
stand on a record of his own with an open assignment that the publisher decides here —
until then the tournament does not count in the Rangliste."""

from __future__ import annotations

import datetime as dt
import json
import random
from typing import Any

import pytest
from django.urls import reverse

from league.backup.services import backup_export
from league.clubs.models import Player
from league.core.errors import ServiceError
from league.demo.ranking_demo import rated_tournament
from league.federation.models import Assignment
from league.federation.people import assignment_decide
from league.federation.publication import tournament_publish
from league.lists.models import Spielliste
from league.rankings.selectors import rangliste
from league.tournaments import services as ts
from league.tournaments.models import Tournament
from tests.rankings.helpers import entrants

pytestmark = pytest.mark.django_db
DAY = dt.date(2026, 3, 1)


def _venue_document() -> tuple[dict[str, Any], Any]:
    """A closed Ranglistenturnier played "at the venue" (31 register players and three
    guests without a number), exported; then gone from this database but the register
    players, as if it had been played on the laptop."""
    people = [*entrants(29), ("Joerg Muller", "", ""), ("Hans Meier", "", ""), ("Neu Gast", "", "")]
    venue = rated_tournament(
        name="RLT Köln", date=DAY, bundesland="NW", entrants=people, rng=random.Random(3),
        approved=False,
    )  # fmt: skip
    doc = backup_export(tournament_id=venue.pk)
    guests = list(Player.objects.filter(entries__tournament=venue, ddv_number=""))
    lists = list(
        Spielliste.objects.filter(round_table__tournament_round__tournament=venue).values_list(
            "pk", flat=True
        )
    )
    venue.delete()
    Spielliste.objects.filter(pk__in=lists).delete()
    for guest in guests:
        guest.delete()
    return doc, venue.uid


@pytest.fixture
def site(django_user_model):
    doc, uid = _venue_document()
    joerg = Player.objects.create(name="Jörg Müller", ddv_number="40001")  # near: maybe
    hans = Player.objects.create(name="Hans Meier")  # equal, one record: the same
    publisher = django_user_model.objects.create_user("bund", password="pw-123456")
    return {"doc": doc, "uid": uid, "joerg": joerg, "hans": hans, "publisher": publisher}


def _players_in_rangliste() -> set[str]:
    """The players with figures in the Rangliste on the day (whatever their rounds)."""
    return set(rangliste(as_of=DAY).players)


def test_maybe_the_same_waits_for_the_publisher_and_keeps_the_tournament_out(site):
    done = tournament_publish(uid=site["uid"], doc=site["doc"], user=site["publisher"])
    tournament = done.tournament
    assert tournament.people_open == 1
    (open_one,) = Assignment.objects.filter(decision="")
    assert open_one.name == "Joerg Muller"
    assert open_one.candidates[0] == site["joerg"].pk
    assert open_one.player_id != site["joerg"].pk  # his results on a record of his own
    entered = set(tournament.participants.values_list("player_id", flat=True))
    assert site["hans"].pk in entered  # the same person: used without asking
    assert Player.objects.filter(name="Neu Gast").count() == 1  # nobody close: new
    # Approved, but not counted until decided.
    ts.tournament_rating_decide(tournament=tournament, approve=True)
    assert _players_in_rangliste() == set()
    # Publishing the same again asks nothing new.
    again = tournament_publish(uid=site["uid"], doc=site["doc"], user=site["publisher"])
    assert again.unchanged
    assert Assignment.objects.count() == 1

    decided = assignment_decide(
        assignment_id=open_one.pk, same_as=site["joerg"].pk, user=site["publisher"]
    )
    assert decided.player_id == site["joerg"].pk
    assert not Player.objects.filter(pk=open_one.player_id).exists()  # merged
    tournament.refresh_from_db()
    assert tournament.people_open == 0
    assert site["joerg"].pk in set(tournament.participants.values_list("player_id", flat=True))
    # The merge corrected an approved tournament: the Ranglistenwart approves again.
    ts.tournament_rating_decide(tournament=tournament, approve=True)
    assert str(site["joerg"].pk) in _players_in_rangliste()


def test_a_later_publication_keeps_a_decision_and_asks_nothing_again(site):
    tournament_publish(uid=site["uid"], doc=site["doc"], user=site["publisher"])
    (open_one,) = Assignment.objects.all()
    assignment_decide(assignment_id=open_one.pk, same_as=None, user=site["publisher"])
    kept = Assignment.objects.get().player_id
    changed = {
        **site["doc"],
        "tournaments": [{**site["doc"]["tournaments"][0], "venue": "Köln-Deutz"}],
    }
    done = tournament_publish(uid=site["uid"], doc=changed, user=site["publisher"])
    assert not done.unchanged
    assert done.tournament.people_open == 0
    assert Assignment.objects.count() == 1
    assert kept in set(done.tournament.participants.values_list("player_id", flat=True))
    assert Player.objects.filter(name="Joerg Muller").count() == 1


def test_an_open_assignment_survives_a_republication_on_the_same_record(site):
    tournament_publish(uid=site["uid"], doc=site["doc"], user=site["publisher"])
    first = Assignment.objects.get()
    changed = {**site["doc"], "tournaments": [{**site["doc"]["tournaments"][0], "venue": "Deutz"}]}
    done = tournament_publish(uid=site["uid"], doc=changed, user=site["publisher"])
    again = Assignment.objects.get()
    assert (again.pk, again.player_id, again.decision) == (first.pk, first.player_id, "")
    assert done.tournament.people_open == 1
    assert Player.objects.filter(name="Joerg Muller").count() == 1


def test_refused_decisions_write_nothing(site, django_user_model):
    tournament_publish(uid=site["uid"], doc=site["doc"], user=site["publisher"])
    open_one = Assignment.objects.get()
    stranger = django_user_model.objects.create_user("fremd", password="pw-123456")
    with pytest.raises(ServiceError):
        assignment_decide(assignment_id=open_one.pk, same_as=site["joerg"].pk, user=stranger)
    with pytest.raises(ServiceError):  # not a candidate
        assignment_decide(
            assignment_id=open_one.pk, same_as=site["hans"].pk, user=site["publisher"]
        )
    open_one.refresh_from_db()
    assert open_one.decision == ""
    assert Player.objects.filter(pk=open_one.player_id).exists()
    assert Tournament.objects.get(uid=site["uid"]).people_open == 1


def test_the_api_answer_names_the_open_assignments(site, client):
    from rest_framework.authtoken.models import Token

    token = Token.objects.create(user=site["publisher"]).key
    answer = client.put(
        f"/api/v1/veroeffentlichungen/turniere/{site['uid']}/",
        data=json.dumps(site["doc"]),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {token}",
    )
    assert answer.status_code == 201
    assert answer.json()["people_open"] == 1


def test_the_publisher_decides_on_his_page(site, client, django_user_model):
    tournament_publish(uid=site["uid"], doc=site["doc"], user=site["publisher"])
    open_one = Assignment.objects.get()
    stranger = django_user_model.objects.create_user("fremd", password="pw-123456")
    client.force_login(stranger)
    assert "Joerg Muller" not in client.get(reverse("federation-assignments")).content.decode()
    url = reverse("federation-assignment-decide", args=[open_one.pk])
    assert client.post(url, {"choice": "new"}).status_code == 403
    client.force_login(site["publisher"])
    page = client.get(reverse("federation-assignments")).content.decode()
    assert "Joerg Muller" in page
    assert "Jörg Müller" in page  # the candidate, with his DDV number
    assert "40001" in page
    tournament = Tournament.objects.get(uid=site["uid"])
    assert "warten auf" in client.get(tournament.get_absolute_url()).content.decode() or (
        "wartet auf" in client.get(tournament.get_absolute_url()).content.decode()
    )
    done = client.post(url, {"choice": "new"}, follow=True).content.decode()
    assert "bleibt ein neuer Spieler" in done
    assert "Keine offenen Zuordnungen" in done
