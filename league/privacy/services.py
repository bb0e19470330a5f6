"""Export and erase one person's data (DSGVO Art. 15 and 17).

Erasure pseudonymises: the player record keeps its id (lists, standings and penalty rows
point at it) but loses name, club and DDV number; every seat he had takes the pseudonym,
and his old names are replaced in the history's before/after data. Points and standings
stay exactly as they were, so nobody else's results change.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Q

from league.clubs.models import Player
from league.core.audit import User, audit_record
from league.core.models import AuditEntry
from league.lists.models import Seat
from league.lists.selectors import snapshots_of
from league.tournaments.models import Participant, RoundTable


def pseudonym(player: Player) -> str:
    return f"Gelöscht {player.pk}"


def player_export(*, player: Player) -> dict[str, Any]:
    """Everything stored about ``player``, as JSON-ready data."""
    seats = list(
        Seat.objects.filter(player=player).select_related("spielliste").order_by("spielliste_id")
    )
    snaps = snapshots_of([s.spielliste for s in seats])
    tables = {
        t.spielliste_id: t
        for t in RoundTable.objects.filter(
            spielliste__in=[s.spielliste_id for s in seats]
        ).select_related("tournament_round__tournament")
    }
    lists = []
    for seat, snap in zip(seats, snaps, strict=True):
        state = snap.state
        table = tables.get(seat.spielliste_id)
        lists.append(
            {
                "list": seat.spielliste_id,
                "title": seat.spielliste.title,
                "date": seat.spielliste.created_at.date().isoformat(),
                "tournament": table.tournament_round.tournament.name if table else None,
                "round": table.tournament_round.number if table else None,
                "table": table.number if table else None,
                "seat": seat.position,
                "name_at_table": seat.name,
                "points_by_row": [
                    {"row": row.game, "points": row.points.get(seat.name, 0)}
                    for row in (state.rows if state else ())
                ],
                "total": state.totals.get(seat.name, 0) if state else None,
            }
        )
    return {
        "player": {
            "id": player.pk,
            "name": player.name,
            "club": player.club.name if player.club else None,
            "ddv_number": player.ddv_number,
        },
        "tournaments": [
            {
                "tournament": p.tournament.name,
                "date": p.tournament.date.isoformat(),
                "start_number": p.number,
                "withdrawn": p.withdrawn,
            }
            for p in Participant.objects.filter(player=player).select_related("tournament")
        ],
        "lists": lists,
    }


def _replace(value: Any, old: set[str], new: str) -> Any:
    if isinstance(value, str):
        return new if value in old else value
    if isinstance(value, list):
        return [_replace(v, old, new) for v in value]
    if isinstance(value, dict):
        return {_replace(k, old, new): _replace(v, old, new) for k, v in value.items()}
    return value


@transaction.atomic
def player_forget(*, player: Player, user: User = None) -> Player:
    """Pseudonymise ``player`` everywhere; results stay as they are."""
    locked = Player.objects.select_for_update().get(pk=player.pk)
    name = pseudonym(locked)
    seats = list(Seat.objects.filter(player=locked))
    old_names = {s.name for s in seats} | {locked.name}
    for seat in seats:
        seat.name = name
    Seat.objects.bulk_update(seats, ["name"])
    list_ids = [s.spielliste_id for s in seats]
    touched = []
    entries = AuditEntry.objects.filter(
        Q(target="lists.spielliste", target_id__in=list_ids)
        | Q(target="clubs.player", target_id=locked.pk)
        | Q(target="tournaments.tournament", action="register", after__player=locked.pk)
    )
    for entry in entries:
        before, after = (
            _replace(entry.before, old_names, name),
            _replace(entry.after, old_names, name),
        )
        if (before, after) != (entry.before, entry.after):
            entry.before, entry.after = before, after
            touched.append(entry)
    AuditEntry.objects.bulk_update(touched, ["before", "after"])
    locked.name, locked.club, locked.ddv_number = name, None, ""
    locked.save(update_fields=["name", "club", "ddv_number"])
    # The entry says that, not who: it carries no name.
    audit_record(user=user, action="forget", target=locked)
    return locked
