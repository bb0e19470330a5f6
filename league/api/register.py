"""The federation's player register for the venue laptop (federation.md "The register
travels: site → venue"): ``GET /api/v1/spieler/?register=1``, 50 a page (``per_page`` up to 100).

- **Decision**: the register is the players with a DDV number — the federation's identities;
  guests without one are nobody's to copy. A hidden player (``hide_name``) is left out
  whole: his name must not travel, and a record without a name helps no registration desk
  (at the venue his DDV number typed at registration links him on publication). Accounts,
  e-mail addresses and claims never travel.
- A player's Landesverband is his club's (``Club.landesverband``): the register carries
  the club's name, city and Landesverband.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from league.api import schema
from league.api.query import flag
from league.api.views.base import ApiListView
from league.clubs.models import Player
from league.core.errors import ServiceError


class RegisterPlayerSerializer(serializers.Serializer[Player]):
    id = serializers.IntegerField(read_only=True)
    name = serializers.CharField(read_only=True)
    ddv_number = serializers.CharField(read_only=True)
    club = serializers.CharField(source="club.name", default=None, read_only=True)
    club_city = serializers.CharField(source="club.city", default=None, read_only=True)
    club_landesverband = serializers.CharField(
        source="club.landesverband", default=None, read_only=True
    )


@extend_schema(
    parameters=[
        OpenApiParameter("register", bool, required=True, description="must be true: the register"),
        OpenApiParameter(
            "page", int, description="page number (50 players a page, per_page up to 100)"
        ),
    ],
    responses={
        200: RegisterPlayerSerializer(many=True),
        **schema.BAD_FLAG,
        401: schema.refusal(401, "A wrong token.", "authentication_failed"),
        **schema.NOT_FOUND,
    },
    summary="The player register (DDV number, name, club, Landesverband) for a venue laptop",
)
class SpielerRegisterView(ApiListView[Player]):
    """Players with a DDV number whose names are public, by DDV number."""

    serializer_class = RegisterPlayerSerializer

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        if not flag(request, "register"):
            raise ServiceError(
                "invalid_value", {"name": "register", "detail": "true"}, field="register"
            )
        return super().list(request, *args, **kwargs)

    def get_queryset(self) -> QuerySet[Player]:
        return (
            Player.objects.exclude(ddv_number="")
            .filter(hide_name=False)
            .select_related("club")
            .order_by("ddv_number", "pk")
        )
