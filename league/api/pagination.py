"""Lists are paginated (api.md): ``?page=``, answered with count, next, previous, results."""

from __future__ import annotations

from rest_framework.pagination import PageNumberPagination


class Pagination(PageNumberPagination):
    page_size = 50
