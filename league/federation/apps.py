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
