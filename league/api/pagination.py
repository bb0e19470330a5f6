"""Lists are paginated (api.md): ``?page=``, answered with count, next, previous, results.

``?page=`` must be a plain positive number (400 ``invalid_value`` otherwise, not a 500 and not
DRF's 404 for "²"); a page past the end is 404. ``?per_page=`` (1..100) picks the page size;
a garbled one means the default."""

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
        raw = request.query_params.get(self.page_query_param)
        if raw is not None and not 1 <= int_param(raw, 0, digits=6) <= MAX_PAGE:
            raise ServiceError(
                "invalid_value",
                {"name": self.page_query_param, "detail": f"1 … {MAX_PAGE}"},
                field=self.page_query_param,
            )
        return super().paginate_queryset(queryset, request, view)
