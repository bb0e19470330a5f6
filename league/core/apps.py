from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    """What every domain app uses: errors with codes, the audit log, PDF helpers."""

    name = "league.core"
    label = "core"
    verbose_name = _("Grundlagen")
