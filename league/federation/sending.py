"""The venue's side of a publication: the export document of one tournament sent to the
federation's site (``PUT /api/v1/veroeffentlichungen/turniere/{uid}/``). Sending it twice
is harmless: the site holds a tournament once by its uid and answers "unchanged" for the
same document."""

from __future__ import annotations

import json
import urllib.request
from dataclasses import dataclass
from typing import Any

from league.backup.services import backup_export
from league.federation.answers import Opener, SiteRefused, site_call, site_url
from league.federation.publication import document_digest
from league.tournaments.models import Tournament

TIMEOUT = 120  # seconds: a DEM's document is a few MB (the command; the page waits less)


@dataclass(frozen=True)
class SiteAnswer:
    status: int
    url: str
    unchanged: bool
    digest: str  # of the document sent (publication.document_digest)
    people_open: int = 0  # open assignments there (league.federation.people)


def tournament_document(tournament: Tournament) -> dict[str, Any]:
    """The export document of ``tournament`` as it is sent."""
    return backup_export(tournament_id=tournament.pk)


def publication_send(
    *,
    tournament: Tournament,
    base: str,
    token: str,
    opener: Opener | None = None,
    timeout: float = TIMEOUT,
) -> SiteAnswer:
    """Send ``tournament`` to the site at ``base``. Raises ``SiteRefused`` or
    ``SiteUnreachable`` (league.federation.answers)."""
    url = site_url(base, f"/api/v1/veroeffentlichungen/turniere/{tournament.uid}/")
    doc = tournament_document(tournament)
    request = urllib.request.Request(
        url,
        data=json.dumps(doc, ensure_ascii=False).encode("utf-8"),
        method="PUT",
        headers={
            "Content-Type": "application/json",
            "Accept": "application/json",
            **({"Authorization": f"Token {token}"} if token else {}),
        },
    )
    answer = site_call(request, timeout=timeout, opener=opener)
    if not isinstance(answer.body, dict):
        raise SiteRefused(answer.status, code="register_not_json")
    return SiteAnswer(
        answer.status,
        str(answer.body.get("url", "")),
        bool(answer.body.get("unchanged")),
        document_digest(doc),
        int(answer.body.get("people_open") or 0),
    )
