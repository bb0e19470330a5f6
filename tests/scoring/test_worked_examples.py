"""Every worked example of scoring.md §4 (points for A; A, C = Re unless noted)."""

import pytest

from scoring import Party

from .helpers import ann, score

EXAMPLES = [
    ("121:119", {"re_augen": 121}, 1, Party.RE),
    ("120:120", {"re_augen": 120}, -2, Party.KONTRA),
    (
        "Re+Kontra 120:120",
        {"re_augen": 120, "announcements": ann("ansage", "ansage")},
        -6,
        Party.KONTRA,
    ),
    ("Kontra k90, Re; Re 95", {"re_augen": 95, "announcements": ann("ansage", "k90")}, 6, Party.RE),
    (
        "Kontra, Kontra 160",
        {"re_augen": 80, "announcements": ann("none", "ansage")},
        -5,
        Party.KONTRA,
    ),
    ("both k90, 130:110", {"re_augen": 130, "announcements": ann("k90", "k90")}, 1, None),
    ("Re 240, Kontra a trick of nines", {"re_augen": 240}, 4, Party.RE),
    (
        "125:115 with Sonderpunkte",
        {
            "re_augen": 125,
            "specials": {
                "doppelkopf": {"re": 1, "kontra": 0},
                "fuchs": {"re": 0, "kontra": 1},
                "karlchen": "kontra",
            },
        },
        0,
        Party.RE,
    ),
]


@pytest.mark.parametrize(("name", "fields", "points_a", "winner"), EXAMPLES)
def test_worked_example(name, fields, points_a, winner):
    result = score(**fields)
    assert result.points["A"] == points_a, name
    assert result.points["C"] == points_a
    assert result.points["B"] == result.points["D"] == -points_a
    assert result.winner == winner


def test_worked_example_solo():
    result = score(kind="solo", solo="damen", re=["A"], re_augen=190, announcements=ann("ansage"))
    assert result.points == {"A": 15, "B": -5, "C": -5, "D": -5}
    assert [line.key for line in result.breakdown] == [
        "won",
        "under_90",
        "under_60",
        "re_announced",
    ]
