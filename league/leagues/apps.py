from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from league.core.messages import register_messages
from league.leagues.messages import MESSAGES
from league.lists import owners


class LeaguesConfig(AppConfig):
    """Leagues (Ligen): seasons, teams with rosters, schedules, Spieltage and the table."""

    name = "league.leagues"
    label = "leagues"
    verbose_name = _("Ligen")

    def ready(self) -> None:
        register_messages(MESSAGES)  # this app's refusal texts (league.core.messages)
        # cycle: the owner module reads the models, loaded only after the registry
        from league.leagues.owner import OWNER
        from league.lists.strength import register_rated

        register_rated(OWNER)  # all its lists count for the Spielstärke (rating.md)
        # Inside ready(): Django imports apps.py before any app's models are loaded, and the
        # selectors import models (the app registry's order, not a cycle of files).
        from league.leagues.owner import owner_kind
        from league.leagues.selectors import league_choices, league_lists

        owners.register_kind(owner_kind())
        owners.register_filter(
            owners.OwnerFilter(
                param="liga", label=_("Liga"), choices=league_choices, lists_of=league_lists
            )
        )

        # In ready(), an app-loading cycle: its modules import models, which load only after
        # the registry.
        from league.leagues import sections

        sections.register()  # backup, privacy and merge sections (league.core.sections)
