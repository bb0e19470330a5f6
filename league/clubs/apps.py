from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    """Clubs and the people who play: players are records with ids, not names."""

    name = "league.clubs"
    label = "clubs"
    verbose_name = _("Vereine und Spieler")

    def ready(self) -> None:
        # The invitations import the models: here, not at module level, because
        # of an app-loading cycle (Django imports apps.py before any models are ready).
        from league.clubs.invitations import register

        register()
