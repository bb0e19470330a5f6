"""Who may merge player records (api.md "Rights end at the event"): staff and the
Ranglistenwart; a club manager when both records belong to clubs he manages; an organiser
only when one of the two is a duplicate made at his own desk (created by registration in
his tournament, no entry anywhere else) and the merge gives neither an account nor a club
to the other record. Who approves tournaments for the Rangliste: staff and the
Ranglistenwart."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User

from league.accounts.roles import is_ranglistenwart
from league.clubs.access import can_manage_club
from league.clubs.models import Player
from league.tournaments.access import desk_tournaments
from league.tournaments.models import Participant


def can_approve_rating(user: User | AnonymousUser) -> bool:
    """Approve or withdraw a tournament's place in the Rangliste."""
    return is_ranglistenwart(user)


def can_merge_player(user: User | AnonymousUser, player: Player) -> bool:
    """May ``user`` open the merge page of ``player`` (the pair is checked by
    ``can_merge_pair``)? Staff, the Ranglistenwart, a manager of his club, an organiser
    of a tournament he entered or of one with records created at its desk."""
    if not user.is_authenticated:
        return False
    if is_ranglistenwart(user):
        return True
    club = player.club if player.club_id is not None else None
    if club is not None and club.managers.filter(pk=user.pk).exists():
        return True
    if Participant.objects.filter(player=player, tournament__organisers=user).exists():
        return True
    # An organiser with a desk duplicate opens the page of the record to keep.
    return Participant.objects.filter(created_here=True, tournament__organisers=user).exists()


def can_merge_pair(user: User | AnonymousUser, keep: Player, merge: Player) -> bool:
    """May ``user`` merge ``merge`` into ``keep``?"""
    if not user.is_authenticated:
        return False
    if is_ranglistenwart(user):
        return True
    clubs = [keep.club, merge.club]
    if all(c is not None and can_manage_club(user, c) for c in clubs):
        return True
    for desk, other in ((keep, merge), (merge, keep)):
        # The desk's duplicate may bring no account and no other club to the record with
        # history: the merge changes who the person is nowhere but at this desk.
        if desk.account_id is not None:
            continue
        if desk.club_id is not None and desk.club_id != other.club_id:
            continue
        if desk_tournaments(user, desk.pk):
            return True
    return False
