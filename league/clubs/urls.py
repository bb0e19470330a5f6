from django.urls import path

from league.clubs import season_views, views

urlpatterns = [
    path("vereine/", views.club_index, name="club-index"),
    path("vereine/<int:pk>/", views.club_detail, name="club-detail"),
    path("vereine/<int:pk>/saison/", season_views.club_season, name="club-season"),
    path("vereine/<int:pk>/abende/neu/", season_views.evening_create, name="club-evening-create"),
    path(
        "vereine/<int:pk>/abende/<int:evening_id>/",
        season_views.evening_detail,
        name="club-evening",
    ),
    path("spieler/<int:player_id>/das-bin-ich/", views.player_claim, name="player-claim"),
]
