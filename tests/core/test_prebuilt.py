"""tests/prebuilt.py: a copy is only kept when every row it points to is there."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, User

from tests.prebuilt import Prebuilt


@pytest.mark.django_db(transaction=True)
def test_a_copy_pointing_to_a_missing_row_is_built_again():
    """A data migration's row the build used (here a group) is gone after a transactional
    test's flush: the copy would point nowhere, so the build runs again."""
    Group.objects.create(name="Kassenwart")
    calls: list[int] = []

    def build() -> User:
        calls.append(1)
        user = User.objects.create_user("wart")
        user.groups.add(Group.objects.get_or_create(name="Kassenwart")[0])
        return user

    made = Prebuilt(build)
    made()
    # The next test: the built rows are gone, the group is there: copied, not built.
    User.objects.all().delete()
    assert made().groups.get().name == "Kassenwart"
    assert len(calls) == 1
    # The next: the built rows are gone, and so is the group (a flush).
    User.objects.all().delete()
    Group.objects.filter(name="Kassenwart").delete()
    user = made()
    assert len(calls) == 2
    assert [g.name for g in user.groups.all()] == ["Kassenwart"]
