"""The club managers' actions on the club's page, one view each: what each does, and on a
refusal the page again with the error on its form — and nothing written."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.accounts import services as account_services
from league.accounts.models import Invitation
from league.clubs.models import Club, Player, PlayerClaim
from league.core.models import AuditEntry
from scoring.rules import PRESETS, TSR


@pytest.fixture
def manager(django_user_model):
    return django_user_model.objects.create_user("cm", password="pw-secret-123")


@pytest.fixture
def club(db, manager):
    club = Club.objects.create(name="Kreuz-Bube")
    club.managers.add(manager)
    return club


@pytest.fixture
def cm(client, manager):
    client.force_login(manager)
    return client


def _url(name, club):
    return reverse(name, args=[club.pk])


def _audit():
    return AuditEntry.objects.count()


def _refused(response, text):
    """The club's page again (200), the refusal shown."""
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Kreuz-Bube</h1>" in html
    assert text in html, html[html.index("<main") :][:3000]


def test_add_a_manager_and_refusals(cm, club, manager, django_user_model):
    django_user_model.objects.create_user("zweite", password="pw")
    before = _audit()
    response = cm.post(_url("club-manager-add", club), {"account": "niemand"})
    _refused(response, '<span class="field-error">Kein (eindeutiges) Konto „niemand“')
    response = cm.post(_url("club-manager-add", club), {"account": "cm"})
    _refused(response, '<span class="field-error">cm verwaltet den Verein schon.')
    assert list(club.managers.values_list("username", flat=True)) == ["cm"]
    assert _audit() == before
    response = cm.post(_url("club-manager-add", club), {"account": "zweite"})
    assert response.status_code == 302
    assert response["Location"] == reverse("club-detail", args=[club.pk])
    assert set(club.managers.values_list("username", flat=True)) == {"cm", "zweite"}


def test_remove_a_manager_but_never_the_last(cm, club, manager, django_user_model):
    before = _audit()
    response = cm.post(_url("club-manager-remove", club), {"account": manager.pk})
    _refused(response, "Ein Verein braucht mindestens eine Vereinsverwaltung.")
    assert "data-remove-errors" in response.content.decode()
    response = cm.post(_url("club-manager-remove", club), {"account": "9" * 25})
    _refused(response, "data-remove-errors")
    assert list(club.managers.all()) == [manager]
    assert _audit() == before
    other = django_user_model.objects.create_user("zweite", password="pw")
    club.managers.add(other)
    assert cm.post(_url("club-manager-remove", club), {"account": other.pk}).status_code == 302
    assert list(club.managers.all()) == [manager]


def test_invitations_and_their_refusals(cm, club, mailoutbox, monkeypatch):
    player = Player.objects.create(name="Inge", club=club)
    stranger = Player.objects.create(name="Fremd")  # not the club's
    _refused(cm.post(_url("club-manager-invite", club), {"email": "kein-mail"}), "field-error")
    _refused(
        cm.post(_url("club-member-invite", club), {"player": stranger.pk, "email": "i@x.org"}),
        "field-error",
    )

    def down(*args, **kwargs):
        raise OSError("SMTP down")

    monkeypatch.setattr(account_services, "_send", down)
    response = cm.post(_url("club-manager-invite", club), {"email": "z@example.org"})
    _refused(response, "Die E-Mail konnte nicht verschickt werden")
    response = cm.post(_url("club-member-invite", club), {"player": player.pk, "email": "i@x.org"})
    _refused(response, "Die E-Mail konnte nicht verschickt werden")
    assert not Invitation.objects.exists()
    assert mailoutbox == []
    monkeypatch.undo()
    assert cm.post(_url("club-manager-invite", club), {"email": "z@example.org"}).status_code == 302
    assert (
        cm.post(
            _url("club-member-invite", club), {"player": player.pk, "email": "i@x.org"}
        ).status_code
        == 302
    )
    assert Invitation.objects.count() == 2
    assert len(mailoutbox) == 2


def test_visibility(cm, club, client, django_user_model):
    assert cm.post(_url("club-visibility", club), {"members_only": "1"}).status_code == 302
    club.refresh_from_db()
    assert club.members_only
    # Anybody else is refused before anything is written.
    other = django_user_model.objects.create_user("x", password="pw")
    client.force_login(other)
    before = _audit()
    assert client.post(_url("club-visibility", club), {}).status_code == 403
    club.refresh_from_db()
    assert club.members_only
    assert _audit() == before


def test_decide_a_claim_but_never_ones_own(cm, club, manager, django_user_model):
    player = Player.objects.create(name="Inge", club=club)
    own = PlayerClaim.objects.create(player=player, account=manager)
    before = _audit()
    response = cm.post(_url("club-claim-decide", club), {"claim": own.pk, "accept": "1"})
    _refused(response, "Die eigene Anfrage bestätigt jemand anderes.")
    assert "data-claim-errors" in response.content.decode()
    _refused(cm.post(_url("club-claim-decide", club), {"claim": "²", "accept": "1"}), "errors")
    own.refresh_from_db()
    player.refresh_from_db()
    assert own.decided_at is None
    assert player.account is None
    assert _audit() == before
    other_club = Club.objects.create(name="Karo")
    elsewhere = PlayerClaim.objects.create(
        player=Player.objects.create(name="Olaf", club=other_club),
        account=django_user_model.objects.create_user("olaf", password="pw"),
    )
    data = {"claim": elsewhere.pk, "accept": "1"}
    assert cm.post(_url("club-claim-decide", club), data).status_code == 404
    inge = django_user_model.objects.create_user("inge", password="pw")
    claim = PlayerClaim.objects.create(player=player, account=inge)
    data = {"claim": claim.pk, "accept": "1"}
    assert cm.post(_url("club-claim-decide", club), data).status_code == 302
    player.refresh_from_db()
    assert player.account == inge


def test_house_rules_and_a_contradiction(cm, club):
    response = cm.post(_url("club-rules", club), {"preset": "verein-002"})
    assert response.status_code == 302
    club.refresh_from_db()
    assert club.profile == PRESETS["verein-002"]
    before = _audit()
    bad = {"preset": "eigene", "games": "open", "pflichtsolo": "required"}
    response = cm.post(_url("club-rules", club), bad)
    _refused(response, "widerspricht")
    assert '<details class="rules-form" open>' in response.content.decode()
    club.refresh_from_db()
    assert club.profile == PRESETS["verein-002"]
    assert _audit() == before
    assert cm.post(_url("club-rules", club), {"preset": "nix"}).status_code == 200
    club.refresh_from_db()
    assert club.profile != TSR


@pytest.mark.parametrize(
    "name",
    [
        "club-manager-add",
        "club-manager-remove",
        "club-manager-invite",
        "club-member-invite",
        "club-visibility",
        "club-claim-decide",
        "club-rules",
    ],
)
def test_actions_take_posts_only(cm, club, name):
    assert cm.get(_url(name, club)).status_code == 405


def test_the_page_takes_no_posts(cm, club):
    """The old ``do=`` dispatch is gone: the page only shows."""
    assert cm.post(_url("club-detail", club), {"do": "visibility"}).status_code == 405
    club.refresh_from_db()
    assert not club.members_only
