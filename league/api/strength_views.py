"""The Spielstärke in the API (rating.md): ``GET /api/v1/spielstaerke/`` — every player with
at least 10 rated lists, by figure, optionally of one club — with the same privacy as the
page (a hidden player only for himself and staff)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from league.api import query, schema
from league.api.stats_views import ID_MAX, ID_SCHEMA
from league.api.views.base import ApiView
from league.clubs.access import clubs_closed_to
from league.clubs.models import Club
from league.core.errors import ServiceError
from league.rankings.strength import strength_rows
from scoring.rating import PROVISIONAL_BELOW


class StrengthRowSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField()
    player_id = serializers.IntegerField()
    player = serializers.CharField()
    club = serializers.CharField(allow_blank=True)
    rating = serializers.IntegerField(help_text="floor(1000 + 40 (mu - 3 sigma) + 0.5)")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    lists = serializers.IntegerField(help_text="rated lists played")


class StrengthSerializer(serializers.Serializer[Any]):
    minimum_lists = serializers.IntegerField()
    players = StrengthRowSerializer(many=True)


class SpielstaerkeView(ApiView):
    @extend_schema(
        parameters=[OpenApiParameter("verein", ID_SCHEMA, description="one club's players")],
        responses={
            200: StrengthSerializer,
            400: schema.refusal(400, "A garbled `verein`.", "invalid_value"),
            **schema.NOT_FOUND,
        },
        summary="The Spielstärke list (rating.md)",
        description="Every player with at least 10 rated lists, by figure, then mu, then "
        "name. A player who asked not to be named appears only to himself and staff.",
    )
    def get(self, request: Request) -> Response:
        club_id = query.number(request, "verein", low=1, high=ID_MAX, blank=True)
        if club_id is not None:
            club = Club.objects.filter(pk=club_id).exclude(clubs_closed_to(request.user))
            if not club.exists():
                raise ServiceError("not_found")
        rows = strength_rows(reader=request.user, club_id=club_id)
        return Response(
            {
                "minimum_lists": PROVISIONAL_BELOW,
                "players": [
                    {
                        "rank": r.rank,
                        "player_id": r.player_id,
                        "player": r.name,
                        "club": r.club,
                        "rating": r.rating,
                        "mu": round(r.mu, 6),
                        "sigma": round(r.sigma, 6),
                        "lists": r.lists,
                    }
                    for r in rows
                ],
            }
        )
