"""Names longer than their column are refused clearly by the services (never a DataError
on PostgreSQL, never silently stored on SQLite)."""

import pytest

from league.clubs import services
from league.clubs.models import Club, Player
from league.core.errors import ServiceError

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "call",
    [
        lambda: services.player_get_or_create(name="x" * 81),
        lambda: services.player_get_or_create(name="Anna", ddv_number="9" * 21),
        lambda: services.club_get_or_create(name="C" * 121),
    ],
)
def test_overlong_values_are_refused_and_nothing_is_written(call):
    with pytest.raises(ServiceError) as exc:
        call()
    assert exc.value.code == "value_too_long"
    assert not Player.objects.exists()
    assert not Club.objects.exists()


def test_names_at_the_limit_are_fine():
    assert services.player_get_or_create(name="x" * 80).name == "x" * 80
    assert services.club_get_or_create(name="C" * 120).name == "C" * 120
