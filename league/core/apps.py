from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from league.core.messages import CORE_MESSAGES, register_messages


class CoreConfig(AppConfig):
    """What every domain app uses: errors with codes, the audit log, PDF helpers."""

    name = "league.core"
    label = "core"
    verbose_name = _("Grundlagen")

    def ready(self) -> None:
        register_messages(CORE_MESSAGES)  # this app's refusal texts (league.core.messages)
