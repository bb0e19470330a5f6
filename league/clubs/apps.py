from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from league.clubs.messages import MESSAGES
from league.core.messages import register_messages


class ClubsConfig(AppConfig):
    """Clubs and the people who play: players are records with ids, not names."""

    name = "league.clubs"
    label = "clubs"
    verbose_name = _("Vereine und Spieler")

    def ready(self) -> None:
        register_messages(MESSAGES)  # this app's refusal texts (league.core.messages)
        # The invitations import the models: here, not at module level, because
        # of an app-loading cycle (Django imports apps.py before any models are ready).
        from league.clubs.invitations import register

        register()

        # In ready(): an app's modules import models, which load only after the registry
        # (the same app-loading cycle).
        from league.clubs import sections

        sections.register()  # backup, privacy and merge sections (league.core.sections)
