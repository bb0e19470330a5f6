"""Writes of the ranking domain: one person, one record (``player_merge``).

Same conventions as every app's services: keyword-only, typed, one transaction, row locks,
an audit entry.
"""

from __future__ import annotations

from django.contrib.auth.models import User as Account
from django.db import IntegrityError, transaction
from django.db.models import ProtectedError

from league.clubs.models import Player
from league.core.audit import Actor, User, audit_record
from league.core.errors import ServiceError
from league.core.sections import merge_sections
from league.rankings.models import DistinctPair
from league.tournaments.services import (
    tournament_approval_withdraw_for_correction,
    tournaments_touched_by_player,
)


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

    Every row that names ``merge`` — seats, substitutes, penalty rows, score lines,
    tournament entries, league rosters and line-ups, claims, invitations — names ``keep``
    from now on: each app moves its own through its merge section
    (``league.core.sections.MergeSection``); the seats keep the name played under. ``keep``
    takes the DDV number, account and club that only ``merge`` had. Refused (nothing
    written): the same record, two different DDV numbers, two accounts, or where an app's
    rows show two people (both in one list, one tournament, one Spieltag's line-ups, or on
    the rosters of two teams of one league). A roster both are on keeps one entry; an
    account's open claim on both stays one claim. The merged record's audit history moves
    to ``keep``; the merge's own entry keeps both records' data. An approved tournament
    (Rangliste) whose rows named ``merge`` is corrected by the merge: its approval is
    withdrawn until a Ranglistenwart gives it again (api.md).
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
    sections = merge_sections()
    for section in sections:
        if section.check is not None:
            section.check(keep.pk, merge.pk)
    before = {"keep": _snapshot(keep), "merged": _snapshot(merge)}
    corrected = tournaments_touched_by_player(merge.pk)
    moved: dict[str, int] = {}
    try:
        with transaction.atomic():
            for section in sections:
                moved.update(section.move(keep.pk, merge.pk))
    except IntegrityError:  # a unique row no section foresaw: refused, nothing written
        raise ServiceError("merge_conflict") from None
    account = merge.account
    number = merge.ddv_number
    club_id = merge.club_id
    merge_pk = merge.pk
    try:
        merge.delete()  # frees the unique DDV number and the account link first
    except ProtectedError:  # a reference no section moved: refused, nothing written
        raise ServiceError("merge_conflict") from None
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
        after={
            "merged_id": merge_pk,
            "moved": moved,
            "keep": _snapshot(keep),
            "approval_withdrawn": corrected,
        },
    )
    tournament_approval_withdraw_for_correction(tournament_ids=corrected, cause="merge", user=user)
    return keep


def _account(user: User) -> Account | None:
    who = user.user if isinstance(user, Actor) else user
    return who if isinstance(who, Account) else None


@transaction.atomic
def players_mark_distinct(*, first: Player, second: Player, user: User = None) -> DistinctPair:
    """ "Sind verschieden": two records the duplicates page proposed are two people; the
    page remembers it (once; saying it again changes nothing)."""
    if first.pk == second.pk:
        raise ServiceError("merge_same_player")
    low, high = sorted((first, second), key=lambda p: p.pk)
    pair, created = DistinctPair.objects.get_or_create(
        first_id=low.pk,
        second_id=high.pk,
        defaults={"decided_by": _account(user)},
    )
    if created:
        audit_record(
            user=user,
            action="mark_distinct",
            target=low,
            after={"other": high.pk, "name": low.name, "other_name": high.name},
        )
    return pair
