from django.urls import path

from league.embed import views

urlpatterns = [
    path("einbetten/turnier/<int:pk>/", views.tournament_widget, name="embed-tournament"),
    path("einbetten/liga/<int:pk>/", views.league_widget, name="embed-league"),
    path("einbetten/verein/<int:pk>/", views.club_widget, name="embed-club"),
    path("einbetten/rangliste/", views.rangliste_widget, name="embed-rangliste"),
    path("einbetten/spielstaerke/", views.strength_widget, name="embed-spielstaerke"),
]
