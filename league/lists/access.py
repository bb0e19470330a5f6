"""Who may read and write a Spielliste (api.md "Who may do what") — the one helper pages
and the API both ask. Reading is public unless the list's owner (a tournament) or, for a
club list, its club is members-only; writing needs one of these roles for *this* list:

    staff           Django staff: everything.
    organiser       an organiser of the tournament the list belongs to (its owner's managers).
    club_manager    a manager of the list's club.
    listenfuehrer   the account that created a free or club list.
    table           whoever holds the list's table code (a browser session bound through
                    ``/t/<code>/``, or the API header ``X-Tisch-Code``).

A frozen list keeps its roles: the write itself is then refused as ``round_closed`` (409).
"""

from __future__ import annotations

import secrets
from collections.abc import Collection
from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Q
from django.http import HttpRequest

from league.clubs.access import can_read_club, clubs_closed_to
from league.clubs.models import Club
from league.core.audit import Actor
from league.core.models import AuditEntry
from league.lists.codes import normalise
from league.lists.models import Spielliste
from league.lists.owners import ListOwner, owner_of, owner_visibilities

Role = AuditEntry.Role
MANAGING = frozenset({Role.STAFF, Role.ORGANISER, Role.CLUB_MANAGER})
SESSION_KEY = "tisch"
# Wrong table codes, counted per client for /t/<code>/ and the API header alike.
CODE_SCOPE = "table-code"
CODE_FAILURES_LIMIT = 10
CODE_FAILURES_WINDOW = 600  # seconds  # {"list": id, "code": code, "sid": opaque id}
HEADER = "HTTP_X_TISCH_CODE"


@dataclass(frozen=True)
class Visitor:
    """Who is asking: an account (or anonymous) and the table code it presents, if any."""

    user: User | AnonymousUser
    code: str | None = None  # normalised
    code_list: int | None = None  # the list a session is bound to (None for a header code)
    session: str = ""

    @property
    def staff(self) -> bool:
        return bool(self.user.is_authenticated and self.user.is_staff)


def visitor_of(request: HttpRequest, *, api: bool = False) -> Visitor:
    """The visitor of a page (a session-bound code) or, with ``api``, of an API request
    (also the ``X-Tisch-Code`` header, whose failures the API counts)."""
    header = request.META.get(HEADER) if api else None
    if header is not None:
        # An API client: the code is checked against the list it writes to.
        return Visitor(request.user, normalise(str(header)) or "-", None, "api")
    bound = request.session.get(SESSION_KEY) if hasattr(request, "session") else None
    if isinstance(bound, dict) and {"list", "code", "sid"} <= bound.keys():
        return Visitor(request.user, str(bound["code"]), int(bound["list"]), str(bound["sid"]))
    return Visitor(request.user)


def bind_code(request: HttpRequest, liste: Spielliste) -> None:
    """Bind this browser session to ``liste`` (``/t/<code>/``); one list per session.
    Opening the code again keeps the device's id: "confirm from another device" cannot be
    dodged by scanning the QR code once more."""
    bound = request.session.get(SESSION_KEY)
    same = isinstance(bound, dict) and bound.get("list") == liste.pk and bound.get("sid")
    sid = str(bound["sid"]) if same and isinstance(bound, dict) else secrets.token_hex(8)
    request.session.cycle_key()
    request.session[SESSION_KEY] = {"list": liste.pk, "code": liste.code, "sid": sid}


@dataclass(frozen=True)
class ListAccess:
    role: str | None  # a Role value, None: may only read
    owner: ListOwner | None
    sees_code: bool  # may see (and print) the table code
    sees_accounts: bool  # history shows accounts, not only roles (staff and managers)
    reads: bool = True  # False: a members-only owner or club this visitor is not part of

    @property
    def writes(self) -> bool:
        return self.role is not None

    @property
    def manages(self) -> bool:
        """Staff, organiser or club manager: may e.g. confirm a signed paper list."""
        return self.role in MANAGING

    @property
    def role_label(self) -> str:
        """The visitor's role in words, for the managing tools' headings ("Ersatzspieler
        einsetzen (Vereinsverwaltung)" on a club evening, "(Turnierleitung)" at a
        tournament): never a tournament's word on a club's list."""
        return str(Role(self.role).label) if self.role else ""

    @property
    def sets_kasse(self) -> bool:
        """May set the rate the list plays for (issue 29): a managing action — the list's
        Listenführer (the account that created it), its club's managers, staff; never a
        table's code, which anybody at the table holds."""
        return self.role is not None and self.role != Role.TABLE

    @property
    def pins(self) -> bool:
        """A table player confirms with his personal PIN (a tournament's list)."""
        return self.owner is not None and self.owner.seat_pin is not None

    @property
    def manages_clock(self) -> bool:
        """May take back a time call and grant added time (8.5.1): in a tournament or
        league round its managers only; a table's code there may only call time."""
        if self.role is None:
            return False
        return not (self.role == Role.TABLE and self.owner is not None and self.owner.clock_managed)


def list_access(visitor: Visitor, liste: Spielliste) -> ListAccess:
    """What ``visitor`` may do with ``liste``: the role it writes in, if any."""
    owner = owner_of(liste)
    user = visitor.user
    role: str | None = None
    if user.is_authenticated:
        if visitor.staff:
            role = Role.STAFF
        elif owner is not None and user.pk in owner.manager_ids:
            role = owner.manager_role
        elif (
            # Club lists only: a tournament's lists are its organisers', even when the
            # host club is set on them.
            owner is None
            and liste.club_id is not None
            and liste.club is not None
            and (liste.club.managers.filter(pk=user.pk).exists())
        ):
            role = Role.CLUB_MANAGER
        elif owner is None and liste.created_by_id == user.pk:
            role = Role.LISTENFUEHRER
    managing = role is not None
    # A session code counts only for the list it was bound to (one list per session).
    if role is None and visitor.code == liste.code and visitor.code_list in (None, liste.pk):
        role = Role.TABLE
    return ListAccess(
        role=role,
        owner=owner,
        sees_code=managing,
        sees_accounts=role in (Role.STAFF, Role.ORGANISER, Role.CLUB_MANAGER),
        reads=role is not None or _reads(user, liste, owner),
    )


def _reads(user: User | AnonymousUser, liste: Spielliste, owner: ListOwner | None) -> bool:
    """May ``user`` (who does not write the list) read it? Its owner decides; a list
    without one follows its club."""
    if owner is not None:
        return owner.readers is None or (user.is_authenticated and user.pk in owner.readers)
    if liste.club_id is None or liste.club is None:
        return True
    return can_read_club(user, liste.club)


def anybody_reads(liste: Spielliste, owner: ListOwner | None) -> bool:
    """Does the anonymous visitor read ``liste``?"""
    return _reads(AnonymousUser(), liste, owner)


def lists_closed_to(user: User | AnonymousUser) -> Q:
    """The condition on Spielliste of the lists ``user`` may not read: a members-only
    owner's (each owner kind says which) and, of lists without an owner, a members-only
    club's. Staff read everything. Every list index filters with ``~lists_closed_to``."""
    if user.is_authenticated and user.is_staff:
        return Q(pk__in=[])
    closed = Q(pk__in=[])
    owned = Q(pk__in=[])
    for visibility in owner_visibilities():
        closed |= visibility.closed_to(user)
        owned |= visibility.owned()
    club = Q(club__in=Club.objects.filter(clubs_closed_to(user)).values("pk"))
    # The lists the account created (its own free or club lists) stay readable to it.
    mine = Q(created_by=user.pk) if user.is_authenticated else Q(pk__in=[])
    return closed | (club & ~owned & ~mine)


def lists_closed_among(user: User | AnonymousUser, candidates: Collection[int]) -> set[int]:
    """Of the lists ``candidates``, those ``user`` may not read (``lists_closed_to``; one
    query, none when there is no candidate or ``user`` is staff). A list is closed only
    when its tournament, its club evening's club or (without an owner) its own club is
    members-only, so a caller that reads those flags anyway passes just those lists: a
    reader of open events' lists costs no query (a player's statistics, issue 25)."""
    if not candidates or (user.is_authenticated and user.is_staff):
        return set()
    closed = Spielliste.objects.filter(pk__in=list(candidates)).filter(lists_closed_to(user))
    return set(closed.order_by().values_list("pk", flat=True))


def actor_for(visitor: Visitor, access: ListAccess) -> Actor:
    """The audit actor of a write made with ``access``."""
    label = ""
    if access.role == Role.TABLE and access.owner is not None:
        label = access.owner.table_label
    return Actor(
        visitor.user,
        role=access.role or "",
        label=label,
        session=visitor.session if access.role == Role.TABLE else "",
    )
