from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    """Clubs and the people who play: players are records with ids, not names."""

    name = "league.clubs"
    label = "clubs"
    verbose_name = _("Vereine und Spieler")

    def ready(self) -> None:
        from league.accounts.invitations import register
        from league.accounts.models import Invitation
        from league.clubs.invitations import manager_invitation, member_invitation

        register(Invitation.Kind.CLUB_MANAGER, manager_invitation)
        register(Invitation.Kind.MEMBER, member_invitation)

        # In ready(): an app's modules import models, which load only after the registry.
        from league.clubs import sections, sections_evenings

        sections.register()  # backup, privacy and merge sections (league.core.sections)
        sections_evenings.register()  # moves to league/evenings at merge
