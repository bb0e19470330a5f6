"""Games of a list: the next one entered, one corrected, the last one deleted. The answer
is built from what the service replayed: the list is replayed once per write."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from league.api import schema
from league.api.permissions import list_writer
from league.api.serializers import (
    DeletedSerializer,
    GameWriteSerializer,
    GameWrittenSerializer,
    VersionQuerySerializer,
)
from league.api.views.base import WriteView, valid
from league.api.views.lists import in_body, liste_answer, liste_or_404
from league.core.errors import ConflictError, ServiceError
from league.lists import services
from league.lists.access import ListAccess
from league.lists.models import Game
from league.lists.selectors import list_rules
from league.lists.services import Written
from scoring.interchange import result_to_dict

IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    str,
    location=OpenApiParameter.HEADER,
    required=False,
    description="any unique string (at most 64 characters) per intended write; a retry "
    "with the same key is answered as done",
)


def idempotency_key(request: Request) -> str:
    return str(request.headers.get("Idempotency-Key", ""))[:64]


def game_answer(written: Written[Game], access: ListAccess) -> dict[str, Any]:
    """A game's write: its number and result, the new version and the list, all from the
    write's replay."""
    number = written.item.number
    row = written.game_row(number)
    if row is None or row.result is None:  # a retried write whose game changed since
        raise ConflictError("conflict", {"version": written.version})
    return {
        "number": number,
        "version": written.version,
        "result": result_to_dict(row.result),
        "state": liste_answer(written.snapshot, access),
    }


class SpieleView(WriteView):
    @extend_schema(
        request=GameWriteSerializer,
        responses={
            201: GameWrittenSerializer,
            **schema.write_refusals(
                "not_at_table", note=schema.ENGINE, conflict=("game_beyond_round",)
            ),
        },
        parameters=[schema.RETRY_AFTER, IDEMPOTENCY_KEY],
        summary="Enter the next game",
        description="With an `Idempotency-Key` header, a retried request (its answer lost) "
        "is answered as the first one was — the game is not entered twice and no version "
        "conflict is reported.",
    )
    def post(self, request: Request, pk: int) -> Response:
        liste = liste_or_404(pk)
        writer = list_writer(request, liste)
        data = valid(GameWriteSerializer, request.data, {"rules": list_rules(liste)})
        try:
            written = services.game_record(
                spielliste=liste,
                record=data["game"],
                user=writer.actor,
                expected_version=data["version"],
                key=idempotency_key(request),
            )
        except ServiceError as err:
            raise in_body(err, "game") from None
        body = game_answer(written, writer.access)
        return Response(GameWrittenSerializer(body).data, status=201)


class SpielView(WriteView):
    @extend_schema(
        request=GameWriteSerializer,
        responses={
            200: GameWrittenSerializer,
            **schema.write_refusals("not_at_table", note=schema.ENGINE, in_path="list or game"),
        },
        parameters=[schema.RETRY_AFTER, IDEMPOTENCY_KEY],
        summary="Correct a game",
        description="Replaces game k's facts; refused if it or any later row becomes "
        "invalid (`game` then names the row).",
    )
    def put(self, request: Request, pk: int, number: int) -> Response:
        liste = liste_or_404(pk)
        writer = list_writer(request, liste)
        data = valid(GameWriteSerializer, request.data, {"rules": list_rules(liste)})
        try:
            written = services.game_correct(
                spielliste=liste,
                number=number,
                record=data["game"],
                user=writer.actor,
                expected_version=data["version"],
                key=idempotency_key(request),
            )
        except ServiceError as err:
            raise in_body(err, "game", number) from None
        body = game_answer(written, writer.access)
        return Response(GameWrittenSerializer(body).data)

    @extend_schema(
        parameters=[VersionQuerySerializer, schema.RETRY_AFTER],
        responses={
            200: DeletedSerializer,
            **schema.write_refusals(in_path="list or game", conflict=("not_last_game", "no_games")),
        },
        summary="Delete the last game",
        description="Only the last game can be deleted (409 `not_last_game`), with penalty "
        "rows that belonged to it.",
    )
    def delete(self, request: Request, pk: int, number: int) -> Response:
        liste = liste_or_404(pk)
        writer = list_writer(request, liste)
        query = valid(VersionQuerySerializer, request.query_params)
        written = services.game_delete(
            spielliste=liste, number=number, user=writer.actor, expected_version=query["version"]
        )
        body = {"version": written.version, "number": written.item}
        return Response(DeletedSerializer(body).data)
