# The part of django-tables2 (untyped) the site uses: league/tournaments/tables.py and
# views/standings.py. Extend it when a new call needs more.
from collections.abc import Iterable, Sequence
from typing import Any

from django.http import HttpRequest
from django.utils.functional import _StrOrPromise
from django.utils.safestring import SafeString

class Column:
    def __init__(
        self,
        verbose_name: _StrOrPromise | None = None,
        accessor: Any = None,
        default: Any = None,
        visible: bool = True,
        orderable: bool | None = None,
        attrs: dict[str, Any] | None = None,
        order_by: Any = None,
        empty_values: Iterable[Any] | None = None,
        localize: bool | None = None,
        footer: Any = None,
        exclude_from_export: bool = False,
        linkify: Any = False,
        initial_sort_descending: bool = False,
    ) -> None: ...
    def render(self, value: Any) -> Any: ...
    def value(self, value: Any) -> Any: ...

class Table:
    def __init__(
        self,
        data: Any = None,
        order_by: Any = None,
        orderable: bool | None = None,
        empty_text: str | None = None,
        exclude: Sequence[str] | None = None,
        attrs: dict[str, Any] | None = None,
        row_attrs: dict[str, Any] | None = None,
        pinned_row_attrs: dict[str, Any] | None = None,
        sequence: Sequence[str] | None = None,
        prefix: str | None = None,
        order_by_field: str | None = None,
        page_field: str | None = None,
        per_page_field: str | None = None,
        template_name: str | None = None,
        default: Any = None,
        request: HttpRequest | None = None,
        show_header: bool | None = None,
        show_footer: bool = True,
        extra_columns: Sequence[tuple[str, Column]] | None = None,
    ) -> None: ...
    def as_html(self, request: HttpRequest) -> SafeString: ...
    def as_values(self, exclude_columns: Sequence[str] | None = None) -> Iterable[list[Any]]: ...

class RequestConfig:
    def __init__(self, request: HttpRequest, paginate: bool | dict[str, Any] = True) -> None: ...
    def configure(self, table: Table) -> None: ...
