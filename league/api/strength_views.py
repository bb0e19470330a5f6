"""The Spielstärke in the API (rating.md): ``GET /api/v1/spielstaerke/`` — every player with
at least 10 rated lists, by figure, optionally of one club or Landesverband — with the same
privacy as the page (a hidden player only for himself and staff)."""

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


LANDESVERBAND_MAX = Club._meta.get_field("landesverband").max_length or 80
LANDESVERBAND_SCHEMA = {"type": "string", "maxLength": LANDESVERBAND_MAX, "example": "Hessen"}


def _landesverband(request: Request) -> str:
    """``?landesverband=`` as the page reads it: a Landesverband of a club the caller may
    see, spelled as the club says it; empty or absent: no filter; too long: 400; one no
    such club names: 404 (as an unknown ``verein``)."""
    raw = request.query_params.get("landesverband", "")
    if raw == "":
        return ""
    if len(raw) > LANDESVERBAND_MAX:
        raise ServiceError(
            "invalid_value",
            {"name": "landesverband", "detail": f"≤ {LANDESVERBAND_MAX}"},
            field="landesverband",
        )
    # Compared with the names in use, never sent to the database as typed (one query).
    known = set(
        Club.objects.exclude(clubs_closed_to(request.user))
        .exclude(landesverband="")
        .values_list("landesverband", flat=True)
        .distinct()
    )
    if raw not in known:
        raise ServiceError("not_found")
    return raw


class SpielstaerkeView(ApiView):
    @extend_schema(
        parameters=[
            OpenApiParameter("verein", ID_SCHEMA, description="one club's players"),
            OpenApiParameter(
                "landesverband",
                LANDESVERBAND_SCHEMA,
                description="the players of one Landesverband's clubs, spelled as the clubs "
                "name it (the page's filter); an unknown one is 404",
            ),
        ],
        responses={
            200: StrengthSerializer,
            400: schema.refusal(
                400, "A garbled `verein`, a `landesverband` too long.", "invalid_value"
            ),
            **schema.NOT_FOUND,
        },
        summary="The Spielstärke list (rating.md)",
        description="Every player with at least 10 rated lists, by figure, then mu, then "
        "name, optionally of one club and/or one Landesverband. A player who asked not to "
        "be named appears only to himself and staff.",
    )
    def get(self, request: Request) -> Response:
        club_id = query.number(request, "verein", low=1, high=ID_MAX, blank=True)
        landesverband = _landesverband(request)
        if club_id is not None:
            club = Club.objects.filter(pk=club_id).exclude(clubs_closed_to(request.user))
            if not club.exists():
                raise ServiceError("not_found")
        rows = strength_rows(reader=request.user, club_id=club_id, landesverband=landesverband)
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
