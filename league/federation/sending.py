"""The venue's side of a publication: the export document of one tournament sent to the
federation's site (``PUT /api/v1/veroeffentlichungen/turniere/{uid}/``). Sending it twice
is harmless: the site holds a tournament once by its uid and answers "unchanged" for the
same document."""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from league.backup.services import backup_export
from league.core.messages import render
from league.tournaments.models import Tournament

TIMEOUT = 120  # seconds: a DEM's document is a few MB


class SiteUnreachable(Exception):
    """The site could not be reached: nothing changed there; send again later."""


class SiteRefused(Exception):
    """The site refused the publication: its status and message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(f"{status}: {message}")
        self.status = status
        self.message = message


@dataclass(frozen=True)
class SiteAnswer:
    status: int
    url: str
    unchanged: bool


Opener = Callable[[urllib.request.Request], Any]


def _open(request: urllib.request.Request) -> Any:
    return urllib.request.urlopen(request, timeout=TIMEOUT)  # the organiser's own address


def publication_send(
    *, tournament: Tournament, base: str, token: str, opener: Opener | None = None
) -> SiteAnswer:
    """Send ``tournament`` to the site at ``base``. Raises ``SiteRefused`` or
    ``SiteUnreachable``."""
    if urllib.parse.urlsplit(base).scheme not in ("http", "https"):
        raise SiteRefused(0, render("register_bad_address"))
    doc = backup_export(tournament_id=tournament.pk)
    url = f"{base.rstrip('/')}/api/v1/veroeffentlichungen/turniere/{tournament.uid}/"
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
    try:
        with (opener or _open)(request) as answer:
            status = int(answer.status)
            body = json.loads(answer.read().decode("utf-8"))
    except urllib.error.HTTPError as err:
        try:
            message = json.loads(err.read().decode("utf-8"))["error"]["message"]
        except (ValueError, KeyError, TypeError):
            message = str(err.reason)
        raise SiteRefused(err.code, str(message)) from None
    except (urllib.error.URLError, OSError, TimeoutError) as err:
        raise SiteUnreachable(str(getattr(err, "reason", err))) from None
    except ValueError:
        raise SiteRefused(200, render("register_not_json")) from None
    if not isinstance(body, dict):
        raise SiteRefused(status, render("register_not_json"))
    return SiteAnswer(status, str(body.get("url", "")), bool(body.get("unchanged")))
