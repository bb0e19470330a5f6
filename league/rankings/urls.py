from django.urls import path

from league.rankings import approval_views, people_views, strength_views, views

urlpatterns = [
    path("rangliste/", views.rangliste_page, name="rangliste"),
    path("rangliste/pdf/", views.rangliste_pdf_view, name="rangliste-pdf"),
    path("spielstaerke/", strength_views.strength_list, name="spielstaerke"),
    # The Ranglistenwart's page: requests to count, approve or withdraw.
    path("rangliste/antraege/", approval_views.rating_requests, name="rangliste-requests"),
    path(
        "rangliste/antraege/<int:pk>/",
        approval_views.rating_decide,
        name="rangliste-decide",
    ),
    path(
        "rangliste/anfragen/<int:claim_id>/",
        approval_views.claim_decide,
        name="rangliste-claim-decide",
    ),
    # One person across the site (issue 33).
    path("spieler/finden/", people_views.player_find, name="player-find"),
    path("spieler/doppelte/", people_views.player_duplicates, name="player-duplicates"),
    path(
        "spieler/doppelte/zusammenfuehren/",
        people_views.player_duplicates_merge,
        name="player-duplicates-merge",
    ),
    path(
        "spieler/doppelte/verschieden/",
        people_views.player_duplicates_distinct,
        name="player-duplicates-distinct",
    ),
    path(
        "spieler/<int:player_id>/gegen/<int:other_id>/",
        people_views.player_head_to_head,
        name="player-head-to-head",
    ),
    path("spieler/<int:player_id>/", views.player_record, name="player-record"),
    path("spieler/<int:player_id>/statistik/", views.player_statistics, name="player-statistics"),
    path("spieler/<int:player_id>/zusammenfuehren/", views.player_merge, name="player-merge"),
    path("turniere/<int:pk>/rangliste/", views.tournament_rating, name="tournament-rating"),
    path(
        "turniere/<int:pk>/rangliste/speichern/",
        views.tournament_rating_save,
        name="tournament-rating-save",
    ),
    path(
        "turniere/<int:pk>/rangliste/abschliessen/",
        views.tournament_close,
        name="tournament-close",
    ),
    path(
        "turniere/<int:pk>/rangliste/wieder-oeffnen/",
        views.tournament_reopen,
        name="tournament-reopen",
    ),
]
