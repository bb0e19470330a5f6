"""House rules (house-rules.md): rule profiles, scoring with a profile, Bockrunden in both
stackings, open lists, redeals, quick rows, the CLIs' ``--rules``.

Hand-checked games from seed 002 (a club's rule sheet) and seed 003 (an online platform).
Players A, C are Re unless noted; seats Anna, Bernd, Carla, Dieter for rounds.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from scoring import GameRecordError, score_game
from scoring.errors import RulesError
from scoring.game import _score_house, bock_triggers
from scoring.interchange import (
    quick_from_dict,
    record_from_dict,
    round_from_dict,
    rules_from_dict,
    rules_to_dict,
    state_to_dict,
)
from scoring.quick import QuickGame
from scoring.records import REDEAL
from scoring.round import RoundError, replay_round
from scoring.rules import PRESETS, TSR, RuleProfile, preset
from scoring.simulate import random_round

from .helpers import ann, record
from .strategies import game_records
from .test_cli import run

VEREIN = PRESETS["verein-002"]
PALAST = PRESETS["palast-003"]
SEATS = ["Anna", "Bernd", "Carla", "Dieter"]


def score(profile: RuleProfile, **overrides: Any) -> tuple[dict[str, int], tuple[str, ...]]:
    rec = record_from_dict(record(**overrides), profile)
    result = score_game(rec, profile)
    return dict(result.points), bock_triggers(rec, result, profile)


def game(re: list[str], re_augen: int, **overrides: Any) -> dict[str, Any]:
    data = {"kind": "normal", "players": SEATS, "re": re, "re_augen": re_augen}
    data.update(overrides)
    return data


def solo(soloist: str, re_augen: int, **overrides: Any) -> dict[str, Any]:
    return game([soloist], re_augen, kind="solo", solo="damen", **overrides)


def replay(profile: RuleProfile, games: list[dict[str, Any]], **extra: Any) -> Any:
    return round_from_dict({"seats": SEATS, "games": games, **extra}, profile)


# --- profiles --------------------------------------------------------------------------


def test_presets_and_their_options():
    assert preset("tsr") is TSR
    assert TSR.is_tsr
    assert rules_to_dict(VEREIN) == {
        "announcements": "doubling",
        "solo_bonus": 1,
        "specials_in_solo": True,
        "karlchen_gefangen": True,
        "herzstich": False,
        "no_winner_specials": True,
        "pflichtsolo": "none",
        "repeat_deal_after": "every_solo",
        "games": "open",
        "bock": {"triggers": ["lost_announcement", "zero_game", "split"], "stacking": "append"},
        "armut": True,
        "schmeissen": True,
        "ohne_neunen": False,
    }
    palast = rules_to_dict(PALAST)
    assert palast["bock"] == {"triggers": ["zero_game"], "stacking": "multiply"}
    assert palast["pflichtsolo"] == "required"
    assert palast["games"] == 24
    assert palast["no_winner_specials"] is False
    assert palast["herzstich"] is True
    for profile in PRESETS.values():
        assert rules_from_dict(rules_to_dict(profile)) == profile
    assert rules_from_dict({}) == TSR
    assert rules_from_dict({"ohne_neunen": True}).is_tsr


@pytest.mark.parametrize(
    ("data", "code", "field"),
    [
        ([], "rules_not_an_object", "rules"),
        ({"bockrunden": True}, "rules_unknown_option", "bockrunden"),
        ({"announcements": "tripling"}, "rules_invalid_value", "announcements"),
        ({"solo_bonus": 2}, "rules_invalid_value", "solo_bonus"),
        ({"herzstich": "yes"}, "rules_invalid_value", "herzstich"),
        ({"games": 30}, "rules_invalid_value", "games"),
        ({"games": "open"}, "rules_contradiction", "games"),
        ({"bock": {"triggers": []}}, "rules_invalid_value", "bock.triggers"),
        ({"bock": {"triggers": ["split", "split"]}}, "rules_invalid_value", "bock.triggers"),
        (
            {"bock": {"triggers": ["split"], "stacking": "add"}},
            "rules_invalid_value",
            "bock.stacking",
        ),
        ({"bock": {"triggers": ["split"], "rounds": 2}}, "rules_unknown_option", "bock.rounds"),
        ({"bock": True}, "rules_invalid_value", "bock"),
    ],
)
def test_bad_profiles_name_the_option(data, code, field):
    with pytest.raises(RulesError) as exc:
        rules_from_dict(data)
    assert (exc.value.code, exc.value.field) == (code, field)
    assert field.split(".")[0] in exc.value.message or code == "rules_not_an_object"


def test_open_games_without_pflichtsolo_is_fine_and_unknown_preset_is_refused():
    profile = rules_from_dict({"games": "open", "pflichtsolo": "none"})
    assert profile.games_open
    assert not profile.pflicht
    with pytest.raises(RulesError) as exc:
        preset("skat")
    assert exc.value.code == "rules_unknown_preset"


# --- one game, seed 002 (verein-002) ------------------------------------------------------


def test_seed_002_won_solo_with_re_and_kontra_two_sonderpunkte_in_a_doppelbock():
    """Won 1 + Doppelkopf 1 + Fuchs 1 (Sonderpunkte also in solos) + Solo 1 = 4;
    Re and Kontra announced: × 4 = 16; Doppelbock × 4 = 64; soloist 3 × 64."""
    points, triggers = score(
        VEREIN,
        kind="solo",
        solo="kreuz",
        re=["A"],
        re_augen=130,
        announcements=ann("ansage", "ansage"),
        specials={"doppelkopf": {"re": 1}, "fuchs": {"re": 1}},
        bock=4,
    )
    assert points == {"A": 192, "B": -64, "C": -64, "D": -64}
    assert triggers == ("lost_announcement",)  # Kontra announced and lost


def test_seed_002_order_sonderpunkte_before_doubling_before_bock():
    # Re announced and won 151: won 1, under 90 1, Doppelkopf Re 1, Fuchs Kontra 1 → 2; × 2.
    points, triggers = score(
        VEREIN,
        re_augen=151,
        announcements=ann("ansage"),
        specials={"doppelkopf": {"re": 1}, "fuchs": {"kontra": 1}},
    )
    assert points == {"A": 4, "B": -4, "C": 4, "D": -4}
    assert triggers == ()
    # The same under the TSR: won 1, under 90 1, Re 2, Doppelkopf 1 − Fuchs 1 = 4.
    assert (
        score(
            TSR,
            re_augen=151,
            announcements=ann("ansage"),
            specials={"doppelkopf": {"re": 1}, "fuchs": {"kontra": 1}},
        )[0]["A"]
        == 4
    )


def test_seed_002_lost_re_triggers_and_counts_gegen_die_alten():
    points, triggers = score(VEREIN, re_augen=110, announcements=ann("ansage"))
    assert points == {"A": -4, "B": 4, "C": -4, "D": 4}  # (won 1 + gegen die Alten 1) × 2
    assert triggers == ("lost_announcement",)


def test_seed_002_split_with_lost_re_is_two_triggers():
    points, triggers = score(VEREIN, re_augen=120, announcements=ann("ansage"))
    assert points["A"] == -4
    assert triggers == ("lost_announcement", "split")


def test_seed_002_karlchen_gefangen_can_make_a_zero_game():
    points, triggers = score(VEREIN, re_augen=125, specials={"karlchen_gefangen": "kontra"})
    assert points == dict.fromkeys("ABCD", 0)
    assert triggers == ("zero_game",)


def test_seed_002_lost_solo_bonus_goes_to_the_winners():
    points, _ = score(VEREIN, kind="solo", solo="buben", re=["A"], re_augen=100)
    assert points == {"A": -6, "B": 2, "C": 2, "D": 2}  # won 1 + Solo 1; no gegen die Alten


def test_armut_is_a_normal_game_of_two_re_players():
    points, _ = score(VEREIN, kind="armut", re=["A", "B"], re_augen=110)
    assert points == {"A": -2, "B": -2, "C": 2, "D": 2}
    with pytest.raises(GameRecordError) as exc:
        record_from_dict(record(kind="armut", re=["A"]), VEREIN)
    assert exc.value.code == "re_wrong_size"
    with pytest.raises(GameRecordError) as exc:
        record_from_dict(record(kind="armut"), PRESETS["tsr"])
    assert exc.value.code == "option_not_enabled"


# --- one game, seed 003 (palast-003) ------------------------------------------------------


def test_seed_003_herzstich_and_karlchen_gefangen():
    points, triggers = score(PALAST, re_augen=130, specials={"herzstich": {"kontra": 1}})
    assert points == dict.fromkeys("ABCD", 0)
    assert triggers == ("zero_game",)
    points, _ = score(
        PALAST,
        re_augen=130,
        announcements=ann("ansage"),
        specials={"karlchen_gefangen": "re", "herzstich": {"re": 1}},
    )
    assert points["A"] == 1 + 2 + 1 + 1  # additive Re +2


def test_seed_003_no_winner_counts_nothing():
    both_k90 = {"announcements": ann("k90", "k90"), "re_augen": 130}
    assert score(TSR, **both_k90)[0]["A"] == 1  # TSR: Re reached 120 against k90
    points, triggers = score(PALAST, **both_k90)
    assert points == dict.fromkeys("ABCD", 0)
    assert triggers == ("zero_game",)


def test_options_not_enabled_are_refused():
    with pytest.raises(GameRecordError) as exc:
        record_from_dict(record(specials={"herzstich": {"re": 1}}), VEREIN)
    assert (exc.value.code, exc.value.field) == ("option_not_enabled", "specials.herzstich")
    with pytest.raises(GameRecordError) as exc:
        record_from_dict(
            record(kind="solo", solo="pik", re=["A"], specials={"fuchs": {"re": 1}}), PALAST
        )
    assert exc.value.code == "specials_in_solo"
    with pytest.raises(GameRecordError):
        score_game(record_from_dict(record(bock=2), VEREIN))  # TSR refuses a Bock factor
    assert score_game(record_from_dict(record(bock=1))).points["A"] == 1


# --- Bockrunden in a round ------------------------------------------------------------------


def test_append_overlapping_triggers_and_a_solo_inside_the_bockrunde():
    lost_re = game(["Anna", "Carla"], 110, announcements=ann("ansage"))
    split_lost = game(["Anna", "Carla"], 120, announcements=ann("ansage"))
    plain = game(["Anna", "Carla"], 130)
    games = [
        lost_re,  # 1 Anna deals: trigger → Bockrunde Bernd, Carla, Dieter, Anna
        split_lost,  # 2 Bernd, × 2: two triggers → a Doppelbock queued after it
        solo("Dieter", 130),  # 3 Carla, × 2: a solo, Carla deals again
        plain,  # 4 Carla again, × 2: the Bockrunde is one game longer
        plain,  # 5 Dieter × 2
        plain,  # 6 Anna × 2
        plain,  # 7 Bernd × 4 (Doppelbock)
    ]
    state = replay(VEREIN, games)
    assert [r.bock for r in state.rows] == [1, 2, 2, 2, 2, 2, 4]
    assert [r.dealer for r in state.rows] == [
        "Anna",
        "Bernd",
        "Carla",
        "Carla",
        "Dieter",
        "Anna",
        "Bernd",
    ]
    assert [r.bock_triggers for r in state.rows] == [1, 2, 0, 0, 0, 0, 0]
    assert state.bock_queue == (4, 4, 4)
    # Game 2: (won 1 + gegen die Alten 1) × 2 (Re announced) × 2 (Bock) = 8.
    assert state.rows[1].points == {"Anna": -8, "Bernd": 8, "Carla": -8, "Dieter": 8}
    # Game 3: solo won 1 + Solo 1 = 2, × 2 Bock: soloist 12.
    assert state.rows[2].points["Dieter"] == 12
    after_two = replay(VEREIN, games[:2])
    assert after_two.bock_queue == (2, 2, 2, 4, 4, 4, 4)
    out = state_to_dict(state)
    assert out["bock_queue"] == [4, 4, 4]
    assert out["rows"][6]["bock"] == 4
    assert out["games_left"] is None
    assert out["complete"] is False


def test_a_bockrunde_after_a_solo_trigger_starts_with_the_repeated_deal():
    lost_solo = solo("Bernd", 100, announcements=ann("ansage"))
    plain = game(["Anna", "Carla"], 130)
    state = replay(VEREIN, [lost_solo, plain, plain, plain, plain, plain])
    assert [r.dealer for r in state.rows] == ["Anna", "Anna", "Bernd", "Carla", "Dieter", "Anna"]
    assert [r.bock for r in state.rows] == [1, 2, 2, 2, 2, 1]
    assert state.bock_queue == ()


def test_multiply_every_trigger_overlaps_and_a_pflichtsolo_lengthens():
    zero = game(["Anna", "Carla"], 125, specials={"herzstich": {"kontra": 1}})
    plain = game(["Anna", "Carla"], 130)
    pflicht = solo("Carla", 130, pflicht=True)
    games = [zero, zero, plain, pflicht, plain, plain, plain]
    state = replay(PALAST, games)
    # 1 Anna: zero game → [2,2,2,2]; 2 Bernd × 2: zero game → [2,2,2] doubled → [4,4,4,2];
    # 3 Carla × 4; 4 Dieter × 4: Pflichtsolo, Dieter deals again × 4; 6 Anna × 4; 7 Bernd × 2.
    assert [r.dealer for r in state.rows] == [
        "Anna",
        "Bernd",
        "Carla",
        "Dieter",
        "Dieter",
        "Anna",
        "Bernd",
    ]
    assert [r.bock for r in state.rows] == [1, 2, 4, 4, 4, 4, 2]
    assert state.rows[1].points == dict.fromkeys(SEATS, 0)
    assert state.rows[3].points["Carla"] == 3 * 4  # won 1, × 4 Bock, × 3
    assert replay(PALAST, games[:2]).bock_queue == (4, 4, 4, 2)
    assert state.games_left == 24 - 7


def test_a_redeal_keeps_the_dealer_and_uses_no_bock_deal():
    lost_re = game(["Anna", "Carla"], 110, announcements=ann("ansage"))
    plain = game(["Anna", "Carla"], 130)
    state = replay(
        VEREIN, [lost_re, {"kind": "geschmissen"}, plain, {"kind": "geschmissen"}, plain]
    )
    assert [r.kind for r in state.rows] == [
        "normal",
        "geschmissen",
        "normal",
        "geschmissen",
        "normal",
    ]
    assert [r.dealer for r in state.rows] == ["Anna", "Bernd", "Bernd", "Carla", "Carla"]
    assert [r.bock for r in state.rows] == [1, 1, 2, 1, 2]
    assert state.games_played == 3
    assert state.bock_queue == (2, 2)
    assert state.rows[1].points == dict.fromkeys(SEATS, 0)
    with pytest.raises(RoundError) as exc:
        replay(PALAST.__class__(), [{"kind": "geschmissen"}])
    assert exc.value.code == "option_not_enabled"


def test_an_entered_bock_factor_must_match():
    lost_re = game(["Anna", "Carla"], 110, announcements=ann("ansage"))
    assert replay(VEREIN, [lost_re, game(["Anna", "Carla"], 130, bock=2)]).rows[1].bock == 2
    with pytest.raises(RoundError) as exc:
        replay(VEREIN, [lost_re, game(["Anna", "Carla"], 130, bock=4)])
    assert (exc.value.code, exc.value.game) == ("bock_mismatch", 2)
    assert exc.value.params["expected"] == 2


# --- the round's procedure under a profile ------------------------------------------------


def test_no_pflichtsolo_no_vorfuehrung_lustsolo_any_time():
    profile = rules_from_dict({"pflichtsolo": "none"})
    plain = game(["Anna", "Carla"], 130)
    state = replay(profile, [solo("Bernd", 130)] + [plain] * 23)
    assert state.complete
    assert state.owes_pflichtsolo == ()
    assert [r.dealer for r in state.rows[:3]] == ["Anna", "Bernd", "Carla"]  # no repeat
    with pytest.raises(RoundError) as exc:
        replay(profile, [solo("Bernd", 130, pflicht=True)])
    assert exc.value.code == "option_not_enabled"


def test_repeat_deal_never_and_every_solo():
    never = rules_from_dict({"repeat_deal_after": "never"})
    state = replay(never, [solo("Bernd", 130, pflicht=True), game(["Anna", "Carla"], 130)])
    assert [r.dealer for r in state.rows] == ["Anna", "Bernd"]
    hochzeit = game(["Bernd"], 130, kind="hochzeit")
    state = replay(VEREIN, [hochzeit, solo("Bernd", 130), game(["Anna", "Carla"], 130)])
    assert [r.dealer for r in state.rows] == ["Anna", "Bernd", "Bernd"]  # only kind solo


def test_open_games_close_only_after_a_full_round_of_deals():
    plain = game(["Anna", "Carla"], 130)
    three = replay(VEREIN, [plain] * 3)
    assert not three.can_close
    assert not three.complete
    assert three.games_left is None
    with pytest.raises(RoundError) as exc:
        replay(VEREIN, [plain] * 3, closed=True)
    assert exc.value.code == "close_not_allowed"
    # A solo's repeated deal: five games are four deals.
    games = [plain, solo("Dieter", 130), plain, plain, plain]
    assert replay(VEREIN, games[:4]).can_close is False
    closed = replay(VEREIN, games, closed=True)
    assert closed.complete
    assert closed.closed
    assert closed.games_left == 0
    assert state_to_dict(closed)["complete"] is True
    with pytest.raises(RoundError) as exc:
        round_from_dict({"seats": SEATS, "games": [], "closed": True})  # TSR: no such field
    assert exc.value.code == "unknown_field"


def test_five_players_bockrunde_is_five_deals():
    seats = [*SEATS, "Eva"]
    lost = {
        "kind": "normal",
        "players": ["Bernd", "Carla", "Dieter", "Eva"],
        "re": ["Bernd", "Carla"],
        "re_augen": 110,
        "announcements": ann("ansage"),
    }
    games = [lost]
    state = replay_round(seats, [record_from_dict(lost, VEREIN)], rules=VEREIN)
    assert state.bock_queue == (2, 2, 2, 2, 2)
    assert len(games) == 1


# --- quick entry ------------------------------------------------------------------------------


def test_quick_rows_with_stated_triggers_and_the_bock_factor():
    quick = {
        "kind": "quick",
        "players": SEATS,
        "winners": ["Bernd", "Dieter"],
        "value": 3,
        "bock_triggers": 2,
    }
    quick_solo = {
        "kind": "quick",
        "players": SEATS,
        "winners": ["Anna", "Bernd", "Dieter"],
        "value": 2,
        "soloist": "Carla",
    }
    state = replay(VEREIN, [quick, quick_solo])
    assert state.rows[0].points == {"Anna": -3, "Bernd": 3, "Carla": -3, "Dieter": 3}
    assert state.rows[1].bock == 4
    assert state.rows[1].points == {"Anna": 8, "Bernd": 8, "Carla": -24, "Dieter": 8}
    assert all(r.check.ok for r in state.rows)
    assert state.rows[2 - 1].dealer == "Bernd"
    assert state.next_game.dealer == "Bernd"
    assert state_to_dict(state)["rows"][0]["value"] == 3
    with pytest.raises(RoundError) as exc:
        round_from_dict({"seats": SEATS, "games": [quick]})  # TSR: no Bockrunden
    assert exc.value.code == "option_not_enabled"


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"winners": ["Anna"]}, "quick_wrong_winners"),
        ({"winners": ["Anna", "Bernd"], "soloist": "Carla"}, "quick_wrong_winners"),
        ({"value": -1}, "quick_invalid_value"),
        ({"bock_triggers": 4}, "quick_invalid_triggers"),
        ({"winners": ["Anna", "Xaver"]}, "re_not_subset"),
        ({"pflicht": True}, "pflicht_not_allowed"),
        ({"points": 3}, "unknown_field"),
    ],
)
def test_bad_quick_rows(changes, code):
    data = {"kind": "quick", "players": SEATS, "winners": ["Anna", "Bernd"], "value": 1, **changes}
    with pytest.raises(GameRecordError) as exc:
        quick_from_dict(data)
    assert exc.value.code == code


def test_quick_zero_game_without_winners():
    assert QuickGame(players=tuple(SEATS), winners=(), value=0).points() == dict.fromkeys(SEATS, 0)


# --- CLIs ------------------------------------------------------------------------------------


def test_score_cli_with_a_preset_and_a_file(tmp_path):
    data = record(re_augen=120, announcements=ann("ansage"))
    proc = run("score", "--rules", "verein-002", stdin=json.dumps(data))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["points"]["A"] == -4
    assert out["doubling"] == 2
    assert out["bock"] == 1
    assert out["bock_triggers"] == ["lost_announcement", "split"]
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps({"solo_bonus": 1}))
    proc = run(
        "score", "--rules", str(rules), stdin=json.dumps(record(kind="solo", solo="pik", re=["A"]))
    )
    assert json.loads(proc.stdout)["points"]["A"] == 6
    plain = run("score", stdin=json.dumps(data))
    assert "bock" not in json.loads(plain.stdout)


@pytest.mark.parametrize(
    ("rules", "needle"),
    [
        ({"games": "open"}, "games"),
        ({"bockrunden": 1}, "bockrunden"),
        ({"bock": {"triggers": ["rain"]}}, "bock.triggers"),
    ],
)
def test_cli_refuses_a_bad_profile_with_exit_2_and_one_line(tmp_path, rules, needle):
    path = tmp_path / "rules.json"
    path.write_text(json.dumps(rules))
    for command in ("score", "round"):
        proc = run(command, "--rules", str(path), stdin="{}")
        assert proc.returncode == 2
        lines = proc.stderr.decode().strip().splitlines()
        assert len(lines) == 1
        assert needle in lines[0]
        assert proc.stdout == b""
    proc = run("round", "--rules", "kneipe", stdin="{}")
    assert proc.returncode == 2
    assert b"kneipe" in proc.stderr


def test_round_cli_shows_bock_and_queue():
    lost_re = game(["Anna", "Carla"], 110, announcements=ann("ansage"))
    data = {"seats": SEATS, "games": [lost_re, game(["Anna", "Carla"], 130)]}
    proc = run("round", "--rules", "verein-002", stdin=json.dumps(data))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert [r["bock"] for r in out["rows"]] == [1, 2]
    assert out["bock_queue"] == [2, 2, 2]
    assert out["games_left"] is None
    tsr = json.loads(run("round", stdin=json.dumps({"seats": SEATS, "games": [lost_re]})).stdout)
    assert "bock_queue" not in tsr
    assert "bock" not in tsr["rows"][0]
    with_tsr = json.loads(
        run(
            "round", "--rules", "tsr", stdin=json.dumps({"seats": SEATS, "games": [lost_re]})
        ).stdout
    )
    assert with_tsr["bock_queue"] == []
    assert with_tsr["rows"][0]["bock"] == 1


# --- properties ----------------------------------------------------------------------------

profiles = st.builds(
    lambda d: rules_from_dict(d),
    st.fixed_dictionaries(
        {},
        optional={
            "announcements": st.sampled_from(["additive", "doubling"]),
            "solo_bonus": st.sampled_from([0, 1]),
            "specials_in_solo": st.booleans(),
            "no_winner_specials": st.booleans(),
            "armut": st.booleans(),
            "bock": st.sampled_from(
                [
                    "none",
                    {"triggers": ["zero_game"], "stacking": "multiply"},
                    {"triggers": ["lost_announcement", "zero_game", "split"]},
                ]
            ),
        },
    ),
)


@given(game_records(), profiles, st.sampled_from([1, 2, 4, 8]))
def test_zero_sum_under_every_profile(data, profile, bock):
    try:
        rec = record_from_dict(data, profile)
    except GameRecordError:
        assume(False)
    result = score_game(rec, profile, bock=bock if profile.bock else 1)
    assert sum(result.points.values()) == 0


@given(game_records())
def test_the_profile_path_with_tsr_options_equals_the_tsr_path(data):
    rec = record_from_dict(data)
    tsr = score_game(rec)
    house = _score_house(rec, RuleProfile(), 1)
    assert house.points == tsr.points
    assert house.evaluation.winner == tsr.evaluation.winner
    assert house.value == tsr.value
    assert sorted(house.breakdown, key=repr) == sorted(tsr.breakdown, key=repr)


def test_tsr_rounds_replay_identically_through_an_equal_profile():
    rng = random.Random(14)
    equal = rules_from_dict({"ohne_neunen": True})
    for i in range(25):
        seats = SEATS + (["Eva"] if i % 4 == 0 else [])
        records = random_round(rng, seats, games=rng.choice([None, 9]))
        a = replay_round(seats, records)
        b = replay_round(seats, records, rules=equal)
        assert [(r.dealer, dict(r.points)) for r in a.rows] == [
            (r.dealer, dict(r.points)) for r in b.rows
        ]
        assert (a.games_left, a.owes_pflichtsolo, a.next_game) == (
            b.games_left,
            b.owes_pflichtsolo,
            b.next_game,
        )


def test_redeal_constant_is_shared():
    assert REDEAL.kind == "geschmissen"


# --- review findings (integration): each refused, with its code ------------------------

_N = {"kind": "normal", "players": ["A", "B", "C", "D"], "re": ["A", "C"], "re_augen": 150}
_S = {
    "kind": "solo",
    "solo": "damen",
    "players": ["A", "B", "C", "D"],
    "re": ["B"],
    "re_augen": 150,
}


def _error(*args: str, data: Any) -> dict[str, Any]:
    proc = run(*args, stdin=json.dumps(data))
    assert proc.returncode == 1, proc.stdout
    return json.loads(proc.stdout)["error"]


def test_an_open_list_cannot_close_while_a_repeated_deal_is_owed():
    """Four deals done, then a solo: its dealer deals again (every_solo), so the round of
    deals is not complete although four turns are."""
    games = [_N, _N, _N, _N, _S]
    state = json.loads(
        run(
            "round",
            "--rules",
            "verein-002",
            stdin=json.dumps({"seats": list("ABCD"), "games": games}),
        ).stdout
    )
    assert state["can_close"] is False
    error = _error(
        "round",
        "--rules",
        "verein-002",
        data={"seats": list("ABCD"), "games": games, "closed": True},
    )
    assert error["code"] == "close_not_allowed"
    done = run(
        "round",
        "--rules",
        "verein-002",
        # A's repeated deal completes his second turn; B, C and D each deal once more.
        stdin=json.dumps({"seats": list("ABCD"), "games": [*games, *[_N] * 4], "closed": True}),
    )
    assert done.returncode == 0, done.stdout


def test_score_refuses_a_pflichtsolo_where_the_profile_has_none():
    error = _error("score", "--rules", "verein-002", data={**_S, "pflicht": True})
    assert (error["code"], error["field"]) == ("option_not_enabled", "pflicht")
    assert run("score", stdin=json.dumps({**_S, "pflicht": True})).returncode == 0  # TSR


def test_a_quick_row_fires_no_more_bock_triggers_than_the_profile_knows():
    quick = {"kind": "quick", "players": list("ABCD"), "winners": [], "value": 0}
    data = {"seats": list("ABCD"), "games": [{**quick, "bock_triggers": 3}]}
    assert _error("round", "--rules", "palast-003", data=data)["code"] == "quick_bock_triggers"
    data["games"] = [{**quick, "bock_triggers": 1}]
    assert run("round", "--rules", "palast-003", stdin=json.dumps(data)).returncode == 0


@pytest.mark.parametrize(("field", "value"), [("bock_triggers", []), ("pflicht", 0)])
def test_quick_row_fields_of_the_wrong_type_are_refused(field, value):
    quick = {"kind": "quick", "players": list("ABCD"), "winners": ["A", "C"], "value": 1}
    data = {"seats": list("ABCD"), "games": [{**quick, field: value}]}
    assert _error("round", "--rules", "verein-002", data=data)["field"] == field
