"""Writes of the ranking domain: one person, one record (``player_merge``).

Same conventions as every app's services: keyword-only, typed, one transaction, row locks,
an audit entry.
"""

from __future__ import annotations

from django.db import IntegrityError, models, transaction

from league.accounts.models import Invitation
from league.clubs.models import Player
from league.core.audit import User, audit_record, target_label
from league.core.errors import ServiceError
from league.core.models import AuditEntry
from league.lists.models import Seat
from league.tournaments.models import Participant


def _snapshot(player: Player) -> dict[str, object]:
    return {
        "id": player.pk,
        "name": player.name,
        "club": player.club_id,
        "ddv_number": player.ddv_number,
        "account": player.account_id,
        "hide_name": player.hide_name,
    }


@transaction.atomic
def player_merge(*, keep: Player, merge: Player, user: User = None) -> Player:
    """Merge the duplicate record ``merge`` into ``keep`` (one person, one record).

    Every row that names ``merge`` — seats, tournament entries, score lines, penalty rows,
    substitutes, claims, and any other app's reference to a player — names ``keep`` from
    now on; the seats keep the name played under. ``keep`` takes the DDV number, account
    and club that only ``merge`` had. Refused (nothing written): the same record, two
    different DDV numbers, two accounts, or both in one list or one tournament — two
    people. The merged record's audit history moves to ``keep``; the merge's own entry
    keeps the merged record's data.
    """
    if keep.pk == merge.pk:
        raise ServiceError("merge_same_player")
    locked = {
        p.pk: p for p in Player.objects.select_for_update().filter(pk__in=[keep.pk, merge.pk])
    }
    keep, merge = locked[keep.pk], locked[merge.pk]
    if keep.ddv_number and merge.ddv_number and keep.ddv_number != merge.ddv_number:
        raise ServiceError(
            "merge_ddv_conflict", {"first": keep.ddv_number, "second": merge.ddv_number}
        )
    if keep.account_id and merge.account_id:
        raise ServiceError("merge_both_accounts")
    shared = (
        Seat.objects.filter(player=keep, spielliste__seats__player=merge)
        .values_list("spielliste__title", flat=True)
        .first()
    )
    if shared is not None:
        raise ServiceError("merge_same_list", {"title": shared})
    both = (
        Participant.objects.filter(player=keep, tournament__participants__player=merge)
        .values_list("tournament__name", flat=True)
        .first()
    )
    if both is not None:
        raise ServiceError("merge_same_tournament", {"name": both})
    before = {"keep": _snapshot(keep), "merged": _snapshot(merge)}
    moved: dict[str, int] = {}
    try:
        with transaction.atomic():
            for relation in Player._meta.related_objects:
                if not isinstance(relation, models.ManyToOneRel) or relation.one_to_one:
                    continue
                model = relation.related_model
                assert isinstance(model, type)
                assert issubclass(model, models.Model)
                name = relation.field.name
                count = model._default_manager.filter(**{name: merge}).update(**{name: keep})
                if count:
                    moved[f"{model._meta.label_lower}.{name}"] = count
            moved["invitations"] = Invitation.objects.filter(player_id=merge.pk).update(
                player_id=keep.pk
            )
            # The merged record's history stays, as part of the surviving record's.
            moved["history"] = AuditEntry.objects.filter(
                target=target_label(merge), target_id=merge.pk
            ).update(target_id=keep.pk)
    except IntegrityError:
        raise ServiceError("merge_conflict") from None
    account = merge.account
    number = merge.ddv_number
    club_id = merge.club_id
    merge_pk = merge.pk
    merge.delete()  # frees the unique DDV number and the account link first
    changed = []
    if not keep.ddv_number and number:
        keep.ddv_number = number
        changed.append("ddv_number")
    if keep.account_id is None and account is not None:
        keep.account = account
        changed.append("account")
    if keep.club_id is None and club_id is not None:
        keep.club_id = club_id
        changed.append("club")
    if merge.hide_name and not keep.hide_name:  # the stricter wish holds
        keep.hide_name = True
        changed.append("hide_name")
    if changed:
        keep.save(update_fields=changed)
    audit_record(
        user=user,
        action="merge",
        target=keep,
        before=before,
        after={"merged_id": merge_pk, "moved": moved, "keep": _snapshot(keep)},
    )
    return keep
