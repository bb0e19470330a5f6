import pytest

from league.core import sections
from league.lists import owners
from tests.kneipe import owner


@pytest.fixture(autouse=True)
def kneipe(monkeypatch):
    """The test-only owner registered for these tests only (the registries as they were
    afterwards)."""
    monkeypatch.setattr(owners, "_kinds", dict(owners._kinds))
    monkeypatch.setattr(sections, "_backup", list(sections._backup))
    monkeypatch.setattr(sections, "_privacy", list(sections._privacy))
    owner.register()
    return owner
