"""The open-data app's refusal texts: code → German msgid (English in this app's
``locale/``). Registered with ``league.core.messages`` from the app's ``AppConfig.ready``.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_noop

MESSAGES: Mapping[str, str] = {
    "opendata_dir_bad": gettext_noop(
        "In den Ordner {dir} kann der Export nicht geschrieben werden: {error}"
    ),
}
