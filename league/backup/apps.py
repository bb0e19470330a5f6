from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from league.backup.messages import MESSAGES
from league.core.messages import register_messages


class BackupConfig(AppConfig):
    """Backup: ``manage.py export`` / ``import`` of everything, one tournament or a club's
    season as one JSON document; import validates everything first and writes all or nothing."""

    name = "league.backup"
    label = "backup"
    verbose_name = _("Sicherung")

    def ready(self) -> None:
        register_messages(MESSAGES)  # this app's refusal texts (league.core.messages)
