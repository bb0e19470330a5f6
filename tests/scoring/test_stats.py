"""Player statistics (statistics.md): worked examples computed by hand, and properties over
random lists of every rule profile."""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.interchange.stats import list_from_dict, player_stats_to_dict, statistics_to_dict
from scoring.stats import (
    PlayerStats,
    Substitute,
    Tally,
    combine,
    list_statistics,
    merge,
    player_statistics,
)

from .random_lists import PROFILES, random_list

SEATS = ["Anna", "Bernd", "Carla", "Dieter"]


def game(re: list[str], augen: int, kind: str = "normal", players=SEATS, **kw: Any):
    return {"kind": kind, "players": list(players), "re": re, "re_augen": augen, **kw}


def ann(re: str = "none", kontra: str = "none") -> dict[str, str]:
    return {"re": re, "kontra": kontra}


# --- a 4-player TSR list: a Pflichtsolo, Hochzeiten, announcements, no winner -------------

TSR_LIST = {
    "seats": SEATS,
    "games": [
        # 1: Re (Anna, Carla) announced and won 130: won 1 + Re 2 = 3.
        game(["Anna", "Carla"], 130, announcements=ann("ansage")),
        # 2: Bernd's Pflichtsolo (Damen) 190: won, under 90, under 60 = 3, × 3 = 9.
        game(["Bernd"], 190, kind="solo", solo="damen", pflicht=True),
        # 3: Hochzeit with a partner (Carla, Dieter) 150: won 1.
        game(["Carla", "Dieter"], 150, kind="hochzeit"),
        # 4: both k90, 130 : 110 — nobody wins; Re reached 120 against k90: +1 (scoring.md §4).
        game(["Anna", "Bernd"], 130, announcements=ann("k90", "k90")),
        # 5: Hochzeit without a partner (Dieter) 160: won, under 90 = 2, × 3 = 6.
        game(["Dieter"], 160, kind="hochzeit"),
        # 6: Stille Hochzeit (Anna) lost 100 : 140: Kontra won 1; Anna −3.
        game(["Anna"], 100, kind="stille_hochzeit"),
        # 7: Bernd's Lustsolo (Buben) lost 110 : 130: Kontra won 1; Bernd −3.
        game(["Bernd"], 110, kind="solo", solo="buben"),
    ],
    # Dieter −3, the others +1: in the Stand (the Kasse), never in the statistics.
    "penalties": [{"after_game": 2, "kind": "minor", "offender": "Dieter"}],
}


def by_name(states) -> dict[str, PlayerStats]:
    return {ps.player: ps for ps in player_statistics(states)}


def test_tsr_list_by_hand():
    state = list_from_dict(TSR_LIST)
    out = by_name([state])
    anna, bernd, carla, dieter = (out[n] for n in SEATS)
    # Points per game: A 3 −3 −1 +1 −2 −3 +1; B −3 +9 −1 +1 −2 +1 −3; C 3 −3 +1 −1 −2 +1 +1;
    # D −3 −3 +1 −1 +6 +1 +1. The penalty row (D −3, others +1) is not counted.
    assert [p.points for p in (anna, bernd, carla, dieter)] == [-4, 2, 0, 2]
    assert state.totals == {"Anna": -3, "Bernd": 3, "Carla": 1, "Dieter": -1}
    assert all(p.games == 7 for p in out.values())
    # Won / lost: game 4 has no winner.
    assert [(p.won, p.lost, p.no_winner) for p in (anna, bernd, carla, dieter)] == [
        (2, 4, 1),
        (2, 4, 1),
        (4, 2, 1),
        (4, 2, 1),
    ]
    assert (anna.re, anna.re_won, anna.kontra, anna.kontra_won) == (3, 1, 4, 1)
    assert (bernd.re, bernd.re_won, bernd.kontra, bernd.kontra_won) == (3, 1, 4, 1)
    assert (carla.re, carla.re_won, carla.kontra, carla.kontra_won) == (2, 2, 5, 2)
    assert (dieter.re, dieter.re_won, dieter.kontra, dieter.kontra_won) == (2, 2, 5, 2)
    # Solos: by type; a lone Hochzeiter plays "hochzeit"; only Bernd's Damen is a Pflichtsolo.
    assert anna.solos == {"stille_hochzeit": Tally(1, 0)}
    assert bernd.solos == {"damen": Tally(1, 1), "buben": Tally(1, 0)}
    assert carla.solos == {}
    assert dieter.solos == {"hochzeit": Tally(1, 1)}
    assert [p.pflicht for p in (anna, bernd, carla, dieter)] == [0, 1, 0, 0]
    # Announcements: game 1 (Re: Anna, Carla; won), game 4 (everybody; nobody won).
    assert [(p.announced, p.announced_won) for p in (anna, bernd, carla, dieter)] == [
        (2, 1),
        (1, 0),
        (2, 1),
        (1, 0),
    ]
    # Partners: games 1 (A+C won, B+D lost), 3 (C+D won, A+B lost), 4 (A+B, C+D: no winner).
    assert anna.partners == {"Bernd": Tally(2, 0), "Carla": Tally(1, 1)}
    assert bernd.partners == {"Anna": Tally(2, 0), "Dieter": Tally(1, 0)}
    assert carla.partners == {"Anna": Tally(1, 1), "Dieter": Tally(2, 1)}
    assert dieter.partners == {"Bernd": Tally(1, 0), "Carla": Tally(2, 1)}
    # −4 / 7 = −0.571…, 2 / 7 = 0.2857…
    assert [p.average for p in (anna, bernd, carla, dieter)] == [
        Decimal("-0.57"),
        Decimal("0.29"),
        Decimal("0.00"),
        Decimal("0.29"),
    ]


def test_tsr_list_as_json():
    row = player_stats_to_dict(by_name([list_from_dict(TSR_LIST)])["Bernd"])
    assert row == {
        "player": "Bernd",
        "games": 7,
        "won": 2,
        "lost": 4,
        "points": 2,
        "average": 0.29,
        "re": 3,
        "re_won": 1,
        "kontra": 4,
        "kontra_won": 1,
        "solos": {
            "damen": {"played": 1, "won": 1},
            "buben": {"played": 1, "won": 0},
            "pflicht": 1,
        },
        "announced": 1,
        "announced_won": 0,
        "partners": {"Anna": {"games": 2, "won": 0}, "Dieter": {"games": 1, "won": 0}},
    }
    assert list(row) == [
        "player",
        "games",
        "won",
        "lost",
        "points",
        "average",
        "re",
        "re_won",
        "kontra",
        "kontra_won",
        "solos",
        "announced",
        "announced_won",
        "partners",
    ]


# --- verein-002: doubling, Bock, a redeal, a quick row, Armut, solo bonus --------------

VEREIN_LIST = {
    "rules": "verein-002",
    "seats": SEATS,
    "games": [
        # 1: Re (Anna, Carla) announced and lost 100 : 140: Kontra won 1 + gegen die Alten 1,
        #    × 2 (Re announced, doubling) = 4. Lost announcement: a Bockrunde (4 deals × 2).
        game(["Anna", "Carla"], 100, announcements=ann("ansage")),
        # Geschmissen: no game, Bernd deals again, no Bock deal used.
        {"kind": "geschmissen"},
        # 2: quick row, Anna and Bernd won 3, × 2 Bock = 6.
        {"kind": "quick", "players": SEATS, "winners": ["Anna", "Bernd"], "value": 3},
        # 3: Armut (Carla, Dieter) 125: won 1, × 2 Bock = 2.
        game(["Carla", "Dieter"], 125, kind="armut"),
        # 4: Bernd's Kreuzsolo 200: won, under 90, under 60 = 3 + solo bonus 1 = 4, × 2 Bock
        #    = 8; Bernd + 24.
        game(["Bernd"], 200, kind="solo", solo="kreuz"),
    ],
}


def test_verein_002_list_by_hand():
    state = list_from_dict(VEREIN_LIST)
    assert [row.bock for row in state.rows] == [1, 1, 2, 2, 2]  # the redeal is row 2
    out = by_name([state])
    anna, bernd, carla, dieter = (out[n] for n in SEATS)
    assert [p.points for p in (anna, bernd, carla, dieter)] == [-8, 32, -16, -8]
    assert all(p.games == 4 for p in out.values())  # the redeal is no game
    assert [(p.won, p.lost) for p in (anna, bernd, carla, dieter)] == [
        (1, 3),
        (3, 1),
        (1, 3),
        (2, 2),
    ]
    # Re / Kontra count the full records only (games 1, 3, 4), not the quick row.
    assert [(p.re, p.re_won, p.kontra, p.kontra_won) for p in (anna, bernd, carla, dieter)] == [
        (1, 0, 2, 0),
        (1, 1, 2, 1),
        (2, 1, 1, 0),
        (1, 1, 2, 1),
    ]
    assert bernd.solos == {"kreuz": Tally(1, 1)}
    assert bernd.pflicht == 0
    assert [(p.announced, p.announced_won) for p in (anna, carla)] == [(1, 0), (1, 0)]
    assert bernd.announced == dieter.announced == 0
    # Partners: game 1 (A+C, B+D) and the Armut (C+D, A+B); the quick row names no parties.
    assert anna.partners == {"Bernd": Tally(1, 0), "Carla": Tally(1, 0)}
    assert dieter.partners == {"Bernd": Tally(1, 1), "Carla": Tally(1, 1)}
    assert [p.average for p in (anna, bernd, carla, dieter)] == [
        Decimal("-2.00"),
        Decimal("8.00"),
        Decimal("-4.00"),
        Decimal("-2.00"),
    ]


def test_options_object_as_rules_equals_the_preset():
    from scoring.interchange import rules_to_dict
    from scoring.rules import PRESETS

    as_object = {**VEREIN_LIST, "rules": rules_to_dict(PRESETS["verein-002"])}
    assert player_statistics([list_from_dict(as_object)]) == player_statistics(
        [list_from_dict(VEREIN_LIST)]
    )


# --- a 5-player list: the dealer sits out and plays no row --------------------------------

FIVE = [*SEATS, "Erika"]
FIVE_LIST = {
    "seats": FIVE,
    "games": [
        # 1: Anna deals and sits out; Re (Bernd, Carla) 130: won 1.
        game(["Bernd", "Carla"], 130, players=FIVE[1:]),
        # 2: Bernd sits out; Re (Anna, Dieter) lost 100 : 140: Kontra won 1 + gegen die
        #    Alten 1 = 2.
        game(["Anna", "Dieter"], 100, players=["Anna", "Carla", "Dieter", "Erika"]),
        # 3: Carla sits out; Re (Anna, Erika) 170: won, under 90 = 2.
        game(["Anna", "Erika"], 170, players=["Anna", "Bernd", "Dieter", "Erika"]),
    ],
    "penalties": [{"after_game": 3, "kind": "unsporting", "offender": "Dieter", "points": 5}],
}


def test_five_player_list_by_hand():
    out = by_name([list_from_dict(FIVE_LIST)])
    # A −2 +2; B +1 −2; C +1 +2; D −1 −2 −2; E −1 +2 +2 (Anna sat out game 1, Bernd 2, Carla 3).
    assert [(out[n].games, out[n].points) for n in FIVE] == [
        (2, 0),
        (2, -1),
        (2, 3),
        (3, -5),  # the deduction (−5) is a penalty row: not counted
        (3, 3),
    ]
    assert [(out[n].won, out[n].lost) for n in FIVE] == [(1, 1), (1, 1), (2, 0), (0, 3), (2, 1)]
    assert out["Anna"].partners == {"Dieter": Tally(1, 0), "Erika": Tally(1, 1)}
    assert [out[n].average for n in FIVE] == [
        Decimal("0.00"),
        Decimal("-0.50"),  # half away from zero
        Decimal("1.50"),
        Decimal("-1.67"),
        Decimal("1.00"),
    ]


def test_a_seated_player_with_no_game_has_a_row_with_average_null():
    out = statistics_to_dict(player_statistics([list_from_dict({"seats": FIVE, "games": []})]))
    assert [row["player"] for row in out["players"]] == FIVE
    assert all(row["games"] == 0 and row["average"] is None for row in out["players"])
    assert out["players"][0]["solos"] == {"pflicht": 0}
    assert out["players"][0]["partners"] == {}


def test_players_over_several_lists_by_name_in_code_point_order():
    other = {"seats": ["Zoe", "anna", "Bernd", "Ärger"], "games": []}
    names = [ps.player for ps in player_statistics([list_from_dict(o) for o in (TSR_LIST, other)])]
    assert names == ["Anna", "Bernd", "Carla", "Dieter", "Zoe", "anna", "Ärger"]
    one = by_name([list_from_dict(TSR_LIST), list_from_dict(TSR_LIST)])["Bernd"]
    assert (one.games, one.points, one.pflicht) == (14, 4, 2)
    assert one.solos == {"damen": Tally(2, 2), "buben": Tally(2, 0)}
    assert one.partners == {"Anna": Tally(4, 0), "Dieter": Tally(2, 0)}


def test_a_voided_solo_counts_as_played_with_no_winner():
    """9.4.4: the solo counts as played; its result is the penalty row (not counted)."""
    data = {
        "seats": SEATS,
        "games": [game(["Carla"], 200, kind="solo", solo="herz", pflicht=True)],
        "penalties": [
            {
                "after_game": 1,
                "kind": "serious_solo_opponent",
                "offender": "Anna",
                "beneficiary": "Carla",
            }
        ],
    }
    out = by_name([list_from_dict(data)])
    carla = out["Carla"]
    assert (carla.games, carla.won, carla.lost, carla.points) == (1, 0, 0, 0)
    assert (carla.re, carla.re_won, carla.pflicht) == (1, 0, 1)
    assert carla.solos == {"herz": Tally(1, 0)}
    assert (out["Anna"].kontra, out["Anna"].kontra_won, out["Anna"].lost) == (1, 0, 0)


def test_a_substitute_is_credited_with_the_rows_he_played():
    """Erwin plays Dieter's seat from game 4 on (the site's substitution)."""
    state = list_from_dict(TSR_LIST)
    stats = list_statistics(state, [Substitute("Dieter", 4, "Erwin")])
    assert [ps.player for ps in stats] == [*SEATS, "Erwin"]
    out = {ps.player: ps for ps in stats}
    dieter, erwin = out["Dieter"], out["Erwin"]
    # Dieter: games 1–3 (−3 −3 +1); Erwin: 4–7 (−1 +6 +1 +1).
    assert (dieter.games, dieter.points, dieter.won, dieter.lost) == (3, -5, 1, 2)
    assert (erwin.games, erwin.points, erwin.won, erwin.lost, erwin.no_winner) == (4, 7, 3, 0, 1)
    assert erwin.solos == {"hochzeit": Tally(1, 1)}
    assert (erwin.announced, erwin.announced_won) == (1, 0)
    assert dieter.partners == {"Bernd": Tally(1, 0), "Carla": Tally(1, 1)}
    assert erwin.partners == {"Carla": Tally(1, 0)}
    assert out["Carla"].partners == {
        "Anna": Tally(1, 1),
        "Dieter": Tally(1, 1),
        "Erwin": Tally(1, 0),
    }
    # A second change of the same seat: the latest that applies.
    twice = list_statistics(
        state, [Substitute("Dieter", 6, "Dieter"), Substitute("Dieter", 4, "Erwin")]
    )
    assert [ps.games for ps in twice] == [7, 7, 7, 5, 2]


def test_quick_rows_count_games_won_lost_points_only():
    data = {
        "seats": SEATS,
        "rules": {"pflichtsolo": "none"},
        "games": [
            {"kind": "quick", "players": SEATS, "winners": ["Anna"], "value": 2, "soloist": "Anna"},
            {"kind": "quick", "players": SEATS, "winners": [], "value": 0},
        ],
    }
    out = by_name([list_from_dict(data)])
    anna = out["Anna"]
    assert (anna.games, anna.won, anna.lost, anna.no_winner, anna.points) == (2, 1, 0, 1, 6)
    assert (anna.re, anna.kontra, anna.solos, anna.pflicht) == (0, 0, {}, 0)
    assert (out["Bernd"].lost, out["Bernd"].points, out["Bernd"].partners) == (1, -2, {})


def test_merge_and_combine():
    a = PlayerStats("Anna", games=2, won=1, points=3, solos={"karo": Tally(1, 1)})
    b = PlayerStats("Anna", games=1, lost=1, points=-1, partners={"Bernd": Tally(1, 0)})
    c = PlayerStats("Anna", games=1, solos={"damen": Tally(1, 0), "karo": Tally(1, 0)})
    total = merge(merge(a, b), c)
    assert (total.games, total.won, total.lost, total.points) == (4, 1, 1, 2)
    assert list(total.solos.items()) == [("damen", Tally(1, 0)), ("karo", Tally(2, 1))]
    assert total.partners == {"Bernd": Tally(1, 0)}
    assert total.average == Decimal("0.50")
    assert total.average_exact == Fraction(1, 2)
    assert combine([c, PlayerStats("Bernd"), a, b]) == (total, PlayerStats("Bernd"))
    with pytest.raises(ValueError, match="cannot merge"):
        merge(a, PlayerStats("Bernd"))


@pytest.mark.parametrize(
    ("points", "games", "shown"),
    [(1, 8, "0.13"), (-1, 8, "-0.13"), (5, 1000, "0.01"), (-5, 1000, "-0.01"), (2, 3, "0.67")],
)
def test_average_rounds_half_away_from_zero(points, games, shown):
    stats = PlayerStats("Anna", games=games, points=points)
    assert stats.average == Decimal(shown)
    assert player_stats_to_dict(stats)["average"] == float(shown)


# --- properties over random lists of every profile ----------------------------------------


def _no_winner_rows(state, name: str) -> int:
    count = 0
    for row in state.rows:
        if not row.is_game or name not in row.players:
            continue
        if row.quick is not None:
            count += not row.quick.winners
        else:
            count += row.voided or row.result.winner is None
    return count


lists_of_every_profile = st.builds(
    lambda seed, profile, size: random_list(random.Random(seed), profile, size),
    st.integers(0, 2**32),
    st.sampled_from(PROFILES),
    st.sampled_from([4, 5]),
)


@settings(max_examples=60, deadline=None)
@given(lists_of_every_profile)
def test_properties_of_one_list(data):
    state = list_from_dict(data)
    stats = {ps.player: ps for ps in list_statistics(state)}
    assert list(stats) == list(state.seats)
    game_rows = [row for row in state.rows if row.is_game]
    penalty_points = dict.fromkeys(state.seats, 0)
    for row in state.rows:
        if row.penalty is not None:
            for name, pts in row.points.items():
                penalty_points[name] += pts
    records = [row for row in game_rows if row.record is not None]
    for name, ps in stats.items():
        played = [row for row in game_rows if name in row.players]
        assert ps.games == len(played)
        assert ps.won + ps.lost + _no_winner_rows(state, name) == ps.games
        # His points are his Stand without the penalty rows.
        assert ps.points == state.totals[name] - penalty_points[name]
        full = [row for row in records if name in row.players]
        assert ps.re + ps.kontra == len(full)
        assert ps.re_won <= ps.re
        assert ps.kontra_won <= ps.kontra
        assert ps.re_won + ps.kontra_won <= ps.won
        assert ps.announced_won <= ps.announced <= len(full)
        soloist_rows = [row for row in full if row.record.soloist == name]
        assert sum(t.played for t in ps.solos.values()) == len(soloist_rows)
        assert ps.pflicht == sum(1 for row in soloist_rows if row.pflicht)
        assert all(t.won <= t.played for t in ps.solos.values())
        two_party = [row for row in full if len(row.record.re) == 2]
        assert sum(t.played for t in ps.partners.values()) == len(two_party)
        assert name not in ps.partners
        # Partners are symmetric: A's games with B are B's with A.
        for other, tally in ps.partners.items():
            assert stats[other].partners[name] == tally
    # Game rows are zero-sum: the points sum to 0 (penalty rows are not counted).
    assert sum(ps.points for ps in stats.values()) == 0
    assert sum(ps.games for ps in stats.values()) == 4 * len(game_rows)


@settings(max_examples=25, deadline=None)
@given(st.lists(lists_of_every_profile, max_size=3), st.randoms(use_true_random=False))
def test_statistics_of_several_lists_are_the_sums_in_any_order(datas, rng):
    states = [list_from_dict(d) for d in datas]
    together = player_statistics(states)
    shuffled = list(states)
    rng.shuffle(shuffled)
    assert player_statistics(shuffled) == together
    assert [ps.player for ps in together] == sorted({n for s in states for n in s.seats})
    per_list = [list_statistics(s) for s in states]
    for ps in together:
        mine = [p for stats in per_list for p in stats if p.player == ps.player]
        assert ps.games == sum(p.games for p in mine)
        assert ps.points == sum(p.points for p in mine)
        assert ps.won == sum(p.won for p in mine)


def test_counts_are_the_dataclass_count_fields() -> None:
    """``COUNTS`` is the one list the site's rows, sums and API are made from: every int
    field of ``PlayerStats`` (and of the counter the engine walks with), in its order."""
    import dataclasses

    from scoring.stats import COUNTS, SIGNED_COUNTS, PlayerStats, _Counter

    ints = [f.name for f in dataclasses.fields(PlayerStats) if f.type in (int, "int")]
    assert tuple(ints) == COUNTS
    walked = [f.name for f in dataclasses.fields(_Counter) if f.type in (int, "int")]
    assert tuple(walked) == COUNTS
    assert set(COUNTS) >= SIGNED_COUNTS
