from django.urls import path

from league.clubs import views

urlpatterns = [
    path("vereine/", views.club_index, name="club-index"),
    path("vereine/<int:pk>/", views.club_detail, name="club-detail"),
    path("spieler/<int:player_id>/das-bin-ich/", views.player_claim, name="player-claim"),
]
