"""Who may merge player records (api.md "Rights end at the event"): staff and the
Ranglistenwart; a club manager when both records belong to clubs he manages; an organiser
only when the record that disappears is a duplicate made at his own desk (created by
registration in his tournament, no entry anywhere else) and the merge gives neither an
account nor a club to the record that stays: a desk duplicate is merged *into* the real
record, whose name, id and history stay — never the other way round. Who approves
tournaments for the Rangliste: staff and the Ranglistenwart."""

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
    of a tournament he entered (his desk duplicates among them). An organiser with a desk
    record opens no other player's page: he merges the duplicate from its own page into
    the real record."""
    if not user.is_authenticated:
        return False
    if is_ranglistenwart(user):
        return True
    club = player.club if player.club_id is not None else None
    if club is not None and club.managers.filter(pk=user.pk).exists():
        return True
    return Participant.objects.filter(player=player, tournament__organisers=user).exists()


def can_merge_pair(user: User | AnonymousUser, keep: Player, merge: Player) -> bool:
    """May ``user`` merge ``merge`` into ``keep`` (``merge`` disappears, ``keep`` keeps its
    name, id and history)? An organiser only when ``merge`` is his own desk duplicate."""
    if not user.is_authenticated:
        return False
    if is_ranglistenwart(user):
        return True
    clubs = [keep.club, merge.club]
    if all(c is not None and can_manage_club(user, c) for c in clubs):
        return True
    # The desk's duplicate may bring no account and no other club to the record that stays:
    # the merge changes who the person is nowhere but at this desk. The record that stays
    # is never the desk's: its name and id would replace a real record's.
    if merge.account_id is not None:
        return False
    if merge.club_id is not None and merge.club_id != keep.club_id:
        return False
    return bool(desk_tournaments(user, merge.pk))
