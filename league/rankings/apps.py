from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RankingsConfig(AppConfig):
    """The DDV Rangliste, the Bundesländerwertung and a player's record across events."""

    name = "league.rankings"
    label = "rankings"
    verbose_name = _("Rangliste")
