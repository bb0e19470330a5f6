"""The demo for tests: ``manage.py load_demo`` runs once per test process, every later test
gets a copy of the rows it wrote (tests/prebuilt.py).

Loading the demo takes 10–15 s (hundreds of games through the services); most tests only
read it. The first run in a process is the real command — with DEBUG on and without
``--force``, exactly as ``make run`` does.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from django.core.management import call_command
from django.test.utils import override_settings

from tests.prebuilt import Prebuilt


@dataclass(frozen=True)
class Demo:
    output: str  # what load_demo printed when it ran in this process


def _load() -> Demo:
    out = io.StringIO()
    with override_settings(DEBUG=True):
        call_command("load_demo", stdout=out)
    return Demo(output=out.getvalue())


demo_load_or_copy = Prebuilt(_load, share="demo")
