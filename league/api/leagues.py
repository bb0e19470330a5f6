"""League endpoints (read): leagues, a league's table and its Spieltage, one Spieltag with
its result and tables. Reads come from ``league.leagues.selectors`` — the same as the pages —
and names of players who asked not to be named are hidden unless ``league.leagues.access``
says the caller may read them (organisers, captains)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.db.models import Count, Prefetch, QuerySet
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from league.api import schema
from league.api.query import flag
from league.api.views.base import ApiListView, ApiView
from league.core.errors import ServiceError
from league.leagues.access import league_access
from league.leagues.models import League, Spieltag, Team
from league.leagues.selectors import (
    coming_of_team,
    league_page,
    lineup_deadline,
    report_states,
    spieltag_moves,
    spieltag_view,
    team_availability,
)
from scoring.liga import number

# --- serializers ------------------------------------------------------------------------


@extend_schema_field(
    {"type": "string", "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$", "example": "10:00"}
)
class ClockTimeField(serializers.TimeField):
    """A time of day as a fixture list writes it, "HH:MM" (OpenAPI's ``format: time`` wants
    seconds and an offset, which no captain reads)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(format="%H:%M", **kwargs)


class LeagueSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    season = serializers.CharField()
    players_per_team = serializers.IntegerField()
    rounds_per_spieltag = serializers.IntegerField()
    spieltage_per_round = serializers.IntegerField(help_text="2: Doppelspieltage")
    teams = serializers.IntegerField(source="team_count", help_text="number of teams")


class TeamSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    number = serializers.IntegerField(help_text="the team's number in the schedule")
    name = serializers.CharField()


class LeagueDetailSerializer(LeagueSerializer):
    team_list = TeamSerializer(many=True, source="teams_list")


class TableRowSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField()
    team = serializers.CharField()
    team_id = serializers.IntegerField()
    siegpunkte = serializers.FloatField(help_text="shared ties give halves, e.g. 3.5")
    spielpunkte = serializers.IntegerField()
    spieltage = serializers.IntegerField(help_text="Spieltage counted")


class LeagueTableSerializer(serializers.Serializer[Any]):
    provisional = serializers.BooleanField(help_text="includes running Spieltage")
    counted_spieltage = serializers.IntegerField()
    running_spieltage = serializers.IntegerField(help_text="started, lists not all complete")
    rows = TableRowSerializer(many=True)


class ResultRowSerializer(serializers.Serializer[Any]):
    place = serializers.IntegerField()
    team = serializers.CharField()
    team_id = serializers.IntegerField()
    spielpunkte = serializers.IntegerField()
    siegpunkte = serializers.FloatField()
    absent = serializers.BooleanField(help_text="did not show up: last place")


class SpieltagSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    group_round = serializers.IntegerField(help_text="Gruppenrunde (Doppelspieltag) number")
    group = serializers.IntegerField()
    number = serializers.IntegerField(help_text="the Spieltag within its group round")
    name = serializers.CharField(help_text='e.g. "3.2 / Gruppe B": group round 3, Spieltag 2')
    teams = serializers.ListField(child=serializers.CharField())
    started = serializers.BooleanField()
    complete = serializers.BooleanField(help_text="every list complete: the result counts")
    lists_done = serializers.IntegerField()
    lists_total = serializers.IntegerField()
    result = ResultRowSerializer(many=True)
    # when and where (league.leagues.services.season)
    date = serializers.DateField(allow_null=True, help_text="null: not yet set")
    start_time = ClockTimeField(allow_null=True, help_text="local time")
    venue = serializers.CharField(allow_blank=True, help_text="the address")
    host = serializers.CharField(allow_null=True, help_text="the hosting team")
    sequence = serializers.IntegerField(help_text="raised on each move (iCalendar SEQUENCE)")
    lineup_deadline = serializers.DateTimeField(
        allow_null=True, help_text="the captains' line-up deadline; null: none"
    )


def _place(spieltag: Spieltag, teams: Any, league: League) -> dict[str, Any]:
    host = next((t.name for t in teams if t.pk == spieltag.host_id), None)
    return {
        "date": spieltag.date,
        "start_time": spieltag.start_time,
        "venue": spieltag.venue,
        "host": host,
        "sequence": spieltag.sequence,
        "lineup_deadline": lineup_deadline(spieltag, league),
    }


class SpieltageSerializer(serializers.Serializer[Any]):
    spieltage = SpieltagSerializer(many=True)


class LeagueSeatSerializer(serializers.Serializer[Any]):
    position = serializers.IntegerField()
    name = serializers.CharField()
    team = serializers.CharField()


class SpieltagTableSerializer(serializers.Serializer[Any]):
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    liste = serializers.IntegerField(help_text="the Spielliste's id (/api/v1/listen/{id}/)")
    complete = serializers.BooleanField()
    seats = LeagueSeatSerializer(many=True)


class TeamReportSerializer(serializers.Serializer[Any]):
    team = serializers.CharField()
    team_id = serializers.IntegerField()
    status = serializers.ChoiceField(
        choices=["open", "confirmed", "disputed"],
        help_text="the captain's word on the result as it stands",
    )
    note = serializers.CharField(allow_blank=True, help_text="why he disputes it")
    asked_again = serializers.BooleanField(help_text="he had answered on an earlier result")


class ReportSerializer(serializers.Serializer[Any]):
    status = serializers.ChoiceField(
        choices=["pending", "open", "confirmed", "disputed", "settled"],
        help_text="pending: lists not complete; settled: the organiser decided a dispute",
    )
    teams = TeamReportSerializer(many=True)
    decision = serializers.CharField(allow_null=True, help_text="the organiser's reasons")


class MoveAnswerSerializer(serializers.Serializer[Any]):
    team = serializers.CharField()
    team_id = serializers.IntegerField()
    answer = serializers.ChoiceField(
        choices=["accepted", "declined", ""], help_text='"": not answered yet'
    )


class MoveSerializer(serializers.Serializer[Any]):
    team = serializers.CharField(help_text="the requesting team")
    team_id = serializers.IntegerField()
    date = serializers.DateField(help_text="the proposed date")
    start_time = ClockTimeField(allow_null=True, help_text="null: stays")
    venue = serializers.CharField(allow_blank=True, help_text='"": stays')
    answers = MoveAnswerSerializer(many=True, help_text="each other team of the group")


class SpieltagDetailSerializer(SpieltagSerializer):
    league = serializers.IntegerField()
    tables = SpieltagTableSerializer(many=True)
    report = ReportSerializer(help_text="both captains' report (public, as the result is)")
    move = MoveSerializer(
        allow_null=True, help_text="the open request to move it (its group's); null: none"
    )


def _move(view: Any) -> dict[str, Any] | None:
    current, _last = spieltag_moves(view.spieltag, view.teams)
    if current is None:
        return None
    m = current.move
    return {
        "team": m.team.name,
        "team_id": m.team_id,
        "date": m.date,
        "start_time": m.start_time,
        "venue": m.venue,
        "answers": [
            {"team": a.team.name, "team_id": a.team.pk, "answer": a.answer} for a in current.answers
        ],
    }


class AnswerSerializer(serializers.Serializer[Any]):
    spieltag = serializers.IntegerField()
    answer = serializers.ChoiceField(
        choices=["yes", "maybe", "no", ""], help_text='"": not answered'
    )


class AvailabilityPlayerSerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField()
    name = serializers.CharField()
    answers = AnswerSerializer(many=True)


class AvailabilitySerializer(serializers.Serializer[Any]):
    team = serializers.IntegerField()
    spieltage = serializers.ListField(
        child=serializers.IntegerField(), help_text="the team's coming Spieltage, by date"
    )
    players = AvailabilityPlayerSerializer(many=True)


def _report(view: Any) -> dict[str, Any]:
    state = report_states([(view.spieltag, view.teams, view.result)])[view.spieltag.pk]
    return {
        "status": state.status,
        "teams": [
            {
                "team": r.team.name,
                "team_id": r.team.pk,
                "status": r.status,
                "note": r.note,
                "asked_again": r.asked_again,
            }
            for r in state.teams
        ],
        "decision": state.decision.note
        if state.decision is not None and state.status == "settled"
        else None,
    }


# --- views ------------------------------------------------------------------------------


def _league(pk: int) -> League:
    league = League.objects.filter(pk=pk).first()
    if league is None:
        raise ServiceError("not_found")
    return league


def _rows(result: Any) -> list[dict[str, Any]]:
    return [
        {
            "place": r.place,
            "team": r.team,
            "team_id": result.team_ids[r.team],
            "spielpunkte": r.spielpunkte,
            "siegpunkte": _num(r.siegpunkte),
            "absent": r.absent,
        }
        for r in result.rows
    ]


def _num(value: Fraction) -> float:
    return float(number(value))


@extend_schema(
    summary="Leagues",
    responses={
        200: LeagueSerializer,
        400: schema.refusal(400, "A garbled `page` or `per_page`.", "invalid_value"),
        **schema.NOT_FOUND,
    },
)
class LigenView(ApiListView[League]):
    """All league seasons, newest season first, 50 a page."""

    serializer_class = LeagueSerializer

    def get_queryset(self) -> QuerySet[League]:
        return League.objects.annotate(team_count=Count("teams")).order_by("-season", "name", "pk")


class LigaView(ApiView):
    @extend_schema(
        responses={200: LeagueDetailSerializer, **schema.NOT_FOUND},
        summary="A league season and its teams",
    )
    def get(self, request: Request, pk: int) -> Response:
        # the serializer's ``team_count`` and ``teams_list``, read as the index reads its count
        teams = Prefetch("teams", queryset=Team.objects.order_by("number"), to_attr="teams_list")
        league = (
            League.objects.annotate(team_count=Count("teams"))
            .prefetch_related(teams)
            .filter(pk=pk)
            .first()
        )
        if league is None:
            raise ServiceError("not_found")
        return Response(LeagueDetailSerializer(league).data)


class LigaTabelleView(ApiView):
    @extend_schema(
        parameters=[OpenApiParameter("vorlaeufig", bool, description="include running Spieltage")],
        responses={200: LeagueTableSerializer, **schema.BAD_FLAG, **schema.NOT_FOUND},
        summary="League table (Siegpunkte, then Spielpunkte)",
    )
    def get(self, request: Request, pk: int) -> Response:
        league = _league(pk)
        provisional = flag(request, "vorlaeufig")
        table, _schedule = league_page(league=league, provisional=provisional)
        body = {
            "provisional": table.provisional,
            "counted_spieltage": table.counted,
            "running_spieltage": table.running,
            "rows": [
                {
                    "rank": r.rank,
                    "team": r.team,
                    "team_id": table.team_ids[r.team],
                    "siegpunkte": _num(r.siegpunkte),
                    "spielpunkte": r.spielpunkte,
                    "spieltage": r.spieltage,
                }
                for r in table.rows
            ],
        }
        return Response(LeagueTableSerializer(body).data)


def _spieltag_body(item: Any, group_round: int, league: League) -> dict[str, Any]:
    result = item.result
    return {
        "id": item.spieltag.pk,
        "group_round": group_round,
        "group": item.spieltag.group.number,
        "number": item.spieltag.number,
        "name": item.label,
        "teams": [t.name for t in item.teams],
        "started": bool(result and result.started),
        "complete": bool(result and result.complete),
        "lists_done": result.lists_done if result else 0,
        "lists_total": result.lists_total if result else 0,
        "result": _rows(result) if result else [],
        **_place(item.spieltag, item.teams, league),
    }


class LigaSpieltageView(ApiView):
    @extend_schema(
        operation_id="v1_ligen_spieltage_list",
        responses={200: SpieltageSerializer, **schema.NOT_FOUND},
        summary="A league's Spieltage (the schedule) with their results",
    )
    def get(self, request: Request, pk: int) -> Response:
        league = _league(pk)
        _table, schedule = league_page(league=league, provisional=False)
        spieltage = [
            _spieltag_body(item, rnd.group_round.number, league)
            for rnd in schedule
            for group in rnd.groups
            for item in group.spieltage
        ]
        return Response(SpieltageSerializer({"spieltage": spieltage}).data)


class SpieltagView(ApiView):
    @extend_schema(
        operation_id="v1_ligen_spieltag_retrieve",
        responses={200: SpieltagDetailSerializer, **schema.NOT_FOUND},
        summary="A Spieltag: line-up result and its tables (lists)",
    )
    def get(self, request: Request, pk: int, spieltag_id: int) -> Response:
        league = _league(pk)
        spieltag = (
            Spieltag.objects.filter(pk=spieltag_id, group__group_round__league=league)
            .select_related("group__group_round")
            .first()
        )
        if spieltag is None:
            raise ServiceError("not_found")
        view = spieltag_view(spieltag=spieltag, reveal=league_access(request.user, league).reveal)
        result = view.result
        body = {
            "id": spieltag.pk,
            "league": league.pk,
            "group_round": spieltag.group.group_round.number,
            "group": spieltag.group.number,
            "number": spieltag.number,
            "name": view.label,
            "teams": [t.name for t in view.teams],
            "started": result.started,
            "complete": result.complete,
            "lists_done": result.lists_done,
            "lists_total": result.lists_total,
            "result": _rows(result),
            **_place(view.spieltag, view.teams, league),
            "report": _report(view),
            "move": _move(view),
            "tables": [
                {
                    "round": t.round,
                    "table": t.table,
                    "liste": t.liste.pk,
                    "complete": t.liste.complete,
                    "seats": [
                        {"position": pos, "name": name, "team": team} for pos, name, team in t.seats
                    ],
                }
                for tables in view.rounds
                for t in tables
            ],
        }
        return Response(SpieltagDetailSerializer(body).data)


class MannschaftVerfuegbarkeitView(ApiView):
    @extend_schema(
        operation_id="v1_ligen_mannschaft_verfuegbarkeit_retrieve",
        responses={
            200: AvailabilitySerializer,
            401: schema.refusal(401, "Without credentials.", "not_authenticated"),
            403: schema.refusal(
                403, "Not a captain of this team nor an organiser.", "permission_denied"
            ),
            **schema.NOT_FOUND,
        },
        summary="Who can play: a team's answers for its coming Spieltage (its captains)",
    )
    def get(self, request: Request, pk: int, team_id: int) -> Response:
        league = _league(pk)
        team = Team.objects.filter(pk=team_id, league=league).select_related("league").first()
        if team is None:
            raise ServiceError("not_found")
        if not request.user.is_authenticated:
            raise ServiceError("not_authenticated")
        if not league_access(request.user, league).captains(team):
            raise ServiceError("permission_denied")
        items = coming_of_team(team)
        rows = team_availability(team=team, items=items, reveal=True)
        body = {
            "team": team.pk,
            "spieltage": [i.spieltag.pk for i in items],
            "players": [
                {
                    "player": row.player.pk,
                    "name": row.name,
                    "answers": [
                        {"spieltag": i.spieltag.pk, "answer": a}
                        for i, a in zip(items, row.answers, strict=True)
                    ],
                }
                for row in rows
            ],
        }
        return Response(AvailabilitySerializer(body).data)
