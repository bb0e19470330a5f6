from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from league.core.messages import register_messages
from league.lists import owners
from league.tournaments.messages import MESSAGES


class TournamentsConfig(AppConfig):
    """Tournaments: registration, rounds with their draws and tables, standings."""

    name = "league.tournaments"
    label = "tournaments"
    verbose_name = _("Turniere")

    def ready(self) -> None:
        register_messages(MESSAGES)  # this app's refusal texts (league.core.messages)
        # cycle: the owner module reads the models, loaded only after the registry
        from league.lists.strength import register_rated
        from league.tournaments.selectors.owner import OWNER

        register_rated(OWNER)  # all its lists count for the Spielstärke (rating.md)
        # Inside ready(): Django imports apps.py before any app's models are loaded, and these
        # modules import models (the app registry's order, not a cycle of files).
        from league.accounts.invitations import register
        from league.accounts.models import Invitation
        from league.tournaments.invitations import organiser_invitation
        from league.tournaments.selectors import (
            owner_kind,
            tournament_choices,
            tournament_lists,
            tournament_lists_closed_to,
            tournament_lists_owned,
        )

        owners.register_kind(owner_kind())
        owners.register_visibility(
            owners.OwnerVisibility(
                owned=tournament_lists_owned, closed_to=tournament_lists_closed_to
            )
        )
        owners.register_filter(
            owners.OwnerFilter(
                param="turnier",
                label=_("Turnier"),
                choices=tournament_choices,
                lists_of=tournament_lists,
            )
        )
        register(Invitation.Kind.ORGANISER, organiser_invitation)

        # In ready(), an app-loading cycle: its modules import models, which load only after
        # the registry.
        from league.tournaments import sections

        sections.register()  # backup, privacy and merge sections (league.core.sections)
