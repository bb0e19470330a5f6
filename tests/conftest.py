import pytest


@pytest.fixture
def game_data():
    return {
        "kind": "normal",
        "players": ["Anna", "Bernd", "Carla", "Dieter"],
        "re": ["Anna", "Carla"],
        "re_augen": 131,
        "announcements": {"re": "ansage", "kontra": "none"},
    }
