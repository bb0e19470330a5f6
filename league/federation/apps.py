from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from league.core.messages import register_messages
from league.federation.messages import MESSAGES


class FederationConfig(AppConfig):
    """Between the venue laptop and the federation's site (federation.md): a tournament
    published from the venue, the player register fetched from the site."""

    name = "league.federation"
    label = "federation"
    verbose_name = _("Verband")

    def ready(self) -> None:
        register_messages(MESSAGES)  # this app's refusal texts (league.core.messages)
        # The box imports the models: here, not at module level, because of an
        # app-loading cycle (Django imports apps.py before any models are ready).
        from league.core.sections import register_merge, register_privacy
        from league.federation.people import MERGE, PRIVACY
        from league.federation.tournament_box import PEOPLE, SECTION
        from league.tournaments import page

        page.register_section(SECTION)
        page.register_section(PEOPLE)
        register_merge(MERGE)  # an assignment names a player record
        register_privacy(PRIVACY)
