"""The CLI contract of ``python -m scoring score``: output shape and exit statuses."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .helpers import record

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str | bytes = "") -> subprocess.CompletedProcess[bytes]:
    data = stdin.encode() if isinstance(stdin, str) else stdin
    return subprocess.run(
        [sys.executable, "-m", "scoring", *args],
        input=data,
        capture_output=True,
        cwd=ROOT,
        check=False,
    )


def test_one_object_gives_one_result_and_exit_0():
    proc = run("score", stdin=json.dumps(record(re_augen=130)))
    assert proc.returncode == 0
    out = json.loads(proc.stdout)
    assert out["winner"] == "re"
    assert out["points"] == {"A": 1, "B": -1, "C": 1, "D": -1}
    assert out["breakdown"] == [{"item": "7.2.2 a", "key": "won", "party": "re", "points": 1}]
    assert proc.stderr == b""


def test_array_keeps_length_and_puts_errors_in_place_with_exit_1():
    games = [record(), record(re_augen=300), {"kind": "normal"}, record(re_augen=120)]
    proc = run("score", "-", stdin=json.dumps(games))
    assert proc.returncode == 1
    out = json.loads(proc.stdout)
    assert len(out) == 4
    assert out[0]["winner"] == "re"
    assert out[1] == {
        "error": {
            "code": "augen_out_of_range",
            "field": "re_augen",
            "message": out[1]["error"]["message"],
        }
    }
    assert out[2]["error"]["code"] == "missing_field"
    assert out[3]["winner"] == "kontra"


def test_all_valid_array_exits_0_and_empty_array_gives_empty_array():
    assert run("score", stdin=json.dumps([record()] * 3)).returncode == 0
    proc = run("score", stdin="[]")
    assert proc.returncode == 0
    assert json.loads(proc.stdout) == []


def test_single_invalid_object_exits_1_with_error_object():
    proc = run("score", stdin=json.dumps(record(kind="solo", re=["A"])))
    assert proc.returncode == 1
    assert json.loads(proc.stdout)["error"]["code"] == "solo_missing"


def test_reads_a_file_argument(tmp_path):
    path = tmp_path / "games.json"
    path.write_text(json.dumps([record()]), encoding="utf-8")
    proc = run("score", str(path))
    assert proc.returncode == 0
    assert json.loads(proc.stdout)[0]["winner"] == "re"


@pytest.mark.parametrize(
    ("stdin", "needle"),
    [
        ("{not json", b"not JSON"),
        ("42", b"expected a JSON object"),
        ('"text"', b"expected a JSON object"),
        ("", b"not JSON"),
        (b"\xff\xfe\x00", b"not UTF-8"),
    ],
)
def test_unreadable_input_exits_2_with_one_line_on_stderr(stdin, needle):
    proc = run("score", stdin=stdin)
    assert proc.returncode == 2
    assert proc.stdout == b""
    assert needle in proc.stderr
    assert proc.stderr.count(b"\n") == 1
    assert b"Traceback" not in proc.stderr


def test_missing_file_exits_2():
    proc = run("score", "/nonexistent/games.json")
    assert proc.returncode == 2
    assert b"cannot read" in proc.stderr


def test_unknown_command_exits_2_without_traceback():
    proc = run("frobnicate")
    assert proc.returncode == 2
    assert b"Traceback" not in proc.stderr
