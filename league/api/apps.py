from django.apps import AppConfig

from league.api.messages import MESSAGES
from league.core.messages import register_messages


class ApiConfig(AppConfig):
    """REST API v1 (api.md): thin views over the apps' selectors and services."""

    name = "league.api"
    label = "api"
    verbose_name = "API"

    def ready(self) -> None:
        register_messages(MESSAGES)  # this app's refusal texts (league.core.messages)
