from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class VenueConfig(AppConfig):
    """The event day on one laptop (issue 11): ``manage.py venue`` (the server for the hall,
    its backups), the poster, the organiser's health page."""

    name = "league.venue"
    label = "venue"
    verbose_name = _("Veranstaltungsort")
