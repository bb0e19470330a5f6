from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from league.accounts.messages import MESSAGES
from league.core.messages import register_messages


class AccountsConfig(AppConfig):
    """Users and logins; roles (Listenführer, organiser, club manager) come here next."""

    name = "league.accounts"
    label = "accounts"
    verbose_name = _("Konten")

    def ready(self) -> None:
        register_messages(MESSAGES)  # this app's refusal texts (league.core.messages)
        # In ready(), an app-loading cycle: its modules import models, which load only after
        # the registry.
        from league.accounts import sections

        sections.register()  # its merge section (league.core.sections)
