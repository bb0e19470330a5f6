"""People of a publication (federation.md "An event travels", history-import.md "People"):
a participant with a DDV number is that player (the import's own rule); one without is
matched by ``scoring.people.match`` against every player record here —

- **the same person**: that record, without asking;
- **maybe the same**: his results stand on a record of his own and an open ``Assignment``
  names the candidates; the tournament's organiser decides on the site (the same player:
  the record is merged into the chosen one; a new player: it stays). Until every assignment
  of a tournament is decided it does not count in the Rangliste (``people_open``);
- **none**: a new record (the import's own way).

- **Decision**: a name decided once stays decided for that tournament: a later publication
  uses the record the decision left, and asks nothing again.
- **Decision**: the candidates are the records here before the publication: two guests of
  one tournament are never matched with each other.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from league.clubs.models import Player
from league.core.audit import audit_record
from league.core.errors import ServiceError
from league.core.sections import Erasure, MergeSection, PrivacySection, moved_key
from league.federation.models import Assignment
from league.rankings.services import player_merge
from league.tournaments.access import can_organise, organised_by, organiser_actor_of
from league.tournaments.models import Participant, Tournament
from scoring.people import Candidate, Outcome, match

MAX_CANDIDATES = 5


class PeopleRules:
    """The rules for one publication of tournament ``uid``: called by the import for each
    player without a DDV number (``RestoreContext.people``); the "maybe" names kept."""

    def __init__(self, uid: uuid.UUID) -> None:
        self.decided = dict(
            Assignment.objects.filter(tournament_uid=uid)
            .exclude(decision="")
            .values_list("name", "player_id")
        )
        self.candidates = [
            Candidate(pk, name, number or None, frozenset({club} if club else ()))
            for pk, name, number, club in Player.objects.values_list(
                "pk", "name", "ddv_number", "club_id"
            )
        ]
        self.maybe: dict[str, list[int]] = {}

    def __call__(self, name: str, club_id: int | None) -> Player | None:
        decided = self.decided.get(name)
        if decided is not None:
            return Player.objects.filter(pk=decided).first()
        found = match(name, self.candidates, club=club_id)
        if found.outcome is Outcome.SAME and found.same_id is not None:
            return Player.objects.filter(pk=found.same_id).first()
        if found.outcome is Outcome.MAYBE:
            self.maybe[name] = list(found.candidate_ids[:MAX_CANDIDATES])
        return None


def assignments_sync(*, tournament: Tournament, rules: PeopleRules) -> int:
    """After a publication's import: an open assignment for each "maybe" name (its record
    and candidates), none left for a name the tournament no longer has; the tournament's
    ``people_open``. Returns it. (In the publication's transaction.)"""
    uid = tournament.uid
    guests = {
        name: pk
        for name, pk in Participant.objects.filter(
            tournament=tournament, player__ddv_number=""
        ).values_list("player__name", "player_id")
    }
    held = {a.name: a for a in Assignment.objects.select_for_update().filter(tournament_uid=uid)}
    for name, candidates in rules.maybe.items():
        player_id = guests.get(name)
        if player_id is None:
            continue
        kept = held.get(name)
        if kept is None:
            Assignment.objects.create(
                tournament_uid=uid, name=name, player_id=player_id, candidates=candidates
            )
        elif not kept.decision:
            kept.player_id, kept.candidates = player_id, candidates
            kept.save(update_fields=["player", "candidates"])
    for name, kept in held.items():
        # An open one whose name is gone, or whose record is no longer the entry's: gone.
        if not kept.decision and name not in rules.maybe and guests.get(name) != kept.player_id:
            kept.delete()
    return _count_open(tournament)


def _count_open(tournament: Tournament) -> int:
    count = Assignment.objects.filter(tournament_uid=tournament.uid, decision="").count()
    Tournament.objects.filter(pk=tournament.pk).update(people_open=count)
    tournament.people_open = count
    return count


def open_assignments(user: Any) -> QuerySet[Assignment]:
    """The open assignments of the tournaments ``user`` organises (staff: all)."""
    uids = organised_by(user).filter(people_open__gt=0).values_list("uid", flat=True)
    return (
        Assignment.objects.filter(decision="", tournament_uid__in=list(uids))
        .select_related("player", "player__club")
        .order_by("created_at", "pk")
    )


@transaction.atomic
def assignment_decide(*, assignment_id: int, same_as: int | None, user: Any) -> Assignment:
    """The organiser's decision: ``same_as`` one of the candidates (the assignment's record
    is merged into it, league.rankings.services.player_merge) or ``None``: a new player.
    Refused (nothing written): not the tournament's organiser, decided already, not a
    candidate, or a record with entries elsewhere (a merge refuses what shows two
    people)."""
    assignment = Assignment.objects.select_for_update().filter(pk=assignment_id).first()
    if assignment is None:
        raise ServiceError("assignment_missing")
    tournament = Tournament.objects.filter(uid=assignment.tournament_uid).first()
    if tournament is None or not can_organise(user, tournament):
        raise ServiceError("permission_denied")
    if assignment.decision:
        raise ServiceError("assignment_decided", {"name": assignment.name})
    actor = organiser_actor_of(user)
    if same_as is not None:
        if same_as not in assignment.candidates:
            raise ServiceError("assignment_not_candidate")
        keep = Player.objects.filter(pk=same_as).first()
        if keep is None:
            raise ServiceError("assignment_not_candidate")
        elsewhere = Participant.objects.filter(player_id=assignment.player_id).exclude(
            tournament=tournament
        )
        if elsewhere.exists():
            raise ServiceError("assignment_elsewhere", {"name": assignment.name})
        player_merge(keep=keep, merge=assignment.player, user=actor)
        assignment.refresh_from_db()
    assignment.decision = (
        Assignment.Decision.SAME if same_as is not None else Assignment.Decision.NEW
    )
    assignment.decided_at = timezone.now()
    assignment.save(update_fields=["decision", "decided_at"])
    open_now = _count_open(tournament)
    audit_record(
        user=actor,
        action="assignment_decide",
        target=tournament,
        after={
            "name": assignment.name,
            "decision": assignment.decision,
            "player": assignment.player_id,
            "open": open_now,
        },
    )
    return assignment


# --- a merge or an erasure of the player an assignment names ------------------------------


def merge_move(keep: int, merge: int) -> dict[str, int]:
    moved = Assignment.objects.filter(player_id=merge).update(player_id=keep)
    return {moved_key(Assignment, "player"): moved}


def privacy_prepare(erasure: Erasure) -> None:
    rows = Assignment.objects.select_for_update().filter(player_id=erasure.player_id)
    erasure.names.update(rows.values_list("name", flat=True))


def privacy_forget(erasure: Erasure) -> None:
    """The name as published is his name: pseudonymised with the record."""
    for assignment in Assignment.objects.filter(player_id=erasure.player_id):
        assignment.name = f"{erasure.pseudonym} #{assignment.pk}"[:80]
        assignment.save(update_fields=["name"])


MERGE = MergeSection(name="federation", move=merge_move)
PRIVACY = PrivacySection(name="federation", prepare=privacy_prepare, forget=privacy_forget)
