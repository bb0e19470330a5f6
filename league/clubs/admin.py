"""Clubs and players in the admin, saved through league.clubs.services."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db import models

from league.clubs import services
from league.clubs.models import Club, Player
from league.core.admin import ServiceAdmin, ServiceForm


class ClubForm(ServiceForm):
    class Meta:
        model = Club
        fields = ("name", "city", "landesverband")

    def save_with_service(self, instance: models.Model | None) -> Any:
        cd = self.cleaned_data
        if instance is None:
            club = services.club_get_or_create(name=cd["name"], user=self.request_user)
            assert club is not None
            instance = club
        assert isinstance(instance, Club)
        return services.club_update(
            club=instance,
            name=cd["name"],
            city=cd.get("city", ""),
            landesverband=cd.get("landesverband", ""),
            user=self.request_user,
        )


class PlayerForm(ServiceForm):
    class Meta:
        model = Player
        fields = ("name", "club", "ddv_number", "hide_name")

    def save_with_service(self, instance: models.Model | None) -> Any:
        cd = self.cleaned_data
        if instance is None:
            return services.player_get_or_create(
                name=cd["name"],
                club=cd.get("club"),
                ddv_number=cd.get("ddv_number", ""),
                user=self.request_user,
            )
        assert isinstance(instance, Player)
        return services.player_update(
            player=instance,
            name=cd["name"],
            club=cd.get("club"),
            ddv_number=cd.get("ddv_number", ""),
            hide_name=cd.get("hide_name", False),
            user=self.request_user,
        )


@admin.register(Club)
class ClubAdmin(ServiceAdmin):
    form = ClubForm
    list_display = ("name", "city", "landesverband")
    search_fields = ("name", "city", "landesverband")


@admin.register(Player)
class PlayerAdmin(ServiceAdmin):
    form = PlayerForm
    list_display = ("name", "club", "ddv_number", "hide_name")
    search_fields = ("name", "ddv_number")
    list_select_related = ("club",)
