"""Confirmation (api.md): a complete list confirmed by a table player or a manager."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from league.core.audit import Actor, User, audit_record
from league.core.errors import ConflictError, ServiceError
from league.lists.access import MANAGING
from league.lists.models import Spielliste
from league.lists.services.context import writer_key


@transaction.atomic
def spielliste_confirm(
    *,
    spielliste: Spielliste,
    seat: int | None,
    user: User = None,
    expected_version: int | None = None,
) -> Spielliste:
    """Confirm a complete list (api.md): a table player names his ``seat`` and must write
    from another session than the list's last write; a manager confirms a signed paper
    list with ``seat`` None (the caller has checked that the actor manages the list)."""
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
        key = writer_key(user)
        if not key or key == liste.last_writer:
            raise ServiceError("confirm_same_session", field="seat")
    liste.confirmed_at = timezone.now()
    liste.confirmed_seat = seat
    liste.version += 1
    liste.save(update_fields=["confirmed_at", "confirmed_seat", "version", "updated_at"])
    audit_record(user=user, action="confirm", target=liste, after={"seat": seat})
    spielliste.version, spielliste.confirmed_at = liste.version, liste.confirmed_at
    return liste
