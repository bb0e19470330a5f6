from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from league.core.messages import register_messages
from league.opendata.messages import MESSAGES


class OpendataConfig(AppConfig):
    """Open data: the public results as CSV files with a manifest (``manage.py open_data``,
    docs/open-data.md), downloadable from /daten/."""

    name = "league.opendata"
    label = "opendata"
    verbose_name = _("Offene Daten")

    def ready(self) -> None:
        register_messages(MESSAGES)  # this app's refusal texts (league.core.messages)
