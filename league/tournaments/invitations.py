"""What a tournament's invitation grants: joining its organisers."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from league.accounts.invitations import InvitationKind
from league.core.audit import Actor
from league.core.errors import ServiceError
from league.tournaments import services
from league.tournaments.models import Tournament


def _accept(account: User, tournament_id: int, _player: int | None, actor: Actor) -> str:
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        raise ServiceError("invitation_invalid")
    if not tournament.organisers.filter(pk=account.pk).exists():
        services.tournament_add_organiser(tournament=tournament, account=account, user=actor)
    return tournament.get_absolute_url()


def _describe(tournament_id: int, _player: int | None) -> str:
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    return _("Turnierleitung von %(name)s") % {"name": tournament.name if tournament else "?"}


organiser_invitation = InvitationKind(describe=_describe, accept=_accept)
