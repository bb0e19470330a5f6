"""Lists are paginated (api.md): ``?page=``, answered with count, next, previous, results.

``?page=`` must be a plain positive number (400 ``invalid_value`` otherwise, not a 500 and not
DRF's 404 for "²"); a page past the end is 404. ``?per_page=`` (1..100) picks the page size;
anything else is 400 as well (issue 21: the schema states both bounds, the server keeps them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db.models import QuerySet
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.views import APIView

from league.core.errors import ServiceError
from league.core.params import int_param

MAX_PAGE = 99_999


class Pagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "per_page"
    max_page_size = 100

    def paginate_queryset(
        self,
        queryset: QuerySet[Any, Any] | Sequence[Any],
        request: Request,
        view: APIView | None = None,
    ) -> list[Any] | None:
        for name, most in ((self.page_query_param, MAX_PAGE), ("per_page", self.max_page_size)):
            raw = request.query_params.get(name)
            if raw is not None and not 1 <= int_param(raw, 0, digits=6) <= most:
                raise ServiceError(
                    "invalid_value", {"name": name, "detail": f"1 … {most}"}, field=name
                )
        return super().paginate_queryset(queryset, request, view)

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        bounds = {self.page_query_param: MAX_PAGE, "per_page": self.max_page_size}
        for parameter in parameters:
            most = bounds.get(parameter["name"])
            if most is not None:
                parameter["schema"] = {"type": "integer", "minimum": 1, "maximum": most}
        return parameters
