from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EmbedConfig(AppConfig):
    """Widgets other sites may frame (``/einbetten/…``): a tournament's standings, a
    league's table, a club's season table, the Rangliste and the Spielstärke list — small,
    live, light or dark, German or English — and the copy-ready snippet their organisers
    see on the tournament, club and league pages."""

    name = "league.embed"
    label = "embed"
    verbose_name = _("Einbetten")

    def ready(self) -> None:
        # The page registries import the models: here, not at module level, because of
        # an app-loading cycle (Django imports apps.py before any models are ready).
        from league.clubs import page as club_page
        from league.embed.snippets import CLUB_SECTION, TOURNAMENT_SECTION
        from league.tournaments import page as tournament_page

        tournament_page.register_section(TOURNAMENT_SECTION)
        club_page.register_section(CLUB_SECTION)
