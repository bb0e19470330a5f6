"""A tournament published from the venue to the federation's site (federation.md "An event
travels: venue → site").

The site takes the export document of one tournament at ``PUT /api/v1/veroeffentlichungen/
turniere/{uid}/`` and holds it once, by its uid: the first publication creates it (201) and
makes the publishing account its organiser; a later one replaces its rounds, lists and
results all or nothing (200), keeping its key, its organisers and its history here
(``backup_import(replace=True)``); the same document again changes nothing (200,
``unchanged``). Glossary: *Veröffentlichung* — one such PUT; *Quelle* — the venue laptop,
where the tournament is kept and changed.

- **Decision**: "the same document" is the document without its ``exported_at``, as JSON with
  sorted keys: its SHA-256 is kept on the tournament (``published_digest``).
- **Decision**: a changed publication withdraws a Rangliste approval made here (the new
  results were not approved; the Ranglistenwart is asked again as for a correction); an
  approval the document carries from the venue is never taken.
- People: league/federation/people.py (DDV number first, then ``scoring.people.match``;
  "maybe the same" leaves an open assignment, and the tournament out of the Rangliste).
- **Decision**: a published tournament's lists are frozen here: the venue is the source, and
  a change made here would be lost at the next publication.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from league.backup.services import BackupError, backup_import
from league.core.audit import audit_record
from league.core.errors import ServiceError
from league.core.sections import IMPORT_ACTOR
from league.federation.people import PeopleRules, assignments_sync
from league.lists.models import Spielliste
from league.lists.services import spielliste_set_frozen
from league.tournaments.access import can_organise
from league.tournaments.models import Tournament
from league.tournaments.services.placement import tournament_lists_place


@dataclass(frozen=True)
class Published:
    tournament: Tournament
    created: bool
    unchanged: bool


def document_digest(doc: dict[str, Any]) -> str:
    """The digest of a publication's document, its export time aside."""
    rest = {k: v for k, v in doc.items() if k != "exported_at"}
    return hashlib.sha256(json.dumps(rest, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def _only_tournament(doc: Any, uid: uuid.UUID) -> dict[str, Any]:
    """The document's one tournament, which must be the one the address names."""
    if not isinstance(doc, dict) or not isinstance(doc.get("tournaments"), list):
        raise ServiceError("publication_not_tournament")
    scope = doc.get("scope")
    if not isinstance(scope, dict) or scope.get("kind") != "tournament":
        raise ServiceError("publication_not_tournament")
    if len(doc["tournaments"]) != 1 or not isinstance(doc["tournaments"][0], dict):
        raise ServiceError("publication_not_tournament")
    entry: dict[str, Any] = doc["tournaments"][0]
    if str(entry.get("uid", "")).lower() != str(uid):
        raise ServiceError("publication_uid_mismatch", {"uid": str(uid)})
    return entry


def tournament_publish(*, uid: uuid.UUID, doc: Any, user: Any) -> Published:
    """Take the venue's document of tournament ``uid`` from ``user`` (an account here).
    Refusals: ``ServiceError`` (400 for the document, 403 for another account)."""
    entry = _only_tournament(doc, uid)
    digest = document_digest(doc)
    with transaction.atomic():
        existing = Tournament.objects.select_for_update().filter(uid=uid).first()
        if existing is not None and not can_organise(user, existing):
            raise ServiceError("permission_denied")
        if existing is not None and existing.published_digest == digest:
            return Published(existing, created=False, unchanged=True)
        # The venue's approval is not the site's (nor its publication fields); the caller's
        # document stays as it was sent.
        skip = ("rating_approved_at", "published_at", "published_digest")
        entry = {k: v for k, v in entry.items() if k not in skip}
        doc = {**doc, "tournaments": [entry]}
        rules = PeopleRules(uid)
        try:
            backup_import(doc=doc, replace=True, people=rules)
        except BackupError as err:
            raise ServiceError(
                "publication_invalid", {"count": len(err.messages), "first": err.messages[0]}
            ) from None
        tournament = Tournament.objects.get(uid=uid)
        if existing is None:
            tournament.organisers.add(user)
        Tournament.objects.filter(pk=tournament.pk).update(
            published_at=timezone.now(),
            published_digest=digest,
            rating_approved_at=None,
            rating_approved_by=None,
        )
        people_open = assignments_sync(tournament=tournament, rules=rules)
        tournament.refresh_from_db()
        tournament_lists_place(tournament_id=tournament.pk)  # vouched for only when official
        lists = Spielliste.objects.select_for_update().filter(
            round_table__tournament_round__tournament=tournament
        )
        for liste in lists:
            spielliste_set_frozen(spielliste=liste, frozen=True, user=IMPORT_ACTOR)
        audit_record(
            user=user,
            action="publish",
            target=tournament,
            after={"digest": digest[:12], "first": existing is None, "open": people_open},
        )
    return Published(tournament, created=existing is None, unchanged=False)
