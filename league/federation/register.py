"""The federation's player register on the venue laptop (federation.md "The register
travels: site → venue"): ``manage.py fetch_players --from URL`` before the event copies
the site's register players (name, DDV number, club, Landesverband) into this database, so
that registration at the venue finds them with no internet.

- **Decision**: a register player is matched by his DDV number. One that is here already
  takes the site's name and club (the site is where federation identities are kept);
  one that is not is created. Nobody without a number is touched: a guest typed at an
  earlier event stays as he is (publication's people rules link him, not this copy).
- A club is found by its name (unique), else created with the site's city and
  Landesverband; a club here takes the site's Landesverband when the site names one.
- All or nothing: every page is read first; then one transaction writes.
"""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from league.clubs.models import Club, Player
from league.core.audit import Actor, audit_record
from league.core.text import squeeze
from league.federation.answers import Opener, SiteRefused, site_call, site_url

REGISTER_ACTOR = Actor(None, label="Verbandsregister")
PATH = "/api/v1/spieler/?register=1&per_page=100"
TIMEOUT = 20  # seconds for each page


@dataclass
class RegisterCopy:
    """What a fetch did."""

    read: int = 0
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    clubs_created: int = 0


def _pages(
    base: str, token: str, opener: Opener | None, timeout: float
) -> Iterator[list[dict[str, Any]]]:
    url: str | None = site_url(base, PATH)
    home = site_url(base, "/")
    headers = {"Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Token {token}"
    while url:
        answer = site_call(
            urllib.request.Request(url, headers=headers), timeout=timeout, opener=opener
        )
        page = answer.body
        if not isinstance(page, dict) or not isinstance(page.get("results"), list):
            raise SiteRefused(answer.status, code="register_no_page")
        yield [p for p in page["results"] if isinstance(p, dict)]
        following = page.get("next")
        # The next page on the same site only (a link elsewhere is not followed).
        url = following if isinstance(following, str) and following.startswith(home) else None


def register_fetch(
    *, base: str, token: str = "", opener: Opener | None = None, timeout: float = TIMEOUT
) -> RegisterCopy:
    """Copy the register of the site at ``base`` into this database. Raises
    ``SiteUnreachable`` or ``SiteRefused`` (league.federation.answers); nothing is written
    then."""
    entries: dict[str, dict[str, Any]] = {}
    for page in _pages(base, token, opener, timeout):
        for entry in page:
            number = str(entry.get("ddv_number") or "").strip()
            name = squeeze(str(entry.get("name") or ""))
            if number and name and len(number) <= 20 and len(name) <= 80:
                entries[number] = {**entry, "name": name}
    return _write(entries)


@transaction.atomic
def _write(entries: dict[str, dict[str, Any]]) -> RegisterCopy:
    copy = RegisterCopy(read=len(entries))
    here = {p.ddv_number: p for p in Player.objects.filter(ddv_number__in=list(entries))}
    clubs: dict[str, Club] = {}
    for number, entry in sorted(entries.items()):
        club_name = squeeze(str(entry.get("club") or ""))[:120]
        club = None
        if club_name:
            club = clubs.get(club_name)
            if club is None:
                club = clubs[club_name] = _club(club_name, entry, copy)
        player = here.get(number)
        if player is None:
            player = Player.objects.create(name=entry["name"], ddv_number=number, club=club)
            audit_record(
                user=REGISTER_ACTOR,
                action="create",
                target=player,
                after={"name": player.name, "ddv_number": number},
            )
            copy.created += 1
        elif player.name != entry["name"] or player.club_id != (club.pk if club else None):
            before = {"name": player.name, "club": player.club_id}
            player.name, player.club = entry["name"], club
            player.save(update_fields=["name", "club"])
            audit_record(
                user=REGISTER_ACTOR,
                action="update",
                target=player,
                before=before,
                after={"name": player.name, "club": player.club_id},
            )
            copy.updated += 1
        else:
            copy.unchanged += 1
    return copy


def _club(name: str, entry: dict[str, Any], copy: RegisterCopy) -> Club:
    """The club of that name here (made with the site's city and Landesverband if new); the
    site's Landesverband taken when it names one."""
    landesverband = squeeze(str(entry.get("club_landesverband") or ""))[:80]
    club, made = Club.objects.get_or_create(
        name=name,
        defaults={"city": str(entry.get("club_city") or "")[:80], "landesverband": landesverband},
    )
    if made:
        copy.clubs_created += 1
        audit_record(
            user=REGISTER_ACTOR,
            action="create",
            target=club,
            after={"name": name, "landesverband": landesverband},
        )
    elif landesverband and club.landesverband != landesverband:
        before = {"landesverband": club.landesverband}
        club.landesverband = landesverband
        club.save(update_fields=["landesverband"])
        audit_record(
            user=REGISTER_ACTOR,
            action="update",
            target=club,
            before=before,
            after={"landesverband": landesverband},
        )
    return club
