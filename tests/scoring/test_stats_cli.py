"""The CLI contracts of ``python -m scoring stats`` and ``python -m scoring kasse``
(statistics.md "Command-line contract")."""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cli import main
from scoring.interchange.stats import kasse_to_dict, list_from_dict, statistics_to_dict
from scoring.kasse import kasse
from scoring.stats import player_statistics
from scoring.stats_cli import kasse_command, stats_command

from .random_lists import PROFILES, random_list
from .test_cli import ROOT, run
from .test_stats import FIVE_LIST, SEATS, TSR_LIST, VEREIN_LIST, game


def test_stats_output_and_exit_0():
    proc = run("stats", stdin=json.dumps({"lists": [TSR_LIST, VEREIN_LIST]}))
    assert proc.returncode == 0, proc.stdout
    assert proc.stderr == b""
    out = json.loads(proc.stdout)
    assert list(out) == ["players"]
    assert [row["player"] for row in out["players"]] == SEATS
    bernd = out["players"][1]
    assert (bernd["games"], bernd["points"], bernd["average"]) == (11, 34, 3.09)
    assert bernd["solos"] == {
        "damen": {"played": 1, "won": 1},
        "kreuz": {"played": 1, "won": 1},
        "buben": {"played": 1, "won": 0},
        "pflicht": 1,
    }


def test_averages_are_written_with_two_decimals():
    proc = run("stats", stdin=json.dumps({"lists": [VEREIN_LIST, {"seats": ["Zoe", *SEATS[1:]]}]}))
    text = proc.stdout.decode()
    # Anna −8 / 4, Bernd 32 / 4; Zoe played nothing.
    assert (
        '"player": "Anna", "games": 4, "won": 1, "lost": 3, "points": -8, "average": -2.00,' in text
    )
    assert '"average": 8.00,' in text
    assert '"player": "Zoe", "games": 0, "won": 0, "lost": 0, "points": 0, "average": null,' in text
    assert json.loads(text)["players"][0]["average"] == -2.0


def test_stats_of_no_lists():
    proc = run("stats", "-", stdin='{"lists": []}')
    assert (proc.returncode, json.loads(proc.stdout)) == (0, {"players": []})


def test_kasse_output_and_exit_0_from_a_file(tmp_path):
    path = tmp_path / "list.json"
    path.write_text(json.dumps(FIVE_LIST), encoding="utf-8")
    proc = run("kasse", "--cent", "5", str(path))
    assert proc.returncode == 0, proc.stdout
    out = json.loads(proc.stdout)
    assert list(out) == ["balances", "pot", "payments"]
    assert out["pot"] == 25
    assert out["payments"][0] == {"from": "Dieter", "to": None, "cents": 25}
    assert [b["player"] for b in out["balances"]] == [*SEATS, "Erika"]


def test_invalid_list_names_the_list_with_exit_1():
    bad = {"seats": SEATS, "games": [game(["Anna", "Bernd"], 300)]}
    proc = run("stats", stdin=json.dumps({"lists": [TSR_LIST, bad]}))
    assert proc.returncode == 1
    error = json.loads(proc.stdout)["error"]
    assert error["code"] == "augen_out_of_range"
    assert error["field"] == "lists[1]"
    assert error["game"] == 1
    assert error["message"].startswith("Liste 2: Spiel 1: ")
    proc = run("stats", "--lang", "en", stdin=json.dumps({"lists": [bad]}))
    assert json.loads(proc.stdout)["error"]["message"].startswith("List 1: Game 1: ")


@pytest.mark.parametrize(
    ("data", "code", "field"),
    [
        ({}, "stats_invalid_lists", "lists"),
        ({"lists": {"seats": SEATS}}, "stats_invalid_lists", "lists"),
        ({"lists": [], "rules": "tsr"}, "unknown_field", "rules"),
        ({"lists": [TSR_LIST, 5]}, "stats_invalid_list", "lists[1]"),
        ({"lists": [{"seats": SEATS[:3]}]}, "invalid_seats", "lists[0]"),
        ({"lists": [{**TSR_LIST, "rules": "skat"}]}, "rules_unknown_preset", "lists[0]"),
        ({"lists": [{**TSR_LIST, "rules": {"bock": 5}}]}, "rules_invalid_value", "lists[0]"),
        ({"lists": [{**TSR_LIST, "extra": 1}]}, "unknown_field", "lists[0]"),
    ],
)
def test_stats_bad_input_exit_1_with_the_error_object(data, code, field):
    out, status = stats_command(data)
    assert status == 1
    error = json.loads(out)["error"]
    assert (error["code"], error["field"]) == (code, field)
    assert error["message"]
    assert not re.search(r"\{[a-z_]+\}", error["message"])  # every placeholder filled


@pytest.mark.parametrize(
    ("data", "code", "field"),
    [
        ({"seats": SEATS[:3]}, "invalid_seats", "seats"),
        ({**TSR_LIST, "rules": {"bock": 5}}, "rules_invalid_value", "rules.bock"),
        ({**TSR_LIST, "rules": 7}, "rules_not_an_object", "rules"),
        ({"seats": SEATS, "games": [game(["Anna"], 130, kind="solo", solo="karo")]}, "", "games"),
        ({"seats": SEATS, "games": [{"kind": "geschmissen"}]}, "option_not_enabled", "kind"),
    ],
)
def test_kasse_invalid_list_exit_1_with_field(data, code, field):
    proc = run("kasse", "--cent", "2", stdin=json.dumps(data))
    assert proc.returncode == 1
    error = json.loads(proc.stdout)["error"]
    assert error["field"] == field
    if code:
        assert error["code"] == code
    else:  # a Lustsolo before the Pflichtsolo: the game's procedure, no field of its own
        assert error["code"] == "lustsolo_before_pflichtsolo"
        assert error["game"] == 1


@pytest.mark.parametrize("rate", ["0", "-5", "1.5", "x", "", "1e3", "٥"])
def test_kasse_rate_not_a_positive_integer_exit_2(rate):
    proc = run("kasse", "--cent", rate, stdin=json.dumps(TSR_LIST))
    assert proc.returncode == 2
    assert proc.stdout == b""
    assert proc.stderr.count(b"\n") == 1
    assert b"--cent" in proc.stderr
    assert b"Traceback" not in proc.stderr


def test_kasse_without_a_rate_exit_2():
    proc = run("kasse", stdin=json.dumps(TSR_LIST))
    assert proc.returncode == 2
    assert b"--cent" in proc.stderr
    assert b"Traceback" not in proc.stderr


@pytest.mark.parametrize(
    ("command", "stdin", "needle"),
    [
        (("stats",), "{not json", b"not JSON"),
        (("stats",), "[]", b"expected a JSON object"),
        (("stats",), "", b"not JSON"),
        (("stats",), b"\xff\xfe\x00", b"not UTF-8"),
        (("kasse", "--cent", "5"), "[1]", b"expected a JSON object"),
        (("kasse", "--cent", "5"), "nope", b"not JSON"),
        (("kasse", "--cent", "5", "/nonexistent/list.json"), "", b"cannot read"),
        (("stats", "/nonexistent/lists.json"), "", b"cannot read"),
    ],
)
def test_unreadable_input_exit_2_with_one_line(command, stdin, needle):
    proc = run(*command, stdin=stdin)
    assert proc.returncode == 2
    assert proc.stdout == b""
    assert needle in proc.stderr
    assert proc.stderr.count(b"\n") == 1
    assert b"Traceback" not in proc.stderr


def test_a_lone_surrogate_in_a_name_exits_2():
    data = '{"lists": [{"seats": ["\\ud800", "B", "C", "D"]}]}'
    proc = run("stats", stdin=data)
    assert proc.returncode == 2
    assert b"surrogate" in proc.stderr


def test_help_and_usage_errors_return_a_status():
    assert run("stats", "--help").returncode == 0
    assert run("stats", "--frobnicate", stdin="{}").returncode == 2
    assert run("kasse", stdin="{}").returncode == 2  # --cent is required
    proc = run("--help")
    assert b"stats" in proc.stdout
    assert b"kasse" in proc.stdout


def test_a_closed_pipe_ends_quietly():
    lists = [random_list(random.Random(seed), "tsr", 4, games=24) for seed in range(40)]
    proc = subprocess.Popen(
        [sys.executable, "-m", "scoring", "stats"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert proc.stdout is not None
    assert proc.stdin is not None
    assert proc.stderr is not None
    proc.stdout.close()  # the reader is gone before the command writes
    proc.stdin.write(json.dumps({"lists": lists}).encode())
    proc.stdin.close()
    status = proc.wait(timeout=60)
    stderr = proc.stderr.read()
    proc.stderr.close()
    assert stderr == b""
    assert status == 0


def test_main_in_process_reads_stdin(monkeypatch):
    buffer = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(buffer))
    assert main(["kasse", "--cent", "5"], io.StringIO(json.dumps(FIVE_LIST))) == 0
    assert json.loads(buffer.getvalue())["pot"] == 25


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 2**32), st.sampled_from(PROFILES), st.sampled_from([4, 5])),
        max_size=3,
    ),
    st.integers(1, 50),
)
def test_the_commands_agree_with_the_functions(specs, rate):
    datas = [random_list(random.Random(seed), profile, size) for seed, profile, size in specs]
    states = [list_from_dict(d) for d in datas]
    out, status = stats_command(json.loads(json.dumps({"lists": datas})))
    assert status == 0
    assert json.loads(out) == statistics_to_dict(player_statistics(states))
    for data, state in zip(datas, states, strict=True):
        out, status = kasse_command(json.loads(json.dumps(data)), rate)
        assert status == 0
        assert json.loads(out) == json.loads(json.dumps(kasse_to_dict(kasse(state, rate))))
