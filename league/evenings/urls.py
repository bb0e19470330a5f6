from django.urls import path

from league.evenings import views

urlpatterns = [
    path("vereine/<int:pk>/saison/", views.club_season, name="club-season"),
    path("vereine/<int:pk>/saison.pdf", views.club_season_pdf, name="club-season-pdf"),
    path("vereine/<int:pk>/abende/neu/", views.evening_create, name="club-evening-create"),
    path("vereine/<int:pk>/abende/<int:evening_id>/", views.evening_detail, name="club-evening"),
    path("vereine/<int:pk>/historie/", views.club_history_import, name="club-history-import"),
    path("vereine/<int:pk>/hausregeln/", views.club_rules, name="club-rules"),
    path(
        "vereine/<int:pk>/spielstaerke/",
        views.club_rating_evenings,
        name="club-rating-evenings",
    ),
]
