from django.urls import path

from league.lists import calculator_views, views

urlpatterns = [
    path("t/", views.table_code_entry, name="table-code"),
    path("t/<str:code>/", views.table_code_entry, name="table-code-open"),
    path("rechner/", calculator_views.calculator, name="calculator"),
    path("listen/", views.liste_index, name="liste-index"),
    path("listen/neu/", views.liste_create, name="liste-create"),
    path("listen/<int:pk>/", views.liste_detail, name="liste-detail"),
    path("listen/<int:pk>/teil/<slug:name>/", views.liste_part, name="liste-part"),
    path("listen/<int:pk>/spiel/", views.game_add, name="game-add"),
    path("listen/<int:pk>/vorschau/", views.game_preview, name="game-preview"),
    path("listen/<int:pk>/spiel/<int:number>/", views.game_edit, name="game-edit"),
    path(
        "listen/<int:pk>/spiel/<int:number>/vorschau/",
        views.game_edit_preview,
        name="game-edit-preview",
    ),
    path("listen/<int:pk>/letztes-loeschen/", views.game_delete_last, name="game-delete-last"),
    path("listen/<int:pk>/strafe/", views.penalty_add, name="penalty-add"),
    path(
        "listen/<int:pk>/strafe/<int:penalty_id>/loeschen/",
        views.penalty_delete,
        name="penalty-delete",
    ),
    path("listen/<int:pk>/zeit/", views.time_call, name="time-call"),
    path("listen/<int:pk>/zeit/zuruecknehmen/", views.time_resume, name="time-resume"),
    path("listen/<int:pk>/zeit/kein-spiel/", views.time_no_game, name="time-no-game"),
    path("listen/<int:pk>/zeitzugabe/", views.time_add, name="time-add"),
    path("listen/<int:pk>/ersatz/", views.seat_substitute, name="seat-substitute"),
    path("listen/<int:pk>/beenden/", views.liste_end_early, name="liste-end-early"),
    path("listen/<int:pk>/schnell/", views.quick_add, name="quick-add"),
    path("listen/<int:pk>/runde-beenden/", views.liste_close, name="liste-close"),
    path("listen/<int:pk>/neu-gegeben/", views.redeal_add, name="redeal-add"),
    path("listen/<int:pk>/neu-gegeben/zuruecknehmen/", views.redeal_undo, name="redeal-undo"),
    path("listen/<int:pk>/papier-entfernen/", views.paper_clear, name="paper-clear"),
    path("listen/<int:pk>/kasse/", views.liste_kasse, name="liste-kasse"),
    path("listen/<int:pk>/bestaetigen/", views.liste_confirm, name="liste-confirm"),
    path("listen/<int:pk>/verlauf/", views.liste_history, name="liste-history"),
    path("listen/<int:pk>/liste.pdf", views.liste_pdf, name="liste-pdf"),
    path("listen/<int:pk>/blanko.pdf", views.liste_blank_pdf, name="liste-blank-pdf"),
]
