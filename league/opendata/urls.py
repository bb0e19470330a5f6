from django.urls import path

from league.opendata import views

urlpatterns = [
    path("daten/", views.daten, name="open-data"),
    path("daten/format.md", views.daten_format, name="open-data-format"),
    path("daten/<str:stamp>/<str:name>", views.daten_file, name="open-data-file"),
]
