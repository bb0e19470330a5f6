import pytest

from league import services
from league.models import Player
from scoring import GameRecord

NAMES = ["Anna", "Bernd", "Carla", "Dieter"]


@pytest.fixture
def players(db):
    return [Player.objects.create(name=n) for n in NAMES]


@pytest.fixture
def liste(players):
    return services.spielliste_create(title="Testtisch", players=players)


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user("lf", password="pw-secret-123")


@pytest.fixture
def lf_client(client, user):
    client.force_login(user)
    return client


def normal(players=NAMES, re=("Anna", "Bernd"), augen=130, **extra) -> GameRecord:
    return GameRecord.from_dict(
        {"kind": "normal", "players": list(players), "re": list(re), "re_augen": augen, **extra}
    )


def solo(soloist, players=NAMES, pflicht=True, augen=150) -> GameRecord:
    return GameRecord.from_dict(
        {
            "kind": "solo",
            "solo": "damen",
            "pflicht": pflicht,
            "players": list(players),
            "re": [soloist],
            "re_augen": augen,
        }
    )
