"""Spiellisten in the admin: read-only. A list changes only through league.lists.services
(replay, version, audit), never by editing rows."""

from __future__ import annotations

from django.contrib import admin

from league.core.admin import ReadOnlyAdmin, ReadOnlyInline
from league.lists.models import Game, PenaltyRow, Seat, Spielliste


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ("position", "name", "player")


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


@admin.register(Spielliste)
class SpiellisteAdmin(ReadOnlyAdmin):
    list_display = ("title", "table_size", "games_played", "complete", "frozen", "updated_at")
    list_filter = ("complete", "frozen", "table_size")
    search_fields = ("title",)
    inlines = (SeatInline, GameInline, PenaltyInline)
