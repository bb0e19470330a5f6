"""The federation's player register on the venue laptop (federation.md "The register
travels: site → venue"): ``manage.py fetch_players --from URL`` before the event copies the
site's register players (name, DDV number, club) into this database, so that registration
at the venue finds them with no internet.

- **Decision**: a register player is matched by his DDV number. One that is here already
  takes the site's name and club (the site is where federation identities are kept);
  one that is not is created. Nobody without a number is touched: a guest typed at an
  earlier event stays as he is (publication's people rules link him, not this copy).
- A club is found by its name (unique), else created with the site's city.
- All or nothing: every page is read first; then one transaction writes.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from league.clubs.models import Club, Player
from league.core.audit import Actor, audit_record
from league.core.messages import render
from league.core.text import squeeze

REGISTER_ACTOR = Actor(None, label="Verbandsregister")
PATH = "/api/v1/spieler/?register=1&per_page=100"
TIMEOUT = 20


class RegisterUnreachable(Exception):
    """The site could not be reached (nothing changed; try again later)."""


class RegisterRefused(Exception):
    """The site answered with a refusal: its status and its message, or a code of ours
    (league/core/messages.py) for an answer that is no register at all."""

    def __init__(self, status: int, message: str = "", code: str = "") -> None:
        super().__init__(f"{status}: {message or code}")
        self.status = status
        self.message = message or render(code)


@dataclass
class RegisterCopy:
    """What a fetch did."""

    read: int = 0
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    clubs_created: int = 0


Opener = Callable[[urllib.request.Request], Any]


def _pages(base: str, token: str, opener: Opener) -> Iterator[list[dict[str, Any]]]:
    url: str | None = base.rstrip("/") + PATH
    headers = {"Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Token {token}"
    while url:
        request = urllib.request.Request(url, headers=headers)
        try:
            with opener(request) as answer:
                page = json.loads(answer.read().decode("utf-8"))
        except urllib.error.HTTPError as err:
            try:
                message = json.loads(err.read().decode("utf-8"))["error"]["message"]
            except (ValueError, KeyError, TypeError):
                message = err.reason
            raise RegisterRefused(err.code, str(message)) from None
        except (urllib.error.URLError, OSError, TimeoutError) as err:
            raise RegisterUnreachable(str(getattr(err, "reason", err))) from None
        except ValueError:
            raise RegisterRefused(200, code="register_not_json") from None
        if not isinstance(page, dict) or not isinstance(page.get("results"), list):
            raise RegisterRefused(200, code="register_no_page")
        yield [p for p in page["results"] if isinstance(p, dict)]
        following = page.get("next")
        # The next page on the same site only (a link elsewhere is not followed).
        if isinstance(following, str) and following.startswith(base.rstrip("/") + "/"):
            url = following
        else:
            url = None


def _default_opener(request: urllib.request.Request) -> Any:
    return urllib.request.urlopen(request, timeout=TIMEOUT)  # the address the organiser gave


def register_fetch(*, base: str, token: str = "", opener: Opener | None = None) -> RegisterCopy:
    """Copy the register of the site at ``base`` into this database. Raises
    ``RegisterUnreachable`` or ``RegisterRefused``; nothing is written then."""
    if urllib.parse.urlsplit(base).scheme not in ("http", "https"):
        raise RegisterRefused(0, code="register_bad_address")
    entries: dict[str, dict[str, Any]] = {}
    for page in _pages(base, token, opener or _default_opener):
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
                club, made = Club.objects.get_or_create(
                    name=club_name, defaults={"city": str(entry.get("club_city") or "")[:80]}
                )
                if made:
                    copy.clubs_created += 1
                    audit_record(user=REGISTER_ACTOR, action="create", target=club)
                clubs[club_name] = club
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
