"""Our own table: each winner rule of 7.1, each item of 7.2.2/7.2.3, each Decision."""

import pytest

from scoring import Party
from scoring.messages import label
from scoring.results import ITEM_TSR

from .helpers import ann, score

SP = {"doppelkopf": {"re": 0, "kontra": 0}, "fuchs": {"re": 0, "kontra": 0}, "karlchen": None}


def sp(**kw):
    out = {k: (dict(v) if isinstance(v, dict) else v) for k, v in SP.items()}
    for key, value in kw.items():
        name, _, party = key.partition("_")
        if name == "karlchen":
            out["karlchen"] = value
        else:
            out[name][party] = value
    return out


CASES = [
    # (id, fields, points for A, winner, breakdown keys)
    ("7.1.1.1 Re 121 no announcements", {"re_augen": 121}, 1, Party.RE, ["won"]),
    ("7.1.2.1 Kontra 120", {"re_augen": 120}, -2, Party.KONTRA, ["won", "gegen_die_alten"]),
    (
        "7.1.1.2 only Re, 121",
        {"re_augen": 121, "announcements": ann("ansage")},
        3,
        Party.RE,
        ["won", "re_announced"],
    ),
    (
        "7.1.2.2 only Re, Kontra 120",
        {"re_augen": 120, "announcements": ann("ansage")},
        -4,
        Party.KONTRA,
        ["won", "re_announced", "gegen_die_alten"],
    ),
    (
        "7.1.1.3 Re and Kontra, 121",
        {"re_augen": 121, "announcements": ann("ansage", "ansage")},
        5,
        Party.RE,
        ["won", "re_announced", "kontra_announced"],
    ),
    (
        "7.1.1.4 only Kontra: Re wins with 120",
        {"re_augen": 120, "announcements": ann("none", "ansage")},
        3,
        Party.RE,
        ["won", "kontra_announced"],
    ),
    (
        "7.1.2.4 only Kontra: Kontra needs 121",
        {"re_augen": 119, "announcements": ann("none", "ansage")},
        -4,
        Party.KONTRA,
        ["won", "kontra_announced", "gegen_die_alten"],
    ),
    (
        "7.1.1.5 Re k90 with 151",
        {"re_augen": 151, "announcements": ann("k90")},
        5,
        Party.RE,
        ["won", "under_90", "re_announced", "re_k90"],
    ),
    (
        "7.1.2.7 Re k90 fails at 150: Kontra needs 90",
        {"re_augen": 150, "announcements": ann("k90")},
        -5,
        Party.KONTRA,
        ["won", "re_announced", "re_k90", "gegen_die_alten"],
    ),
    (
        "7.1.1.5 Re k60 with 181",
        {"re_augen": 181, "announcements": ann("k60")},
        7,
        Party.RE,
        ["won", "under_90", "under_60", "re_announced", "re_k90", "re_k60"],
    ),
    (
        "7.1.2.7 Re k60 fails at 180",
        {"re_augen": 180, "announcements": ann("k60")},
        -6,
        Party.KONTRA,
        ["won", "re_announced", "re_k90", "re_k60", "gegen_die_alten"],
    ),
    (
        "7.1.1.5 Re k30 with 211",
        {"re_augen": 211, "announcements": ann("k30")},
        9,
        Party.RE,
        ["won", "under_90", "under_60", "under_30", "re_announced", "re_k90", "re_k60", "re_k30"],
    ),
    (
        "7.1.1.6 Re schwarz, all tricks",
        {"re_augen": 240, "schwarz": "kontra", "announcements": ann("schwarz")},
        11,
        Party.RE,
        [
            "won",
            "under_90",
            "under_60",
            "under_30",
            "schwarz",
            "re_announced",
            "re_k90",
            "re_k60",
            "re_k30",
            "re_schwarz",
        ],
    ),
    (
        "7.1.2.8 Re schwarz, Kontra takes a 0-Augen trick",
        {"re_augen": 240, "announcements": ann("schwarz")},
        -8,
        Party.KONTRA,
        ["won", "re_announced", "re_k90", "re_k60", "re_k30", "re_schwarz", "gegen_die_alten"],
    ),
    (
        "7.1.1.8 Kontra schwarz, Re takes a trick of nines",
        {"re_augen": 0, "announcements": ann("none", "schwarz")},
        7,
        Party.RE,
        ["won", "kontra_announced", "kontra_k90", "kontra_k60", "kontra_k30", "kontra_schwarz"],
    ),
    (
        "7.1.2.5 Kontra k90 with 151",
        {"re_augen": 89, "announcements": ann("none", "k90")},
        -6,
        Party.KONTRA,
        ["won", "under_90", "kontra_announced", "kontra_k90", "gegen_die_alten"],
    ),
    (
        "7.1.2.6 Kontra schwarz, all tricks",
        {"re_augen": 0, "schwarz": "re", "announcements": ann("none", "schwarz")},
        -12,
        Party.KONTRA,
        [
            "won",
            "under_90",
            "under_60",
            "under_30",
            "schwarz",
            "kontra_announced",
            "kontra_k90",
            "kontra_k60",
            "kontra_k30",
            "kontra_schwarz",
            "gegen_die_alten",
        ],
    ),
    (
        "Decision e/f: each level reached counts (k60, Re 125)",
        {"re_augen": 125, "announcements": ann("none", "k60")},
        7,
        Party.RE,
        [
            "won",
            "kontra_announced",
            "kontra_k90",
            "kontra_k60",
            "reached_120_vs_k90",
            "reached_90_vs_k60",
        ],
    ),
    (
        "Decision e/f: only the levels achieved (k60, Re 95)",
        {"re_augen": 95, "announcements": ann("none", "k60")},
        6,
        Party.RE,
        ["won", "kontra_announced", "kontra_k90", "kontra_k60", "reached_90_vs_k60"],
    ),
    (
        "e/f against schwarz: 30 Augen",
        {"re_augen": 30, "announcements": ann("none", "schwarz")},
        8,
        Party.RE,
        [
            "won",
            "kontra_announced",
            "kontra_k90",
            "kontra_k60",
            "kontra_k30",
            "kontra_schwarz",
            "reached_30_vs_schwarz",
        ],
    ),
    (
        "Decision: Absagen of both parties go to the winner",
        {"re_augen": 155, "announcements": ann("k90", "k90")},
        9,
        Party.RE,
        [
            "won",
            "under_90",
            "re_announced",
            "kontra_announced",
            "re_k90",
            "kontra_k90",
            "reached_120_vs_k90",
        ],
    ),
    (
        "7.1.3 nobody wins, under-points to who achieved them",
        {"re_augen": 200, "announcements": ann("k30", "k90")},
        3,
        None,
        ["under_90", "under_60", "reached_120_vs_k90"],
    ),
    (
        "7.1.3 nobody wins, both parties earn (e)/(f)",
        {"re_augen": 120, "announcements": ann("k90", "k90")},
        0,
        None,
        ["reached_120_vs_k90", "reached_120_vs_k90"],
    ),
    (
        "Sonderpunkte count when nobody wins",
        {"re_augen": 130, "announcements": ann("k90", "k90"), "specials": sp(fuchs_re=1)},
        2,
        None,
        ["reached_120_vs_k90", "fuchs"],
    ),
    (
        "Decision: the winner can end negative",
        {"re_augen": 121, "specials": sp(doppelkopf_kontra=2, fuchs_kontra=1)},
        -2,
        Party.RE,
        ["won", "doppelkopf", "fuchs"],
    ),
    (
        "Decision: the loser earns only its Sonderpunkte",
        {"re_augen": 80, "specials": sp(doppelkopf_re=1, karlchen="re")},
        -1,
        Party.KONTRA,
        ["won", "under_90", "gegen_die_alten", "doppelkopf", "karlchen"],
    ),
    (
        "Hochzeit with partner is a normal game",
        {"kind": "hochzeit", "re_augen": 130, "specials": sp(fuchs_re=2)},
        3,
        Party.RE,
        ["won", "fuchs"],
    ),
]


@pytest.mark.parametrize(
    ("name", "fields", "points_a", "winner", "keys"), CASES, ids=[c[0] for c in CASES]
)
def test_case(name, fields, points_a, winner, keys):
    result = score(**fields)
    assert result.points["A"] == points_a
    assert result.winner == winner
    assert [line.key for line in result.breakdown] == keys


@pytest.mark.parametrize(
    ("kind", "solo"), [("solo", "kreuz"), ("stille_hochzeit", None), ("hochzeit", None)]
)
def test_solo_like_games_triple_for_the_soloist(kind, solo):
    result = score(kind=kind, solo=solo, re=["B"], re_augen=121)
    assert result.points == {"A": -1, "B": 3, "C": -1, "D": -1}
    assert result.solo_like


def test_solo_loss_costs_the_soloist_three_times():
    result = score(
        kind="solo",
        solo="fleischlos",
        pflicht=True,
        re=["D"],
        re_augen=100,
        announcements=ann("ansage"),
    )
    # Kontra wins: won 1 + Re 2; no Sonderpunkt (no "gegen die Kreuz-Damen") in a solo.
    assert result.points == {"A": 3, "B": 3, "C": 3, "D": -9}
    assert [line.key for line in result.breakdown] == ["won", "re_announced"]


def test_nullspiel_gives_everybody_zero():
    result = score(re_augen=125, specials=sp(doppelkopf_re=1, fuchs_kontra=1, karlchen="kontra"))
    assert set(result.points.values()) == {0}
    assert result.value == 0


def test_every_breakdown_key_names_a_tsr_item():
    assert all(item.startswith("7.2.") for item in ITEM_TSR.values())
    assert score(re_augen=121).breakdown[0].item == "7.2.2 a"
    assert label("item", score(re_augen=121).breakdown[0].key) == "Gewonnen"
