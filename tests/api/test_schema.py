"""The OpenAPI schema documents every endpoint, status and error code; the docs work offline;
and schemathesis, run in-process against the app's own schema, finds no 500 and no status,
header or body the schema does not document."""

from __future__ import annotations

import itertools
import os
import random
import re
import time

import pytest
from django.contrib.staticfiles import finders
from django.core import signals
from django.core.cache import cache
from django.core.management import call_command
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token

from league.api.errors import ERROR_CODES
from league.lists.selectors import spielliste_snapshot
from scoring.interchange import record_to_dict
from scoring.simulate import next_random_game
from tests.api.conftest import play

ENDPOINTS = {
    "/api/v1/score/": {"post"},
    "/api/v1/listen/": {"post"},
    "/api/v1/listen/{id}/": {"get"},
    "/api/v1/listen/{id}/spiele/": {"post"},
    "/api/v1/listen/{id}/spiele/{number}/": {"put", "delete"},
    "/api/v1/listen/{id}/strafen/": {"post"},
    "/api/v1/listen/{id}/zeit/": {"post"},
    "/api/v1/listen/{id}/bestaetigen/": {"post"},
    "/api/v1/turniere/": {"get"},
    "/api/v1/turniere/{id}/": {"get"},
    "/api/v1/turniere/{id}/runden/{number}/": {"get"},
    "/api/v1/turniere/{id}/runden/{number}/ergebnisse/": {"post"},
    "/api/v1/turniere/{id}/wertung/": {"get"},
    "/api/v1/rangliste/": {"get"},
    "/api/v1/spielstaerke/": {"get"},
    "/api/v1/vereine/{id}/saison/": {"get"},
    "/api/v1/listen/{id}/kasse/": {"get"},
    "/api/v1/spieler/{id}/statistik/": {"get"},
    "/api/v1/spieler/": {"get"},
    "/api/v1/veroeffentlichungen/turniere/{uid}/": {"put"},
    "/api/v1/ligen/": {"get"},
    "/api/v1/ligen/{id}/": {"get"},
    "/api/v1/ligen/{id}/tabelle/": {"get"},
    "/api/v1/ligen/{id}/spieltage/": {"get"},
    "/api/v1/ligen/{id}/spieltage/{spieltag_id}/": {"get"},
    "/api/v1/ligen/{id}/mannschaften/{team_id}/verfuegbarkeit/": {"get"},
}
LIST_WRITE_STATUSES = {"400", "401", "403", "404", "409", "413", "429"}


def test_schema_generates_without_warnings():
    call_command("spectacular", "--fail-on-warn", "--file", "/dev/null")


@pytest.fixture
def openapi(client, db):
    response = client.get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    return response.json()


def test_every_endpoint_and_status_is_documented(openapi):
    paths = openapi["paths"]
    assert {p: set(ops) for p, ops in paths.items()} == ENDPOINTS
    for path, ops in paths.items():
        for method, op in ops.items():
            assert op.get("summary"), (method, path)
            statuses = set(op["responses"])
            if path.startswith("/api/v1/listen/{id}/") and method != "get":
                assert statuses >= LIST_WRITE_STATUSES, (method, path)
                assert "Retry-After" in op["responses"]["429"]["headers"]
                assert {"tischCode": []} in op["security"]
                assert {} not in op["security"]  # writes need credentials
            for status, response in op["responses"].items():
                if status.startswith(("4", "5")):
                    assert "Codes: `" in response["description"], (method, path, status)


def test_error_codes_are_an_enum_of_the_message_tables(openapi):
    enum = openapi["components"]["schemas"]["ErrorCode"]["enum"]
    assert enum == sorted(ERROR_CODES)
    for code in ("conflict", "round_closed", "not_last_game", "list_has_games", "totals_zero_sum"):
        assert code in enum
    detail = openapi["components"]["schemas"]["ErrorDetail"]
    assert set(detail["required"]) == {"code", "field", "message", "game"}
    conflict = openapi["components"]["schemas"]["Conflict"]
    assert "version" in conflict["properties"]


def test_the_docs_work_offline(client, db):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    # Nothing from another host: no absolute or protocol-relative address at all.
    assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", html, re.I), html
    scripts = re.findall(r'<script src="([^"]+)"', html)
    assert scripts == ["/static/drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js"]
    assert finders.find("drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js")
    assert "/api/schema/" in html


# --- schemathesis --------------------------------------------------------------------

# Per operation and mode. ``make test`` tries 5 (it walks every operation in every mode; 15
# cost it 7 s more of a core); CI's PostgreSQL run (HYPOTHESIS_PROFILE=ci, .ci/run) 40, and
# ``make fuzz`` runs it long against gunicorn.
EXAMPLES = 40 if os.environ.get("HYPOTHESIS_PROFILE") == "ci" else 5


@pytest.fixture
def in_process_app(settings):
    """The site's own WSGI app, called in-process inside the test's transaction: Django's
    test client likewise keeps requests from closing the test's connection."""
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": dict.fromkeys(
            ("write_user", "write_code", "write_anon", "score"), "100000/min"
        ),
    }
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield get_wsgi_application()
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


def test_schemathesis_finds_no_undocumented_answer(world, in_process_app):
    import schemathesis
    from schemathesis import GenerationMode
    from schemathesis.checks import not_a_server_error
    from schemathesis.specs.openapi.checks import (
        content_type_conformance,
        response_headers_conformance,
        response_schema_conformance,
        status_code_conformance,
    )

    checks = [
        not_a_server_error,
        status_code_conformance,
        content_type_conformance,
        response_headers_conformance,
        response_schema_conformance,
    ]
    play(world["l1"], games=3)
    play(world["free"], games=23)
    staff = Token.objects.create(user=world["users"]["staff"]).key
    lists = [world["l1"], world["free"]]
    tournament = world["tournament"]
    schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", in_process_app)

    who = st.sampled_from(["staff", "code", "nobody"])
    seen: dict[str, set[int]] = {}
    started = time.monotonic()
    operations = [result.ok() for result in schema.get_all_operations()]  # type: ignore[union-attr]
    for operation, mode in itertools.product(operations, GenerationMode):

        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            derandomize=True,
            database=None,
            phases=[Phase.explicit, Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @given(case=operation.as_strategy(generation_mode=mode), caller=who, real=st.integers(0, 3))
        def run(case, caller, real):
            cache.clear()  # each case on its own: no throttle carried over
            liste = lists[real % 2]
            liste.refresh_from_db()
            params = case.path_parameters or {}
            if real and "id" in params:  # mostly an object that exists
                params["id"] = tournament.pk if "turniere" in case.path else liste.pk
                if "number" in params and real > 1:
                    params["number"] = 1 if "turniere" in case.path else liste.games_played
            if real and isinstance(case.body, dict) and isinstance(case.body.get("version"), int):
                case.body["version"] = liste.version
                if real == 3 and "game" in case.body:  # a valid next game now and then
                    state = spielliste_snapshot(pk=liste.pk).state
                    if state.next_game is not None:
                        game = next_random_game(random.Random(liste.version), state)
                        case.body["game"] = record_to_dict(game)
            headers = {
                "staff": {"Authorization": f"Token {staff}"},
                "code": {"X-Tisch-Code": liste.code.lower()},
                "nobody": {},
            }[caller]
            response = case.call(headers=headers)
            seen.setdefault(f"{case.method} {case.path}", set()).add(response.status_code)
            case.validate_response(response, checks=checks, headers=headers)

        run()
    elapsed = time.monotonic() - started
    print(
        f"schemathesis: {sum(map(len, seen.values()))} (operation, status) pairs in "
        f"{elapsed:.1f} s: {seen}"
    )
    assert len(seen) == sum(len(ops) for ops in ENDPOINTS.values())
    # The runs reached past the refusals: writes succeeded somewhere.
    assert any(s in (200, 201) for key, s in _pairs(seen) if not key.startswith("GET"))


def _pairs(seen):
    return [(key, status) for key, statuses in seen.items() for status in statuses]
