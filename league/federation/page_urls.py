"""The venue's pages for its link to the federation's site (league/federation/pages.py)."""

from django.urls import path

from league.federation import pages

urlpatterns = [
    path("veranstaltung/verbandsseite/", pages.link_settings, name="federation-link"),
    path(
        "veranstaltung/verbandsseite/register/",
        pages.register_fetch,
        name="federation-register-fetch",
    ),
    path("turniere/<int:pk>/verbandsseite/", pages.tournament_send, name="tournament-send"),
    path("verband/zuordnungen/", pages.assignments, name="federation-assignments"),
    path(
        "verband/zuordnungen/<int:pk>/",
        pages.assignment_decide,
        name="federation-assignment-decide",
    ),
]
