from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ListsConfig(AppConfig):
    """Spiellisten: one table's round, its games, penalty rows and score lines."""

    name = "league.lists"
    label = "lists"
    verbose_name = _("Spiellisten")

    def ready(self) -> None:
        # In ready(), an app-loading cycle: its modules import models, which load only after
        # the registry.
        from league.lists import sections

        sections.register()  # backup, privacy and merge sections (league.core.sections)
