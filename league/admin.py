"""Admin: clubs, players and tournaments are edited here; list contents are read-only,
because every change to a Spielliste must go through league/services.py (replay, log)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from league.models import (
    ChangeLog,
    Club,
    Game,
    Participant,
    PenaltyRow,
    Player,
    Seat,
    Spielliste,
    Tournament,
    TournamentRound,
)


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SeatInline(ReadOnlyInline):
    model = Seat


class GameInline(ReadOnlyInline):
    model = Game
    fields = (
        "number",
        "kind",
        "solo",
        "pflicht",
        "re",
        "re_augen",
        "ann_re",
        "ann_kontra",
        "winner",
        "value",
    )


class PenaltyInline(ReadOnlyInline):
    model = PenaltyRow
    fields = ("after_game", "kind", "offender", "beneficiary", "absagen", "points", "referee")


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "city")
    search_fields = ("name", "city")


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "ddv_number")
    search_fields = ("name", "ddv_number")
    list_select_related = ("club",)


@admin.register(Spielliste)
class SpiellisteAdmin(admin.ModelAdmin):
    list_display = ("title", "table_size", "games_played", "complete", "updated_at")
    list_filter = ("complete", "table_size")
    search_fields = ("title",)
    readonly_fields = (
        "table_size",
        "time_up_after",
        "version",
        "games_played",
        "complete",
        "tournament_round",
        "table_number",
    )
    inlines = (SeatInline, GameInline, PenaltyInline)


class ParticipantInline(admin.TabularInline):
    model = Participant
    extra = 0
    raw_id_fields = ("player",)


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "date", "venue", "rounds_planned", "official")
    inlines = (ParticipantInline,)


@admin.register(TournamentRound)
class TournamentRoundAdmin(admin.ModelAdmin):
    list_display = ("tournament", "number", "status", "seeded", "repeat_meetings")
    list_filter = ("status",)
    readonly_fields = ("seed", "repeat_meetings")


@admin.register(ChangeLog)
class ChangeLogAdmin(admin.ModelAdmin):
    list_display = ("at", "actor", "action", "spielliste", "game_number")
    list_select_related = ("spielliste",)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
