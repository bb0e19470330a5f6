"""API views: thin, like the HTML ones. Reads come from the apps' selectors, writes go through
their services, and who may write is asked of ``league.lists.access`` and
``league.tournaments.access`` — the helpers the site's pages use. Every answer is rendered
by an output serializer, every refusal by ``league.api.errors``.
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.contrib.auth.models import User
from django.db import models, transaction
from django.db.models import QuerySet
from django.http import HttpRequest, JsonResponse
from django.utils import translation
from django.utils.decorators import method_decorator
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, generics, serializers
from rest_framework.authentication import TokenAuthentication
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api import schema
from league.api.authentication import SessionAuthentication, TableCodeAuthentication
from league.api.errors import error_body, error_object, with_field
from league.api.pagination import Pagination
from league.api.parsers import JSONOnly, JSONParser
from league.api.permissions import HasCredentials, list_reader, list_writer, tournament_reader
from league.api.serializers import (
    ConfirmSerializer,
    DeletedSerializer,
    GameRecordSerializer,
    GameResultSerializer,
    GameWriteSerializer,
    GameWrittenSerializer,
    ListeCreateSerializer,
    ListeSerializer,
    PaperResultsAnswerSerializer,
    PaperResultsSerializer,
    PenaltyWriteSerializer,
    RoundSerializer,
    ScoreErrorSerializer,
    StandingsSerializer,
    TimeSerializer,
    TournamentDetailSerializer,
    TournamentSerializer,
    VersionQuerySerializer,
    WrittenSerializer,
)
from league.clubs import services as club_services
from league.clubs.access import can_manage_club
from league.clubs.models import Club, Player
from league.core import conditional
from league.core.errors import ConflictError, ServiceError
from league.core.messages import render as render_message
from league.lists import services
from league.lists.access import ListAccess
from league.lists.models import ScoreLine, Spielliste
from league.lists.selectors import ListeSnapshot, list_status, snapshots_of
from league.tournaments import services as tournament_services
from league.tournaments.access import (
    can_organise,
    organiser_actor_of,
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
from scoring import GameRecordError, score_game
from scoring.errors import ScoringError
from scoring.interchange import error_to_dict, record_from_dict, result_to_dict, state_to_dict
from scoring.penalties import Penalty
from scoring.rules import TSR, RuleProfile, preset

from .throttling import ScoreThrottle, WriteAnonThrottle, WriteCodeThrottle, WriteUserThrottle

S = TypeVar("S", bound=serializers.Serializer[Any])


class ApiView(APIView):
    """JSON in and out; accounts by token or session, refusals in the one error shape."""

    authentication_classes = [TokenAuthentication, SessionAuthentication]
    permission_classes = [AllowAny]
    parser_classes = [JSONParser]
    renderer_classes = [JSONRenderer]
    content_negotiation_class = JSONOnly
    throttle_classes: list[type] = []


class WriteView(ApiView):
    """Writes: an account or a table code, throttled per client."""

    authentication_classes = [
        TokenAuthentication,
        SessionAuthentication,
        TableCodeAuthentication,
    ]
    permission_classes = [HasCredentials]
    throttle_classes = [WriteUserThrottle, WriteCodeThrottle, WriteAnonThrottle]
    _throttles_checked = False

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        # Throttles before permissions: a write refused for lack of credentials (401)
        # counts against its address too.
        self.perform_authentication(request)
        self.check_throttles(request)
        super().initial(request, *args, **kwargs)

    def check_throttles(self, request: Request) -> None:
        if not self._throttles_checked:  # once per request (this view serves one)
            self._throttles_checked = True
            super().check_throttles(request)


def _valid(
    serializer_class: type[S], data: Any, context: dict[str, Any] | None = None
) -> dict[str, Any]:
    serializer = serializer_class(data=data, context=context or {})
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def _rules_of(liste: Spielliste) -> RuleProfile:
    """The list's house rules for parsing a game (a broken stored profile: the TSR; the
    write's replay then reports the list as invalid)."""
    try:
        return liste.profile
    except ScoringError:
        return TSR


# --- score ---------------------------------------------------------------------------


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


# --- lists ---------------------------------------------------------------------------


def _liste(pk: int) -> Spielliste:
    liste = Spielliste.objects.select_related("club").filter(pk=pk).first()
    if liste is None:
        raise ServiceError("not_found")
    return liste


def _snapshot(liste: Spielliste, access: ListAccess) -> ListeSnapshot:
    """The list replayed; players who asked not to be named appear under their alias
    unless the visitor writes this list (as on the list's page)."""
    return snapshots_of([liste], reveal=access.writes)[0]


def liste_answer(snap: ListeSnapshot, access: ListAccess) -> dict[str, Any]:
    """GET /api/v1/listen/{id}/: the round state plus what the site keeps of the list."""
    if snap.state is None:
        assert snap.error is not None
        cause = ServiceError.from_scoring(snap.error)
        raise ServiceError("list_invalid", {"reason": cause.message}, game=snap.error.game)
    liste = snap.liste
    out = state_to_dict(snap.state)
    out.update(
        id=liste.pk,
        title=liste.title,
        version=liste.version,
        seats=[{"position": s.position, "name": s.name} for s in snap.seats],
        frozen=liste.frozen,
        confirmed=liste.confirmed_at is not None,
        confirmed_seat=liste.confirmed_seat if liste.confirmed_at is not None else None,
        time_up_after=liste.time_up_after,
        totals_only=liste.totals_only,
        **({"rules": liste.rules} if liste.rules else {}),
        substitutions=[
            {"seat": s.position, "from_game": s.from_game, "player": s.name}
            for s in list_status(snap, None, reveal=access.writes).substitutions
        ],
    )
    if liste.totals_only:
        # Results typed from paper: the totals that count (none while double entry waits).
        paper = {s.player_id: s.name for s in snap.seats}
        lines = dict(
            ScoreLine.objects.filter(spielliste=liste, game=None, penalty=None).values_list(
                "player_id", "points"
            )
        )
        out["totals"] = {paper[p]: lines.get(p, 0) for p in paper}
        out["complete"] = liste.complete
    if access.sees_code:
        out["code"] = liste.code
    return out


def _written(liste: Spielliste, access: ListAccess) -> dict[str, Any]:
    """A write's answer: the new version and the list as it is now."""
    liste.refresh_from_db()
    snap = _snapshot(liste, access)
    return {"version": snap.liste.version, "state": liste_answer(snap, access)}


class ListenView(WriteView):
    @extend_schema(
        request=ListeCreateSerializer,
        responses={
            201: ListeSerializer,
            **schema.write_refusals(
                "invalid_seats",
                "duplicate_names",
                "player_name_missing",
                "seat_taken_twice",
                "rules_unsupported",
                "club_unknown",
                in_path="",
            ),
        },
        parameters=[schema.RETRY_AFTER],
        summary="Create a list",
        description="An account creates a free list (or, as its manager, a club list) and "
        "becomes its Listenführer; the answer carries the table `code`. A table code "
        "creates nothing (403 `permission_denied`); a club the account does not manage is "
        "403 `club_forbidden`. Seat names find the club's player of that name (or a player "
        "without club), else create one.",
    )
    def post(self, request: Request) -> Response:
        account = request.user
        if not account.is_authenticated:
            raise ServiceError("permission_denied")  # a table code creates no list
        data = _valid(ListeCreateSerializer, request.data)
        club = None
        if data.get("club") is not None:
            club = Club.objects.filter(pk=data["club"]).first()
            if club is None:
                raise ServiceError("club_unknown", {"id": data["club"]}, field="club")
            if not can_manage_club(account, club):
                raise ServiceError("club_forbidden", field="club")
        try:
            with transaction.atomic():  # no player is left behind by a refused list
                players: list[Player] = [
                    club_services.player_get_or_create(name=name, club=club, user=account)
                    for name in data["seats"]
                ]
                chosen = data.get("rules")
                liste = services.spielliste_create(
                    title=data["title"],
                    players=players,
                    club=club,
                    created_by=account if isinstance(account, User) else None,
                    rules=preset(chosen) if chosen else (club.profile if club else TSR),
                    user=account,
                )
        except ServiceError as err:
            raise with_field(err, "seats" if err.field else None) from None
        access = list_reader(request, liste)
        body = liste_answer(_snapshot(liste, access), access)
        return Response(ListeSerializer(body).data, status=201)


class ListeView(ApiView):
    @extend_schema(
        responses={
            200: ListeSerializer,
            **schema.NOT_FOUND,
            409: schema.refusal(409, "The stored list no longer passes the rules.", "list_invalid"),
            429: schema.refusal(429, "Too many wrong table codes.", "table_code_blocked"),
        },
        parameters=[schema.RETRY_AFTER],
        summary="A list's state",
        description="The round state as `python -m scoring round` prints it, plus the list's "
        "`id`, `version` (send it with the next write) and more. `code` only for who may "
        "see it. Players who asked not to be named publicly appear under their alias "
        "unless the caller writes this list.",
    )
    def get(self, request: Request, pk: int) -> Response:
        liste = _liste(pk)
        access = list_reader(request, liste)
        return Response(ListeSerializer(liste_answer(_snapshot(liste, access), access)).data)


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


def _in_body(err: ServiceError, part: str, number: int | None = None) -> ServiceError:
    """A service's refusal of a record in the body: its field as the body's JSON path;
    a refusal about another game than ``number`` names that game, not a field."""
    if not err.field or err.field == "referee":
        return err
    if number is not None and err.game is not None and err.game != number:
        return with_field(err, None)
    return with_field(err, f"{part}.{err.field}")


def _game_answer(liste: Spielliste, number: int, access: ListAccess) -> dict[str, Any]:
    liste.refresh_from_db()
    snap = _snapshot(liste, access)
    rows = snap.state.rows if snap.state is not None else ()
    results = [r.result for r in rows if r.game == number and r.penalty is None and r.result]
    if not results:  # deleted by another writer in between
        raise ConflictError("conflict", {"version": snap.liste.version})
    result = results[0]
    return {
        "number": number,
        "version": snap.liste.version,
        "result": result_to_dict(result),
        "state": liste_answer(snap, access),
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
        liste = _liste(pk)
        writer = list_writer(request, liste)
        data = _valid(GameWriteSerializer, request.data, {"rules": _rules_of(liste)})
        try:
            game = services.game_record(
                spielliste=liste,
                record=data["game"],
                user=writer.actor,
                expected_version=data["version"],
                key=idempotency_key(request),
            )
        except ServiceError as err:
            raise _in_body(err, "game") from None
        body = _game_answer(liste, game.number, writer.access)
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
        liste = _liste(pk)
        writer = list_writer(request, liste)
        data = _valid(GameWriteSerializer, request.data, {"rules": _rules_of(liste)})
        try:
            services.game_correct(
                spielliste=liste,
                number=number,
                record=data["game"],
                user=writer.actor,
                expected_version=data["version"],
                key=idempotency_key(request),
            )
        except ServiceError as err:
            raise _in_body(err, "game", number) from None
        body = _game_answer(liste, number, writer.access)
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
        liste = _liste(pk)
        writer = list_writer(request, liste)
        query = _valid(VersionQuerySerializer, request.query_params)
        services.game_delete_last(
            spielliste=liste, number=number, user=writer.actor, expected_version=query["version"]
        )
        liste.refresh_from_db(fields=["version"])
        return Response(DeletedSerializer({"version": liste.version, "number": number}).data)


class StrafenView(WriteView):
    @extend_schema(
        request=PenaltyWriteSerializer,
        responses={
            201: WrittenSerializer,
            **schema.write_refusals("not_at_table", "referee_missing", note=schema.ENGINE),
        },
        parameters=[schema.RETRY_AFTER],
        summary="Add a penalty row",
        description="A penalty row as in round.md, names as at the table; `referee` signs "
        "it off (8.2.2).",
    )
    def post(self, request: Request, pk: int) -> Response:
        liste = _liste(pk)
        writer = list_writer(request, liste)
        data = _valid(PenaltyWriteSerializer, request.data)
        penalty: Penalty = data["penalty"]
        players = {seat.name: seat.player for seat in liste.seats.select_related("player")}

        def player(name: str | None, field: str) -> Player | None:
            if name is None:
                return None
            if name not in players:
                raise ServiceError("not_at_table", {"name": name}, field=f"penalty.{field}")
            return players[name]

        offender = player(penalty.offender, "offender")
        assert offender is not None
        try:
            services.penalty_add(
                spielliste=liste,
                after_game=penalty.after_game,
                kind=penalty.kind.value,
                offender=offender,
                beneficiary=player(penalty.beneficiary, "beneficiary"),
                absagen=penalty.absagen,
                points=penalty.points,
                referee=data.get("referee") or penalty.referee,
                user=writer.actor,
                expected_version=data["version"],
            )
        except ServiceError as err:
            raise _in_body(err, "penalty") from None
        return Response(WrittenSerializer(_written(liste, writer.access)).data, status=201)


class ZeitView(WriteView):
    @extend_schema(
        request=TimeSerializer,
        responses={
            200: WrittenSerializer,
            **schema.write_refusals(conflict=("time_already_up", "list_complete")),
        },
        parameters=[schema.RETRY_AFTER],
        summary="Call time",
        description="Time is up (8.5.1, round.md Decision): `time_up_after` becomes the "
        "games dealt — the games entered, plus one when `game_in_progress` (that game is "
        "still entered, as whatever it was); then only owed Pflichtsoli remain, each as a "
        "Vorführung.",
    )
    def post(self, request: Request, pk: int) -> Response:
        liste = _liste(pk)
        writer = list_writer(request, liste)
        data = _valid(TimeSerializer, request.data)
        services.spielliste_call_time(
            spielliste=liste,
            game_in_progress=data["game_in_progress"],
            user=writer.actor,
            expected_version=data["version"],
        )
        return Response(WrittenSerializer(_written(liste, writer.access)).data)


class BestaetigenView(WriteView):
    @extend_schema(
        request=ConfirmSerializer,
        responses={
            200: WrittenSerializer,
            **schema.write_refusals("invalid_seat", conflict=("confirm_incomplete",)),
            403: schema.refusal(
                403,
                "Not allowed: a wrong code or account; `seat: null` by anybody but a "
                "manager; or the session that entered last.",
                "table_code_wrong",
                "permission_denied",
                "csrf_failed",
                "confirm_seat_required",
                "confirm_same_session",
            ),
        },
        parameters=[schema.RETRY_AFTER],
        summary="Confirm a complete list",
        description="A player of the table confirms with the code and his seat, from "
        "another session than the one that entered last; a manager (staff, organiser, "
        "club manager) confirms a signed paper list with `seat: null`.",
    )
    def post(self, request: Request, pk: int) -> Response:
        liste = _liste(pk)
        writer = list_writer(request, liste)
        data = _valid(ConfirmSerializer, request.data)
        services.spielliste_confirm(
            spielliste=liste, seat=data["seat"], user=writer.actor, expected_version=data["version"]
        )
        return Response(WrittenSerializer(_written(liste, writer.access)).data)


# --- tournaments ---------------------------------------------------------------------


M = TypeVar("M", bound=models.Model)


class ApiListView(generics.ListAPIView[M]):
    """A public list of objects in pages (``Pagination``), with the API's JSON-only
    content negotiation and error shape."""

    authentication_classes = ApiView.authentication_classes
    permission_classes = ApiView.permission_classes
    parser_classes = ApiView.parser_classes
    renderer_classes = ApiView.renderer_classes
    content_negotiation_class = ApiView.content_negotiation_class
    throttle_classes: list[type] = []
    pagination_class = Pagination


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
        responses={200: TournamentDetailSerializer, **schema.NOT_FOUND},
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
        responses={200: RoundSerializer, **schema.NOT_FOUND},
        summary="A round: its tables, seats and lists",
        description="Table codes only for the tournament's organisers (and staff).",
    )
    def get(self, request: Request, pk: int, number: int) -> Response:
        tournament = _tournament(pk)
        tournament_reader(request, tournament)
        rnd = TournamentRound.objects.filter(tournament=tournament, number=number).first()
        if rnd is None:
            raise ServiceError("not_found")
        organiser = can_organise(request.user, tournament)
        tables = []
        for table in round_board(tournament_round=rnd, reveal=organiser):
            liste, state, error = table.liste, table.snapshot.state, table.error
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
        data = _valid(PaperResultsSerializer, request.data)
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
    return request.GET.get("vorlaeufig") in ("1", "true")


def _standings_version(request: HttpRequest, pk: int) -> str | None:
    """None (no ETag: the view answers, or refuses) for a tournament this caller may not
    read: a 304 is an answer too."""
    return standings_version(
        tournament_id=pk, provisional=_provisional(request), reader=request.user
    )


class StandingsView(ApiView):
    @extend_schema(
        parameters=[OpenApiParameter("vorlaeufig", bool, description="include running round")],
        responses={200: StandingsSerializer, **schema.NOT_FOUND},
        summary="Tournament standings",
    )
    @method_decorator(conditional.conditional(_standings_version))
    def get(self, request: Request, pk: int) -> Response:
        tournament = _tournament(pk)
        tournament_reader(request, tournament)
        version = conditional.version(request, lambda: _standings_version(request, pk))
        provisional = _provisional(request)
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
                    )
                ).data
            ),
        )
        return Response(data)


# --- anything else under /api/v1/ ----------------------------------------------------


@csrf_exempt
def not_found(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
    """An unknown address under the API: JSON like every other refusal."""
    return JsonResponse(error_body(ServiceError("not_found")), status=404)
