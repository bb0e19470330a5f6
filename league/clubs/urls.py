from django.urls import path

from league.clubs import views

urlpatterns = [
    path("vereine/", views.club_index, name="club-index"),
    path("vereine/neu/", views.club_found, name="club-found"),
    path("vereine/<int:pk>/", views.club_detail, name="club-detail"),
    # The club managers' actions, one each; on a refusal the club's page with the error.
    path("vereine/<int:pk>/verwaltung/", views.club_manager_add, name="club-manager-add"),
    path(
        "vereine/<int:pk>/verwaltung/entfernen/",
        views.club_manager_remove,
        name="club-manager-remove",
    ),
    path(
        "vereine/<int:pk>/verwaltung/einladen/",
        views.club_manager_invite,
        name="club-manager-invite",
    ),
    path(
        "vereine/<int:pk>/mitglieder/einladen/",
        views.club_member_invite,
        name="club-member-invite",
    ),
    path("vereine/<int:pk>/sichtbarkeit/", views.club_visibility, name="club-visibility"),
    path("vereine/<int:pk>/kasse/", views.club_kasse, name="club-kasse"),
    path("vereine/<int:pk>/anfragen/", views.club_claim_decide, name="club-claim-decide"),
    path("spieler/<int:player_id>/das-bin-ich/", views.player_claim, name="player-claim"),
    path("konto/privatsphaere/", views.privacy, name="privacy"),
]
