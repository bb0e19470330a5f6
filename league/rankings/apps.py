from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from league.core.messages import register_messages
from league.rankings.messages import MESSAGES


class RankingsConfig(AppConfig):
    """The DDV Rangliste, the Bundesländerwertung and a player's record across events."""

    name = "league.rankings"
    label = "rankings"
    verbose_name = _("Rangliste")

    def ready(self) -> None:
        register_messages(MESSAGES)  # this app's refusal texts (league.core.messages)
