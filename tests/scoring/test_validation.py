"""One test per validation error code (scoring.md §5): code, field, and nothing scored."""

import pytest

from scoring import GameRecordError
from scoring.interchange import record_from_dict, record_to_dict

from .helpers import record

SP_OK = {"doppelkopf": {"re": 0, "kontra": 0}, "fuchs": {"re": 0, "kontra": 0}}

BAD = [
    ("not_an_object", "", []),
    ("unknown_field", "re_auge", record(re_auge=3)),
    ("missing_field", "re_augen", {k: v for k, v in record().items() if k != "re_augen"}),
    ("invalid_kind", "kind", record(kind="bock")),
    ("invalid_solo", "solo", record(kind="solo", solo="trumpf", re=["A"])),
    ("solo_missing", "solo", record(kind="solo", re=["A"])),
    ("solo_not_allowed", "solo", record(solo="damen")),
    ("pflicht_not_allowed", "pflicht", record(pflicht=True)),
    ("pflicht_not_allowed", "pflicht", record(kind="stille_hochzeit", re=["A"], pflicht=True)),
    ("invalid_type", "pflicht", record(kind="solo", solo="damen", re=["A"], pflicht="yes")),
    ("invalid_type", "players", record(players="A,B,C,D")),
    ("wrong_player_count", "players", record(players=["A", "B", "C"], re=["A", "C"])),
    ("duplicate_players", "players", record(players=["A", "B", "C", "A"])),
    ("invalid_player_name", "players", record(players=["A", "B", "C", " "])),
    ("invalid_type", "re", record(re="A")),
    ("re_not_subset", "re", record(re=["A", "X"])),
    ("re_not_subset", "re", record(re=["A", "A"])),
    ("re_wrong_size", "re", record(re=["A"])),
    ("re_wrong_size", "re", record(kind="solo", solo="herz", re=["A", "C"])),
    ("re_wrong_size", "re", record(kind="stille_hochzeit", re=["A", "C"])),
    ("re_wrong_size", "re", record(kind="hochzeit", re=["A", "B", "C"])),
    ("augen_out_of_range", "re_augen", record(re_augen=241)),
    ("augen_out_of_range", "re_augen", record(re_augen=-1)),
    ("augen_out_of_range", "re_augen", record(re_augen=120.5)),
    ("augen_out_of_range", "re_augen", record(re_augen="121")),
    ("augen_out_of_range", "re_augen", record(re_augen=True)),
    ("invalid_schwarz", "schwarz", record(schwarz="both")),
    ("schwarz_contradicts_augen", "schwarz", record(schwarz="kontra", re_augen=239)),
    ("schwarz_contradicts_augen", "schwarz", record(schwarz="re", re_augen=1)),
    ("invalid_type", "announcements", record(announcements=["re"])),
    ("invalid_level", "announcements.re", record(announcements={"re": "k120"})),
    ("invalid_level", "announcements.kontra", record(announcements={"kontra": 90})),
    ("unknown_field", "announcements.alte", record(announcements={"alte": "ansage"})),
    (
        "specials_in_solo",
        "specials",
        record(kind="solo", solo="pik", re=["A"], specials={"fuchs": {"re": 1}}),
    ),
    (
        "specials_in_solo",
        "specials",
        record(kind="hochzeit", re=["A"], specials={"karlchen": "re"}),
    ),
    ("invalid_type", "specials", record(specials=3)),
    ("unknown_field", "specials.bock", record(specials={"bock": 1})),
    ("invalid_count", "specials.fuchs.re", record(specials={"fuchs": {"re": "1"}})),
    (
        "negative_count",
        "specials.doppelkopf.kontra",
        record(specials={"doppelkopf": {"kontra": -1}}),
    ),
    (
        "too_many_doppelkopf",
        "specials.doppelkopf.re",
        record(re_augen=79, specials={"doppelkopf": {"re": 2}}),
    ),
    (
        "too_many_doppelkopf",
        "specials.doppelkopf.kontra",
        record(re_augen=201, specials={"doppelkopf": {"kontra": 1}}),
    ),
    (
        "too_many_doppelkopf",
        "specials.doppelkopf",
        record(re_augen=120, specials={"doppelkopf": {"re": 3, "kontra": 2}}),
    ),
    ("too_many_fuchs", "specials.fuchs", record(specials={"fuchs": {"re": 2, "kontra": 1}})),
    (
        "special_without_trick",
        "specials.fuchs.kontra",
        record(re_augen=240, schwarz="kontra", specials={"fuchs": {"kontra": 1}}),
    ),
    (
        "special_without_trick",
        "specials.karlchen",
        record(re_augen=0, schwarz="re", specials={"karlchen": "re"}),
    ),
    ("invalid_karlchen", "specials.karlchen", record(specials={"karlchen": "alle"})),
    # House rules (scoring.rules): refused under the TSR profile, or under every profile.
    ("option_not_enabled", "kind", record(kind="armut")),
    (
        "option_not_enabled",
        "specials.karlchen_gefangen",
        record(specials={"karlchen_gefangen": "re"}),
    ),
    ("option_not_enabled", "bock", record(bock=2)),
    ("invalid_bock", "bock", record(bock="2")),
    ("invalid_bock", "bock", record(bock=3)),
    (
        "invalid_karlchen_gefangen",
        "specials.karlchen_gefangen",
        record(specials={"karlchen_gefangen": 1}),
    ),
    (
        "herzstich_in_solo",
        "specials.herzstich",
        record(kind="solo", solo="damen", re=["A"], specials={"herzstich": {"re": 1}}),
    ),
    (
        "karlchen_contradiction",
        "specials.karlchen_gefangen",
        record(specials={"karlchen": "re", "karlchen_gefangen": "kontra"}),
    ),
    (
        "too_many_herzstich",
        "specials.herzstich",
        record(specials={"herzstich": {"re": 1, "kontra": 1}}),
    ),
]


@pytest.mark.parametrize(("code", "field", "data"), BAD, ids=[f"{c}:{f}" for c, f, _ in BAD])
def test_bad_record_is_rejected_with_code_and_field(code, field, data):
    with pytest.raises(GameRecordError) as exc:
        record_from_dict(data)
    assert exc.value.code == code
    assert exc.value.field == field
    assert exc.value.message


def test_every_code_the_engine_raises_is_tested():
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "scoring"
    source = "".join(
        path.read_text() for path in [root / "records.py", *(root / "interchange").glob("*.py")]
    )
    raised = set(re.findall(r'(?:_fail|GameRecordError)\(\s*"([a-z_]+)"', source))
    if "_invalid_type(" in source:
        raised.add("invalid_type")
    assert raised
    assert raised <= {code for code, _, _ in BAD}


def test_counts_within_limits_are_fine():
    rec = record_from_dict(
        record(
            re_augen=160,
            specials={
                "doppelkopf": {"re": 4, "kontra": 0},
                "fuchs": {"re": 1, "kontra": 1},
                "karlchen": "kontra",
            },
        )
    )
    assert rec.specials.doppelkopf_re == 4


def test_record_round_trips_through_its_dict():
    data = record(
        kind="solo",
        solo="buben",
        pflicht=True,
        re=["B"],
        re_augen=0,
        schwarz="re",
        announcements={"re": "ansage", "kontra": "k60"},
    )
    once = record_to_dict(record_from_dict(data))
    assert record_to_dict(record_from_dict(once)) == once
    assert once["announcements"] == data["announcements"]
