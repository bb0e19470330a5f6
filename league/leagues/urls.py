from django.urls import path

from league.leagues.views import league as lv
from league.leagues.views import moves as mv
from league.leagues.views import season as sv

urlpatterns = [
    path("ligen/", lv.league_index, name="league-index"),
    path("ligen/neu/", lv.league_create, name="league-create"),
    path("ligen/<int:pk>/", lv.league_detail, name="league-detail"),
    path("ligen/<int:pk>/tabelle.pdf", lv.league_table_pdf, name="league-table-pdf"),
    path("ligen/<int:pk>/verwalten/", lv.league_manage, name="league-manage"),
    # The organiser page's actions, one URL each (POST).
    path("ligen/<int:pk>/verwalten/mannschaft/", lv.team_create, name="league-team-create"),
    path("ligen/<int:pk>/verwalten/spielplan/", lv.schedule_generate, name="league-schedule"),
    path(
        "ligen/<int:pk>/verwalten/leitung/",
        lv.league_organiser_add,
        name="league-organiser-add",
    ),
    path(
        "ligen/<int:pk>/verwalten/mannschaft/<int:team_id>/kader/",
        lv.team_player_add,
        name="team-player-add",
    ),
    path(
        "ligen/<int:pk>/verwalten/mannschaft/<int:team_id>/kader/<int:player_id>/entfernen/",
        lv.team_player_remove,
        name="team-player-remove",
    ),
    path(
        "ligen/<int:pk>/verwalten/mannschaft/<int:team_id>/mannschaftsfuehrer/",
        lv.team_captain_add,
        name="team-captain-add",
    ),
    path("ligen/<int:pk>/mannschaft/<int:team_id>/", lv.team_detail, name="league-team"),
    path("ligen/<int:pk>/spieltag/<int:spieltag_id>/", lv.spieltag_detail, name="spieltag-detail"),
    # A Spieltag's actions, one URL each (POST, organisers).
    path(
        "ligen/<int:pk>/spieltag/<int:spieltag_id>/starten/",
        lv.spieltag_start,
        name="spieltag-start",
    ),
    path(
        "ligen/<int:pk>/spieltag/<int:spieltag_id>/abschliessen/",
        lv.spieltag_close,
        name="spieltag-close",
    ),
    path(
        "ligen/<int:pk>/spieltag/<int:spieltag_id>/wieder-oeffnen/",
        lv.spieltag_reopen,
        name="spieltag-reopen",
    ),
    path(
        "ligen/<int:pk>/spieltag/<int:spieltag_id>/nicht-angetreten/<int:team_id>/",
        lv.spieltag_absent,
        name="spieltag-absent",
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
    # The season: dates and places, the calendar feeds (league.leagues.views.season).
    path("ligen/<int:pk>/termine/", sv.league_dates, name="league-dates"),
    path("ligen/<int:pk>/kalender.ics", sv.league_calendar, name="league-calendar"),
    path(
        "ligen/<int:pk>/mannschaft/<int:team_id>/kalender.ics",
        sv.team_calendar,
        name="team-calendar",
    ),
    path(
        "ligen/spieler/<int:player_id>/kalender.ics",
        sv.player_calendar,
        name="player-calendar",
    ),
    path(
        "ligen/<int:pk>/verwalten/doppelte-eingabe/",
        sv.league_double_entry,
        name="league-double-entry",
    ),
    path(
        "ligen/<int:pk>/spieltag/<int:spieltag_id>/bericht/<int:team_id>/",
        sv.spieltag_report,
        name="spieltag-report",
    ),
    path(
        "ligen/<int:pk>/spieltag/<int:spieltag_id>/entscheiden/",
        sv.spieltag_settle,
        name="spieltag-settle",
    ),
    path(
        "ligen/<int:pk>/mannschaft/<int:team_id>/verfuegbarkeit/",
        sv.team_availability,
        name="team-availability",
    ),
    path(
        "ligen/<int:pk>/mannschaft/<int:team_id>/verfuegbarkeit/link/<int:player_id>/",
        sv.availability_link_renew,
        name="availability-link-renew",
    ),
    path(
        "ligen/<int:pk>/mannschaft/<int:team_id>/meine-zusagen/",
        sv.availability_mine,
        name="availability-mine",
    ),
    path(
        "ligen/<int:pk>/verwalten/aufstellungsfrist/",
        sv.league_lineup_deadline,
        name="league-lineup-deadline",
    ),
    path("ligen/erinnerungen/", sv.reminders_mine, name="reminders-mine"),
    path("ligen/erinnerungen/aus/<str:token>/", sv.reminders_off, name="reminders-off"),
    path("ligen/zusage/<str:token>/", sv.availability_answer, name="availability-answer"),
    path(
        "ligen/<int:pk>/spieltag/<int:spieltag_id>/termin/",
        sv.spieltag_place,
        name="spieltag-place",
    ),
    # Moving a Spieltag (league.leagues.views.moves).
    path(
        "ligen/<int:pk>/spieltag/<int:spieltag_id>/verlegung/",
        mv.spieltag_move_request,
        name="spieltag-move-request",
    ),
    path(
        "ligen/<int:pk>/verlegung/<int:move_id>/antwort/<int:team_id>/",
        mv.spieltag_move_answer,
        name="spieltag-move-answer",
    ),
    path(
        "ligen/<int:pk>/verlegung/<int:move_id>/entscheiden/",
        mv.spieltag_move_decide,
        name="spieltag-move-decide",
    ),
    path(
        "ligen/<int:pk>/verlegung/<int:move_id>/zurueckziehen/",
        mv.spieltag_move_withdraw,
        name="spieltag-move-withdraw",
    ),
]
