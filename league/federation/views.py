"""``PUT /api/v1/veroeffentlichungen/turniere/{uid}/``: the site takes a tournament from a
venue (league/federation/publication.py). A token of an account here; the body is the
export document of that one tournament, up to ``MAX_PUBLICATION_BYTES``."""

from __future__ import annotations

import uuid
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.authentication import TokenAuthentication
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from league.api import schema
from league.api.parsers import JSONParser
from league.api.views import ApiView
from league.federation.publication import tournament_publish

# A DEM's export (168 players, 8 rounds, every game with its history) is a few MB.
MAX_PUBLICATION_BYTES = 32 * 1024 * 1024


class PublicationParser(JSONParser):
    """The API's JSON parser with the publication's larger limit."""

    max_bytes = MAX_PUBLICATION_BYTES


class PublishedSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    uid = serializers.UUIDField()
    url = serializers.CharField()
    unchanged = serializers.BooleanField()
    people_open = serializers.IntegerField(
        help_text="participants 'maybe the same' as a player here, waiting for the publisher's "
        "decision on the site (/verband/zuordnungen/)"
    )


class TurnierVeroeffentlichungView(ApiView):
    authentication_classes = [TokenAuthentication]
    permission_classes = [IsAuthenticated]
    parser_classes = [PublicationParser]

    @extend_schema(
        request={"application/json": OpenApiTypes.OBJECT},
        description="The body is the export document of this one tournament "
        "(`manage.py export --tournament ID`, format version 1).",
        responses={
            201: PublishedSerializer,
            200: PublishedSerializer,
            400: schema.refusal(
                400,
                "Not one tournament's export document, another uid, or a document the import "
                "refuses (the first fault named).",
                "publication_not_tournament",
                "publication_uid_mismatch",
                "publication_invalid",
                "malformed_json",
            ),
            401: schema.refusal(
                401, "No token (or a wrong one).", "not_authenticated", "authentication_failed"
            ),
            403: schema.refusal(403, "Published before by another account.", "permission_denied"),
            413: schema.refusal(413, "A document over 32 MB.", "body_too_large"),
            **schema.NOT_FOUND,
        },
        summary="Publish a tournament from a venue (201, then 200; the same again: unchanged)",
    )
    def put(self, request: Request, uid: uuid.UUID) -> Response:
        done = tournament_publish(uid=uid, doc=request.data, user=request.user)
        body = {
            "id": done.tournament.pk,
            "uid": str(done.tournament.uid),
            "url": request.build_absolute_uri(done.tournament.get_absolute_url()),
            "unchanged": done.unchanged,
            "people_open": done.tournament.people_open,
        }
        return Response(body, status=201 if done.created else 200)
