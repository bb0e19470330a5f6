import pytest

from league.clubs.models import Player
from league.lists import services
from tests.site_helpers import NAMES


@pytest.fixture
def game_data():
    return {
        "kind": "normal",
        "players": ["Anna", "Bernd", "Carla", "Dieter"],
        "re": ["Anna", "Carla"],
        "re_augen": 131,
        "announcements": {"re": "ansage", "kontra": "none"},
    }


@pytest.fixture
def players(db):
    return [Player.objects.create(name=n) for n in NAMES]


@pytest.fixture
def liste(players, user):
    """A free list kept by the account ``user`` (its Listenführer)."""
    return services.spielliste_create(title="Testtisch", players=players, created_by=user)


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user("lf", password="pw-secret-123")


@pytest.fixture
def lf_client(client, user):
    client.force_login(user)
    return client


@pytest.fixture(autouse=True)
def _german_by_default():
    """Each test starts in the site's default language, whatever an earlier request chose."""
    from django.utils import translation

    translation.activate("de")
    yield
    translation.deactivate()
