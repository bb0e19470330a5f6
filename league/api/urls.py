from django.urls import path

from league.api import views

urlpatterns = [
    path("score/", views.ScoreView.as_view(), name="api-score"),
    path("listen/<int:pk>/", views.SpiellisteView.as_view(), name="api-liste"),
    path("turniere/<int:pk>/wertung/", views.StandingsView.as_view(), name="api-standings"),
]
