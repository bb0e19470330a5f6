from django.apps import AppConfig


class ApiConfig(AppConfig):
    """REST API v1 (api.md): thin views over the apps' selectors and services."""

    name = "league.api"
    label = "api"
    verbose_name = "API"
