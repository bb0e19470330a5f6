"""``POST /api/v1/score/``: one game scored by the TSR, nothing stored."""

from __future__ import annotations

from typing import Any

from django.utils import translation
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from league.api import schema
from league.api.serializers import (
    GameRecordSerializer,
    GameResultSerializer,
    ScoreErrorSerializer,
    null_not_false,
)
from league.api.throttling import ScoreThrottle
from league.api.views.base import ApiView
from scoring import GameRecordError, score_game
from scoring.interchange import error_to_dict, record_from_dict, result_to_dict


class ScoreView(ApiView):
    """Score one game by the TSR; nothing is stored."""

    authentication_classes: list[type] = []  # stateless: no session, so no CSRF either
    throttle_classes = [ScoreThrottle]

    @extend_schema(
        request=GameRecordSerializer,
        responses={
            200: GameResultSerializer,
            400: OpenApiResponse(
                ScoreErrorSerializer,
                "A record the engine refuses (any code of the game record, see ErrorCode), "
                "or a body that is no JSON. Codes: `malformed_json`, "
                "`unsupported_media_type`, `not_an_object`, `missing_field`.",
            ),
            413: schema.refusal(413, "The body is too large.", "body_too_large"),
            429: schema.refusal(429, "Too many requests.", "throttled"),
        },
        parameters=[schema.RETRY_AFTER],
        summary="Score a game",
        description="The CLI's contract: a refusal carries `code`, `field` ('' for the "
        "whole record) and `message` at the top level, and the `error` object as "
        "everywhere else.",
    )
    def post(self, request: Request) -> Response:
        try:
            null_not_false(request.data)
            result = score_game(record_from_dict(request.data))
        except GameRecordError as err:
            flat: dict[str, Any] = error_to_dict(err, translation.gettext)
            # DRF's usual shape too, {field: [message]}, unless the field has a name of
            # the answer's own (an unknown field "code" in the record, say).
            body: dict[str, Any] = {err.field or "non_field_errors": [flat["message"]]}
            body.update(flat, error={**flat, "field": err.field or None, "game": err.game})
            return Response(body, status=400)
        return Response(GameResultSerializer(result_to_dict(result)).data)

    def handle_exception(self, exc: Exception) -> Response:
        """Other refusals (JSON, size, throttling) keep the flat fields too."""
        response = super().handle_exception(exc)
        error = response.data.get("error") if isinstance(response.data, dict) else None
        if error:
            response.data.update(code=error["code"], field=error["field"] or "")
            response.data["message"] = error["message"]
        return response
