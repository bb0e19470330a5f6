"""What the OpenAPI schema says about refusals: for each status, its error codes."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse

from league.api.errors import LIST_STATE
from league.api.serializers import ConflictSerializer, ErrorSerializer

RETRY_AFTER = OpenApiParameter(
    "Retry-After",
    OpenApiTypes.INT,
    location=OpenApiParameter.HEADER,
    response=[429],
    required=True,
    description="seconds to wait before trying again",
)


def _codes(codes: list[str] | tuple[str, ...] | frozenset[str]) -> str:
    return ", ".join(f"`{c}`" for c in sorted(codes))


def refusal(status: int, description: str, *codes: str) -> OpenApiResponse:
    text = description + (f" Codes: {_codes(codes)}." if codes else "")
    return OpenApiResponse(ConflictSerializer if status == 409 else ErrorSerializer, text)


INVALID = "Invalid input: the code names what, `field` the body's JSON path."
BASE_INVALID = (
    "malformed_json",
    "unsupported_media_type",
    "body_not_an_object",
    "missing_field",
    "invalid_value",
)


ENGINE = "Besides, any code of the game record, the round or penalty rows (see ErrorCode)."


def write_refusals(
    *invalid: str,
    note: str = "",
    in_path: str = "list",
    conflict: tuple[str, ...] = (),
) -> dict[int, Any]:
    """Every refusal a write can meet; ``in_path`` names what the path points to ("" for
    nothing: then no 404)."""
    out: dict[int, Any] = {
        400: refusal(400, " ".join(filter(None, [INVALID, note])), *BASE_INVALID, *invalid),
        401: refusal(
            401, "No credentials (or a wrong token).", "not_authenticated", "authentication_failed"
        ),
        403: refusal(
            403,
            "A wrong, renewed or other list's code, an account without the right, or a "
            "session write without its CSRF token.",
            "table_code_wrong",
            "permission_denied",
            "csrf_failed",
        ),
        409: refusal(
            409,
            "A stale version (`version` then carries the current one), a closed round or the "
            "list's state.",
            "conflict",
            "round_closed",
            *conflict,
        ),
        413: refusal(413, "The body is too large.", "body_too_large"),
        429: refusal(
            429,
            "Too many writes, or too many wrong table codes.",
            "throttled",
            "table_code_blocked",
        ),
    }
    if in_path:
        codes = ("not_found", "no_such_game") if "game" in in_path else ("not_found",)
        out[404] = refusal(404, f"No such {in_path}.", *codes)
    return out


NOT_FOUND = {404: refusal(404, "Not found.", "not_found")}
LIST_STATE_CODES = tuple(sorted(LIST_STATE))

# A members-only tournament or club (api.md "Who may do what"): without credentials 401,
# an account that is no reader 403; a missing one 404.
MEMBERS_READ = {
    401: refusal(
        401,
        "A members-only tournament or club read without credentials (or with a wrong token).",
        "not_authenticated",
        "authentication_failed",
    ),
    403: refusal(
        403,
        "A members-only tournament or club (or a list of one): this account does not read "
        "it, or a wrong table code.",
        "permission_denied",
        "table_code_wrong",
    ),
    **NOT_FOUND,
}
BAD_FLAG = {400: refusal(400, "A flag other than `true`/`false` (`1`/`0`).", "invalid_value")}
