"""Who organises a tournament and who may read it (api.md): staff, and its organisers — the
creator first, then whoever an organiser adds — organise; everybody reads, unless the
tournament is members-only — then its organisers, staff and its participants (accounts
linked to their player records). The one check every tournament page and API endpoint
uses."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.apps import apps
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser, User
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import F, Q, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from league.clubs.access import can_manage_club
from league.clubs.models import Player
from league.core.audit import Actor
from league.core.error_views import Withheld
from league.core.middleware import LoginRequired
from league.core.models import AuditEntry
from league.core.private import readable_by_anyone
from league.core.throttle import blocked, client_key, record_failure
from league.lists.access import CODE_FAILURES_LIMIT, CODE_FAILURES_WINDOW
from league.tournaments.models import LINK_LENGTH, Participant, Tournament


def can_organise(user: User | AnonymousUser, tournament: Tournament) -> bool:
    if not user.is_authenticated:
        return False
    if user.is_staff:
        return True
    return tournament.organisers.filter(pk=user.pk).exists()


def can_read_tournament(user: User | AnonymousUser, tournament: Tournament) -> bool:
    if tournament.rehearsal:
        return can_organise(user, tournament)  # a Probelauf: its organisers and staff only
    if not tournament.members_only:
        return True
    if not user.is_authenticated:
        return False
    if can_organise(user, tournament):
        return True
    return tournament.participants.filter(player__account_id=user.pk).exists()


def tournament_readers(tournament: Tournament) -> frozenset[int] | None:
    """The accounts that read a members-only tournament or a rehearsal (staff aside);
    None: everybody."""
    organisers = tournament.organisers.values_list("pk", flat=True)
    if tournament.rehearsal:
        return frozenset(organisers)
    if not tournament.members_only:
        return None
    players = tournament.participants.filter(player__account__isnull=False).values_list(
        "player__account_id", flat=True
    )
    return frozenset(organisers) | frozenset(p for p in players if p is not None)


def tournaments_closed_to(user: User | AnonymousUser) -> Q:
    """The condition on Tournament of those ``user`` may not read (for every queryset that
    lists tournaments, their lists or standings)."""
    if not user.is_authenticated:
        return Q(members_only=True) | Q(rehearsal=True)
    if user.is_staff:
        return Q(pk__in=[])
    readable = Tournament.objects.filter(
        Q(organisers=user.pk) | Q(participants__player__account=user.pk)
    ).values("pk")
    organised = Tournament.objects.filter(organisers=user.pk).values("pk")
    return (Q(members_only=True) & ~Q(pk__in=readable)) | (Q(rehearsal=True) & ~Q(pk__in=organised))


def round_silent_to(user: User | AnonymousUser, tournament: Tournament, number: int) -> bool:
    """Silent rounds (the one rule, also as ``silent_rounds_closed_to``): is the result of
    round ``number`` hidden from ``user``? Rounds after ``Tournament.silent_after`` are,
    until the ceremony (silent rounds set to 0) or the tournament's close, from everybody
    but its organisers and staff — lists, board, player and statistics pages, the API.
    Whoever holds a silent table's code still reads and writes that list
    (``league.lists.access``: the code's role reads)."""
    return tournament.round_silent(number) and not can_organise(user, tournament)


def silent_rounds_closed_to(user: User | AnonymousUser, prefix: str = "") -> Q:
    """The condition on TournamentRound (``prefix``: the path from the queried model to
    the round, "" for TournamentRound itself) of the silent rounds hidden from ``user``
    (``round_silent_to`` as SQL): for every query that lists rounds' lists or their
    players' points."""
    if user.is_authenticated and user.is_staff:
        return Q(pk__in=[])
    p = f"{prefix}__" if prefix else ""
    t = f"{p}tournament__"
    silent = Q(
        **{
            f"{t}silent_rounds__gt": 0,
            f"{t}closed_at__isnull": True,
            f"{p}number__gt": F(f"{t}rounds_planned") - F(f"{t}silent_rounds"),
        }
    )
    if user.is_authenticated:
        organised = Tournament.objects.filter(organisers=user.pk).values("pk")
        silent &= ~Q(**{f"{p}tournament__in": organised})
    return silent


def read_or_refuse(request: HttpRequest, tournament: Tournament) -> None:
    """The check of ``reader_required`` for a view that has the tournament already (the
    standings and projector, whose ETag function asks in the same query as the version)."""
    if tournament.rehearsal:
        hidden_rehearsal(request, tournament)
    if not can_read_tournament(request.user, tournament):
        if not request.user.is_authenticated:
            raise LoginRequired
        raise PermissionDenied
    _mark_public(request, tournament)


def reader_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A public tournament page (``pk`` names the tournament): a members-only tournament
    sends nobody to the login page and refuses anybody else who may not read it (403).
    Put it outside any ETag decorator: a 304 is an answer too."""

    @wraps(view)
    def wrapped(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        tournament = (
            Tournament.objects.filter(pk=pk).only("pk", "members_only", "rehearsal").first()
        )
        if tournament is not None and tournament.rehearsal:
            hidden_rehearsal(request, tournament)
        if tournament is not None and not can_read_tournament(request.user, tournament):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            raise PermissionDenied
        if tournament is not None:
            _mark_public(request, tournament)
        return view(request, pk, *args, **kwargs)

    return wrapped


def hidden_rehearsal(request: HttpRequest, tournament: Tournament) -> None:
    """A Probelauf (issue 36) does not exist for anybody but its organisers and staff: 404,
    not a login page or 403 that would tell it is there."""
    if not can_organise(request.user, tournament):
        raise Http404


def _mark_public(request: HttpRequest, tournament: Tournament) -> None:
    """The phone may keep the page (league.core.private) when anybody reads the
    tournament and the visitor sees no more than anybody (not an organiser: silent
    rounds, codes)."""
    if not tournament.members_only and not can_organise(request.user, tournament):
        readable_by_anyone(request)


def organised_by(user: User | AnonymousUser) -> QuerySet[Tournament]:
    """The tournaments ``user`` organises (all for staff, none for anonymous)."""
    if not user.is_authenticated:
        return Tournament.objects.none()
    if user.is_staff:
        return Tournament.objects.all()
    return Tournament.objects.filter(Q(organisers=user)).distinct()


def organiser_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The view gets the tournament ``pk`` names, if the visitor organises it: nobody →
    the login page; anybody else → 403; a write to a tournament published from a venue →
    403 saying so."""

    @wraps(view)
    def wrapped(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            if Tournament.objects.filter(pk=pk, rehearsal=True).exists():
                raise Http404  # a Probelauf is not there for strangers
            return redirect_to_login(request.get_full_path())
        tournament = get_object_or_404(Tournament, pk=pk)
        if not can_organise(request.user, tournament):
            if tournament.rehearsal:
                raise Http404
            raise PermissionDenied
        if tournament.published_at is not None and request.method not in ("GET", "HEAD"):
            # Published from a venue: its source is the laptop (federation.md), where a
            # change is made and published again; the Rangliste decision is not here.
            raise Withheld("tournament_published")
        return view(request, pk, *args, **kwargs)

    return wrapped


def organiser_actor(request: HttpRequest) -> Actor:
    """The audit actor of an organiser's write ("Turnierleitung", or staff)."""
    return organiser_actor_of(request.user)


def organiser_actor_of(user: AbstractBaseUser | AnonymousUser) -> Actor:
    staff = bool(getattr(user, "is_staff", False))
    role = AuditEntry.Role.STAFF if staff else AuditEntry.Role.ORGANISER
    return Actor(user, role=role)


# Rows that point at a player without being an entry of his (a request or an invitation).
NOT_ENTRIES = frozenset({"clubs.playerclaim", "accounts.invitation"})
LIST_PATH = "spielliste__round_table__tournament_round__tournament"


def desk_record(player_id: int, tournament: Tournament) -> bool:
    """Was the record created by registration in ``tournament`` and has it no entry
    anywhere else (api.md "Rights end at the event": a duplicate made at that desk)?

    Walks every model that points at a player (an app added later is covered without
    being named): its rows must all belong to this tournament — its entry here, and the
    seats, score lines, penalty rows and substitutions of this tournament's lists."""
    here = Participant.objects.filter(player_id=player_id, tournament=tournament)
    if not here.filter(created_here=True).exists():
        return False
    for model in apps.get_models(include_auto_created=True):
        label = model._meta.label_lower
        if label in NOT_ENTRIES:
            continue
        for field in model._meta.get_fields():
            if not (field.is_relation and field.concrete and field.related_model is Player):
                continue
            rows = model._default_manager.filter(**{field.name: player_id})
            if model is Participant:
                rows = rows.exclude(tournament=tournament)
            elif any(f.name == "spielliste" for f in model._meta.get_fields()):
                rows = rows.exclude(**{LIST_PATH: tournament})
            if rows.exists():
                return False
    return True


def desk_tournaments(user: User | AnonymousUser, player_id: int) -> list[Tournament]:
    """The tournaments ``user`` organises where ``player_id`` is a desk record (at most
    one: a record is created once)."""
    if not user.is_authenticated:
        return []
    entries = Participant.objects.filter(
        player_id=player_id, created_here=True, tournament__organisers=user.pk
    ).select_related("tournament")
    return [e.tournament for e in entries if desk_record(player_id, e.tournament)]


def can_decide_claim(user: User | AnonymousUser, tournament: Tournament, player: Player) -> bool:
    """An organiser decides a claim ("Das bin ich") only on a desk record of his
    tournament, and never one that would make the account a member of a members-only
    club he does not manage (api.md); staff always."""
    if not can_organise(user, tournament):
        return False
    if user.is_staff:
        return True
    club = player.club if player.club_id is not None else None
    if club is not None and club.members_only and not can_manage_club(user, club):
        return False
    return desk_record(player.pk, tournament)


LINK_SCOPE = "participant-link"


def personal_link_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The one decision on a participant's personal link (issue 36): the view gets the
    participant whose link ``token`` is, in the tournament ``pk`` names — nobody else's
    page, and no other tournament's. The link is the right: no account is asked, a
    members-only tournament included (it is his own page). A wrong or renewed link is a
    404 and counts as a failure per client like a wrong table code; too many → 429. A write
    to a tournament published from a venue → 403 saying so."""

    @wraps(view)
    def wrapped(request: HttpRequest, pk: int, token: str, *args: Any, **kwargs: Any) -> Any:
        key = client_key(request)
        if blocked(LINK_SCOPE, key, CODE_FAILURES_LIMIT):
            response = HttpResponse(status=429)
            response["Retry-After"] = str(CODE_FAILURES_WINDOW)
            return response
        found = None
        if len(token) == LINK_LENGTH:
            found = (
                Participant.objects.select_related("tournament", "player__club")
                .filter(tournament_id=pk, link=token)
                .first()
            )
        if found is None:
            record_failure(LINK_SCOPE, key, CODE_FAILURES_WINDOW)
            raise Http404
        if found.tournament.published_at is not None and request.method not in ("GET", "HEAD"):
            raise Withheld("tournament_published")
        return view(request, found, *args, **kwargs)

    return wrapped
