from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView

from league import liste_views, views
from league import tournament_views as tv

urlpatterns = [
    path("", views.calculator, name="calculator"),
    path("listen/", liste_views.liste_index, name="liste-index"),
    path("listen/neu/", liste_views.liste_create, name="liste-create"),
    path("listen/<int:pk>/", liste_views.liste_detail, name="liste-detail"),
    path("listen/<int:pk>/spiel/", liste_views.game_add, name="game-add"),
    path("listen/<int:pk>/vorschau/", liste_views.game_preview, name="game-preview"),
    path("listen/<int:pk>/spiel/<int:number>/", liste_views.game_edit, name="game-edit"),
    path(
        "listen/<int:pk>/spiel/<int:number>/vorschau/",
        liste_views.game_edit_preview,
        name="game-edit-preview",
    ),
    path(
        "listen/<int:pk>/letztes-loeschen/", liste_views.game_delete_last, name="game-delete-last"
    ),
    path("listen/<int:pk>/strafe/", liste_views.penalty_add, name="penalty-add"),
    path(
        "listen/<int:pk>/strafe/<int:penalty_id>/loeschen/",
        liste_views.penalty_delete,
        name="penalty-delete",
    ),
    path("listen/<int:pk>/zeit/", liste_views.time_call, name="time-call"),
    path("listen/<int:pk>/verlauf/", liste_views.liste_history, name="liste-history"),
    path("listen/<int:pk>/liste.pdf", liste_views.liste_pdf, name="liste-pdf"),
    path("listen/<int:pk>/blanko.pdf", liste_views.liste_blank_pdf, name="liste-blank-pdf"),
    path("turniere/", tv.tournament_index, name="tournament-index"),
    path("turniere/neu/", tv.tournament_create, name="tournament-create"),
    path("turniere/<int:pk>/", tv.tournament_detail, name="tournament-detail"),
    path(
        "turniere/<int:pk>/teilnehmer/", tv.tournament_participants, name="tournament-participants"
    ),
    path(
        "turniere/<int:pk>/teilnehmer/<int:participant_id>/abmelden/",
        tv.participant_toggle,
        name="participant-toggle",
    ),
    path(
        "turniere/<int:pk>/teilnehmer/import/", tv.participants_import, name="participants-import"
    ),
    path("turniere/<int:pk>/auslosen/", tv.round_draw, name="round-draw"),
    path("turniere/<int:pk>/runde/<int:number>/", tv.round_board_view, name="round-board"),
    path("turniere/<int:pk>/runde/<int:number>/aktion/", tv.round_action, name="round-action"),
    path("turniere/<int:pk>/runde/<int:number>/auslosung.pdf", tv.draw_pdf, name="draw-pdf"),
    path(
        "turniere/<int:pk>/runde/<int:number>/listen.pdf",
        tv.round_lists_pdf,
        name="round-lists-pdf",
    ),
    path("turniere/<int:pk>/wertung/", tv.standings_view, name="standings"),
    path("turniere/<int:pk>/wertung.pdf", tv.standings_pdf, name="standings-pdf"),
    path("turniere/<int:pk>/beamer/", tv.projector, name="projector"),
    path(
        "turniere/<int:pk>/spieler/<int:participant_id>/", tv.player_view, name="tournament-player"
    ),
    path("konto/anmelden/", auth_views.LoginView.as_view(), name="login"),
    path("konto/abmelden/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("api/v1/", include("league.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularRedocView.as_view(url_name="api-schema"), name="api-docs"),
]
