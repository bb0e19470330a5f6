"""Who may merge player records (one person, one record): staff; an organiser of a
tournament either record entered; a manager of the club either record belongs to."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User

from league.clubs.models import Player
from league.tournaments.models import Participant


def can_merge_player(user: User | AnonymousUser, player: Player) -> bool:
    """May ``user`` merge ``player`` with another record (1–2 queries)?"""
    if not user.is_authenticated:
        return False
    if user.is_staff:
        return True
    club = player.club if player.club_id is not None else None
    if club is not None and club.managers.filter(pk=user.pk).exists():
        return True
    return Participant.objects.filter(player=player, tournament__organisers=user).exists()
