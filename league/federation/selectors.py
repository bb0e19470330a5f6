"""Reads for the venue's link to the federation's site: the link itself, a tournament's
last publication and whether it changed since."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import cache

from league.federation.models import Sending, SiteLink
from league.federation.publication import document_digest
from league.federation.sending import tournament_document
from league.federation.services import digest_key
from league.tournaments.models import Tournament


def site_link() -> SiteLink:
    """The link (an unsaved empty one before it is first set)."""
    return SiteLink.objects.filter(pk=1).first() or SiteLink(pk=1)


def current_digest(tournament: Tournament) -> str:
    """The digest of the document a publication would send now (computed once for each
    state of the database: a DEM's export takes a moment)."""
    key = digest_key(tournament.pk)
    digest: str | None = cache.get(key)
    if digest is None:
        digest = document_digest(tournament_document(tournament))
        cache.set(key, digest, 3600)
    return digest


@dataclass(frozen=True)
class SendingState:
    link: SiteLink
    sending: Sending | None
    changed_since: bool  # the document differs from the last one the site took
    failed_last: bool  # the last try did not work (it is later than the last success)


def sending_state(tournament: Tournament) -> SendingState:
    link = site_link()
    sending = Sending.objects.filter(tournament=tournament).first()
    changed = False
    if sending is not None and sending.digest:
        changed = current_digest(tournament) != sending.digest
    failed = sending is not None and bool(sending.tried_problem)
    return SendingState(link, sending, changed, failed)
