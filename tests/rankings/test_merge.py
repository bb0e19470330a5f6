"""One person, one record: ``player_merge``."""

import pytest

from league.clubs.models import Club, Player, PlayerClaim
from league.core.errors import ServiceError
from league.core.models import AuditEntry
from league.lists import services as ls
from league.lists.models import ScoreLine, Seat
from league.rankings.selectors import rangliste
from league.rankings.services import player_merge
from league.tournaments import services as ts
from league.tournaments.models import Participant, Tournament
from tests.rankings.helpers import D, entrants, rated
from tests.site_helpers import normal


def four(prefix, club=None):
    return [Player.objects.create(name=f"{prefix} {i}", club=club) for i in range(4)]


@pytest.mark.django_db
def test_everything_follows_and_the_history_is_kept(django_user_model):
    rated(name="A", day=D(2026, 1, 1))  # "Spieler 000" with DDV 70000
    keep = Player.objects.get(ddv_number="70000")
    # The same person entered a club list under another record, without a number.
    club = Club.objects.create(name="Herz")
    dup = Player.objects.create(name="Spieler 000", club=club)
    others = four("X")
    liste = ls.spielliste_create(title="Abend", players=[dup, *others[:3]], club=club)
    ls.game_record(
        spielliste=liste,
        record=normal(players=ls.table_names([dup, *others[:3]]), re=("Spieler 000", "X 0")),
    )
    account = django_user_model.objects.create_user("sp", password="pw")
    dup.account = account
    dup.save()
    PlayerClaim.objects.create(player=dup, account=django_user_model.objects.create_user("c"))
    lines_before = ScoreLine.objects.filter(player__in=[keep, dup]).count()
    merged = player_merge(keep=keep, merge=dup)
    assert not Player.objects.filter(pk=dup.pk).exists()
    assert merged.account == account
    assert merged.ddv_number == "70000"
    assert ScoreLine.objects.filter(player=keep).count() == lines_before
    seat = Seat.objects.get(spielliste=liste, player=keep)
    assert seat.name == "Spieler 000"  # the name played under stays
    assert PlayerClaim.objects.filter(player=keep).count() == 1
    entry = AuditEntry.objects.get(action="merge")
    assert entry.target_id == keep.pk
    assert entry.before["merged"]["id"] == dup.pk
    assert entry.after["moved"]["lists.scoreline.player"] >= 1
    # the merged record's own history now belongs to the surviving record
    assert not AuditEntry.objects.filter(target="clubs.player", target_id=dup.pk).exists()


@pytest.mark.django_db
def test_refusals_write_nothing(django_user_model):
    a = Player.objects.create(name="Anna", ddv_number="1")
    b = Player.objects.create(name="Anna", ddv_number="2")
    with pytest.raises(ServiceError) as err:
        player_merge(keep=a, merge=b)
    assert err.value.code == "merge_ddv_conflict"
    assert "1" in err.value.message
    with pytest.raises(ServiceError) as err:
        player_merge(keep=a, merge=a)
    assert err.value.code == "merge_same_player"
    c = Player.objects.create(name="Anna", account=django_user_model.objects.create_user("u1"))
    d = Player.objects.create(name="Anna", account=django_user_model.objects.create_user("u2"))
    with pytest.raises(ServiceError) as err:
        player_merge(keep=c, merge=d)
    assert err.value.code == "merge_both_accounts"
    e, f, *rest = four("Same")
    ls.spielliste_create(title="Tisch", players=[e, f, *rest])
    with pytest.raises(ServiceError) as err:
        player_merge(keep=e, merge=f)
    assert err.value.code == "merge_same_list"
    assert Player.objects.filter(pk__in=[a.pk, b.pk, c.pk, d.pk, e.pk, f.pk]).count() == 6
    assert not AuditEntry.objects.filter(action="merge").exists()


@pytest.mark.django_db
def test_two_records_in_one_tournament_are_two_people():
    """Two records registered in the same tournament (no DDV numbers, not yet at one table)
    are two people: refused for that reason, nothing written."""
    t = ts.tournament_create(name="Pokal", date=D(2026, 3, 1))
    a = ts.participant_add(tournament=t, name="Anna Albers").player
    b = ts.participant_add(  # another Anna Albers, on purpose (issue 29)
        tournament=t, name="Anna Albers", club_name="Herz", namesake=True
    ).player
    with pytest.raises(ServiceError) as err:
        player_merge(keep=a, merge=b)
    assert err.value.code == "merge_same_tournament"
    assert Player.objects.filter(pk__in=[a.pk, b.pk]).count() == 2
    assert Participant.objects.filter(tournament=t).count() == 2
    assert not AuditEntry.objects.filter(action="merge").exists()


@pytest.mark.django_db
def test_the_rangliste_follows_a_merge():
    rated(name="A", day=D(2026, 1, 1), people=entrants(32))
    # The second tournament registered player 0 without his number, as a new record.
    people = [("Spieler 000", "Anderer Club", ""), *entrants(31, offset=1)]
    rated(name="B", day=D(2026, 2, 1), people=people)
    keep = Player.objects.get(ddv_number="70000")
    dup = Player.objects.get(name="Spieler 000", ddv_number="")
    before = {r.player: r.rounds for r in rangliste(as_of=D(2026, 6, 30)).unter_36}
    assert before[str(keep.pk)] == 3
    player_merge(keep=keep, merge=dup)
    # The merge corrected tournament B (its rows named the duplicate): its approval is
    # withdrawn until the Ranglistenwart gives it again; A (only the kept record) stays.
    b, a = Tournament.objects.get(name="B"), Tournament.objects.get(name="A")
    assert b.rating_approved_at is None
    assert a.rating_approved_at is not None
    withdrawn = AuditEntry.objects.get(action="rating_withdrawn", target_id=b.pk)
    assert withdrawn.after["correction"] == "merge"
    after = {r.player: r.rounds for r in rangliste(as_of=D(2026, 6, 30)).unter_36}
    assert after[str(keep.pk)] == 3
    assert str(dup.pk) not in after
    ts.tournament_rating_decide(tournament=b, approve=True)
    after = {r.player: r.rounds for r in rangliste(as_of=D(2026, 6, 30)).unter_36}
    assert after[str(keep.pk)] == 6


@pytest.mark.django_db
def test_merge_page_access_and_flow(client, django_user_model):
    club = Club.objects.create(name="Herz")
    keep = Player.objects.create(name="Bernd", club=club, ddv_number="5")
    dup = Player.objects.create(name="bernd", club=club)
    url = f"/spieler/{keep.pk}/zusammenfuehren/"
    assert client.get(url).status_code == 302  # to the login
    client.force_login(django_user_model.objects.create_user("x"))
    assert client.get(url).status_code == 403
    manager = django_user_model.objects.create_user("cm")
    club.managers.add(manager)
    client.force_login(manager)
    page = client.get(url)
    assert f"?mit={dup.pk}" in page.content.decode()  # same name offered
    page = client.post(url, {"other": dup.pk})
    assert "data-merge-preview" in page.content.decode()
    assert Player.objects.filter(pk=dup.pk).exists()
    page = client.post(url, {"other": 999999})
    assert "gibt es nicht" in page.content.decode()
    response = client.post(url, {"other": dup.pk, "confirm": "1"})
    assert response.status_code == 302
    assert not Player.objects.filter(pk=dup.pk).exists()
