"""The CLI contract of ``python -m scoring rangliste`` (competitions.md)."""

from __future__ import annotations

import json

import pytest

from .test_cli import run


def res(player, tournament, date, rounds, land="NRW"):
    return {
        "player": player,
        "tournament": tournament,
        "date": date,
        "bundesland": land,
        "rounds": rounds,
    }


def test_contract_output():
    results = [res("Anna", f"T{i}", f"2026-0{1 + i % 5}-1{i % 9}", [10, 5, 2]) for i in range(12)]
    results += [res("bernd", f"T{i}", f"2026-0{1 + i % 5}-1{i % 9}", [10, 5, 2]) for i in range(12)]
    results += [
        res("Carla", "T0", "2026-01-10", [-3, -4, -5]),
        res("Dora", "Kiel", "2025-05-01", [20, 20, 7], "SH"),
        res("Dora", "T1", "2026-02-11", [1, 1, 1]),
    ]
    proc = run("rangliste", stdin=json.dumps({"as_of": "2026-06-30", "results": results}))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["rangliste"] == [
        {"rank": 1, "player": "Anna", "rounds": 36, "points": 204, "average": 5.67},
        {"rank": 1, "player": "bernd", "rounds": 36, "points": 204, "average": 5.67},
    ]
    assert out["unter_36"] == [
        {"player": "Dora", "rounds": 6, "points": 50},
        {"player": "Carla", "rounds": 3, "points": -12},
    ]
    assert out["bundeslaender"][0] == {
        "rank": 1,
        "player": "Dora",
        "points": 50,
        "counted": ["Kiel", "T1"],
    }
    assert {r["player"] for r in out["bundeslaender"]} == {"Anna", "bernd", "Dora"}
    assert out["bundeslaender"][1]["counted"] == ["T0"]  # best NRW: 17 each, the earliest


def test_reads_a_file(tmp_path):
    path = tmp_path / "in.json"
    path.write_text(json.dumps({"as_of": "2026-01-01", "results": []}))
    proc = run("rangliste", str(path))
    assert proc.returncode == 0
    assert json.loads(proc.stdout) == {"rangliste": [], "unter_36": [], "bundeslaender": []}


GOOD = res("A", "T", "2026-01-01", [1, 2, 3])


@pytest.mark.parametrize(
    ("data", "code", "field"),
    [
        ({"results": []}, "rangliste_missing_field", "as_of"),
        ({"as_of": "2026-01-01", "results": [], "x": 1}, "rangliste_unknown_field", "x"),
        ({"as_of": "2026-02-30", "results": []}, "rangliste_invalid_date", "as_of"),
        ({"as_of": "20260101", "results": []}, "rangliste_invalid_date", "as_of"),
        ({"as_of": "2026-01-01", "results": {}}, "rangliste_invalid_results", "results"),
        ({"as_of": "2026-01-01", "results": [7]}, "rangliste_invalid_result", "results[0]"),
        (
            {"as_of": "2026-01-01", "results": [{**GOOD, "rounds": []}]},
            "rangliste_invalid_rounds",
            "results[0].rounds",
        ),
        (
            {"as_of": "2026-01-01", "results": [{**GOOD, "rounds": [1, True]}]},
            "rangliste_invalid_rounds",
            "results[0].rounds",
        ),
        (
            {"as_of": "2026-01-01", "results": [{**GOOD, "rounds": [1.5]}]},
            "rangliste_invalid_rounds",
            "results[0].rounds",
        ),
        (
            {"as_of": "2026-01-01", "results": [{**GOOD, "player": " "}]},
            "rangliste_invalid_name",
            "results[0].player",
        ),
        (
            {
                "as_of": "2026-01-01",
                "results": [{k: v for k, v in GOOD.items() if k != "bundesland"}],
            },
            "rangliste_missing_field",
            "results[0].bundesland",
        ),
        (
            {
                "as_of": "2026-01-01",
                "results": [GOOD, {**GOOD, "player": "B", "date": "2025-01-01"}],
            },
            "rangliste_inconsistent_tournament",
            "results[1]",
        ),
        (
            {"as_of": "2026-01-01", "results": [GOOD, GOOD]},
            "rangliste_duplicate_result",
            "results[1]",
        ),
    ],
)
def test_bad_input_exit_1_with_error_object(data, code, field):
    proc = run("rangliste", stdin=json.dumps(data))
    assert proc.returncode == 1, proc.stdout
    assert proc.stderr == b""
    error = json.loads(proc.stdout)["error"]
    assert (error["code"], error["field"]) == (code, field)
    assert error["message"]


def test_english_messages():
    proc = run("rangliste", "--lang", "en", stdin=json.dumps({"results": []}))
    assert proc.returncode == 1
    assert json.loads(proc.stdout)["error"]["message"] == "The field “as_of” is missing."


@pytest.mark.parametrize("stdin", [b"", b"[1]", b"not json", b"\xff\xfe", b'"x"'])
def test_unreadable_input_exit_2_never_a_traceback(stdin):
    proc = run("rangliste", stdin=stdin)
    assert proc.returncode == 2
    assert b"Traceback" not in proc.stderr
    assert proc.stderr.startswith(b"python -m scoring rangliste:")


def test_missing_file_exit_2(tmp_path):
    proc = run("rangliste", str(tmp_path / "nope.json"))
    assert proc.returncode == 2
    assert b"Traceback" not in proc.stderr


# --- review findings (integration): bad input is exit 1 with the error object ---------


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"as_of": "0001-01-01", "results": []}, "as_of"),  # the window would reach year -1
        ({"as_of": "2024-W24-6", "results": []}, "as_of"),  # a week date, not YYYY-MM-DD
        (
            {
                "as_of": "2024-06-15",
                "results": [
                    {
                        "player": "A",
                        "tournament": "T",
                        "date": "2024-01-01",
                        "bundesland": "BY",
                        "rounds": [10**26] * 36,
                    }
                ],
            },
            "results[0].rounds",
        ),
        (
            {
                "as_of": "2024-06-15",
                "results": [
                    {
                        "player": "A",
                        "tournament": "T",
                        "date": "2024-01-01",
                        "bundesland": "BY",
                        "rounds": [1] * 100,
                    }
                ],
            },
            "results[0].rounds",
        ),
    ],
)
def test_absurd_dates_and_numbers_are_refused_not_a_traceback(data, field):
    proc = run("rangliste", stdin=json.dumps(data))
    assert proc.returncode == 1, proc.stderr
    assert json.loads(proc.stdout)["error"]["field"] == field
    assert not proc.stderr
