from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from league.core.messages import register_messages
from league.evenings.messages import MESSAGES


class EveningsConfig(AppConfig):
    """Club evenings (Vereinsabende) and club seasons: the evenings own their tables'
    lists as tournaments and leagues own theirs."""

    name = "league.evenings"
    label = "evenings"
    verbose_name = _("Vereinsabende")

    def ready(self) -> None:
        register_messages(MESSAGES)  # this app's refusal texts (league.core.messages)
        # cycle: the rule reads the models, loaded only after the registry (app loading)
        from league.evenings.owner import OWNER
        from league.evenings.strength import rated_lists
        from league.lists.strength import register_rated

        register_rated(OWNER, rated_lists)  # opted-in clubs' evenings count (rating.md)
        # The registry imports the models: here, not at module level, because
        # of an app-loading cycle (Django imports apps.py before any models are ready).
        from league.evenings import sections
        from league.evenings.registry import register

        register()
        sections.register()  # backup, privacy and merge sections (league.core.sections)
