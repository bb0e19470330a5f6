from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BackupConfig(AppConfig):
    """Backup: ``manage.py export`` / ``import`` of everything, one tournament or a club's
    season as one JSON document; import validates everything first and writes all or nothing."""

    name = "league.backup"
    label = "backup"
    verbose_name = _("Sicherung")
