from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StartConfig(AppConfig):
    """The way in (issue 22): the home page for the people who come, and "Meine Aufgaben" —
    what is waiting for a logged-in account across lists, tournaments, leagues and clubs."""

    name = "league.start"
    label = "start"
    verbose_name = _("Start")
