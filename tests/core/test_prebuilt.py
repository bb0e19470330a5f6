"""tests/prebuilt.py: a copy is only kept when every row it points to is there."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, User

from tests import prebuilt
from tests.prebuilt import Prebuilt


@pytest.mark.django_db(transaction=True)
def test_a_copy_puts_back_the_rows_it_points_to_or_is_built_again():
    """A data migration's row the build used (here a group) is gone after a transactional
    test's flush: the copy puts it back as it was (same id). If its name now belongs to
    another group, it cannot: the build runs again."""
    kassenwart = Group.objects.create(name="Kassenwart")
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
    # The next: the built rows are gone, and so is the group (a flush): put back.
    User.objects.all().delete()
    Group.objects.filter(name="Kassenwart").delete()
    user = made()
    assert len(calls) == 1
    assert [(g.pk, g.name) for g in user.groups.all()] == [(kassenwart.pk, "Kassenwart")]
    # The next: the group's name belongs to another row (another id): built again.
    User.objects.all().delete()
    Group.objects.filter(name="Kassenwart").delete()
    other = Group.objects.create(name="Kassenwart")
    user = made()
    assert len(calls) == 2
    assert [g.pk for g in user.groups.all()] == [other.pk]
    assert Group.objects.filter(name="Kassenwart").count() == 1


@pytest.mark.django_db
def test_a_shared_build_is_made_by_one_worker_and_copied_by_the_others(monkeypatch, tmp_path):
    """Two workers of one run (here two Prebuilts in one process, as each worker has its
    own): the first builds and leaves its rows in the run's file, the second copies them
    without building; a run without workers shares nothing."""
    monkeypatch.setattr(prebuilt, "_RUN", "run-1")
    monkeypatch.setattr(prebuilt, "SHARED", tmp_path)
    calls: list[str] = []

    def build() -> User:
        calls.append("built")
        return User.objects.create_user("geteilt")

    first = Prebuilt(build, share="welt")()
    assert (tmp_path / "run-1" / "welt.pickle").exists()
    User.objects.all().delete()  # the other worker's empty database
    second = Prebuilt(build, share="welt")()
    assert calls == ["built"]
    assert (second.pk, second.username) == (first.pk, "geteilt")

    monkeypatch.setattr(prebuilt, "_RUN", None)
    User.objects.all().delete()
    Prebuilt(build, share="andere")()
    assert calls == ["built", "built"]
    assert not (tmp_path / "run-1" / "andere.pickle").exists()
