"""The API's view classes: JSON in and out, one error shape, and who may write.

Views are thin, like the HTML ones. Reads come from the apps' selectors, writes go through
their services, and who may write is asked of ``league.lists.access`` and
``league.tournaments.access`` — the helpers the site's pages use. Every answer is rendered
by an output serializer, every refusal by ``league.api.errors``.
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.db import models
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from rest_framework import generics, serializers
from rest_framework.authentication import TokenAuthentication
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.views import APIView

from league.api.authentication import SessionAuthentication, TableCodeAuthentication
from league.api.errors import error_body
from league.api.pagination import Pagination
from league.api.parsers import JSONOnly, JSONParser
from league.api.permissions import HasCredentials
from league.api.throttling import (
    WriteAnonThrottle,
    WriteCodeThrottle,
    WriteUserThrottle,
)
from league.core.errors import ServiceError

S = TypeVar("S", bound=serializers.Serializer[Any])
M = TypeVar("M", bound=models.Model)


class ApiView(APIView):
    """JSON in and out; accounts by token or session, refusals in the one error shape."""

    authentication_classes = [TokenAuthentication, SessionAuthentication]
    permission_classes = [AllowAny]
    parser_classes = [JSONParser]
    renderer_classes = [JSONRenderer]
    content_negotiation_class = JSONOnly
    throttle_classes: list[type] = []


class WriteView(ApiView):
    """Writes: an account or a table code, throttled per client."""

    authentication_classes = [
        TokenAuthentication,
        SessionAuthentication,
        TableCodeAuthentication,
    ]
    permission_classes = [HasCredentials]
    throttle_classes = [WriteUserThrottle, WriteCodeThrottle, WriteAnonThrottle]
    _throttles_checked = False

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        # Throttles before permissions: a write refused for lack of credentials (401)
        # counts against its address too.
        self.perform_authentication(request)
        self.check_throttles(request)
        super().initial(request, *args, **kwargs)

    def check_throttles(self, request: Request) -> None:
        if not self._throttles_checked:  # once per request (this view serves one)
            self._throttles_checked = True
            super().check_throttles(request)


def valid(
    serializer_class: type[S], data: Any, context: dict[str, Any] | None = None
) -> dict[str, Any]:
    serializer = serializer_class(data=data, context=context or {})
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


class ApiListView(generics.ListAPIView[M]):
    """A public list of objects in pages (``Pagination``), with the API's JSON-only
    content negotiation and error shape."""

    authentication_classes = ApiView.authentication_classes
    permission_classes = ApiView.permission_classes
    parser_classes = ApiView.parser_classes
    renderer_classes = ApiView.renderer_classes
    content_negotiation_class = ApiView.content_negotiation_class
    throttle_classes: list[type] = []
    pagination_class = Pagination


@csrf_exempt
def not_found(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
    """An unknown address under the API: JSON like every other refusal."""
    return JsonResponse(error_body(ServiceError("not_found")), status=404)
