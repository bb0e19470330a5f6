"""API views: thin, like the HTML ones."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.serializers import (
    ErrorSerializer,
    GameRecordSerializer,
    GameResultSerializer,
    RoundStateSerializer,
    StandingsSerializer,
)
from league.lists.models import Spielliste
from league.lists.selectors import spielliste_snapshot
from league.tournaments.models import Tournament
from league.tournaments.selectors import standings
from scoring import GameRecordError, score_game
from scoring.interchange import error_to_dict, record_from_dict, result_to_dict, state_to_dict


class ScoreView(APIView):
    """Score one game by the TSR; nothing is stored."""

    authentication_classes: list[type] = []  # stateless: no session, so no CSRF either
    permission_classes = [AllowAny]

    @extend_schema(
        request=GameRecordSerializer,
        responses={200: GameResultSerializer, 400: ErrorSerializer},
        summary="Score a game",
    )
    def post(self, request: Request) -> Response:
        try:
            result = score_game(record_from_dict(request.data))
        except GameRecordError as err:
            body: dict[str, Any] = error_to_dict(err, gettext)
            # DRF's usual shape too: {field: [message]}
            body[err.field or "non_field_errors"] = [body["message"]]
            return Response(body, status=400)
        return Response(GameResultSerializer(result_to_dict(result)).data)


class SpiellisteView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: RoundStateSerializer}, summary="A Spielliste's state")
    def get(self, request: Request, pk: int) -> Response:
        try:
            snap = spielliste_snapshot(pk=pk)
        except Spielliste.DoesNotExist:
            raise Http404 from None
        if snap.state is None:
            return Response(
                {"error": {"code": "list_invalid", "message": str(snap.error)}}, status=409
            )
        return Response(RoundStateSerializer(state_to_dict(snap.state)).data)


class StandingsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[OpenApiParameter("vorlaeufig", bool, description="include running round")],
        responses={200: StandingsSerializer},
        summary="Tournament standings",
    )
    def get(self, request: Request, pk: int) -> Response:
        tournament = Tournament.objects.filter(pk=pk).first()
        if tournament is None:
            raise Http404
        result = standings(
            tournament=tournament,
            provisional=request.query_params.get("vorlaeufig") in ("1", "true"),
        )
        return Response(StandingsSerializer(result).data)
