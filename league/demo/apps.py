from django.apps import AppConfig


class DemoConfig(AppConfig):
    """The ``load_demo`` command: a realistic club and tournament for trying the site."""

    name = "league.demo"
    label = "demo"
    verbose_name = "Demo"
