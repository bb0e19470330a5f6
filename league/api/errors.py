"""The API's one error shape (api.md "Conventions") and the exception handler that makes it.

Every refusal is ``{"error": {"code", "field", "message", "game"}}``; a stale version adds
the list's current ``"version"`` beside ``error``. Codes are keys of the site's message
table (``league.core.messages``) or the engine's (``scoring.messages``); ``message`` is that
code's text in the request's language. Services refuse with ``ServiceError``; DRF's own
refusals (parse errors, authentication, throttling, 404, 405, validation) are turned into
a ``ServiceError`` here, so there is one path from a refusal to its answer.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.http import Http404
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import set_rollback

from league.clubs.matching import PersonChoiceNeeded
from league.core import messages as site_messages
from league.core.errors import ConflictError, ServiceError
from league.core.middleware import LoginRequired
from scoring import messages as scoring_messages
from scoring.errors import ScoringError

# Display labels and row texts of the message tables are not error codes.
_NOT_CODES = ("row_", "penalty_row")


def _error_codes() -> dict[str, str]:
    """Every code an answer can carry, with its German template (the schema's enum)."""
    out: dict[str, str] = {}
    for table in (scoring_messages.MESSAGES, site_messages.MESSAGES):
        for key, template in table.items():
            if "." not in key and not key.startswith(_NOT_CODES):
                out[key] = template
    return dict(sorted(out.items()))


ERROR_CODES: dict[str, str] = _error_codes()
ERROR_CODE_CHOICES: list[tuple[str, str]] = list(ERROR_CODES.items())

# A list's state refuses the write (409), besides a stale version and a frozen list.
LIST_STATE = frozenset(
    {
        "round_closed",
        "not_last_game",
        "no_games",
        "time_already_up",
        "confirm_incomplete",
        "game_beyond_round",
        "list_invalid",
        "list_totals_only",
        "list_ended_early",
        "list_complete",
        "list_has_games",
        "no_game_in_progress",
        # a tournament's or league's list takes no quick row; no redeal to take back
        "quick_rows_not_allowed",
        "no_redeal",
        "no_redeal_before",
    }
)
STATUS: Mapping[str, int] = {
    **dict.fromkeys(LIST_STATE, 409),
    "conflict": 409,
    # A typed name with close records (league.clubs.matching): the client decides.
    "player_maybe_known": 409,
    "not_authenticated": 401,
    "authentication_failed": 401,
    "permission_denied": 403,
    "csrf_failed": 403,
    "table_code_wrong": 403,
    "club_forbidden": 403,
    # "seat": null confirms as a manager; anybody else must name his seat.
    "confirm_seat_required": 403,
    # The session that wrote last may not confirm: another player must.
    "confirm_same_session": 403,
    # A table player's PIN (api.md "Confirmation"): wrong → 403, too many wrong → 429.
    "confirm_pin_wrong": 403,
    "confirm_pin_blocked": 429,
    "not_found": 404,
    "no_such_game": 404,
    "method_not_allowed": 405,
    "body_too_large": 413,
    "throttled": 429,
    "table_code_blocked": 429,
}


def status_of(code: str) -> int:
    """The HTTP status of a refusal with ``code``; anything not listed is invalid input."""
    return STATUS.get(code, 400)


def error_object(err: ServiceError) -> dict[str, Any]:
    return {
        "code": err.code,
        "field": err.field or None,
        "message": err.message,
        "game": err.game,
    }


def error_body(err: ServiceError) -> dict[str, Any]:
    body: dict[str, Any] = {"error": error_object(err)}
    if isinstance(err, ConflictError) and "version" in err.params:
        body["version"] = err.params["version"]
    if isinstance(err, PersonChoiceNeeded):
        body["candidates"] = [
            {"id": o.id, "name": o.name, "club": o.club or None, "reason": o.reason}
            for o in err.offers
        ]
    return body


def engine_error(err: ScoringError, prefix: str = "") -> ServiceError:
    """An engine error of a part of the body: ``field`` becomes the body's JSON path."""
    field = f"{prefix}.{err.field}" if prefix and err.field else (err.field or prefix)
    return ServiceError(err.code, err.params, field=field, game=err.game, cause=err)


def with_field(err: ServiceError, field: str | None) -> ServiceError:
    """The same refusal naming another field of the body (None: no field)."""
    if isinstance(err, ConflictError):
        return err
    return ServiceError(
        err.code, err.params, field=field or "", game=err.game, cause=err.cause, frame=err.frame
    )


def in_body(err: ServiceError, part: str, number: int | None = None) -> ServiceError:
    """A service's refusal of a record in the body: its field as the body's JSON path;
    a refusal about another game than ``number`` names that game, not a field."""
    if not err.field or err.field == "referee":
        return err
    if number is not None and err.game is not None and err.game != number:
        return with_field(err, None)
    return with_field(err, f"{part}.{err.field}")


@contextmanager
def refusals_as(remap: Callable[[ServiceError], ServiceError]) -> Iterator[None]:
    """A service call's refusal, renamed by ``remap`` (the body's own field names), goes on
    to the exception handler: the API's one error shape, with nothing written."""
    try:
        yield
    except ServiceError as err:
        raise remap(err) from None


def refusals_of(part: str, number: int | None = None) -> contextlib.AbstractContextManager[None]:
    """Refusals of the record in the body's ``part`` (``game``, ``penalty``), by its path."""
    return refusals_as(lambda err: in_body(err, part, number))


# The largest body the API reads (league.api.parsers). A game is about half a kilobyte; a
# list write never comes near this. Larger bodies are refused with 413 before they are parsed.
MAX_BODY_BYTES = 64 * 1024


class TooLarge(exceptions.APIException):
    """A body above the API's limit (league.api.parsers)."""

    status_code = 413

    def __init__(self, kb: int) -> None:
        super().__init__(code="body_too_large")
        self.kb = kb


def as_service_error(exc: Exception, context: Mapping[str, Any]) -> tuple[ServiceError, int] | None:
    """The refusal ``exc`` stands for, with its status; None for a bug (a real 500)."""
    if isinstance(exc, ServiceError):
        return exc, status_of(exc.code)
    if isinstance(exc, Http404 | exceptions.NotFound):
        return ServiceError("not_found"), 404
    if isinstance(exc, LoginRequired):  # the site's "log in first" (league.lists.writers)
        return ServiceError("not_authenticated"), 401
    if isinstance(exc, DjangoPermissionDenied):
        return ServiceError("permission_denied"), 403
    if isinstance(exc, RequestDataTooBig):
        return ServiceError("body_too_large", {"kb": MAX_BODY_BYTES // 1024}), 413
    if not isinstance(exc, exceptions.APIException):
        return None
    if isinstance(exc, TooLarge):
        return ServiceError("body_too_large", {"kb": exc.kb}), 413
    if isinstance(exc, exceptions.ValidationError):
        return from_validation(exc.detail), 400
    if isinstance(exc, exceptions.ParseError):
        return ServiceError("malformed_json"), 400
    if isinstance(exc, exceptions.UnsupportedMediaType):
        return ServiceError("unsupported_media_type"), 400
    if isinstance(exc, exceptions.NotAuthenticated):
        return ServiceError("not_authenticated"), 401
    if isinstance(exc, exceptions.AuthenticationFailed):
        return ServiceError("authentication_failed"), 401
    if isinstance(exc, exceptions.PermissionDenied):
        codes = exc.get_codes()
        code = "csrf_failed" if codes == "csrf_failed" else "permission_denied"
        return ServiceError(code), 403
    if isinstance(exc, exceptions.MethodNotAllowed):
        request = context.get("request")
        method = str(getattr(request, "method", "") or "")
        return ServiceError("method_not_allowed", {"method": method}), 405
    if isinstance(exc, exceptions.Throttled):
        return ServiceError("throttled", {"wait": retry_after(getattr(exc, "wait", None))}), 429
    return ServiceError("request_invalid"), exc.status_code


def retry_after(wait: float | None) -> int:
    return max(1, math.ceil(wait or 1))


def from_validation(detail: Any) -> ServiceError:
    """A DRF validation error as one refusal: the first field in error, by its JSON path."""
    path, first = _first_error(detail, ())
    field = ".".join(p for p in path if p != api_settings.NON_FIELD_ERRORS_KEY)
    code = getattr(first, "code", None) or "invalid"
    if not field and code in ("invalid", "null", "not_a_dict"):
        return ServiceError("body_not_an_object")
    if code == "required":
        return ServiceError("missing_field", {"name": field}, field=field)
    if code in ERROR_CODES:  # raised by our own validators with one of our codes
        return ServiceError(code, {"name": field}, field=field)
    return ServiceError("invalid_value", {"name": field, "detail": str(first)}, field=field)


def _first_error(detail: Any, path: tuple[str, ...]) -> tuple[tuple[str, ...], Any]:
    if isinstance(detail, Mapping):  # fields, or a list field's items by index
        for key, value in detail.items():
            if value:
                return _first_error(value, (*path, str(key)))
    elif isinstance(detail, list):
        for index, value in enumerate(detail):
            if isinstance(value, Mapping):  # the items of a nested list of objects
                if value:
                    return _first_error(value, (*path, str(index)))
            elif isinstance(value, list):
                if value:
                    return _first_error(value, path)
            else:
                return path, value
    else:
        return path, detail
    return path, None


def exception_handler(exc: Exception, context: Mapping[str, Any]) -> Response | None:
    """REST_FRAMEWORK["EXCEPTION_HANDLER"]: every refusal in the one shape."""
    found = as_service_error(exc, context)
    if found is None:
        return None
    err, status = found
    headers: dict[str, str] = {}
    auth_header = getattr(exc, "auth_header", None)
    if auth_header:
        headers["WWW-Authenticate"] = str(auth_header)
    if status == 429:
        headers["Retry-After"] = str(err.params.get("wait", 1))
    if status == 405 and isinstance(exc, exceptions.MethodNotAllowed):
        view = context.get("view")
        allowed = getattr(view, "allowed_methods", None)
        if allowed:
            headers["Allow"] = ", ".join(allowed)
    set_rollback()
    return Response(error_body(err), status=status, headers=headers)
