"""What a club's invitations grant: managing the club, or linking an account to a player."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.urls import reverse
from django.utils.translation import gettext as _

from league.accounts.invitations import InvitationKind
from league.accounts.invitations import register as register_kind
from league.accounts.models import Invitation
from league.clubs import services
from league.clubs.models import Club, Player
from league.core.audit import Actor
from league.core.errors import ServiceError


def _club(club_id: int) -> Club:
    club = Club.objects.filter(pk=club_id).first()
    if club is None:
        raise ServiceError("invitation_invalid")
    return club


def _accept_manager(account: User, club_id: int, _player: int | None, actor: Actor) -> str:
    club = _club(club_id)
    if not club.managers.filter(pk=account.pk).exists():
        services.club_add_manager(club=club, account=account, user=actor)
    return reverse("club-detail", args=[club.pk])


def _accept_member(account: User, club_id: int, player_id: int | None, actor: Actor) -> str:
    club = _club(club_id)
    player = Player.objects.filter(pk=player_id or 0, club=club).first()
    if player is None:
        raise ServiceError("invitation_invalid")
    services.player_link_account(player=player, account=account, user=actor)
    return reverse("club-detail", args=[club.pk])


def _name(club_id: int) -> str:
    club = Club.objects.filter(pk=club_id).first()
    return club.name if club else "?"


manager_invitation = InvitationKind(
    describe=lambda club_id, _p: _("Vereinsverwaltung von %(club)s") % {"club": _name(club_id)},
    accept=_accept_manager,
)
member_invitation = InvitationKind(
    describe=lambda club_id, _p: _("Mitglied von %(club)s") % {"club": _name(club_id)},
    accept=_accept_member,
)


def register() -> None:
    """The club's invitation kinds with the accounts app (``ClubsConfig.ready``)."""
    register_kind(Invitation.Kind.CLUB_MANAGER, manager_invitation)
    register_kind(Invitation.Kind.MEMBER, member_invitation)
