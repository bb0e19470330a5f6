"""Rights end at the event (api.md): the review's chains, each played through the site as
the attacker would — an ordinary account that creates tournaments — and refused with
nothing written. Each passed on main 2df3d1c."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from league.accounts.registration import confirmation_path
from league.accounts.services import ranglistenwart_grant
from league.clubs.models import Club, Player, PlayerClaim
from league.core.models import AuditEntry
from league.demo.ranking_demo import rated_tournament
from league.lists import services as ls
from league.rankings import selectors as ranking_selectors
from league.tournaments import services as ts
from league.tournaments.models import Participant, Tournament
from tests.rankings.helpers import entrants

pytestmark = pytest.mark.django_db


def _account(name: str, **extra) -> tuple[Client, User]:
    user = get_user_model().objects.create_user(name, password="pw-secret-123", **extra)
    client = Client()
    client.force_login(user)
    return client, user


def _create_tournament(client: Client, name: str) -> Tournament:
    response = client.post(
        reverse("tournament-create"),
        {"name": name, "date": "2026-11-28", "rounds_planned": "3", "tie_1": "total"},
    )
    assert response.status_code == 302
    return Tournament.objects.get(name=name)


def _register(client: Client, tournament: Tournament, **fields: str):
    data = {"name": "", "club": "", "ddv_number": "", **fields}
    return client.post(reverse("tournament-participants", args=[tournament.pk]), data)


def _victims() -> tuple[Player, Player]:
    """Two real players with history: entries in somebody else's tournament."""
    tournament = ts.tournament_create(name="Stadtmeisterschaft", date=dt.date(2026, 10, 3))
    hans = ts.participant_add(tournament=tournament, name="Hans Herz", club_name="Herz-Dame")
    eva = ts.participant_add(tournament=tournament, name="Eva Eichel", ddv_number="12345")
    return hans.player, eva.player


def _moved_state(*players: Player) -> list[object]:
    return [
        (p.pk, Player.objects.filter(pk=p.pk).exists(), list(p.entries.values_list("pk")))
        for p in players
    ]


def test_an_organiser_cannot_merge_two_strangers_he_registered():
    hans, eva = _victims()
    attacker, _user = _account("mallory")
    first = _create_tournament(attacker, "Turnier A")
    assert _register(attacker, first, name="Hans Herz", club="Herz-Dame").status_code == 302
    second = _create_tournament(attacker, "Turnier B")
    assert _register(attacker, second, name="Eva Eichel", ddv_number="12345").status_code == 302
    assert hans.entries.count() == eva.entries.count() == 2  # the same records, registered
    before, audits = _moved_state(hans, eva), AuditEntry.objects.filter(action="merge").count()
    url = reverse("player-merge", args=[hans.pk])
    response = attacker.post(url, {"other": eva.pk, "confirm": "1"})
    assert response.status_code == 200
    assert "Diesen Spieler dürfen Sie nicht zusammenführen." in response.content.decode()
    assert _moved_state(hans, eva) == before
    assert AuditEntry.objects.filter(action="merge").count() == audits
    # The other way round too.
    attacker.post(reverse("player-merge", args=[eva.pk]), {"other": hans.pk, "confirm": "1"})
    assert _moved_state(hans, eva) == before


def test_an_organiser_merges_a_duplicate_made_at_his_own_desk():
    hans, _eva = _victims()
    organiser, _user = _account("olga")
    tournament = _create_tournament(organiser, "Turnier C")
    # Typed without the club: a new record, a duplicate of Hans.
    assert _register(organiser, tournament, name="Hans Herz", person="new").status_code == 302
    duplicate = Participant.objects.get(tournament=tournament).player
    assert duplicate.pk != hans.pk
    # Hans's own merge page stays closed to him (Hans never played in his tournament).
    assert organiser.get(reverse("player-merge", args=[hans.pk])).status_code == 403
    # From the duplicate's page: the duplicate goes *into* Hans's record.
    url = reverse("player-merge", args=[duplicate.pk])
    preview = organiser.post(url, {"other": hans.pk, "direction": "entfaellt"})
    assert "data-merge-preview" in preview.content.decode()
    response = organiser.post(url, {"other": hans.pk, "direction": "entfaellt", "confirm": "1"})
    assert response.status_code == 302
    assert response["Location"] == reverse("player-record", args=[hans.pk])
    assert not Player.objects.filter(pk=duplicate.pk).exists()
    hans.refresh_from_db()
    assert (hans.name, hans.club.name) == ("Hans Herz", "Herz-Dame")
    assert Participant.objects.get(tournament=tournament).player_id == hans.pk
    # A desk record that brings another club (or an account) to a record with history:
    # refused — founding a club gives no hold on existing players.
    assert _register(organiser, tournament, name="Eva Eichel", club="Mein Verein").status_code
    own = Participant.objects.get(tournament=tournament, player__name="Eva Eichel").player
    eva = Player.objects.get(ddv_number="12345")
    response = organiser.post(
        reverse("player-merge", args=[own.pk]),
        {"other": eva.pk, "direction": "entfaellt", "confirm": "1"},
    )
    assert response.status_code == 200
    assert Player.objects.filter(pk=own.pk).exists()
    assert Player.objects.filter(pk=eva.pk).exists()
    eva.refresh_from_db()
    assert eva.club_id is None


def _ranked_victim() -> Player:
    """Gabi: a real record with a DDV number, a club and an approved Ranglistenturnier."""
    people = [("Gabi Jäger", "Herz-Dame", "70999"), *entrants(31)]
    t = rated_tournament(
        name="Landesmeisterschaft",
        date=dt.date(2026, 9, 5),
        bundesland="NW",
        entrants=people,
        rng=random.Random(3),
        rounds=3,
    )
    assert t.rating_approved_at is not None
    return Player.objects.get(ddv_number="70999")


def _gabi_state(gabi: Player) -> object:
    fresh = Player.objects.filter(pk=gabi.pk).values("name", "ddv_number", "club_id").first()
    return (
        fresh,
        gabi.entries.count(),
        gabi.seats.count(),
        gabi.score_lines.count(),
        list(
            Tournament.objects.filter(name="Landesmeisterschaft").values_list("rating_approved_at")
        ),
    )


@pytest.mark.parametrize("direction", ["", "bleibt"])
def test_a_fresh_account_cannot_take_over_a_ranked_player(client, direction):
    """The review's chain: register, create a tournament, register a made-up name at the
    desk, merge it with a real ranked player — refused, nothing changed, the player's page
    still there under her name."""
    gabi = _ranked_victim()
    before = _gabi_state(gabi)
    assert (
        client.post(
            reverse("register"),
            {
                "username": "zwilling",
                "email": "z@example.org",
                "password1": "pw-secret-123!",
                "password2": "pw-secret-123!",
            },
        ).status_code
        == 302
    )
    fresh = get_user_model().objects.get(username="zwilling")
    client.post(reverse("register-confirm", args=confirmation_path(fresh)))
    attacker = client
    tournament = _create_tournament(attacker, "Zwillingsturnier")
    assert _register(attacker, tournament, name="Desk Zwilling B").status_code == 302
    desk = Participant.objects.get(tournament=tournament).player
    audits = AuditEntry.objects.filter(action="merge").count()
    url = reverse("player-merge", args=[desk.pk])
    data = {"other": gabi.pk, "confirm": "1"}
    if direction:
        data["direction"] = direction
    response = attacker.post(url, data)
    assert response.status_code == 200
    assert "Diesen Spieler dürfen Sie nicht zusammenführen." in response.content.decode()
    assert _gabi_state(gabi) == before
    assert Player.objects.filter(pk=desk.pk, name="Desk Zwilling B").exists()
    assert AuditEntry.objects.filter(action="merge").count() == audits
    assert Client().get(reverse("player-record", args=[gabi.pk])).status_code == 200
    # Gabi's own merge page stays closed to him, whatever desk records he has.
    response = attacker.post(
        reverse("player-merge", args=[gabi.pk]), {"other": desk.pk, "confirm": "1"}
    )
    assert response.status_code == 403
    assert _gabi_state(gabi) == before


def test_a_desk_duplicate_into_a_ranked_player_keeps_her_and_her_approval():
    """The allowed direction: the desk's made-up record disappears into the real one; her
    name, id, number, club and history stay, and her approved tournament keeps its
    approval (its rows did not change)."""
    gabi = _ranked_victim()
    name, number, club = gabi.name, gabi.ddv_number, gabi.club_id
    seats = gabi.seats.count()
    organiser, _user = _account("olga")
    tournament = _create_tournament(organiser, "Kleines Turnier")
    assert _register(organiser, tournament, name="Gabi Jaeger", person="new").status_code == 302
    desk = Participant.objects.get(tournament=tournament).player
    response = organiser.post(
        reverse("player-merge", args=[desk.pk]),
        {"other": gabi.pk, "direction": "entfaellt", "confirm": "1"},
    )
    assert response.status_code == 302
    gabi.refresh_from_db()
    assert (gabi.name, gabi.ddv_number, gabi.club_id) == (name, number, club)
    assert gabi.seats.count() == seats
    assert not Player.objects.filter(pk=desk.pk).exists()
    assert Tournament.objects.get(name="Landesmeisterschaft").rating_approved_at is not None


def test_merging_a_record_of_an_approved_tournament_withdraws_its_approval():
    """A Ranglistenwart merges Gabi's record (with an approved tournament) into another:
    a correction of that tournament, its approval withdrawn."""
    gabi = _ranked_victim()
    wart, user = _account("wart")
    ranglistenwart_grant(account=user)
    other = Player.objects.create(name="Gabriele Jäger")
    response = wart.post(
        reverse("player-merge", args=[other.pk]), {"other": gabi.pk, "confirm": "1"}
    )
    assert response.status_code == 302
    t = Tournament.objects.get(name="Landesmeisterschaft")
    assert t.rating_approved_at is None
    assert AuditEntry.objects.filter(
        action="rating_withdrawn", target_id=t.pk, after__correction="merge"
    ).exists()


def test_a_ranglistenwart_merges_any_two_records():
    hans, eva = _victims()
    wart, user = _account("wart")
    ranglistenwart_grant(account=user)
    page = wart.get(reverse("player-merge", args=[hans.pk]))
    assert page.status_code == 200
    other = Player.objects.create(name="Hans Herz")
    response = wart.post(
        reverse("player-merge", args=[hans.pk]), {"other": other.pk, "confirm": "1"}
    )
    assert response.status_code == 302
    assert not Player.objects.filter(pk=other.pk).exists()
    assert eva.entries.count() == 1


def _members_only_club() -> tuple[Club, Player]:
    club = Club.objects.create(name="Geschlossene Gesellschaft", members_only=True)
    manager = get_user_model().objects.create_user("vorstand", password="pw-secret-123")
    club.managers.add(manager)
    member = Player.objects.create(name="Mara Mitglied", club=club)
    ls.spielliste_create(
        title="Clubabend",
        players=[member, *(Player.objects.create(name=n, club=club) for n in "BCD")],
        club=club,
        created_by=manager,
    )
    return club, member


def test_a_claim_accepted_by_an_organiser_gives_no_members_only_club():
    club, member = _members_only_club()
    attacker, _user = _account("mallory")
    second, second_user = _account("mallory2")
    assert second.get(reverse("club-detail", args=[club.pk])).status_code == 403
    tournament = _create_tournament(attacker, "Turnier D")
    _register(attacker, tournament, name="Mara Mitglied", club=club.name)
    assert Participant.objects.get(tournament=tournament).player_id == member.pk
    # A fresh record typed into the members-only club at his desk: the same refusal.
    _register(attacker, tournament, name="Neu Ling", club=club.name)
    fresh = Player.objects.get(name="Neu Ling")
    for player in (member, fresh):
        second.post(reverse("player-claim", args=[player.pk]))
        claim = PlayerClaim.objects.get(player=player, account=second_user)
        page = attacker.get(reverse("tournament-participants", args=[tournament.pk]))
        assert f"/anfrage/{claim.pk}/" not in page.content.decode()  # not offered
        url = reverse("claim-decide", args=[tournament.pk, claim.pk])
        assert attacker.post(url, {"accept": "1"}).status_code == 403
        claim.refresh_from_db()
        assert claim.decided_at is None
        player.refresh_from_db()
        assert player.account_id is None
    assert second.get(reverse("club-detail", args=[club.pk])).status_code == 403
    # The club's manager decides.
    manager = Client()
    manager.force_login(club.managers.get())
    claim = PlayerClaim.objects.get(player=member)
    response = manager.post(
        reverse("club-claim-decide", args=[club.pk]), {"claim": claim.pk, "accept": "1"}
    )
    assert response.status_code == 302
    assert second.get(reverse("club-detail", args=[club.pk])).status_code == 200


def test_an_organiser_decides_a_claim_on_a_record_made_at_his_desk():
    organiser, _user = _account("olga")
    player_client, player_user = _account("neuling")
    tournament = _create_tournament(organiser, "Turnier E")
    _register(organiser, tournament, name="Neu Ling", club="Offener Verein")
    fresh = Player.objects.get(name="Neu Ling")
    player_client.post(reverse("player-claim", args=[fresh.pk]))
    claim = PlayerClaim.objects.get(player=fresh)
    url = reverse("claim-decide", args=[tournament.pk, claim.pk])
    assert organiser.post(url, {"accept": "1"}).status_code == 302
    fresh.refresh_from_db()
    assert fresh.account_id == player_user.pk


def test_a_ddv_number_never_registers_somebody_else_silently():
    _hans, eva = _victims()
    organiser, _user = _account("olga")
    tournament = _create_tournament(organiser, "Turnier F")
    response = _register(organiser, tournament, name="Erika Muster", ddv_number="12345")
    assert response.status_code == 200
    text = response.content.decode()
    assert "gehört zu „Eva Eichel“" in text
    assert 'name="take_record"' in text
    assert 'type="checkbox"' in text
    assert not tournament.participants.exists()
    # The same name written otherwise is the same person.
    assert _register(organiser, tournament, name="eva  eichel", ddv_number="12345").status_code
    assert tournament.participants.get().player_id == eva.pk
    tournament.participants.all().delete()
    response = _register(
        organiser, tournament, name="Erika Muster", ddv_number="12345", take_record="on"
    )
    assert response.status_code == 302
    assert tournament.participants.get().player_id == eva.pk


def test_a_table_code_cannot_take_back_the_organisers_time_call_or_grant_itself_time():
    organiser, user = _account("olga")
    tournament = ts.tournament_create(name="Turnier G", date=dt.date(2026, 11, 28), user=user)
    for i in range(8):
        ts.participant_add(tournament=tournament, name=f"Spieler {i}")
    rnd, _ = ts.round_draw(tournament=tournament, seed=1)
    ts.round_start(tournament_round=rnd)
    ts.round_call_time(tournament_round=rnd)
    liste = rnd.lists.first()
    liste.refresh_from_db()
    called = liste.time_up_after
    assert called is not None
    phone = Client()
    phone.get(reverse("table-code-open", args=[liste.code]))
    response = phone.post(reverse("time-resume", args=[liste.pk]), {"version": liste.version})
    assert response.status_code == 403
    response = phone.post(
        reverse("time-add", args=[liste.pk]),
        {"version": liste.version, "minutes": "60", "referee": "Ich selbst"},
    )
    assert response.status_code == 403
    liste.refresh_from_db()
    assert (liste.time_up_after, liste.added_minutes) == (called, 0)
    page = phone.get(reverse("liste-detail", args=[liste.pk])).content.decode()
    assert "data-time-resume" not in page
    assert "data-add-time" not in page
    # The organiser may.
    response = organiser.post(reverse("time-resume", args=[liste.pk]), {"version": liste.version})
    assert response.status_code == 302
    liste.refresh_from_db()
    assert liste.time_up_after is None


def _counting_names(client: Client) -> str:
    return client.get(reverse("rangliste") + "?stichtag=2026-12-31").content.decode()


def test_a_made_up_ranglistenturnier_counts_only_once_a_ranglistenwart_approved_it():
    real = entrants(32, prefix="Echt")
    rated_tournament(
        name="Echtes RLT",
        date=dt.date(2026, 3, 1),
        bundesland="NW",
        entrants=real,
        rng=random.Random(1),
    )
    attacker, user = _account("mallory")
    # One real player by his DDV number (and his name), 31 made-up ones, paper results.
    fake = [real[0], *entrants(31, prefix="Erfunden", offset=500)]
    made_up = rated_tournament(
        name="Erfundenes RLT",
        date=dt.date(2026, 6, 1),
        bundesland="BY",
        entrants=fake,
        rng=random.Random(2),
        user=user,
        approved=False,
    )
    assert made_up.closed_at is not None
    assert made_up.rated

    def rounds_of_real_player() -> int:
        view = ranking_selectors.rangliste(as_of=dt.date(2026, 12, 31))
        return sum(r.rounds for r in view.unter_36 if view.players[r.player].name == real[0][0])

    assert rounds_of_real_player() == 3
    page = _counting_names(attacker)
    assert "Echtes RLT" in page
    assert "Erfundenes RLT" not in page
    # The organiser cannot approve his own request.
    url = reverse("rangliste-decide", args=[made_up.pk])
    assert attacker.get(reverse("rangliste-requests")).status_code == 403
    assert attacker.post(url, {"approve": "1"}).status_code == 403
    made_up.refresh_from_db()
    assert made_up.rating_approved_at is None
    # A Ranglistenwart approves it: now it counts.
    wart, wart_user = _account("wart")
    ranglistenwart_grant(account=wart_user)
    listing = wart.get(reverse("rangliste-requests")).content.decode()
    assert "Erfundenes RLT" in listing
    assert 'data-waiting="1"' in listing
    assert wart.post(url, {"approve": "1"}).status_code == 302
    assert rounds_of_real_player() == 6
    assert "Erfundenes RLT" in _counting_names(Client())
    # Reopened for a correction: the approval is withdrawn.
    assert attacker.post(reverse("tournament-reopen", args=[made_up.pk])).status_code == 302
    made_up.refresh_from_db()
    assert made_up.rating_approved_at is None
    assert rounds_of_real_player() == 3
    # Withdrawing needs a reason; with one, it is kept for the organiser to read.
    attacker.post(reverse("tournament-close", args=[made_up.pk]))
    response = wart.post(url, {"approve": "0", "reason": ""})
    assert response.status_code == 422
    assert wart.post(url, {"approve": "0", "reason": "Teilnehmer erfunden"}).status_code == 302
    made_up.refresh_from_db()
    assert made_up.rating_note == "Teilnehmer erfunden"
    assert made_up.rating_approved_at is None
    rating_page = attacker.get(reverse("tournament-rating", args=[made_up.pk])).content.decode()
    assert "Teilnehmer erfunden" in rating_page


def test_the_pair_helper_knows_the_direction():
    """``can_merge_pair(user, keep, merge)``: an organiser may let only his own desk record
    disappear, into any record; never a real record into his desk record, never another
    organiser's desk record."""
    from league.rankings.access import can_merge_pair

    hans, eva = _victims()
    _client, olga = _account("olga")
    tournament = ts.tournament_create(name="Olgas Turnier", date=dt.date(2026, 11, 28), user=olga)
    desk = ts.participant_add(tournament=tournament, name="Hans H.").player
    _client2, otto = _account("otto")
    other_t = ts.tournament_create(name="Ottos Turnier", date=dt.date(2026, 11, 28), user=otto)
    ottos = ts.participant_add(tournament=other_t, name="Eva E.").player
    assert can_merge_pair(olga, keep=hans, merge=desk)
    assert not can_merge_pair(olga, keep=desk, merge=hans)
    assert not can_merge_pair(olga, keep=desk, merge=ottos)
    assert not can_merge_pair(olga, keep=hans, merge=eva)
    assert can_merge_pair(otto, keep=eva, merge=ottos)
    assert not can_merge_pair(otto, keep=ottos, merge=eva)
