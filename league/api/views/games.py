"""Games of a list: the next one entered, one corrected, the last one deleted. The answer
is built from what the service replayed: the list is replayed once per write."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from league.api import schema
from league.api.entries import (
    EntryDeleteQuerySerializer,
    GameEntryWriteSerializer,
    GameEntryWrittenSerializer,
)
from league.api.errors import refusals_of
from league.api.permissions import list_writer
from league.api.serializers import DeletedSerializer
from league.api.views.base import WriteView, valid
from league.api.views.lists import liste_answer, liste_or_404
from league.core.errors import ConflictError, ServiceError
from league.lists import commands
from league.lists.access import ListAccess
from league.lists.commands import CorrectGame, DeleteGame, EnterGame, UndoRedeal, execute
from league.lists.models import Game
from league.lists.selectors import list_rules
from league.lists.services import Written
from scoring.interchange import REDEAL_KIND, result_to_dict
from scoring.records import Redeal

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
    """A game's write (a full game or a quick row): its number and result, the new version
    and the list, all from the write's replay."""
    number = written.item.number
    row = written.game_row(number)
    if row is None or (row.result is None and row.quick is None):
        raise ConflictError("conflict", {"version": written.version})  # changed since
    if row.quick is not None:
        result: dict[str, Any] = {"winner": None, "points": dict(row.points), "breakdown": []}
    else:
        assert row.result is not None
        result = result_to_dict(row.result)
    return {
        "number": number,
        "version": written.version,
        "result": result,
        "kind": "quick" if row.quick is not None else "game",
        "state": liste_answer(written.snapshot, access),
    }


def redeal_answer(written: Written[None], access: ListAccess) -> dict[str, Any]:
    """A redeal's write: the game it precedes, the new version and the list."""
    return {
        "number": written.snapshot.liste.games_played + 1,
        "version": written.version,
        "result": None,
        "kind": REDEAL_KIND,
        "state": liste_answer(written.snapshot, access),
    }


ENTRY_NOTE = (
    '`game` is a full record, a quick row (`{"kind": "quick", …}`, only on lists '
    "outside tournaments and leagues: 409 `quick_rows_not_allowed`) or, under the house "
    'rule `schmeissen`, a redeal (`{"kind": "geschmissen"}`: no game; `number` is '
    "the game it precedes, `result` null)."
)


class SpieleView(WriteView):
    @extend_schema(
        request=GameEntryWriteSerializer,
        responses={
            201: GameEntryWrittenSerializer,
            **schema.write_refusals(
                "not_at_table",
                "option_not_enabled",
                note=schema.ENGINE,
                conflict=("game_beyond_round", "quick_rows_not_allowed"),
            ),
        },
        parameters=[schema.RETRY_AFTER, IDEMPOTENCY_KEY],
        summary="Enter the next game, quick row or redeal",
        description=ENTRY_NOTE + " With an `Idempotency-Key` header, a retried request (its "
        "answer lost) is answered as the first one was — the game is not entered twice and "
        "no version conflict is reported (not for redeals).",
    )
    def post(self, request: Request, pk: int) -> Response:
        liste = liste_or_404(pk)
        writer = list_writer(request, liste)
        data = valid(GameEntryWriteSerializer, request.data, {"rules": list_rules(liste)})
        entry = data["game"]
        with refusals_of("game"):
            if isinstance(entry, Redeal):
                done = execute(commands.Redeal(version=data["version"]), writer)
                body = redeal_answer(done, writer.access)
            else:
                command = EnterGame(
                    entry=entry, version=data["version"], key=idempotency_key(request)
                )
                body = game_answer(execute(command, writer), writer.access)
        return Response(GameEntryWrittenSerializer(body).data, status=201)


class SpielView(WriteView):
    @extend_schema(
        request=GameEntryWriteSerializer,
        responses={
            200: GameEntryWrittenSerializer,
            **schema.write_refusals(
                "not_at_table",
                "redeal_not_a_game",
                note=schema.ENGINE,
                in_path="list or game",
                conflict=("quick_rows_not_allowed",),
            ),
        },
        parameters=[schema.RETRY_AFTER, IDEMPOTENCY_KEY],
        summary="Correct a game or quick row",
        description="Replaces game k's facts (a full record or a quick row, either way); "
        "refused if it or any later row becomes invalid (`game` then names the row). A "
        "redeal is no game and cannot replace one (400 `redeal_not_a_game`): take it back "
        "with DELETE and `kind=geschmissen`.",
    )
    def put(self, request: Request, pk: int, number: int) -> Response:
        liste = liste_or_404(pk)
        writer = list_writer(request, liste)
        data = valid(GameEntryWriteSerializer, request.data, {"rules": list_rules(liste)})
        entry = data["game"]
        if isinstance(entry, Redeal):
            raise ServiceError("redeal_not_a_game", field="game.kind", game=number)
        command = CorrectGame(
            number=number, entry=entry, version=data["version"], key=idempotency_key(request)
        )
        with refusals_of("game", number):
            written = execute(command, writer)
        body = game_answer(written, writer.access)
        return Response(GameEntryWrittenSerializer(body).data)

    @extend_schema(
        parameters=[EntryDeleteQuerySerializer, schema.RETRY_AFTER],
        responses={
            200: DeletedSerializer,
            **schema.write_refusals(
                in_path="list or game",
                conflict=("not_last_game", "no_games", "no_redeal_before"),
            ),
        },
        summary="Delete the last game (or take back a redeal)",
        description="Only the last game can be deleted (409 `not_last_game`), with penalty "
        "rows that belonged to it; a quick row like a game. With `kind=geschmissen`, the "
        "redeal before game k is taken back instead (k may be the game still to be "
        "entered); refused, nothing written, if a later row becomes invalid.",
    )
    def delete(self, request: Request, pk: int, number: int) -> Response:
        liste = liste_or_404(pk)
        writer = list_writer(request, liste)
        query = valid(EntryDeleteQuerySerializer, request.query_params)
        if query.get("kind") == REDEAL_KIND:
            done = execute(UndoRedeal(version=query["version"], number=number), writer)
            return Response(DeletedSerializer({"version": done.version, "number": number}).data)
        written = execute(DeleteGame(version=query["version"], number=number), writer)
        body = {"version": written.version, "number": written.item}
        return Response(DeletedSerializer(body).data)
