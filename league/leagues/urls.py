from django.urls import path

from league.leagues import views as lv

urlpatterns = [
    path("ligen/", lv.league_index, name="league-index"),
    path("ligen/neu/", lv.league_create, name="league-create"),
    path("ligen/<int:pk>/", lv.league_detail, name="league-detail"),
    path("ligen/<int:pk>/tabelle.pdf", lv.league_table_pdf, name="league-table-pdf"),
    path("ligen/<int:pk>/verwalten/", lv.league_manage, name="league-manage"),
    path("ligen/<int:pk>/mannschaft/<int:team_id>/", lv.team_detail, name="league-team"),
    path("ligen/<int:pk>/spieltag/<int:spieltag_id>/", lv.spieltag_detail, name="spieltag-detail"),
    path(
        "ligen/<int:pk>/spieltag/<int:spieltag_id>/aktion/",
        lv.spieltag_action,
        name="spieltag-action",
    ),
    path(
        "ligen/<int:pk>/spieltag/<int:spieltag_id>/aufstellung/<int:team_id>/",
        lv.lineup_edit,
        name="lineup-edit",
    ),
    path(
        "ligen/<int:pk>/spieltag/<int:spieltag_id>/ergebnisse/",
        lv.spieltag_results,
        name="spieltag-results",
    ),
    path(
        "ligen/<int:pk>/spieltag/<int:spieltag_id>/sitzplan.pdf",
        lv.spieltag_seating_pdf,
        name="spieltag-seating-pdf",
    ),
    path(
        "ligen/<int:pk>/spieltag/<int:spieltag_id>/listen.pdf",
        lv.spieltag_lists_pdf,
        name="spieltag-lists-pdf",
    ),
]
