from django.urls import path

from league.venue import views

urlpatterns = [
    path("veranstaltung/", views.health, name="venue-health"),
    path("veranstaltung/aushang.pdf", views.poster, name="venue-poster"),
]
