"""Invariants over all valid records (hypothesis)."""

import json

from hypothesis import given
from hypothesis import strategies as st

from scoring import Party, score_game
from scoring.checks import check_row
from scoring.cli import EXIT_OK, run_score
from scoring.interchange import record_from_dict, record_to_dict

from .strategies import game_records


@given(game_records())
def test_zero_sum_and_parity(data):
    result = score_game(record_from_dict(data))
    assert sum(result.points.values()) == 0
    assert len({p % 2 for p in result.points.values()}) == 1
    assert check_row(result.points).ok


@given(game_records())
def test_solo_like_soloist_gets_minus_three_times_each_opponent(data):
    record = record_from_dict(data)
    result = score_game(record)
    if record.solo_like:
        soloist = record.re[0]
        for name in record.players:
            if name != soloist:
                assert result.points[soloist] == -3 * result.points[name]
    else:
        assert {result.points[p] for p in record.re} == {result.value}
        assert {result.points[p] for p in record.kontra} == {-result.value}


@given(game_records(), st.randoms())
def test_permuting_and_renaming_players_permutes_points(data, rnd):
    result = score_game(record_from_dict(data))
    order = list(data["players"])
    rnd.shuffle(order)
    rename = {name: f"P{i}:{name}" for i, name in enumerate(order)}
    moved = dict(data, players=[rename[p] for p in order], re=[rename[p] for p in data["re"]])
    moved_result = score_game(record_from_dict(moved))
    assert {rename[n]: p for n, p in result.points.items()} == dict(moved_result.points)
    assert moved_result.winner == result.winner


@given(game_records())
def test_at_most_one_winner_and_it_reached_its_target(data):
    result = score_game(record_from_dict(data))
    assert result.winner in (None, Party.RE, Party.KONTRA)
    won = [line for line in result.breakdown if line.key == "won"]
    assert len(won) == (0 if result.winner is None else 1)
    if result.winner is not None:
        assert won[0].party is result.winner
        # with a winner, 7.2.2 points go to the winner only (Decision)
        loser_lines = [ln for ln in result.breakdown if ln.party is not result.winner]
        assert all(ln.item == "7.2.3" for ln in loser_lines)


@given(game_records())
def test_value_is_the_net_of_the_breakdown(data):
    result = score_game(record_from_dict(data))
    assert result.value == result.party_points(Party.RE) - result.party_points(Party.KONTRA)


@given(
    st.recursive(
        st.none()
        | st.booleans()
        | st.integers()
        | st.floats(allow_nan=False)
        | st.text(max_size=8),
        lambda children: (
            st.lists(children, max_size=5)
            | st.dictionaries(
                st.sampled_from(
                    [
                        "kind",
                        "players",
                        "re",
                        "re_augen",
                        "solo",
                        "pflicht",
                        "schwarz",
                        "announcements",
                        "specials",
                        "re",
                        "kontra",
                        "doppelkopf",
                        "fuchs",
                        "karlchen",
                        "x",
                    ]
                ),
                children,
                max_size=9,
            )
        ),
        max_leaves=30,
    )
)
def test_any_json_yields_a_result_or_an_error_object_never_an_exception(data):
    text, status = run_score([data])  # as one element of a batch: any JSON value goes
    out = json.loads(text)[0]
    ok = status == EXIT_OK
    assert ("error" in out) is (not ok)
    if not ok:
        assert set(out["error"]) == {"code", "field", "message"}


@given(game_records())
def test_a_valid_record_never_raises_and_stays_valid_after_a_round_trip(data):
    record = record_from_dict(data)
    assert record_from_dict(record_to_dict(record)) == record
    text, status = run_score(data)
    out = json.loads(text)
    assert status == EXIT_OK
    assert out["points"] == dict(score_game(record).points)
