"""A merge moves every reference to the merged record, in every app (each app's merge
section): a walk over every model that points at ``clubs.Player`` finds none left; a record
with league line-ups merges (it answered 500 before); two people are refused cleanly."""

from __future__ import annotations

import datetime as dt

import pytest
from django.apps import apps
from django.db import models

from league.accounts.models import Invitation
from league.clubs.models import Club, Player, PlayerClaim
from league.core.errors import ServiceError
from league.core.models import AuditEntry
from league.leagues import services as league_services
from league.leagues.models import Availability, AvailabilityLink, LineupPlayer, Team
from league.lists import services as ls
from league.rankings.services import player_merge
from league.tournaments import services as ts
from league.tournaments.models import Participant
from tests.leagues.helpers import first_spieltag, make_league, play_paper, set_lineups
from tests.site_helpers import solo

pytestmark = pytest.mark.django_db


def _relations() -> list[tuple[type[models.Model], str]]:
    """Every relation field of every model (join tables too) that points at a player."""
    found = []
    for model in apps.get_models(include_auto_created=True):
        for field in model._meta.get_fields():
            if field.is_relation and field.concrete and field.related_model is Player:
                found.append((model, field.name))
    return found


def _pointing_at(pk: int) -> dict[str, int]:
    return {
        f"{model._meta.label_lower}.{name}": model._default_manager.filter(**{name: pk}).count()
        for model, name in _relations()
    }


def _league_world() -> tuple[Player, Team]:
    """A league Spieltag played on paper: the merged record is on a roster, in a line-up,
    at a table and in its score lines."""
    league = make_league(4, rounds=1)
    spieltag = first_spieltag(league)
    set_lineups(spieltag)
    league_services.spieltag_start(spieltag=spieltag)
    play_paper(spieltag)
    team = Team.objects.get(league=league, number=1)
    merge = LineupPlayer.objects.filter(lineup__team=team).order_by("position").first().player
    return merge, team


def test_after_a_merge_no_row_of_any_app_points_at_the_merged_record(django_user_model):
    merge, team = _league_world()
    keep = Player.objects.create(name=merge.name, ddv_number="4711")
    # Every other kind of reference: a free list with penalty rows both ways, a substitute
    # seat at another list, a tournament entry, a claim and a member invitation.
    club = Club.objects.create(name="Pik-As")
    others = [Player.objects.create(name=f"Gast {i}", club=club) for i in range(7)]
    liste = ls.spielliste_create(title="Frei", players=[merge, *others[:3]])
    names = [s.name for s in liste.seats.all()]
    # A solo of each, and a harm to each soloist (the beneficiary).
    for game, (offender, soloist) in enumerate(((merge, others[0]), (others[1], merge)), 1):
        ls.game_record(spielliste=liste, record=solo(names[game % 2], players=names))
        ls.penalty_add(
            spielliste=liste,
            after_game=game,
            kind="minor_solo_harm",
            offender=offender,
            beneficiary=soloist,
            referee="Wolf",
        )
    second = ls.spielliste_create(title="Ersatz", players=others[3:7])
    ls.seat_substitute(spielliste=second, position=2, player=merge)
    tournament = ts.tournament_create(name="Pokal", date=dt.date(2026, 5, 1))
    Participant.objects.create(tournament=tournament, player=merge, number=1)
    account = django_user_model.objects.create_user("wer")
    PlayerClaim.objects.create(player=merge, account=account)
    Invitation.objects.create(
        kind=Invitation.Kind.MEMBER,
        target_id=club.pk,
        player_id=merge.pk,
        email="a@example.org",
        token="t" * 40,
    )
    # A league player's answer whether he can play, and his personal link to answer.
    from league.leagues import services as league_services
    from league.leagues.models import Spieltag as LeagueDay

    coming = LeagueDay.objects.filter(group__teams=team, started_at__isnull=True).first()
    league_services.availability_set(spieltag=coming, player=merge, answer="yes")
    league_services.availability_link_renew(team=team, player=merge)
    # Derived Spielstärke rows (rebuilt after the merge) and a publication's open
    # assignment (issue 32).
    import uuid

    from league.federation.models import Assignment
    from league.lists.models import PlayerRating, RatingStep

    day = dt.date(2026, 5, 1)
    RatingStep.objects.create(
        spielliste=liste,
        player=merge,
        day=day,
        mu=25,
        sigma=8,
        lists=1,
        rating=1000,
        mu_before=25,
        sigma_before=8,
    )
    PlayerRating.objects.create(player=merge, mu=25, sigma=8, lists=1, rating=1000, day=day)
    Assignment.objects.create(tournament_uid=uuid.uuid4(), name=merge.name, player=merge)
    before = _pointing_at(merge.pk)
    kept_before = _pointing_at(keep.pk)
    # The world covers every relation there is: a model added later without a merge
    # section (and without a row here) fails this line.
    assert [label for label, n in before.items() if n == 0] == []

    player_merge(keep=keep, merge=merge)

    assert not Player.objects.filter(pk=merge.pk).exists()
    after = _pointing_at(merge.pk)
    assert after == dict.fromkeys(after, 0)
    kept = _pointing_at(keep.pk)
    assert kept == {label: kept_before[label] + n for label, n in before.items()}
    assert Invitation.objects.get().player_id == keep.pk
    assert keep in team.roster.all()
    entry = AuditEntry.objects.get(action="merge")
    assert entry.after["moved"]["leagues.lineupplayer.player"] == 1
    assert entry.after["moved"]["leagues.team.roster"] == 1
    assert entry.after["moved"]["invitations"] == 1


def test_staff_merges_a_record_with_league_line_ups(client, django_user_model):
    merge, team = _league_world()
    keep = Player.objects.create(name=merge.name, ddv_number="4711")
    lineups = set(LineupPlayer.objects.filter(player=merge).values_list("pk", flat=True))
    assert lineups
    client.force_login(django_user_model.objects.create_user("staff", is_staff=True))
    response = client.post(
        f"/spieler/{keep.pk}/zusammenfuehren/", {"other": merge.pk, "confirm": "1"}
    )
    assert response.status_code == 302
    assert not Player.objects.filter(pk=merge.pk).exists()
    assert set(LineupPlayer.objects.filter(player=keep).values_list("pk", flat=True)) == lineups
    assert list(team.roster.filter(pk=keep.pk)) == [keep]
    entry = AuditEntry.objects.get(action="merge")
    assert (entry.before["keep"]["id"], entry.before["merged"]["id"]) == (keep.pk, merge.pk)
    assert (entry.before["keep"]["name"], entry.before["merged"]["name"]) == (
        keep.name,
        merge.name,
    )
    assert entry.role == AuditEntry.Role.STAFF


def _refused(keep: Player, merge: Player, code: str) -> None:
    references = (_pointing_at(keep.pk), _pointing_at(merge.pk))
    with pytest.raises(ServiceError) as err:
        player_merge(keep=keep, merge=merge)
    assert err.value.code == code
    assert err.value.message
    assert Player.objects.filter(pk__in=[keep.pk, merge.pk]).count() == 2
    assert (_pointing_at(keep.pk), _pointing_at(merge.pk)) == references
    assert not AuditEntry.objects.filter(action="merge").exists()


def test_two_records_lined_up_on_one_spieltag_are_two_people():
    league = make_league(4, rounds=1)
    spieltag = first_spieltag(league)
    set_lineups(spieltag)
    one, two = LineupPlayer.objects.filter(lineup__spieltag=spieltag).order_by(
        "lineup_id", "position"
    )[:2]
    _refused(one.player, two.player, "merge_same_spieltag")


def test_two_records_on_two_teams_of_one_league_are_two_people():
    league = make_league(4, rounds=1, schedule=False)
    first, second = Team.objects.filter(league=league).order_by("number")[:2]
    _refused(first.roster.first(), second.roster.first(), "merge_two_teams")


def test_a_roster_both_records_are_on_keeps_one_entry():
    league = make_league(4, rounds=1, schedule=False)
    team = Team.objects.get(league=league, number=1)
    keep, merge = team.roster.order_by("pk")[:2]
    size = team.roster.count()
    player_merge(keep=keep, merge=merge)
    assert team.roster.count() == size - 1
    assert keep in team.roster.all()


def test_answers_and_links_both_records_have_keep_the_surviving_records():
    league = make_league(4, rounds=1)
    team = Team.objects.get(league=league, number=1)
    keep, merge = team.roster.order_by("pk")[:2]
    day = first_spieltag(league)
    league_services.availability_set(spieltag=day, player=keep, answer="no")
    league_services.availability_set(spieltag=day, player=merge, answer="yes")
    keep_token = league_services.availability_link_renew(team=team, player=keep)
    league_services.availability_link_renew(team=team, player=merge)
    player_merge(keep=keep, merge=merge)
    assert list(Availability.objects.values_list("player_id", "answer")) == [(keep.pk, "no")]
    assert list(AvailabilityLink.objects.values_list("player_id", "token")) == [
        (keep.pk, keep_token)
    ]
    entry = AuditEntry.objects.get(action="merge")
    assert entry.after["moved"]["leagues.availability.player"] == 0
    assert entry.after["moved"]["leagues.availabilitylink.player"] == 0


def test_a_substitute_at_the_others_list_is_two_people():
    players = [Player.objects.create(name=f"P{i}") for i in range(5)]
    liste = ls.spielliste_create(title="Tisch", players=players[:4])
    ls.seat_substitute(spielliste=liste, position=1, player=players[4])
    _refused(players[0], players[4], "merge_same_list")


def test_an_open_claim_of_one_account_on_both_records_stays_one_claim(django_user_model):
    account = django_user_model.objects.create_user("ich")
    keep, merge = Player.objects.create(name="A"), Player.objects.create(name="A")
    PlayerClaim.objects.create(player=keep, account=account)
    PlayerClaim.objects.create(player=merge, account=account)
    player_merge(keep=keep, merge=merge)
    assert list(PlayerClaim.objects.values_list("player_id", "account_id")) == [
        (keep.pk, account.pk)
    ]
