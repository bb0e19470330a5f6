from django.urls import path

from league.tournaments import views as tv

urlpatterns = [
    path("turniere/", tv.tournament_index, name="tournament-index"),
    path("turniere/neu/", tv.tournament_create, name="tournament-create"),
    # The Probelauf (issue 36 item 4): only its organisers and staff see it.
    path("turniere/probelauf/neu/", tv.rehearsal_new, name="rehearsal-new"),
    path("turniere/<int:pk>/probelauf/", tv.rehearsal_copy, name="rehearsal-copy"),
    path("turniere/<int:pk>/probelauf/spielen/", tv.rehearsal_play, name="rehearsal-play"),
    path("turniere/<int:pk>/probelauf/tische/", tv.rehearsal_manual, name="rehearsal-manual"),
    path("turniere/<int:pk>/probelauf/loeschen/", tv.rehearsal_delete, name="rehearsal-delete"),
    path("turniere/<int:pk>/", tv.tournament_detail, name="tournament-detail"),
    path(
        "turniere/<int:pk>/teilnehmer/", tv.tournament_participants, name="tournament-participants"
    ),
    path(
        "turniere/<int:pk>/teilnehmer/<int:participant_id>/abmelden/",
        tv.participant_toggle,
        name="participant-toggle",
    ),
    path(
        "turniere/<int:pk>/teilnehmer/import/", tv.participants_import, name="participants-import"
    ),
    path("turniere/<int:pk>/auslosen/", tv.round_draw, name="round-draw"),
    path("turniere/<int:pk>/runde/<int:number>/", tv.round_board_view, name="round-board"),
    # The round board's actions, one URL each (all POST; the round-wide ones ask first).
    path("turniere/<int:pk>/runde/<int:number>/starten/", tv.round_start, name="round-start"),
    path(
        "turniere/<int:pk>/runde/<int:number>/neu-auslosen/",
        tv.round_redraw,
        name="round-redraw",
    ),
    path("turniere/<int:pk>/runde/<int:number>/zeit/", tv.round_call_time, name="round-time"),
    path("turniere/<int:pk>/runde/<int:number>/abschliessen/", tv.round_close, name="round-close"),
    path(
        "turniere/<int:pk>/runde/<int:number>/wieder-oeffnen/",
        tv.round_reopen,
        name="round-reopen",
    ),
    path(
        "turniere/<int:pk>/runde/<int:number>/tisch/<int:table>/neuer-code/",
        tv.table_code_renew,
        name="table-code-renew",
    ),
    path(
        "turniere/<int:pk>/runde/<int:number>/ergebnisse/", tv.round_results, name="round-results"
    ),
    path(
        "turniere/<int:pk>/runde/<int:number>/ergebnisse/import/",
        tv.round_results_import,
        name="round-results-import",
    ),
    path("turniere/<int:pk>/einstellungen/", tv.tournament_settings, name="tournament-settings"),
    path("turniere/<int:pk>/inoffiziell/", tv.tournament_unofficial, name="tournament-unofficial"),
    path("turniere/<int:pk>/stille-runden/", tv.tournament_silent, name="tournament-silent"),
    path("turniere/<int:pk>/runde/<int:number>/auslosung.pdf", tv.draw_pdf, name="draw-pdf"),
    path(
        "turniere/<int:pk>/runde/<int:number>/listen.pdf",
        tv.round_lists_pdf,
        name="round-lists-pdf",
    ),
    path("turniere/<int:pk>/runde/<int:number>/codes.pdf", tv.codes_pdf, name="codes-pdf"),
    # The participant slips with each one's personal PIN (api.md "Confirmation").
    path(
        "turniere/<int:pk>/teilnehmerzettel.pdf",
        tv.participant_slips_pdf,
        name="participant-slips",
    ),
    path("turniere/<int:pk>/leitung/", tv.tournament_organisers, name="tournament-organisers"),
    path(
        "turniere/<int:pk>/leitung/hinzufuegen/",
        tv.tournament_organiser_add,
        name="tournament-organiser-add",
    ),
    path(
        "turniere/<int:pk>/leitung/entfernen/",
        tv.tournament_organiser_remove,
        name="tournament-organiser-remove",
    ),
    path(
        "turniere/<int:pk>/leitung/einladen/",
        tv.tournament_organiser_invite,
        name="tournament-organiser-invite",
    ),
    path(
        "turniere/<int:pk>/teilnehmer/anfrage/<int:claim_id>/",
        tv.claim_decide,
        name="claim-decide",
    ),
    path("turniere/<int:pk>/wertung/", tv.standings_view, name="standings"),
    path("turniere/<int:pk>/wertung.pdf", tv.standings_pdf, name="standings-pdf"),
    path("turniere/<int:pk>/beamer/", tv.projector, name="projector"),
    path(
        "turniere/<int:pk>/spieler/<int:participant_id>/", tv.player_view, name="tournament-player"
    ),
    # A participant's own page by his personal link (issue 36): never listed anywhere.
    path("turniere/<int:pk>/ich/<str:token>/", tv.participant_self, name="participant-self"),
    path(
        "turniere/<int:pk>/ich/<str:token>/da/",
        tv.participant_self_check_in,
        name="participant-self-check-in",
    ),
    path(
        "turniere/<int:pk>/ich/<str:token>/abmelden/",
        tv.participant_self_withdraw,
        name="participant-self-withdraw",
    ),
    path(
        "turniere/<int:pk>/ich/<str:token>/bestaetigen/",
        tv.participant_self_confirm,
        name="participant-self-confirm",
    ),
    path(
        "turniere/<int:pk>/teilnehmer/<int:participant_id>/neuer-link/",
        tv.participant_link_renew,
        name="participant-link-renew",
    ),
]
