"""Confirmation (api.md): a complete list confirmed by a table player or a manager."""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils import timezone

from league.core.audit import Actor, User, audit_record
from league.core.errors import ConflictError, ServiceError
from league.core.throttle import blocked, record_failure
from league.lists.access import CODE_FAILURES_LIMIT, CODE_FAILURES_WINDOW, MANAGING
from league.lists.models import Seat, Spielliste
from league.lists.owners import SeatPin, owner_of
from league.lists.services.context import writer_key


@transaction.atomic
def spielliste_confirm(
    *,
    spielliste: Spielliste,
    seat: int | None,
    pin: str | None = None,
    user: User = None,
    expected_version: int | None = None,
) -> Spielliste:
    """Confirm a complete list (api.md "Confirmation"): a table player names his ``seat``;
    where the list's owner hands out personal PINs (a tournament), he types his ``pin`` —
    the client that entered the last game confirms only with another seat's PIN, whatever
    session or channel it uses; elsewhere he must write from another session than the
    list's last write. A manager confirms a signed paper list with ``seat`` None (the
    caller has checked that the actor manages the list). Wrong PINs are counted per seat
    and client, and per seat, and blocked like wrong table codes (``_check_pin``)."""
    liste = Spielliste.objects.select_for_update().get(pk=spielliste.pk)
    if liste.frozen:
        raise ServiceError("round_closed")
    if expected_version is not None and liste.version != expected_version:
        raise ConflictError("conflict", {"version": liste.version})
    if not liste.complete or (liste.totals_only and not liste.paper_entries.exists()):
        raise ServiceError("confirm_incomplete")
    actor = user if isinstance(user, Actor) else Actor(user)
    if seat is None and actor.role not in MANAGING:
        raise ServiceError("confirm_seat_required", field="seat")
    if seat is not None:
        if not 1 <= seat <= liste.table_size:
            raise ServiceError("invalid_seat", {"seat": seat}, field="seat")
        owner = owner_of(liste)
        if owner is not None and owner.seat_pin is not None:
            _check_pin(liste, seat, pin, owner.seat_pin, writer_key(user))
        else:
            key = writer_key(user)
            if not key or key == liste.last_writer:
                raise ServiceError("confirm_same_session", field="seat")
    liste.confirmed_at = timezone.now()
    liste.confirmed_seat = seat
    liste.version += 1
    liste.save(update_fields=["confirmed_at", "confirmed_seat", "version", "updated_at"])
    audit_record(
        user=user, action="confirm", target=liste, after={"seat": seat, "pin": pin is not None}
    )
    spielliste.version, spielliste.confirmed_at = liste.version, liste.confirmed_at
    return liste


PIN_SCOPE = "confirm-pin"
# Wrong PINs are counted per seat (issue 29): a code holder who types wrong PINs for one seat
# blocks that seat only — another player of the table confirms with his own PIN. Within a
# seat, each client (a code session, an account, the API's code clients together) has its
# own PIN_FAILURES_LIMIT, so one phone's tries do not lock the seat's player out on his own
# phone; the seat as a whole stops at PIN_SEAT_LIMIT from any number of clients: the
# brute-force bound (at most PIN_SEAT_LIMIT of the 10,000 PINs tried per seat and window).
PIN_FAILURES_LIMIT = CODE_FAILURES_LIMIT
PIN_SEAT_LIMIT = 5 * CODE_FAILURES_LIMIT
PIN_FAILURES_WINDOW = CODE_FAILURES_WINDOW


def _check_pin(
    liste: Spielliste, seat: int, pin: str | None, seat_pin: SeatPin, client: str
) -> None:
    """The PIN of the player on ``seat``; failures counted per seat and client, and per
    seat from all clients (anybody holding the code may try, from any number of them)."""
    seat_key = f"{liste.pk}:{seat}"
    client_key = f"{seat_key}:{client or '-'}"
    if blocked(PIN_SCOPE, client_key, PIN_FAILURES_LIMIT) or blocked(
        PIN_SCOPE, seat_key, PIN_SEAT_LIMIT
    ):
        raise ServiceError("confirm_pin_blocked", {"wait": PIN_FAILURES_WINDOW}, field="pin")
    player = Seat.objects.filter(spielliste=liste, position=seat).values_list("player", flat=True)
    expected = seat_pin(player.first() or 0)
    typed = (pin or "").strip()
    if not expected or not typed or not secrets.compare_digest(typed, expected):
        record_failure(PIN_SCOPE, client_key, PIN_FAILURES_WINDOW)
        record_failure(PIN_SCOPE, seat_key, PIN_FAILURES_WINDOW)
        raise ServiceError("confirm_pin_wrong", field="pin")
