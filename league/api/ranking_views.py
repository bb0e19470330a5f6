"""API reads of the ranking domain: the Rangliste on a Stichtag and a club's season table.
Thin like the pages: the figures come from ``league.rankings.selectors`` and
``league.evenings.selectors``; a garbled parameter is a 400 with the one error object."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from league.api import query, schema
from league.api.permissions import club_reader
from league.api.views.base import ApiView
from league.clubs.access import can_manage_club
from league.clubs.models import Club
from league.core.errors import ServiceError
from league.evenings import selectors as evening_selectors
from league.rankings import selectors
from league.rankings.presenters import average_number

# --- serializers ---------------------------------------------------------------------------


class RanglisteRowSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField()
    player_id = serializers.IntegerField()
    player = serializers.CharField()
    club = serializers.CharField()
    rounds = serializers.IntegerField()
    points = serializers.IntegerField()
    average = serializers.FloatField(help_text="Rundenschnitt, rounded half away from zero")


class Unter36Serializer(serializers.Serializer[Any]):
    player_id = serializers.IntegerField()
    player = serializers.CharField()
    club = serializers.CharField()
    rounds = serializers.IntegerField()
    points = serializers.IntegerField()


class CountedSerializer(serializers.Serializer[Any]):
    tournament_id = serializers.IntegerField()
    tournament = serializers.CharField()
    date = serializers.DateField()
    bundesland = serializers.CharField()
    points = serializers.IntegerField()


class BundeslandRowSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField()
    player_id = serializers.IntegerField()
    player = serializers.CharField()
    points = serializers.IntegerField()
    counted = CountedSerializer(many=True, help_text="by date")


class RanglisteSerializer(serializers.Serializer[Any]):
    stichtag = serializers.DateField()
    window_start = serializers.DateField(help_text="the first day that counts (24 months)")
    min_rounds = serializers.IntegerField()
    rangliste = RanglisteRowSerializer(many=True)
    unter_36 = Unter36Serializer(many=True)
    bundeslaender = BundeslandRowSerializer(many=True)


class SeasonRowSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField(allow_null=True, help_text="null: below the minimum")
    player_id = serializers.IntegerField()
    player = serializers.CharField()
    lists = serializers.IntegerField()
    games = serializers.IntegerField()
    points = serializers.IntegerField()
    value = serializers.FloatField(help_text="what ranks: total, Schnitt or best-N sum")
    evenings = serializers.IntegerField(help_text="attendance: evenings played")


class SeasonSerializer(serializers.Serializer[Any]):
    club_id = serializers.IntegerField()
    season = serializers.IntegerField()
    start = serializers.DateField()
    end = serializers.DateField(help_text="exclusive")
    mode = serializers.CharField()
    minimum = serializers.IntegerField()
    best_n = serializers.IntegerField()
    evenings = serializers.IntegerField(help_text="evenings held in the season")
    rows = SeasonRowSerializer(many=True)


# --- views ----------------------------------------------------------------------------------


class RanglisteView(ApiView):
    @extend_schema(
        parameters=[
            OpenApiParameter(
                "stichtag",
                OpenApiTypes.DATE,
                pattern=r"^(19|2[0-9])[0-9]{2}-[0-9]{2}-[0-9]{2}$",
                description="YYYY-MM-DD (years 1900 … 2999), default today",
            )
        ],
        responses={
            200: RanglisteSerializer,
            400: schema.refusal(400, "A garbled `stichtag`.", "invalid_value"),
        },
        summary="The DDV Rangliste, unter 36 and the Bundesländerwertung",
    )
    def get(self, request: Request) -> Response:
        # absent: today; empty is no date (400, as the schema says)
        as_of = query.day(request, "stichtag") or timezone.localdate()
        reveal = bool(request.user.is_authenticated and request.user.is_staff)
        view = selectors.rangliste(as_of=as_of, reveal=reveal)
        players = view.players
        body = {
            "stichtag": view.as_of,
            "window_start": view.window_start,
            "min_rounds": view.min_rounds,
            "rangliste": [
                {
                    "rank": r.rank,
                    "player_id": players[r.player].pk,
                    "player": players[r.player].name,
                    "club": players[r.player].club,
                    "rounds": r.rounds,
                    "points": r.points,
                    "average": average_number(r.average),
                }
                for r in view.rangliste
            ],
            "unter_36": [
                {
                    "player_id": players[r.player].pk,
                    "player": players[r.player].name,
                    "club": players[r.player].club,
                    "rounds": r.rounds,
                    "points": r.points,
                }
                for r in view.unter_36
            ],
            "bundeslaender": [
                {
                    "rank": r.rank,
                    "player_id": players[r.player].pk,
                    "player": players[r.player].name,
                    "points": r.points,
                    "counted": [
                        {
                            "tournament_id": view.tournaments[c.tournament].pk,
                            "tournament": view.tournaments[c.tournament].name,
                            "date": c.date,
                            "bundesland": c.bundesland,
                            "points": c.points,
                        }
                        for c in r.counted
                    ],
                }
                for r in view.bundeslaender
            ],
        }
        return Response(RanglisteSerializer(body).data)


class SaisonView(ApiView):
    @extend_schema(
        parameters=[
            OpenApiParameter(
                "jahr",
                {"type": "integer", "minimum": 1900, "maximum": 2999},
                description="the season (1900 … 2999), default current",
            )
        ],
        responses={
            200: SeasonSerializer,
            400: schema.refusal(400, "A garbled `jahr`.", "invalid_value"),
            **schema.MEMBERS_READ,
        },
        summary="A club's season table",
    )
    def get(self, request: Request, pk: int) -> Response:
        club = Club.objects.filter(pk=pk).first()
        if club is None:
            raise ServiceError("not_found")
        club_reader(request, club)
        year = query.number(request, "jahr", low=1900, high=2999)
        reveal = can_manage_club(request.user, club)
        season = evening_selectors.club_season(club=club, year=year, reveal=reveal)
        body = {
            "club_id": club.pk,
            "season": season.year,
            "start": season.start,
            "end": season.end,
            "mode": season.settings.mode.value,
            "minimum": season.settings.minimum,
            "best_n": season.settings.best_n,
            "evenings": season.table.evenings,
            "rows": [
                {
                    "rank": r.rank,
                    "player_id": int(r.player),
                    "player": season.shown_name(r.player, r.name, reveal=reveal),
                    "lists": r.lists,
                    "games": r.games,
                    "points": r.points,
                    "value": average_number(r.value),
                    "evenings": r.evenings,
                }
                for r in season.table.rows
            ],
        }
        return Response(SeasonSerializer(body).data)
