"""JSON in (api.md): one parser with a size limit, and JSON out whatever ``Accept`` says."""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping
from typing import IO, Any

from rest_framework import exceptions, parsers
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request

from league.api.errors import MAX_BODY_BYTES, TooLarge

__all__ = ["MAX_BODY_BYTES", "JSONOnly", "JSONParser", "encodable"]


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, refusing bodies over ``MAX_BODY_BYTES`` (413), nesting too deep
    for Python's parser and lone surrogates (400) instead of failing. A view with larger
    bodies (a venue's publication) subclasses it with its own ``max_bytes``."""

    max_bytes = MAX_BODY_BYTES

    def parse(
        self,
        stream: IO[Any],
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        data = stream.read(self.max_bytes + 1)
        if len(data) > self.max_bytes:
            raise TooLarge(self.max_bytes // 1024)
        try:
            parsed = super().parse(io.BytesIO(data), media_type, parser_context)
        except RecursionError:
            raise exceptions.ParseError() from None
        if not encodable(parsed):
            raise exceptions.ParseError()  # a lone surrogate ("\ud800") is no text
        return parsed


def encodable(data: Any) -> bool:
    """Whether every string in ``data`` (keys too) is text UTF-8 can hold: JSON's
    ``"\ud800"`` parses to a lone surrogate, which no database column or answer can take."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return False
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


class JSONOnly(DefaultContentNegotiation):
    """Always JSON: the API has one renderer, so ``Accept`` never leads to a 406."""

    def select_renderer(
        self, request: Request, renderers: Iterable[BaseRenderer], format_suffix: str | None = None
    ) -> tuple[BaseRenderer, str]:
        renderer = next(iter(renderers))
        return renderer, renderer.media_type
