"""Tournaments in the admin: settings saved through the tournament service (same checks as
the site's form); participants, rounds and tables read-only (the round board writes them)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db import models

from league.core.admin import ReadOnlyAdmin, ReadOnlyInline, ServiceAdmin, ServiceForm
from league.tournaments import services
from league.tournaments.models import Participant, RoundTable, Tournament, TournamentRound
from scoring.standings import DEFAULT_ORDER


class TournamentForm(ServiceForm):
    class Meta:
        model = Tournament
        fields = (
            "name",
            "date",
            "venue",
            "club",
            "rounds_planned",
            "official",
            "tie_breaks",
            "require_confirmation",
            "double_entry",
            "separate_clubs",
            "round_minutes",
            "members_only",
        )

    def save_with_service(self, instance: models.Model | None) -> Any:
        cd = self.cleaned_data
        raw = cd.get("tie_breaks") or list(DEFAULT_ORDER)
        # Whatever was typed goes to the service, which refuses unknown keys.
        order = [str(k) for k in raw] if isinstance(raw, list) else [str(raw)]
        values: dict[str, Any] = {
            "name": cd["name"],
            "date": cd["date"],
            "venue": cd.get("venue", ""),
            "club": cd.get("club"),
            "rounds_planned": cd["rounds_planned"],
            "official": cd.get("official", False),
            "require_confirmation": cd.get("require_confirmation", False),
            "double_entry": cd.get("double_entry", False),
            "separate_clubs": cd.get("separate_clubs", False),
            "round_minutes": cd.get("round_minutes"),
            "members_only": cd.get("members_only", False),
            "tie_breaks": order,
            "user": self.request_user,
        }
        if instance is None:
            return services.tournament_create(**values)
        assert isinstance(instance, Tournament)
        return services.tournament_update(tournament=instance, **values)


class ParticipantInline(ReadOnlyInline):
    model = Participant
    fields = ("number", "player", "withdrawn")


@admin.register(Tournament)
class TournamentAdmin(ServiceAdmin):
    form = TournamentForm
    list_display = ("name", "date", "venue", "rounds_planned", "official")
    inlines = (ParticipantInline,)


class RoundTableInline(ReadOnlyInline):
    model = RoundTable
    fields = ("number", "spielliste")


@admin.register(TournamentRound)
class TournamentRoundAdmin(ReadOnlyAdmin):
    list_display = ("tournament", "number", "status", "seeded", "repeat_meetings")
    list_filter = ("status",)
    inlines = (RoundTableInline,)
