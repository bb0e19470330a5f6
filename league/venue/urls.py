from django.urls import path

from league.venue import offline, views

urlpatterns = [
    path("veranstaltung/", views.health, name="venue-health"),
    path("veranstaltung/aushang.pdf", views.poster, name="venue-poster"),
    # settings.SPECTACULAR_SETTINGS["REDOC_DIST"] + "/bundles/redoc.standalone.js"
    path(
        "api/docs/redoc/bundles/redoc.standalone.js",
        offline.redoc_standalone,
        name="redoc-standalone",
    ),
]
