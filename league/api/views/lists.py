"""Lists: create one, read one, and the writes that are not games (penalty rows, time,
confirmation). A write's answer is built from what its service replayed."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from league.api import schema
from league.api.errors import refusals_as, refusals_of, with_field
from league.api.permissions import list_reader, list_writer
from league.api.serializers import (
    ConfirmSerializer,
    ListeCreateSerializer,
    ListeSerializer,
    PenaltyWriteSerializer,
    TimeSerializer,
    WrittenSerializer,
)
from league.api.views.base import ApiView, WriteView, valid
from league.clubs import services as club_services
from league.clubs.access import can_manage_club
from league.clubs.matching import NEW, PersonChoice, PersonChoiceNeeded
from league.clubs.models import Club, Player
from league.core.errors import ServiceError
from league.lists import services
from league.lists.access import ListAccess
from league.lists.commands import AddPenalty, CallTime, Confirm, execute
from league.lists.models import ScoreLine, Spielliste
from league.lists.selectors import ListeSnapshot, list_status, snapshots_of
from league.lists.services import Written
from scoring.interchange import state_to_dict
from scoring.penalties import Penalty
from scoring.people import normalise
from scoring.rules import TSR, preset


def liste_or_404(pk: int) -> Spielliste:
    liste = Spielliste.objects.select_related("club").filter(pk=pk).first()
    if liste is None:
        raise ServiceError("not_found")
    return liste


def snapshot(liste: Spielliste, access: ListAccess) -> ListeSnapshot:
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


def written_answer(written: Written[Any], access: ListAccess) -> dict[str, Any]:
    """A write's answer: the new version and the list as the write replayed it (a writer
    sees the names as at the table, which is how the service replays)."""
    return {"version": written.version, "state": liste_answer(written.snapshot, access)}


def _seat_players(data: dict[str, Any], club: Club | None, account: Any) -> list[Player]:
    """Each seat's player record; a name with close records answers 409 with them
    (league.clubs.matching) unless the body chose (``players``) or said ``neu``."""
    folded = [normalise(name) for name in data["seats"]]
    if len(set(folded)) != len(folded):  # one person twice: said before asking who he is
        raise ServiceError("seat_taken_twice", field="seats")
    chosen: list[int | None] = list(data.get("players") or [])
    out: list[Player] = []
    for index, name in enumerate(data["seats"]):
        pick = chosen[index] if index < len(chosen) else None
        person: PersonChoice = pick if pick is not None else (NEW if data.get("neu") else "ask")
        try:
            player, _created = club_services.player_find_or_create(
                name=name, club=club, person=person, user=account
            )
        except PersonChoiceNeeded as err:
            raise PersonChoiceNeeded(err.found, field=f"seats.{index}") from None
        except ServiceError as err:
            if err.code == "person_not_offered":
                raise with_field(err, f"players.{index}") from None
            raise
        out.append(player)
    return out


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
                "person_not_offered",
                in_path="",
                conflict=("player_maybe_known",),
            ),
        },
        parameters=[schema.RETRY_AFTER],
        summary="Create a list",
        description="An account creates a free list (or, as its manager, a club list) and "
        "becomes its Listenführer; the answer carries the table `code`. A table code "
        "creates nothing (403 `permission_denied`); a club the account does not manage is "
        "403 `club_forbidden`. Seat names find the club's player of that name (or a player "
        "without club). A name with close records elsewhere (the same name folded — "
        "umlauts, case, 'Nachname, Vorname' — or within edit distance 2, or the same "
        "surname and initial) is 409 `player_maybe_known`, `field` naming the seat "
        "(`seats.2`) and `candidates` listing `{id, name, club, reason}` best first: send "
        "again with the chosen id in `players` at that seat's index, or `neu: true` for "
        "new records; else a new record is created.",
    )
    def post(self, request: Request) -> Response:
        account = request.user
        if not account.is_authenticated:
            raise ServiceError("permission_denied")  # a table code creates no list
        data = valid(ListeCreateSerializer, request.data)
        club = None
        if data.get("club") is not None:
            club = Club.objects.filter(pk=data["club"]).first()
            if club is None:
                raise ServiceError("club_unknown", {"id": data["club"]}, field="club")
            if not can_manage_club(account, club):
                raise ServiceError("club_forbidden", field="club")

        def _seats_named(err: ServiceError) -> ServiceError:
            # A choice to make, or a chosen id not offered, names its own field.
            if isinstance(err, PersonChoiceNeeded) or err.field.startswith("players."):
                return err
            return with_field(err, "seats" if err.field else None)

        with (
            refusals_as(_seats_named),
            transaction.atomic(),  # no player is left behind by a refused list
        ):
            players = _seat_players(data, club, account)
            chosen = data.get("rules")
            liste = services.spielliste_create(
                title=data["title"],
                players=players,
                club=club,
                created_by=account if isinstance(account, User) else None,
                rules=preset(chosen) if chosen else (club.profile if club else TSR),
                user=account,
            )
        access = list_reader(request, liste)
        body = liste_answer(snapshot(liste, access), access)
        return Response(ListeSerializer(body).data, status=201)


class ListeView(ApiView):
    @extend_schema(
        responses={
            200: ListeSerializer,
            **schema.MEMBERS_READ,
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
        liste = liste_or_404(pk)
        access = list_reader(request, liste)
        return Response(ListeSerializer(liste_answer(snapshot(liste, access), access)).data)


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
        liste = liste_or_404(pk)
        writer = list_writer(request, liste)
        data = valid(PenaltyWriteSerializer, request.data)
        penalty: Penalty = data["penalty"]
        command = AddPenalty(
            after_game=penalty.after_game,
            kind=penalty.kind.value,
            offender=penalty.offender,
            beneficiary=penalty.beneficiary,
            absagen=penalty.absagen,
            points=penalty.points,
            referee=data.get("referee") or penalty.referee,
            version=data["version"],
        )
        with refusals_of("penalty"):
            written = execute(command, writer)
        return Response(WrittenSerializer(written_answer(written, writer.access)).data, status=201)


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
        liste = liste_or_404(pk)
        writer = list_writer(request, liste)
        data = valid(TimeSerializer, request.data)
        command = CallTime(in_progress=data["game_in_progress"], version=data["version"])
        written = execute(command, writer)
        return Response(WrittenSerializer(written_answer(written, writer.access)).data)


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
                "confirm_pin_wrong",
            ),
        },
        parameters=[schema.RETRY_AFTER],
        summary="Confirm a complete list",
        description="A player of the table confirms with the code and his seat, from "
        "another session than the one that entered last; a manager (staff, organiser, "
        "club manager) confirms a signed paper list with `seat: null`.",
    )
    def post(self, request: Request, pk: int) -> Response:
        liste = liste_or_404(pk)
        writer = list_writer(request, liste)
        data = valid(ConfirmSerializer, request.data)
        command = Confirm(seat=data["seat"], pin=data.get("pin"), version=data["version"])
        confirmed = execute(command, writer)
        # The service does not replay (a confirmation changes no row): the answer does.
        snap = snapshot(confirmed, writer.access)
        body = {"version": confirmed.version, "state": liste_answer(snap, writer.access)}
        return Response(WrittenSerializer(body).data)
