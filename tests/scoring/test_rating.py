"""The Spielstärke (rating.md): the CLI against the spec read literally, on random histories;
bad input refused with exit 1/2 and no traceback."""

from __future__ import annotations

import io
import json
import math
import random
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from scoring.cli import main
from scoring.interchange.rating import pairs_hook
from scoring.messages import identity, translator
from scoring.rating import NEWCOMER, RatedList, Skill, expected_placings, figure, rate
from scoring.rating_cli import rating_command

NAMES = ["Anna", "Bernd", "Carla", "Dieter", "Eva", "Frank", "Gerda", "Hans", "Ilse"]


def run(data: Any, *args: str) -> tuple[int, Any]:
    """``python -m scoring rating`` in process: the JSON text read as the CLI reads it."""
    history = args[args.index("--history") + 1] if "--history" in args else None
    translate = translator(args[args.index("--lang") + 1]) if "--lang" in args else identity
    parsed = json.loads(json.dumps(data), object_pairs_hook=pairs_hook)
    text, status = rating_command(parsed, translate, history)
    return status, json.loads(text)


def spec(lists: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """rating.md read literally, written out independently of scoring.rating."""
    model = PlackettLuce()  # default parameters

    def place(item: dict[str, Any]) -> tuple[Any, ...]:
        order = item.get("order")
        return (item["date"], (0, tuple(order)) if order else (1, ()), item["key"])

    state: dict[str, tuple[float, float, int]] = {}
    for item in sorted(lists, key=place):
        names = list(item["totals"])
        points = [item["totals"][name] for name in names]
        ranks = [1 + sum(1 for other in points if other > mine) for mine in points]
        teams = [
            [
                model.rating(
                    mu=state.get(n, (25.0, 25 / 3, 0))[0], sigma=state.get(n, (25.0, 25 / 3, 0))[1]
                )
            ]
            for n in names
        ]
        new = model.rate(teams, ranks=[float(rank) for rank in ranks])
        for name, (rating,) in zip(names, new, strict=True):
            state[name] = (rating.mu, rating.sigma, state.get(name, (0, 0, 0))[2] + 1)
    return {
        name: {
            "mu": round(mu, 6),
            "sigma": round(sigma, 6),
            "rating": math.floor(1000 + 40 * (mu - 3 * sigma) + 0.5),
            "lists": count,
            "provisional": count < 10,
        }
        for name, (mu, sigma, count) in state.items()
    }


@st.composite
def histories(draw: st.DrawFn) -> list[dict[str, Any]]:
    lists = []
    for i in range(draw(st.integers(0, 14))):
        seats = draw(st.sampled_from([4, 5]))
        names = draw(st.permutations(NAMES))[:seats]
        # few distinct totals: ties are common
        totals = {name: draw(st.sampled_from([-30, -12, 0, 0, 12, 30])) for name in names}
        item: dict[str, Any] = {
            "key": f"L{draw(st.integers(0, 999)):03d}-{i}",
            "date": f"2026-0{draw(st.integers(1, 3))}-0{draw(st.integers(1, 3))}",
            "totals": totals,
        }
        if draw(st.booleans()):
            item["order"] = [
                draw(st.sampled_from(["liga", "turnier"])),
                draw(st.integers(1, 3)),
                draw(st.integers(1, 3)),
                draw(st.integers(1, 9)),
                i,
            ]
        lists.append(item)
    return lists


@settings(max_examples=60)
@given(histories(), st.randoms())
def test_the_cli_agrees_with_the_spec_on_random_histories(lists, rnd):
    status, out = run({"lists": lists})
    assert status == 0
    expected = spec(lists)
    got = {row["player"]: {k: v for k, v in row.items() if k != "player"} for row in out["players"]}
    assert got == expected
    # by figure, then mu, then name
    order = [(-r["rating"], -r["mu"], r["player"]) for r in out["players"]]
    assert order == sorted(order)
    # the order the lists are given in changes nothing
    shuffled = list(lists)
    rnd.shuffle(shuffled)
    assert run({"lists": shuffled}) == (status, out)


@settings(max_examples=30)
@given(histories())
def test_history_is_each_state_after_each_of_his_lists(lists):
    if not lists:
        return
    name = next(iter(lists[0]["totals"]))
    status, out = run({"lists": lists}, "--history", name)
    assert status == 0
    assert out["player"] == name
    history = out["history"]
    assert len(history) == sum(name in item["totals"] for item in lists)
    last = history[-1]
    final = spec(lists)[name]
    assert (last["mu"], last["sigma"], last["rating"]) == (
        final["mu"],
        final["sigma"],
        final["rating"],
    )
    dates = [point["date"] for point in history]
    assert dates == sorted(dates)


def test_a_newcomer_shows_1000_and_the_figure_rounds_half_up():
    assert NEWCOMER.rating == 1000
    assert NEWCOMER.provisional
    assert figure(30.0, 5.0) == 1600
    assert figure(25.0, 8.0) == math.floor(1000 + 40 * 1 + 0.5) == 1040
    assert figure(25.0125, 25 / 3) == 1001  # 1000.5 rounds up
    assert Skill(lists=10).provisional is False


def test_equal_totals_share_a_rank():
    rated = RatedList("x", _day(), (("A", 5), ("B", 5), ("C", -5), ("D", -5)))
    assert rated.ranks() == [1, 1, 3, 3]
    ratings, _ = rate([rated])
    assert ratings.skill("A") == ratings.skill("B")
    assert ratings.skill("A").mu > 25 > ratings.skill("C").mu
    all_tied = RatedList("y", _day(), (("A", 0), ("B", 0), ("C", 0), ("D", 0), ("E", 0)))
    assert len({rate([all_tied])[0].skill(p).mu for p in "ABCDE"}) == 1


def test_lists_of_one_round_never_sharing_a_player_give_the_same_figures_in_any_order():
    rnd = random.Random(7)
    tables = [
        RatedList(f"t{t}", _day(), tuple((f"P{t}{s}", rnd.randint(-40, 40)) for s in range(4)))
        for t in range(6)
    ]
    first, _ = rate(tables)
    for _ in range(5):
        rnd.shuffle(tables)
        # same date, no order: the key decides; renaming keys reorders the application
        renamed = [RatedList(f"k{rnd.random()}", t.date, t.totals) for t in tables]
        assert rate(renamed)[0].skills == first.skills


def test_expected_placings_favour_the_stronger_player():
    strong, weak = Skill(mu=32.0, sigma=3.0, lists=40), Skill(mu=20.0, sigma=3.0, lists=40)
    placings = expected_placings([weak, strong, NEWCOMER, weak])
    assert placings[1].rank == 1
    assert placings[1].probability > placings[0].probability
    assert {p.rank for p in placings} <= {1, 2, 3, 4}


def test_equal_states_share_their_placing():
    """predict_rank gives equal states one rank: an even table is every seat's rank 1,
    told by ``shared`` (the site shows "offen", not everyone "1.")."""
    even = expected_placings([NEWCOMER] * 4)
    assert [(e.rank, e.shared, e.last) for e in even] == [(1, 4, 4)] * 4
    assert sum(e.probability for e in even) == pytest.approx(1.0)
    strong, weak = Skill(mu=32.0, sigma=3.0, lists=40), Skill(mu=20.0, sigma=3.0, lists=40)
    mixed = expected_placings([NEWCOMER, strong, weak, NEWCOMER])
    assert [(e.rank, e.shared, e.last) for e in mixed] == [
        (2, 2, 3),
        (1, 1, 1),
        (4, 1, 4),
        (2, 2, 3),
    ]
    five = expected_placings([strong, strong, NEWCOMER, weak, NEWCOMER])
    assert [e.shared for e in five] == [2, 2, 2, 1, 2]


def _day():
    import datetime as dt

    return dt.date(2026, 1, 1)


BAD = [
    ({"lists": 3}, "rating_invalid_input", "lists"),
    ({"lists": [], "extra": 1}, "rating_unknown_field", "extra"),
    ({"lists": [7]}, "rating_invalid_list", "lists[0]"),
    ({"lists": [{"key": "a", "date": "2026-01-01"}]}, "rating_missing_field", "lists[0].totals"),
    (
        {"lists": [{"key": "", "date": "2026-01-01", "totals": {}}]},
        "rating_invalid_key",
        "lists[0].key",
    ),
    (
        {"lists": [{"key": "a", "date": "1.1.2026", "totals": {}}]},
        "rating_invalid_date",
        "lists[0].date",
    ),
    (
        {"lists": [{"key": "a", "date": "2026-01-01", "totals": {"A": 1, "B": 1, "C": 1}}]},
        "rating_seats",
        "lists[0].totals",
    ),
    (
        {"lists": [{"key": "a", "date": "2026-01-01", "totals": dict.fromkeys("ABCDEF", 0)}]},
        "rating_seats",
        "lists[0].totals",
    ),
    (
        {
            "lists": [
                {"key": "a", "date": "2026-01-01", "totals": {"A": "3", "B": 1, "C": 1, "D": 1}}
            ]
        },
        "rating_invalid_total",
        "lists[0].totals.A",
    ),
    (
        {
            "lists": [
                {"key": "a", "date": "2026-01-01", "totals": {"A": True, "B": 1, "C": 1, "D": 1}}
            ]
        },
        "rating_invalid_total",
        "lists[0].totals.A",
    ),
    (
        {
            "lists": [
                {
                    "key": "a",
                    "date": "2026-01-01",
                    "order": ["turnier", 1, 2],
                    "totals": dict.fromkeys("ABCD", 0),
                }
            ]
        },
        "rating_invalid_order",
        "lists[0].order",
    ),
    (
        {
            "lists": [
                {"key": "a", "date": "2026-01-01", "totals": dict.fromkeys("ABCD", 0)},
                {"key": "a", "date": "2026-01-02", "totals": dict.fromkeys("ABCD", 0)},
            ]
        },
        "rating_duplicate_key",
        "lists[1].key",
    ),
]


@pytest.mark.parametrize(("data", "code", "field"), BAD, ids=[c for _, c, _ in BAD])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_invalid_input_is_exit_1_with_a_coded_error(data, code, field, lang):
    status, out = run(data, "--lang", lang)
    assert status == 1
    assert out["error"]["code"] == code
    assert out["error"]["field"] == field
    message = out["error"]["message"]
    if field.startswith("lists["):
        assert message.startswith("Liste 1" if lang == "de" else "List 1") or "lists[1]" in field
    if lang == "en":
        assert not set("äöüß„") & set(message), message


def test_a_name_twice_at_one_table_is_refused_not_collapsed():
    text = (
        '{"lists": [{"key": "k", "date": "2026-01-01", '
        '"totals": {"A": 1, "A": 2, "B": 0, "C": 0, "D": 0}}]}'
    )
    proc = subprocess.run(
        [sys.executable, "-m", "scoring", "rating"], input=text, capture_output=True, text=True
    )
    assert proc.returncode == 1
    error = json.loads(proc.stdout)["error"]
    assert error["code"] == "rating_player_twice"
    assert "„k“" in error["message"]


def test_history_of_a_player_without_lists_is_exit_1():
    data = {"lists": [{"key": "a", "date": "2026-01-01", "totals": dict.fromkeys("ABCD", 0)}]}
    status, out = run(data, "--history", "Zora")
    assert status == 1
    assert out["error"]["code"] == "rating_unknown_player"


@pytest.mark.parametrize("text", ["[1", "[]", '"x"', "\xff"])
def test_unreadable_input_is_exit_2_without_a_traceback(text):
    proc = subprocess.run(
        [sys.executable, "-m", "scoring", "rating"],
        input=text.encode("latin-1"),
        capture_output=True,
    )
    assert proc.returncode == 2
    assert b"Traceback" not in proc.stderr
    assert proc.stderr.startswith(b"python -m scoring rating:")


@settings(max_examples=80)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=5),
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
        ),
        max_leaves=12,
    )
)
def test_any_json_is_answered_with_0_1_or_2(data):
    old = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = io.TextIOWrapper(io.BytesIO()), io.StringIO()
    try:
        status = main(["rating"], io.StringIO(json.dumps({"lists": [data]})))
    finally:
        sys.stdout, sys.stderr = old
    assert status in (0, 1, 2)
