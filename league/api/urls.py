"""REST API v1 (api.md "Endpoints"). Ids and numbers are bounded in the path, so that no
input reaches the database as an integer it cannot hold; any other address under
``/api/v1/`` answers the JSON 404."""

from django.urls import path, re_path, register_converter

from league.api import leagues, ranking_views, register, stats_views, strength_views, views


class IdConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


class NumberConverter(IdConverter):
    regex = "[0-9]{1,4}"


register_converter(IdConverter, "api_id")
register_converter(NumberConverter, "api_number")

urlpatterns = [
    path("score/", views.ScoreView.as_view(), name="api-score"),
    path("listen/", views.ListenView.as_view(), name="api-listen"),
    path("listen/<api_id:pk>/", views.ListeView.as_view(), name="api-liste"),
    path("listen/<api_id:pk>/spiele/", views.SpieleView.as_view(), name="api-spiele"),
    path(
        "listen/<api_id:pk>/spiele/<api_number:number>/",
        views.SpielView.as_view(),
        name="api-spiel",
    ),
    path("listen/<api_id:pk>/strafen/", views.StrafenView.as_view(), name="api-strafen"),
    path("listen/<api_id:pk>/zeit/", views.ZeitView.as_view(), name="api-zeit"),
    path(
        "listen/<api_id:pk>/bestaetigen/",
        views.BestaetigenView.as_view(),
        name="api-bestaetigen",
    ),
    path("turniere/", views.TurniereView.as_view(), name="api-turniere"),
    path("turniere/<api_id:pk>/", views.TurnierView.as_view(), name="api-turnier"),
    path(
        "turniere/<api_id:pk>/runden/<api_number:number>/",
        views.RundeView.as_view(),
        name="api-runde",
    ),
    path(
        "turniere/<api_id:pk>/runden/<api_number:number>/ergebnisse/",
        views.ErgebnisseView.as_view(),
        name="api-ergebnisse",
    ),
    path("turniere/<api_id:pk>/wertung/", views.StandingsView.as_view(), name="api-standings"),
    path("listen/<api_id:pk>/kasse/", stats_views.KasseView.as_view(), name="api-kasse"),
    path(
        "spieler/<api_id:pk>/statistik/",
        stats_views.StatistikView.as_view(),
        name="api-statistik",
    ),
    path("rangliste/", ranking_views.RanglisteView.as_view(), name="api-rangliste"),
    path("spielstaerke/", strength_views.SpielstaerkeView.as_view(), name="api-spielstaerke"),
    path("spieler/", register.SpielerRegisterView.as_view(), name="api-spieler-register"),
    path("vereine/<api_id:pk>/saison/", ranking_views.SaisonView.as_view(), name="api-saison"),
    # leagues (league.api.leagues)
    path("ligen/", leagues.LigenView.as_view(), name="api-ligen"),
    path("ligen/<api_id:pk>/", leagues.LigaView.as_view(), name="api-liga"),
    path("ligen/<api_id:pk>/tabelle/", leagues.LigaTabelleView.as_view(), name="api-liga-tabelle"),
    path("ligen/<api_id:pk>/spieltage/", leagues.LigaSpieltageView.as_view(), name="api-spieltage"),
    path(
        "ligen/<api_id:pk>/spieltage/<api_id:spieltag_id>/",
        leagues.SpieltagView.as_view(),
        name="api-spieltag",
    ),
    path(
        "ligen/<api_id:pk>/mannschaften/<api_id:team_id>/verfuegbarkeit/",
        leagues.MannschaftVerfuegbarkeitView.as_view(),
        name="api-verfuegbarkeit",
    ),
    re_path(r"^", views.not_found),
]
