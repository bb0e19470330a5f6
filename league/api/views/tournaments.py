"""Tournaments: the list of them, one with its rounds, a round's tables, results typed
from paper, and the standings."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.decorators import method_decorator
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.request import Request
from rest_framework.response import Response

from league.api import schema
from league.api.authentication import SessionAuthentication
from league.api.errors import error_object
from league.api.permissions import tournament_reader
from league.api.query import flag, flag_or_false
from league.api.serializers import (
    PaperResultsAnswerSerializer,
    PaperResultsSerializer,
    RoundSerializer,
    StandingsSerializer,
    TournamentDetailSerializer,
    TournamentSerializer,
)
from league.api.views.base import ApiListView, ApiView, WriteView, valid
from league.core import conditional
from league.core.errors import ServiceError
from league.core.messages import render as render_message
from league.tournaments import services as tournament_services
from league.tournaments.access import (
    can_organise,
    organiser_actor_of,
    round_silent_to,
    tournaments_closed_to,
)
from league.tournaments.models import Tournament, TournamentRound
from league.tournaments.selectors import (
    round_board,
    round_positions,
    round_started,
    standings_cached,
    standings_version,
    tournament_rounds,
)
from league.tournaments.services import PaperTable
from scoring.interchange import state_to_dict


def _tournament(pk: int) -> Tournament:
    tournament = Tournament.objects.select_related("club").filter(pk=pk).first()
    if tournament is None:
        raise ServiceError("not_found")
    return tournament


@extend_schema(
    summary="Tournaments",
    responses={
        200: TournamentSerializer,
        400: schema.refusal(400, "A garbled `page` or `per_page`.", "invalid_value"),
        **schema.NOT_FOUND,
    },
)
class TurniereView(ApiListView[Tournament]):
    """All tournaments, newest first, 50 a page."""

    serializer_class = TournamentSerializer

    def get_queryset(self) -> QuerySet[Tournament]:
        return (
            Tournament.objects.exclude(tournaments_closed_to(self.request.user))
            .select_related("club")
            .order_by("-date", "name", "pk")
        )


class TurnierView(ApiView):
    @extend_schema(
        responses={200: TournamentDetailSerializer, **schema.MEMBERS_READ},
        summary="A tournament and its rounds",
    )
    def get(self, request: Request, pk: int) -> Response:
        tournament = _tournament(pk)
        tournament_reader(request, tournament)
        rounds = [
            {
                "number": rnd.number,
                "status": rnd.status,
                "started": bool(getattr(rnd, "started", False)),
                "tables": len(rnd.tables.all()),
            }
            for rnd in tournament_rounds(tournament=tournament)
        ]
        body = TournamentSerializer(tournament).data | {"rounds": rounds}
        return Response(TournamentDetailSerializer(body).data)


class RundeView(ApiView):
    @extend_schema(
        responses={200: RoundSerializer, **schema.MEMBERS_READ},
        summary="A round: its tables, seats and lists",
        description="Table codes only for the tournament's organisers (and staff). In a "
        "silent round (until the prize ceremony) every table's `state` and `error` are "
        "null for all but the organisers.",
    )
    def get(self, request: Request, pk: int, number: int) -> Response:
        tournament = _tournament(pk)
        tournament_reader(request, tournament)
        rnd = TournamentRound.objects.filter(tournament=tournament, number=number).first()
        if rnd is None:
            raise ServiceError("not_found")
        organiser = can_organise(request.user, tournament)
        # A silent round: who sits where and how far each table is, no scores.
        silent = round_silent_to(request.user, tournament, rnd.number)
        tables = []
        for table in round_board(tournament_round=rnd, reveal=organiser):
            liste, state, error = table.liste, table.snapshot.state, table.error
            if silent:
                state = error = None
            entry: dict[str, Any] = {
                "table": table.number,
                "list_id": liste.pk,
                "version": liste.version,
                "seats": [{"position": s.position, "name": s.name} for s in table.seats],
                "frozen": liste.frozen,
                "confirmed": liste.confirmed_at is not None,
                "state": state_to_dict(state) if state is not None else None,
                "error": error_object(error) if error is not None else None,
            }
            if organiser:
                entry["code"] = liste.code
            tables.append(entry)
        body = {
            "tournament": tournament.pk,
            "number": rnd.number,
            "status": rnd.status,
            "started": round_started(tournament_round=rnd),
            "tables": tables,
        }
        return Response(RoundSerializer(body).data)


def _by_position(values: dict[str, int], table: int, seats: dict[str, int]) -> dict[int, int]:
    """Totals by name (as the paper list reads) → by seat position."""
    out = {}
    for name, points in values.items():
        if name not in seats:
            raise ServiceError("paper_name_unknown", {"name": name, "table": table}, field="tables")
        out[seats[name]] = points
    return out


class ErgebnisseView(WriteView):
    authentication_classes = [TokenAuthentication, SessionAuthentication]

    @extend_schema(
        request=PaperResultsSerializer,
        responses={
            200: PaperResultsAnswerSerializer,
            **schema.write_refusals(
                "paper_table_unknown",
                "paper_table_twice",
                "paper_name_unknown",
                "paper_seat_count",
                "paper_entry_invalid",
                "totals_zero_sum",
                "totals_out_of_range",
                "deduction_out_of_range",
                in_path="tournament or round",
                conflict=("list_has_games", "list_ended_early"),
            ),
        },
        parameters=[schema.RETRY_AFTER],
        summary="Results typed from paper lists",
        description="The organisers type each table's final totals (`totals` by name; "
        "`deduction` the 9.7.2 b deductions, the only allowed deviation from the zero sum). "
        "All tables or none: the first refusal names its table (400, or 409 for a table "
        "that already has games). With double entry `entry` 2 is the second, blind entry; "
        "a table counts once both agree (`status`: accepted, waiting, differs).",
    )
    def post(self, request: Request, pk: int, number: int) -> Response:
        tournament = _tournament(pk)
        rnd = TournamentRound.objects.filter(tournament=tournament, number=number).first()
        if rnd is None:
            raise ServiceError("not_found")
        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated()
        if not can_organise(request.user, tournament):
            raise ServiceError("permission_denied")
        data = valid(PaperResultsSerializer, request.data)
        positions = round_positions(tournament_round=rnd)
        tables = []
        for typed in data["tables"]:
            seats = positions.get(typed["table"])
            if seats is None:
                raise ServiceError("paper_table_unknown", {"table": typed["table"]}, field="tables")

            tables.append(
                PaperTable(
                    table=typed["table"],
                    totals=_by_position(typed["totals"], typed["table"], seats),
                    deduction=_by_position(typed.get("deduction") or {}, typed["table"], seats),
                )
            )
        done = tournament_services.round_paper_results(
            tournament_round=rnd,
            entry=data["entry"],
            tables=tables,
            user=organiser_actor_of(request.user),
        )
        body = {
            "tables": [
                {
                    "table": saved.table,
                    "status": saved.status,
                    "warnings": [
                        {"code": n.code, "message": render_message(f"warning.{n.code}", n.params)}
                        for n in saved.warnings
                    ],
                }
                for saved in done
            ]
        }
        return Response(PaperResultsAnswerSerializer(body).data)


def _provisional(request: HttpRequest) -> bool:
    return flag_or_false(request, "vorlaeufig")


def _standings_version(request: HttpRequest, pk: int) -> str | None:
    """None (no ETag: the view answers, or refuses) for a tournament this caller may not
    read: a 304 is an answer too."""
    return standings_version(
        tournament_id=pk, provisional=_provisional(request), reader=request.user
    )


class StandingsView(ApiView):
    @extend_schema(
        parameters=[OpenApiParameter("vorlaeufig", bool, description="include running round")],
        responses={200: StandingsSerializer, **schema.BAD_FLAG, **schema.MEMBERS_READ},
        summary="Tournament standings",
    )
    @method_decorator(conditional.conditional(_standings_version))
    def get(self, request: Request, pk: int) -> Response:
        tournament = _tournament(pk)
        tournament_reader(request, tournament)
        provisional = flag(request, "vorlaeufig")  # a garbled flag is 400
        version = conditional.version(request, lambda: _standings_version(request, pk))
        reveal = can_organise(request.user, tournament)
        # The answer itself per version: serialising 168 rows costs more than ranking them.
        data = conditional.cached(
            f"api-wertung:{pk}:{version}:{int(provisional)}:{int(reveal)}",
            lambda: (
                StandingsSerializer(
                    standings_cached(
                        tournament=tournament,
                        version=version,
                        provisional=provisional,
                        reveal=reveal,
                        silent=not reveal,
                    )
                ).data
            ),
        )
        return Response(data)
