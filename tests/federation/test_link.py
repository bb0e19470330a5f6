"""The venue's link to the federation's site (issue 32): the address and token set once by
staff (the token never shown again), the tournament page's "An die Verbandsseite
übertragen" button with the last answer and "seitdem geändert", the register fetched from
the health page — each try said plainly, a refusal writing nothing. The site here is a fake
opener; tests/venue/test_publication.py sends to a real one."""

from __future__ import annotations

import datetime as dt
import io
import json
import urllib.error
import urllib.request
from typing import Any

import pytest
from django.urls import reverse

from league.clubs.models import Club, Player
from league.core.errors import ServiceError
from league.core.models import AuditEntry
from league.federation import services
from league.federation.models import Sending, SiteLink
from league.tournaments import services as ts

pytestmark = pytest.mark.django_db
TOKEN = "0123456789abcdef0123456789abcdef01234567"


class Response(io.BytesIO):
    def __init__(self, status: int, body: Any) -> None:
        super().__init__(json.dumps(body).encode())
        self.status = status


class FakeSite:
    """Answers like the site would, remembering what it was sent."""

    def __init__(self, *answers: Any) -> None:
        self.answers = list(answers)
        self.sent: list[tuple[urllib.request.Request, float]] = []

    def __call__(self, request: urllib.request.Request, timeout: float) -> Any:
        self.sent.append((request, timeout))
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer


def refusal(status: int, message: str) -> urllib.error.HTTPError:
    body = io.BytesIO(json.dumps({"error": {"code": "x", "message": message}}).encode())
    return urllib.error.HTTPError("http://site/", status, "refused", {}, body)  # type: ignore[arg-type]


@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_user("leitung", password="pw-123456", is_staff=True)


@pytest.fixture
def linked(staff):
    return services.site_link_update(address="https://verband.example/", token=TOKEN, user=staff)


@pytest.fixture
def tournament(staff):
    t = ts.tournament_create(name="Stadtmeisterschaft", date=dt.date(2026, 11, 28), user=staff)
    ts.participant_add(tournament=t, name="Jörg Müller", ddv_number="50011")
    return t


def test_the_token_is_set_once_and_never_shown_again(client, staff):
    client.force_login(staff)
    url = reverse("federation-link")
    saved = client.post(url, {"address": "https://verband.example/", "token": TOKEN})
    assert saved.status_code == 302
    link = SiteLink.objects.get()
    assert (link.address, link.token) == ("https://verband.example", TOKEN)
    page = client.get(url).content.decode()
    assert TOKEN not in page
    assert "…4567" in page
    # An empty token field keeps the token; the history never holds it.
    client.post(url, {"address": "https://neu.example"})
    assert SiteLink.objects.get().token == TOKEN
    assert not any(TOKEN in json.dumps(e.after) for e in AuditEntry.objects.all())
    client.post(url, {"address": "https://neu.example", "forget_token": "on"})
    assert SiteLink.objects.get().token == ""


def test_refusals_of_the_link_write_nothing(client, staff, django_user_model):
    orga = django_user_model.objects.create_user("orga", password="pw-123456")
    with pytest.raises(ServiceError):
        services.site_link_update(address="https://x.example", token="t", user=orga)
    client.force_login(staff)
    bad = client.post(reverse("federation-link"), {"address": "ftp://x.example"})
    assert bad.status_code == 400
    assert "http://" in bad.content.decode()
    spaced = client.post(reverse("federation-link"), {"address": "https://x", "token": "a b"})
    assert spaced.status_code == 400
    assert not SiteLink.objects.exists()
    assert not AuditEntry.objects.filter(action="federation_link").exists()


def test_without_an_address_the_button_says_so_and_sends_nothing(client, staff, tournament):
    client.force_login(staff)
    answer = client.post(reverse("tournament-send", args=[tournament.pk]), follow=True)
    assert "noch nicht eingetragen" in answer.content.decode()
    assert not Sending.objects.exists()


def test_the_button_sends_and_the_page_says_the_answer_and_what_changed_since(
    client, staff, linked, tournament, monkeypatch
):
    site = FakeSite(
        Response(201, {"id": 7, "url": "https://verband.example/turniere/7/", "unchanged": False}),
        Response(200, {"id": 7, "url": "https://verband.example/turniere/7/", "unchanged": True}),
    )
    monkeypatch.setattr("league.federation.answers.default_opener", site)
    client.force_login(staff)
    page = client.post(reverse("tournament-send", args=[tournament.pk]), follow=True)
    text = page.content.decode()
    assert "dort neu angelegt" in text
    assert "Zuletzt übertragen" in text
    assert "Seitdem nichts geändert" in text
    request, timeout = site.sent[0]
    assert (
        request.full_url
        == f"https://verband.example/api/v1/veroeffentlichungen/turniere/{tournament.uid}/"
    )
    assert request.get_method() == "PUT"
    assert request.get_header("Authorization") == f"Token {TOKEN}"
    assert timeout == services.PAGE_TIMEOUT  # the page never waits forever
    assert json.loads(request.data)["tournaments"][0]["uid"] == str(tournament.uid)  # type: ignore[arg-type]
    # A change at the venue: "seitdem geändert"; the same again: "unverändert".
    ts.participant_add(tournament=tournament, name="Gast Eins")
    assert "Seitdem geändert" in client.get(tournament.get_absolute_url()).content.decode()
    again = client.post(reverse("tournament-send", args=[tournament.pk]), follow=True)
    assert "unverändert" in again.content.decode()
    assert Sending.objects.get().outcome == Sending.Outcome.UNCHANGED
    # The site waits for its publisher to assign two guests: the box says so and where.
    assert "Offene Zuordnungen" not in again.content.decode()
    Sending.objects.update(people_open=2)
    box = client.get(tournament.get_absolute_url()).content.decode()
    assert "2 Teilnehmer ohne DDV-Nummer ähneln Spielern der Verbandsseite" in box
    assert "https://verband.example/verband/zuordnungen/" in box


@pytest.mark.parametrize(
    ("failure", "said"),
    [
        (
            urllib.error.URLError(ConnectionRefusedError(111, "Connection refused")),
            "nicht erreichbar",
        ),
        (TimeoutError("timed out"), "nicht binnen 20 Sekunden"),
        (refusal(403, "Keine Berechtigung."), "lehnt ab (403): Keine Berechtigung."),
    ],
)
def test_a_failed_try_is_said_plainly_and_keeps_the_last_success(
    client, staff, linked, tournament, monkeypatch, failure, said
):
    ok = Response(201, {"id": 7, "url": "https://verband.example/turniere/7/", "unchanged": False})
    monkeypatch.setattr("league.federation.answers.default_opener", FakeSite(ok, failure))
    client.force_login(staff)
    client.post(reverse("tournament-send", args=[tournament.pk]))
    first = Sending.objects.get()
    page = client.post(reverse("tournament-send", args=[tournament.pk]), follow=True)
    text = page.content.decode()
    assert said in text
    assert "ohne Erfolg" in text  # on the box, after the message has gone
    sending = Sending.objects.get()
    assert (sending.sent_at, sending.digest, sending.outcome) == (
        first.sent_at, first.digest, first.outcome,
    )  # fmt: skip
    assert sending.tried_problem


def test_only_its_organisers_send_a_tournament(client, linked, tournament, django_user_model):
    other = django_user_model.objects.create_user("fremd", password="pw-123456")
    with pytest.raises(ServiceError):
        services.tournament_send(tournament=tournament, user=other)
    client.force_login(other)
    assert client.post(reverse("tournament-send", args=[tournament.pk])).status_code == 403
    assert not Sending.objects.exists()


def test_the_health_page_fetches_the_register_and_says_how_many_and_when(
    client, staff, linked, monkeypatch
):
    Club.objects.create(name="Herz-Dame Köln", city="Köln")
    page = {
        "results": [
            {"name": "Jörg Müller", "ddv_number": "50011", "club": "Herz-Dame Köln",
             "club_city": "Köln", "club_landesverband": "LV NRW"},
            {"name": "Gabi Jäger", "ddv_number": "50012", "club": None},
        ],
        "next": None,
    }  # fmt: skip
    site = FakeSite(Response(200, page), urllib.error.URLError(OSError("Network is unreachable")))
    monkeypatch.setattr("league.federation.answers.default_opener", site)
    client.force_login(staff)
    health = client.get(reverse("venue-health")).content.decode()
    assert "Spielerregister holen" in health
    done = client.post(reverse("federation-register-fetch"), {"back": "health"}, follow=True)
    text = done.content.decode()
    assert "Spielerregister geholt: 2 Spieler" in text
    assert "Zuletzt geholt" in text
    assert Player.objects.filter(ddv_number__in=["50011", "50012"]).count() == 2
    # The club here takes the site's Landesverband.
    assert Club.objects.get(name="Herz-Dame Köln").landesverband == "LV NRW"
    failed = client.post(reverse("federation-register-fetch"), follow=True).content.decode()
    assert "nicht erreichbar" in failed
    assert "Zuletzt geholt" in failed  # the last fetch that worked stays said
    assert SiteLink.objects.get().register_players == 2


def test_an_organiser_who_is_not_staff_sees_no_register_button(
    client, django_user_model, tournament
):
    orga = django_user_model.objects.create_user("orga", password="pw-123456")
    tournament.organisers.add(orga)
    client.force_login(orga)
    assert "Spielerregister holen" not in client.get(reverse("venue-health")).content.decode()
    assert client.post(reverse("federation-register-fetch")).status_code == 403
