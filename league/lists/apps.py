from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from league.core.messages import register_messages
from league.lists.messages import MESSAGES


class ListsConfig(AppConfig):
    """Spiellisten: one table's round, its games, penalty rows and score lines."""

    name = "league.lists"
    label = "lists"
    verbose_name = _("Spiellisten")

    def ready(self) -> None:
        register_messages(MESSAGES)  # this app's refusal texts (league.core.messages)
        # In ready(), an app-loading cycle: its modules import models, which load only after
        # the registry.
        from league.lists import sections

        sections.register()  # backup, privacy and merge sections (league.core.sections)
