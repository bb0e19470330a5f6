"""The CLI contracts of ``python -m scoring schedule`` and ``liga`` (competitions.md)."""

import json

from .test_cli import run


def test_schedule_sixteen_teams():
    proc = run("schedule", "--teams", "16", "--group-size", "4")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert list(out) == ["rounds"]
    assert len(out["rounds"]) == 5
    assert out["rounds"][0] == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]
    assert proc.stderr == b""


def test_schedule_rounds_and_byes():
    proc = run("schedule", "--teams", "13", "--rounds", "2")
    out = json.loads(proc.stdout)
    assert len(out["rounds"]) == 2
    assert all(len(rnd) == 3 for rnd in out["rounds"])


def test_schedule_bad_arguments_exit_1_with_error_object():
    for args, code, field in [
        (("--teams", "x"), "schedule_not_integer", "teams"),
        (("--teams", "2"), "schedule_teams", "teams"),
        (("--teams", "16", "--rounds", "0"), "schedule_rounds", "rounds"),
        (("--teams", "16", "--group-size", "1"), "schedule_group_size", "group_size"),
    ]:
        proc = run("schedule", *args, "--lang", "en")
        assert proc.returncode == 1
        error = json.loads(proc.stdout)["error"]
        assert (error["code"], error["field"]) == (code, field)
        assert error["message"]
        assert b"Traceback" not in proc.stderr


def test_liga_table():
    data = {
        "spieltage": [
            {"A": 10, "B": 10, "C": -5, "D": -15},
            {"A": -4, "B": 8, "C": -4, "D": 0},
        ]
    }
    proc = run("liga", stdin=json.dumps(data))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {
        "table": [
            {"rank": 1, "team": "B", "siegpunkte": 7.5, "spielpunkte": 18, "spieltage": 2},
            {"rank": 2, "team": "A", "siegpunkte": 5, "spielpunkte": 6, "spieltage": 2},
            {"rank": 3, "team": "D", "siegpunkte": 4, "spielpunkte": -15, "spieltage": 2},
            {"rank": 4, "team": "C", "siegpunkte": 3.5, "spielpunkte": -9, "spieltage": 2},
        ]
    }


def test_liga_bad_input():
    cases = [
        ([], "liga_not_an_object", "spieltage"),
        ({"spieltage": [{"A": 1}]}, "liga_group_too_small", "spieltage[0]"),
        ({"spieltage": [["A"]]}, "liga_spieltag_not_an_object", "spieltage[0]"),
        ({"spieltage": [{"A": 1, "B": "2"}]}, "liga_spielpunkte", "spieltage[0].B"),
        ({"spieltage": [{"A": 1, " ": 2}]}, "liga_team_name", "spieltage[0]"),
        ({"spieltage": [], "x": 1}, "unknown_field", "x"),
    ]
    for data, code, field in cases:
        proc = run("liga", stdin=json.dumps(data))
        assert proc.returncode == 1, data
        error = json.loads(proc.stdout)["error"]
        assert (error["code"], error["field"]) == (code, field)


def test_liga_unreadable_input_exit_2():
    proc = run("liga", stdin=b"{not json")
    assert proc.returncode == 2
    assert proc.stdout == b""
    assert b"Traceback" not in proc.stderr
    proc = run("liga", "/nonexistent/file.json")
    assert proc.returncode == 2
