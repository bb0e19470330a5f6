"""The CLI contract of ``python -m scoring round``."""

import json

from .test_cli import run

SEATS = ["Anna", "Bernd", "Carla", "Dieter"]


def game(players=SEATS, re=("Anna", "Bernd"), augen=130, **kw):
    return {"kind": "normal", "players": list(players), "re": list(re), "re_augen": augen, **kw}


def solo_game(soloist, players=SEATS, pflicht=True):
    return {
        "kind": "solo",
        "solo": "buben",
        "pflicht": pflicht,
        "players": list(players),
        "re": [soloist],
        "re_augen": 150,
    }


def test_round_output_shape_and_next_game():
    data = {
        "seats": SEATS,
        "games": [game(), solo_game("Carla")],
        "penalties": [{"after_game": 2, "kind": "minor", "offender": "Dieter"}],
        "time_up_after": None,
    }
    proc = run("round", stdin=json.dumps(data))
    assert proc.returncode == 0, proc.stdout
    out = json.loads(proc.stdout)
    assert [r["kind"] for r in out["rows"]] == ["normal", "solo", "penalty"]
    first, second, pen = out["rows"]
    assert first == {
        "game": 1,
        "dealer": "Anna",
        "sitting_out": None,
        "kind": "normal",
        "pflicht": False,
        "vorfuehrung": False,
        "points": {"Anna": 1, "Bernd": 1, "Carla": -1, "Dieter": -1},
        "totals": {"Anna": 1, "Bernd": 1, "Carla": -1, "Dieter": -1},
        "zero_sum": True,
        "parity": True,
    }
    assert second["pflicht"] is True
    assert second["solo"] == "buben"
    assert second["points"] == {"Anna": -1, "Bernd": -1, "Carla": 3, "Dieter": -1}
    assert pen["points"] == {"Anna": 1, "Bernd": 1, "Carla": 1, "Dieter": -3}
    assert pen["penalty"]["kind"] == "minor"
    assert out["totals"] == {"Anna": 1, "Bernd": 1, "Carla": 3, "Dieter": -5}
    assert out["games_left"] == 22
    assert out["next_dealer"] == "Bernd"  # repeat after the Pflichtsolo
    assert out["next_sitting_out"] is None
    assert out["owes_pflichtsolo"] == ["Anna", "Bernd", "Dieter"]
    assert out["next_vorfuehrung"] is None
    assert out["complete"] is False


def test_round_five_players():
    seats = [*SEATS, "Erika"]
    data = {
        "seats": seats,
        "games": [game(players=["Bernd", "Carla", "Dieter", "Erika"], re=["Bernd", "Carla"])],
    }
    out = json.loads(run("round", stdin=json.dumps(data)).stdout)
    assert out["rows"][0]["sitting_out"] == "Anna"
    assert out["rows"][0]["points"]["Anna"] == 0
    assert out["rows"][0]["parity"] is None
    assert out["next_sitting_out"] == "Bernd"
    assert out["games_left"] == 29


def test_procedure_violation_exit_1_with_error_object():
    data = {"seats": SEATS, "games": [game(), solo_game("Bernd", pflicht=False)]}
    proc = run("round", stdin=json.dumps(data))
    assert proc.returncode == 1
    err = json.loads(proc.stdout)["error"]
    assert err["code"] == "lustsolo_before_pflichtsolo"
    assert err["game"] == 2
    assert "Pflichtsolo" in err["message"]


def test_invalid_game_record_in_round_names_the_game():
    data = {"seats": SEATS, "games": [game(), game(augen=300)]}
    proc = run("round", stdin=json.dumps(data))
    assert proc.returncode == 1
    err = json.loads(proc.stdout)["error"]
    assert (err["code"], err["game"], err["field"]) == ("augen_out_of_range", 2, "re_augen")


def test_bad_seats_and_penalties_exit_1():
    proc = run("round", stdin=json.dumps({"seats": ["A", "B", "C"], "games": []}))
    assert proc.returncode == 1
    assert json.loads(proc.stdout)["error"]["code"] == "invalid_seats"
    data = {
        "seats": SEATS,
        "games": [game()],
        "penalties": [{"after_game": 1, "kind": "grob", "offender": "Anna"}],
    }
    proc = run("round", stdin=json.dumps(data))
    assert json.loads(proc.stdout)["error"]["code"] == "penalty_unknown_kind"


def test_round_unreadable_input_exit_2():
    for stdin in ("[1, 2]", "nope"):
        proc = run("round", stdin=stdin)
        assert proc.returncode == 2
        assert b"Traceback" not in proc.stderr
        assert proc.stderr.count(b"\n") == 1


def test_time_up_in_cli():
    games = [game() for _ in range(5)]
    data = {"seats": SEATS, "games": games, "time_up_after": 5}
    out = json.loads(run("round", stdin=json.dumps(data)).stdout)
    assert out["games_left"] == 4
    assert out["next_dealer"] == "Bernd"  # five normal games: A B C D A dealt
    assert out["next_vorfuehrung"] == "Carla"  # left of the dealer


def test_round_command_never_raises_on_any_json():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from scoring.cli import UnreadableInput
    from scoring.round_cli import round_command

    keys = st.sampled_from(
        [
            "seats",
            "games",
            "penalties",
            "time_up_after",
            "after_game",
            "kind",
            "offender",
            "beneficiary",
            "absagen",
            "points",
            "x",
        ]
    )
    leaves = (
        st.none()
        | st.booleans()
        | st.integers(-3, 30)
        | st.sampled_from(
            ["A", "B", "C", "D", "E", "minor", "serious", "unsporting", "solo", "normal"]
        )
    )
    junk = st.recursive(
        leaves,
        lambda c: st.lists(c, max_size=6) | st.dictionaries(keys, c, max_size=5),
        max_leaves=25,
    )

    @settings(max_examples=300, deadline=None)
    @given(junk)
    def check(data):
        try:
            out, status = round_command(data)
        except UnreadableInput:
            assert not isinstance(data, dict)
            return
        assert status in (0, 1)
        assert json.loads(out)

    check()
