"""Issue 36: a participant's own page by his personal link — check-in, withdrawing before
the next draw, the organiser renewing the link, silent rounds hidden there too."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.urls import reverse

from league.core.errors import ServiceError
from league.core.models import AuditEntry
from league.tournaments import services as ts
from league.tournaments.models import LINK_LENGTH, Participant
from league.tournaments.selectors import presence, standings
from tests.tournaments.helpers import make_tournament, play_round, play_rounds_closed

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_throttle():
    cache.clear()
    yield
    cache.clear()


def url(participant, name="participant-self"):
    return reverse(name, args=[participant.tournament_id, participant.link])


def first(tournament):
    return tournament.participants.order_by("number").first()


# --- services ----------------------------------------------------------------------------


def test_every_participant_gets_his_own_link():
    t = make_tournament(8)
    links = list(t.participants.values_list("link", flat=True))
    assert len(set(links)) == 8
    assert all(len(link) == LINK_LENGTH for link in links)


def test_check_in_before_the_draw_is_recorded_once_and_audited():
    t = make_tournament(8)
    p = first(t)
    ts.participant_check_in(participant=p)
    ts.participant_check_in(participant=p)  # a second tap changes nothing
    p.refresh_from_db()
    assert p.checked_in_at is not None
    entries = AuditEntry.objects.filter(action="check_in")
    assert entries.count() == 1
    assert entries.get().role_label == f"Teilnehmer {p.number}"
    assert presence(tournament_id=t.pk).here == 1
    assert len(presence(tournament_id=t.pk).missing) == 7


def test_check_in_after_his_first_draw_is_refused():
    t = make_tournament(8)
    ts.round_draw(tournament=t, seed=1)
    with pytest.raises(ServiceError) as err:
        ts.participant_check_in(participant=first(t))
    assert err.value.code == "self_check_in_drawn"
    assert first(t).checked_in_at is None


def test_withdrawing_himself_before_the_draw():
    t = make_tournament(8)
    p = ts.participant_withdraw_self(participant=first(t))
    assert p.withdrawn
    entry = AuditEntry.objects.get(action="withdraw")
    assert entry.role_label == f"Teilnehmer {p.number}"
    with pytest.raises(ServiceError) as err:  # twice: he is withdrawn already
        ts.participant_check_in(participant=p)
    assert err.value.code == "self_withdrawn"


def test_withdrawing_himself_after_a_draw_only_through_the_organiser():
    t = make_tournament(8)
    rnd, _ = ts.round_draw(tournament=t, seed=1)
    with pytest.raises(ServiceError) as err:
        ts.participant_withdraw_self(participant=first(t))
    assert err.value.code == "self_withdraw_drawn"
    assert err.value.params["number"] == 1
    assert not first(t).withdrawn
    # The round closed, the next not drawn yet: he may again.
    play_round(rnd)
    ts.round_close(tournament_round=rnd)
    assert ts.participant_withdraw_self(participant=first(t)).withdrawn


def test_renewing_the_link_kills_the_old_one():
    t = make_tournament(8)
    p = first(t)
    old = p.link
    renewed = ts.participant_link_renew(participant=p)
    assert renewed.link != old
    assert len(renewed.link) == LINK_LENGTH
    assert AuditEntry.objects.filter(action="link_renew", item=p.number).exists()
    assert old not in str(AuditEntry.objects.get(action="link_renew").__dict__)


# --- views -------------------------------------------------------------------------------


def test_his_page_shows_check_in_then_his_seat(client):
    t = make_tournament(8)
    p = first(t)
    page = client.get(url(p))
    assert page.status_code == 200
    assert b"data-self-check-in" in page.content
    assert page["Referrer-Policy"] == "same-origin"
    done = client.post(url(p, "participant-self-check-in"))
    assert done.status_code == 302
    assert b"data-self-checked-in" in client.get(url(p)).content
    ts.round_draw(tournament=t, seed=1)
    seat = client.get(url(p)).content.decode()
    assert "data-self-seat" in seat
    assert "Platz " in seat
    assert "data-self-withdraw-desk" in seat
    assert "data-self-withdraw>" not in seat


def test_withdrawing_on_his_page_asks_first(client):
    t = make_tournament(8)
    p = first(t)
    asked = client.post(url(p, "participant-self-withdraw"))
    assert asked.status_code == 200
    p.refresh_from_db()
    assert not p.withdrawn
    done = client.post(url(p, "participant-self-withdraw"), {"confirmed": "1"})
    assert done.status_code == 302
    p.refresh_from_db()
    assert p.withdrawn
    assert b"data-self-withdrawn" in client.get(url(p)).content


def test_withdrawing_after_the_draw_is_refused_on_his_page(client):
    t = make_tournament(8)
    p = first(t)
    ts.round_draw(tournament=t, seed=1)
    client.post(url(p, "participant-self-withdraw"), {"confirmed": "1"}, follow=True)
    p.refresh_from_db()
    assert not p.withdrawn


def test_a_renewed_link_is_dead(client):
    t = make_tournament(8)
    p = first(t)
    old = url(p)
    ts.participant_link_renew(participant=p)
    p.refresh_from_db()
    assert client.get(old).status_code == 404
    old_post = old + "da/"
    assert client.post(old_post).status_code == 404
    p.refresh_from_db()
    assert p.checked_in_at is None
    assert client.get(url(p)).status_code == 200


def test_a_link_of_tournament_a_is_useless_on_tournament_b(client):
    a = make_tournament(8)
    b = make_tournament(8)
    p = first(a)
    wrong = reverse("participant-self", args=[b.pk, p.link])
    assert client.get(wrong).status_code == 404
    assert client.post(wrong + "abmelden/", {"confirmed": "1"}).status_code == 404
    p.refresh_from_db()
    assert not p.withdrawn


def test_his_page_shows_nobody_elses_data(client):
    t = make_tournament(8)
    mine, other = list(t.participants.order_by("number")[:2])
    page = client.get(url(mine)).content.decode()
    assert other.link not in page
    assert mine.player.name in page
    # His own page never names another participant's link; nor does the public list.
    assert (
        mine.link
        not in client.get(reverse("tournament-participants", args=[t.pk])).content.decode()
    )


def test_wrong_links_are_throttled(client):
    t = make_tournament(4)
    for i in range(10):
        assert client.get(reverse("participant-self", args=[t.pk, f"x{i:021d}"])).status_code == 404
    p = first(t)
    blocked = client.get(url(p))
    assert blocked.status_code == 429
    assert blocked["Retry-After"]


def test_members_only_tournament_his_link_still_opens_his_page(client):
    t = make_tournament(4, members_only=True)
    assert client.get(url(first(t))).status_code == 200


def test_a_silent_round_hides_his_standing_on_his_page(client):
    organiser = User.objects.create_user("leitung", password="x" * 12)
    t = make_tournament(8, rounds=3)
    t.organisers.add(organiser)
    play_rounds_closed(t, seeds=(1, 2))
    ts.tournament_set_silent(tournament=t, rounds=1, user=organiser)
    rnd, _ = ts.round_draw(tournament=t, seed=3)
    play_round(rnd, seed=3)
    ts.round_close(tournament_round=rnd)
    t.refresh_from_db()
    full = {r.participant_id: r for r in standings(tournament=t, provisional=True).rows}
    public = {
        r.participant_id: r for r in standings(tournament=t, provisional=True, silent=True).rows
    }
    # A participant whose third round changed his total: the page shows the public one.
    p = next(
        x
        for x in Participant.objects.filter(tournament=t)
        if full[x.pk].total != public[x.pk].total
    )
    page = client.get(url(p)).content.decode()
    assert "data-silent" in page
    assert f"data-self-total>{'+' if public[p.pk].total > 0 else ''}{public[p.pk].total}<" in page
    assert f"Platz {public[p.pk].rank}" in page
    assert "Runde 3 · Tisch" not in page  # his silent round's list not among his lists
    # After the ceremony (silent rounds 0) the whole standing shows.
    ts.tournament_set_silent(tournament=t, rounds=0, user=organiser)
    page = client.get(url(p)).content.decode()
    assert "data-silent" not in page
    assert f"{'+' if full[p.pk].total > 0 else ''}{full[p.pk].total}<" in page


def test_the_organiser_renews_a_link_after_asking(client):
    organiser = User.objects.create_user("leitung", password="x" * 12)
    t = make_tournament(4)
    t.organisers.add(organiser)
    p = first(t)
    old = p.link
    client.force_login(organiser)
    target = reverse("participant-link-renew", args=[t.pk, p.pk])
    assert client.post(target).status_code == 200  # the question
    p.refresh_from_db()
    assert p.link == old
    assert client.post(target, {"confirmed": "1"}).status_code == 302
    p.refresh_from_db()
    assert p.link != old


def test_the_board_and_start_page_show_who_is_missing(client):
    organiser = User.objects.create_user("leitung", password="x" * 12)
    t = make_tournament(8)
    t.organisers.add(organiser)
    ts.participant_check_in(participant=first(t))
    client.force_login(organiser)
    detail = client.get(reverse("tournament-detail", args=[t.pk])).content.decode()
    assert "data-presence-here>1<" in detail
    assert detail.count("data-missing=") == 7
    rnd, _ = ts.round_draw(tournament=t, seed=1)
    board = client.get(reverse("round-board", args=[t.pk, 1])).content.decode()
    assert "data-presence" not in board  # drawn: the question is settled
    play_round(rnd)
    ts.round_close(tournament_round=rnd)
    board = client.get(reverse("round-board", args=[t.pk, 1])).content.decode()
    assert "data-presence" in board
    # One tap withdraws a no-show and comes back to the board.
    last = t.participants.order_by("-number").first()
    back = reverse("round-board", args=[t.pk, 1])
    done = client.post(reverse("participant-toggle", args=[t.pk, last.pk]), {"next": back})
    assert done.status_code == 302
    assert done["Location"] == back
    last.refresh_from_db()
    assert last.withdrawn


def test_the_slips_carry_his_link_as_a_qr_code(client):
    import io

    from pypdf import PdfReader

    organiser = User.objects.create_user("leitung", password="x" * 12)
    t = make_tournament(4)
    t.organisers.add(organiser)
    client.force_login(organiser)
    response = client.get(reverse("participant-slips", args=[t.pk]))
    assert response.status_code == 200
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert text.count("QR-Code: deine Seite") == 4


def test_his_link_goes_by_mail_when_his_account_has_an_address(client, mailoutbox):
    organiser = User.objects.create_user("leitung", password="x" * 12)
    t = make_tournament(4)
    t.organisers.add(organiser)
    p = first(t)
    p.player.account = User.objects.create_user("anna", email="anna@example.org")
    p.player.save()
    nobody = t.participants.order_by("number")[1]
    assert not ts.participant_link_mail(participant=nobody, base_url="https://x.test/")
    client.force_login(organiser)
    target = reverse("participant-link-renew", args=[t.pk, p.pk])
    client.post(target, {"confirmed": "1"})
    p.refresh_from_db()
    assert len(mailoutbox) == 1
    assert mailoutbox[0].to == ["anna@example.org"]
    assert f"/turniere/{t.pk}/ich/{p.link}/" in mailoutbox[0].body
    entry = AuditEntry.objects.get(action="link_mail")
    assert p.link not in str(entry.after)


# --- confirming his table's list with his PIN (api.md "Confirmation") ----------------------


def _complete_table(client):
    t = make_tournament(8, require_confirmation=True)
    rnd, _ = ts.round_draw(tournament=t, seed=1)
    liste = rnd.lists.order_by("pk").first()
    seated = t.participants.get(player_id=liste.seats.get(position=1).player_id)
    return t, rnd, liste, seated


def test_his_page_says_what_waits_and_confirms_with_his_pin(client):
    _t, rnd, liste, p = _complete_table(client)
    page = client.get(url(p)).content.decode()
    assert "data-self-confirm" not in page  # not complete yet: nothing waits
    assert "data-self-pin" in page
    play_round(rnd)
    page = client.get(url(p)).content.decode()
    assert "data-self-confirm" in page
    wrong = "0000" if p.pin != "0000" else "1111"
    client.post(url(p, "participant-self-confirm"), {"pin": wrong})
    liste.refresh_from_db()
    assert liste.confirmed_at is None
    assert "PIN" in client.get(url(p)).content.decode()
    before = AuditEntry.objects.count()
    done = client.post(url(p, "participant-self-confirm"), {"pin": p.pin})
    assert done.status_code == 302
    liste.refresh_from_db()
    assert liste.confirmed_at is not None
    assert liste.confirmed_seat == 1
    entry = AuditEntry.objects.order_by("-pk").first()
    assert AuditEntry.objects.count() == before + 1
    assert entry.action == "confirm"
    assert entry.role_label == f"Teilnehmer {p.number}"
    page = client.get(url(p)).content.decode()
    assert "data-self-confirm" not in page
    assert "✓" in page


def test_confirming_from_his_page_is_refused_when_nothing_waits(client):
    _t, rnd, liste, p = _complete_table(client)
    with pytest.raises(ServiceError) as refused:
        ts.participant_confirm_list(participant=p, pin=p.pin)
    assert refused.value.code == "self_nothing_to_confirm"
    # Not a four-digit PIN: a message, nothing written.
    play_round(rnd)
    response = client.post(url(p, "participant-self-confirm"), {"pin": "12a"}, follow=True)
    assert "vierstellige PIN" in response.content.decode()
    liste.refresh_from_db()
    assert liste.confirmed_at is None


def test_another_participants_pin_does_not_confirm_on_his_page(client):
    t, rnd, liste, p = _complete_table(client)
    play_round(rnd)
    other = t.participants.exclude(pk=p.pk).exclude(pin=p.pin).first()
    client.post(url(p, "participant-self-confirm"), {"pin": other.pin})
    liste.refresh_from_db()
    assert liste.confirmed_at is None
