"""Writes of the venue's link to the federation's site: its address and token (staff), a
register fetch (staff) and a tournament sent (its organisers), each try recorded with its
answer so that the pages can say plainly what happened.

- **Decision**: a try that does not reach the site, or that the site refuses, is recorded
  (when, why) and changes nothing else; the last publication the site took stays shown.
  Trying again is always safe: the site holds a tournament once by its uid.
- **Decision**: from a page, the site gets ``PAGE_TIMEOUT`` seconds for each step (connect,
  send, answer) — the venue's server ends a request after 60 s; ``manage.py publish`` waits
  longer. A publication that timed out may still have been taken there: the page says so,
  and sending again answers "unverändert" at once.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from league.core.audit import audit_record
from league.core.errors import ServiceError
from league.core.live import site_version
from league.core.text import squeeze
from league.federation.access import can_link_site
from league.federation.answers import Opener, SiteRefused, SiteUnreachable, site_url
from league.federation.models import Problem, Sending, SiteLink
from league.federation.register import RegisterCopy, register_fetch
from league.federation.sending import publication_send
from league.tournaments.access import can_organise, organiser_actor_of
from league.tournaments.models import Tournament

PAGE_TIMEOUT = 20.0
Account = AbstractBaseUser | AnonymousUser


@dataclass(frozen=True)
class Tried:
    """What came of a try: ``problem`` "" when the site answered as asked."""

    at: dt.datetime
    problem: str = ""
    status: int = 0
    note: str = ""


def _tried(err: SiteRefused | SiteUnreachable) -> Tried:
    now = timezone.now()
    if isinstance(err, SiteRefused):
        return Tried(now, Problem.REFUSED, err.status, err.message[:300])
    problem = Problem.TIMEOUT if err.timed_out else Problem.UNREACHABLE
    return Tried(now, problem, 0, err.reason[:300])


def _configured() -> SiteLink:
    link = SiteLink.objects.filter(pk=1).first()
    if link is None or not link.address:
        raise ServiceError("federation_no_address")
    return link


@transaction.atomic
def site_link_update(
    *, address: str, token: str = "", forget_token: bool = False, user: Any
) -> SiteLink:
    """The site's address (empty: none) and, when given, a new token (``forget_token``:
    none). Staff only."""
    if not can_link_site(user):
        raise ServiceError("permission_denied")
    address = address.strip().rstrip("/")
    if address:
        try:
            site_url(address, "/")
        except SiteRefused:
            raise ServiceError("register_bad_address", field="address") from None
        if len(address) > 200:
            raise ServiceError("federation_address_long", field="address")
    token = token.strip()
    if len(token) > 200 or any(c.isspace() for c in token):
        raise ServiceError("federation_token_bad", field="token")
    link, _ = SiteLink.objects.select_for_update().get_or_create(pk=1)
    before = {"address": link.address, "token": bool(link.token)}
    link.address = address
    if forget_token:
        link.token = ""
    elif token:
        link.token = token
    link.changed_at = timezone.now()
    link.save()
    # The token itself never enters the history: whether there is one, and whether it changed.
    audit_record(
        user=user,
        action="federation_link",
        target=link,
        before=before,
        after={
            "address": link.address,
            "token": bool(link.token),
            "token_changed": bool(token) or forget_token,
        },
    )
    return link


def site_register_fetch(
    *, user: Any, opener: Opener | None = None, timeout: float = PAGE_TIMEOUT
) -> tuple[SiteLink, RegisterCopy | None]:
    """The register of the linked site copied here (league.federation.register); the try
    recorded. Refusals (``ServiceError``: not staff, no address) write nothing."""
    if not can_link_site(user):
        raise ServiceError("permission_denied")
    link = _configured()
    try:
        copy = register_fetch(base=link.address, token=link.token, opener=opener, timeout=timeout)
    except (SiteRefused, SiteUnreachable) as err:
        return _register_record(_tried(err), None, user), None
    return _register_record(Tried(timezone.now()), copy, user), copy


@transaction.atomic
def _register_record(tried: Tried, copy: RegisterCopy | None, user: Any) -> SiteLink:
    link = SiteLink.objects.select_for_update().get(pk=1)
    link.register_tried_at = tried.at
    link.register_problem, link.register_status = tried.problem, tried.status
    link.register_note = tried.note
    if copy is not None:
        link.register_fetched_at, link.register_players = tried.at, copy.read
    link.save()
    audit_record(
        user=user,
        action="register_fetch",
        target=link,
        after={
            "problem": tried.problem,
            "players": copy.read if copy else 0,
            "created": copy.created if copy else 0,
        },
    )
    return link


def tournament_send(
    *,
    tournament: Tournament,
    user: Any,
    opener: Opener | None = None,
    timeout: float = PAGE_TIMEOUT,
) -> Sending:
    """``tournament`` sent to the linked site (league.federation.sending); the try recorded.
    Refusals (``ServiceError``: not its organiser, no address, a tournament published
    here) write nothing."""
    if not can_organise(user, tournament):
        raise ServiceError("permission_denied")
    if tournament.published_at is not None:
        raise ServiceError("tournament_published")
    if tournament.rehearsal:
        raise ServiceError("rehearsal_not_published")  # a Probelauf never leaves the site
    link = _configured()
    try:
        answer = publication_send(
            tournament=tournament, base=link.address, token=link.token, opener=opener,
            timeout=timeout,
        )  # fmt: skip
    except (SiteRefused, SiteUnreachable) as err:
        return _sending_record(tournament, _tried(err), user)
    if answer.unchanged:
        outcome = Sending.Outcome.UNCHANGED
    elif answer.status == 201:
        outcome = Sending.Outcome.CREATED
    else:
        outcome = Sending.Outcome.REPLACED
    sent = {
        "outcome": outcome,
        "site_url": answer.url[:300],
        "digest": answer.digest,
        "people_open": answer.people_open,
    }
    return _sending_record(tournament, Tried(timezone.now(), status=answer.status), user, sent)


@transaction.atomic
def _sending_record(
    tournament: Tournament, tried: Tried, user: Any, sent: dict[str, Any] | None = None
) -> Sending:
    sending = Sending.objects.select_for_update().filter(tournament=tournament).first()
    if sending is None:
        sending = Sending(tournament=tournament)
    sending.tried_at, sending.tried_problem = tried.at, tried.problem
    sending.tried_status, sending.tried_note = tried.status, squeeze(tried.note)[:300]
    if sent is not None:
        sending.sent_at = tried.at
        sending.outcome, sending.site_url, sending.digest = (
            sent["outcome"], sent["site_url"], sent["digest"],
        )  # fmt: skip
        sending.people_open = min(int(sent["people_open"]), 32767)
    sending.save()
    # On the sending's row, not the tournament's: the tournament's history travels in its
    # document, and recording the send there would change the document it just sent.
    audit_record(
        user=organiser_actor_of(user),
        action="tournament_send",
        target=sending,
        after={"problem": tried.problem, "status": tried.status, "outcome": sending.outcome},
    )
    if sent is not None:
        # The document sent is the document now: no export to compare until the next write.
        transaction.on_commit(lambda: cache.set(digest_key(tournament.pk), sent["digest"], 3600))
    return sending


def digest_key(tournament_id: int) -> str:
    """The cache key of a tournament's document digest at this state of the database."""
    return f"federation-digest:{tournament_id}:{site_version()}"
