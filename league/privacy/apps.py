from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PrivacyConfig(AppConfig):
    """A person's data (DSGVO): export everything about one player; forget him by
    pseudonymising his name in lists, standings and history instead of breaking them."""

    name = "league.privacy"
    label = "privacy"
    verbose_name = _("Datenschutz")
