"""Logging filters (settings.LOGGING)."""

from __future__ import annotations

import logging


class RefusalWithoutTraceback(logging.Filter):
    """A 4xx logged by ``django.request`` (a 403 from ``PermissionDenied``, a 404) keeps
    its one line but drops the traceback: thousands of refusals must not drown the one 500
    whose traceback matters."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if isinstance(status, int) and 400 <= status < 500:
            record.exc_info = None
            record.exc_text = None
        return True
