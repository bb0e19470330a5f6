"""The accounts app's section (``league.core.sections``): a member invitation names the
player record the accepting account is linked to, so a merge moves it along."""

from __future__ import annotations

from collections.abc import Mapping

from league.accounts.models import Invitation
from league.core.sections import MergeSection, move_rows, register_merge


def merge_move(keep: int, merge: int) -> Mapping[str, int]:
    return {"invitations": move_rows(Invitation.objects, keep, merge)}


MERGE = MergeSection(name="accounts", move=merge_move)


def register() -> None:
    """Called from the app's ``AppConfig.ready``."""
    register_merge(MERGE)
