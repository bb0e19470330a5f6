"""Under ``/api/v1/veroeffentlichungen/`` (before the API's catch-all)."""

from django.urls import path

from league.federation.views import TurnierVeroeffentlichungView

urlpatterns = [
    path(
        "turniere/<uuid:uid>/",
        TurnierVeroeffentlichungView.as_view(),
        name="api-publication-tournament",
    ),
]
