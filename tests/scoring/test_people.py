"""Matching typed names to player records (scoring.people; history-import.md "People")."""

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.people import (
    Candidate,
    Outcome,
    Reason,
    distance_within,
    likely_pairs,
    match,
    normalise,
    parse_ddv,
)


def six_ways(first: str, last: str) -> list[str]:
    """The six ways a club writes one name (issue 33): exact, upper case, "Nachname,
    Vorname", umlauts written out, doubled spaces, decomposed Unicode."""
    spelled = (
        f"{first} {last}".replace("ä", "ae")
        .replace("ö", "oe")
        .replace("ü", "ue")
        .replace("ß", "ss")
        .replace("Ä", "Ae")
        .replace("Ö", "Oe")
        .replace("Ü", "Ue")
    )
    return [
        f"{first} {last}",
        f"{first} {last}".upper(),
        f"{last}, {first}",
        spelled,
        f"  {first}   {last} ",
        unicodedata.normalize("NFD", f"{first} {last}"),
    ]


@pytest.mark.parametrize(
    ("first", "last"),
    [("Jörg", "Müller"), ("Ursula", "Weißbäcker"), ("Zoë", "Öztürk"), ("Änne", "Groß")],
)
def test_six_ways_normalise_alike_and_match_the_same(first: str, last: str) -> None:
    ways = six_ways(first, last)
    assert len({normalise(w) for w in ways}) == 1
    register = [Candidate(1, f"{first} {last}"), Candidate(2, "Anna Schmidt")]
    for way in ways:
        found = match(way, register)
        assert found.outcome is Outcome.SAME, way
        assert found.same_id == 1


def test_normalise_examples() -> None:
    assert normalise("Müller, Jörg") == "joerg mueller"
    assert normalise("JOERG  MUELLER") == "joerg mueller"
    assert normalise("José Ñúñez") == "jose nunez"
    assert normalise("Straßer, Hans-Peter") == "hans-peter strasser"
    assert normalise("  ") == ""
    assert normalise("a, b, c") == "b c a"


def test_several_equal_records_are_only_proposals() -> None:
    register = [Candidate(5, "Jörg Müller"), Candidate(3, "Joerg Mueller"), Candidate(9, "X Y")]
    found = match("jörg müller", register)
    assert found.outcome is Outcome.MAYBE
    assert found.candidate_ids == (3, 5)


def test_near_matches_are_proposals_ranked() -> None:
    register = [
        Candidate(1, "Jörg Müller"),
        Candidate(2, "Jürgen Müller"),  # same surname and initial
        Candidate(3, "Jörg Möller"),  # distance 1 (oe/ue)
        Candidate(4, "Müller Jörg"),  # the words swapped, no comma
        Candidate(5, "Peter Schmidt"),
    ]
    found = match("Jorg Müller", register)  # "jorg mueller": distance 1 to "joerg mueller"
    assert found.outcome is Outcome.MAYBE
    assert found.candidate_ids[0] == 1
    assert set(found.candidate_ids) == {1, 2, 3}
    reasons = {p.id: p.reason for p in found.proposals}
    assert reasons[2] is Reason.INITIAL
    swapped = match("Jörg Müller", [Candidate(4, "Müller Jörg")])
    assert swapped.outcome is Outcome.MAYBE
    assert swapped.proposals[0].reason is Reason.ORDER


def test_nobody_close_is_none() -> None:
    found = match("Anna Schmidt", [Candidate(1, "Jörg Müller"), Candidate(2, "Bernd Schulz")])
    assert found.outcome is Outcome.NONE
    assert found.candidate_ids == ()
    assert found.same_id is None
    assert match("Anna Schmidt", []).outcome is Outcome.NONE


def test_ddv_number_decides_first() -> None:
    register = [
        Candidate(1, "Jörg Müller", ddv="111"),
        Candidate(2, "Jörg Müller", ddv="222"),
        Candidate(3, "Jörg Müller"),
    ]
    assert match("Jörg Müller", register, ddv="222").same_id == 2
    assert match("Jörg Müller (DDV 111)", register).same_id == 1
    # The number's record has another name: asked, the number's record first.
    renamed = match("Hans Meier", register, ddv="111")
    assert renamed.outcome is Outcome.MAYBE
    assert renamed.candidate_ids[0] == 1
    assert renamed.proposals[0].reason is Reason.DDV
    # An unknown number: the name-equal record without a number is the only "equal"; the
    # ones holding other numbers are no longer equal but proposals.
    unknown = match("Jörg Müller", register, ddv="999")
    assert unknown.outcome is Outcome.SAME
    assert unknown.same_id == 3


def test_club_members_first() -> None:
    register = [
        Candidate(1, "Jörg Müller", club_ids=frozenset({7})),
        Candidate(2, "Jörg Müller", club_ids=frozenset({8})),
        Candidate(3, "Jörg Möller", club_ids=frozenset({8})),
        Candidate(4, "Jörg Müllers", club_ids=frozenset({7})),
    ]
    assert match("Joerg Mueller", register, club=8).same_id == 2
    assert match("Joerg Mueller", register).outcome is Outcome.MAYBE
    ranked = match("Jörg Muller", register, club=7)
    assert ranked.outcome is Outcome.MAYBE
    assert ranked.candidate_ids[:2] == (1, 4)
    assert all(p.member for p in ranked.proposals[:2])


def test_parse_ddv() -> None:
    assert parse_ddv("Jörg Müller (DDV 12345)") == ("Jörg Müller", "12345")
    assert parse_ddv("Jörg Müller (ddv-nr. 77)") == ("Jörg Müller", "77")
    assert parse_ddv("Jörg Müller(DDV:5)") == ("Jörg Müller", "5")
    assert parse_ddv(" Jörg Müller ") == ("Jörg Müller", None)
    assert parse_ddv("(DDV 5)") == ("(DDV 5)", None)
    assert parse_ddv("Jörg (Senior)") == ("Jörg (Senior)", None)


def _levenshtein(a: str, b: str) -> int:
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


short_text = st.text(alphabet="abcdeäöü ß,", max_size=12)


@given(short_text, short_text)
@settings(max_examples=400)
def test_bounded_distance_agrees_with_the_full_one(a: str, b: str) -> None:
    full = _levenshtein(a, b)
    assert distance_within(a, b) == (full if full <= 2 else None)


@given(st.text(max_size=40))
@settings(max_examples=500)
def test_normalise_is_idempotent(name: str) -> None:
    once = normalise(name)
    assert normalise(once) == once
    assert "," not in once
    assert "  " not in once
    assert once == once.strip()


names = st.text(alphabet="abcdefghijklmnopqrstuvwxyzäöüßéèçñ", min_size=1, max_size=10)


@given(names, names)
@settings(max_examples=300)
def test_every_way_of_writing_matches_the_same(first: str, last: str) -> None:
    first, last = first.capitalize(), last.capitalize()
    register = [Candidate(1, f"{first} {last}")]
    for way in six_ways(first, last):
        assert match(way, register).same_id == 1, way


@given(names, names, st.integers(0, 30))
@settings(max_examples=200)
def test_a_match_never_proposes_a_stranger_and_equal_is_same(
    first: str, last: str, seed: int
) -> None:
    register = [
        Candidate(1, f"{first} {last}"),
        Candidate(2, f"Zz{seed} Qq"),
    ]
    found = match(f"{last}, {first}", register)
    assert found.outcome is Outcome.SAME
    assert 2 not in found.candidate_ids


def test_likely_pairs_blocks_yet_finds_the_near_pairs() -> None:
    register = [
        Candidate(1, "Jörg Müller"),
        Candidate(2, "Mueller, Joerg"),  # equal
        Candidate(3, "Jorg Muller"),  # consonants alike (distance 2)
        Candidate(4, "J. Müller"),  # an initial for the first name
        Candidate(10, "Jürgen Müller"),  # same surname and initial: too weak for the register
        Candidate(11, "Ute Schmidt"),
        Candidate(12, "Uwe Schmidt"),  # first name one letter apart
        Candidate(5, "Anna Schmidt"),
        Candidate(6, "Anna Schmitt"),  # distance 1
        Candidate(7, "Bernd Schulz", ddv="1"),
        Candidate(8, "Bernd Schulz", ddv="2"),  # different DDV numbers: two people
        Candidate(9, "Carla Berg"),
    ]
    pairs = likely_pairs(register, dismissed=[(6, 5)])
    found = {(p.first, p.second): p.reason for p in pairs}
    assert found[(1, 2)] is Reason.EQUAL
    assert found[(1, 3)] is Reason.DISTANCE
    assert found[(1, 4)] is Reason.INITIAL
    assert found[(4, 10)] is Reason.INITIAL
    assert (1, 10) not in found
    assert found[(11, 12)] is Reason.DISTANCE
    assert (5, 6) not in found  # dismissed
    assert (7, 8) not in found
    assert all(9 not in pair for pair in found)
    assert pairs[0].reason is Reason.EQUAL


@given(
    st.lists(
        st.sampled_from(
            [
                "Jörg Müller",
                "Joerg Mueller",
                "Jörg Möller",
                "Anna Schmidt",
                "Anna Schmitt",
                "Jürgen Müller",
                "Müller, Jürgen",
                "J. Müller",
                "Ute Schmidt",
                "Uwe Schmidt",
                "Bo Li",
            ]
        ),
        max_size=8,
    )
)
@settings(max_examples=100)
def test_likely_pairs_equal_what_match_proposes(names_: list[str]) -> None:
    register = [Candidate(i, n) for i, n in enumerate(names_)]
    pairs = {(p.first, p.second) for p in likely_pairs(register)}
    abbreviated = {c.id for c in register if c.name.startswith("J.")}
    for cand in register:
        others = [c for c in register if c.id != cand.id]
        for proposal in match(cand.name, others).proposals:
            if proposal.reason is Reason.INITIAL and not {cand.id, proposal.id} & abbreviated:
                continue  # the register pairs initials only with a written-out initial
            assert (min(cand.id, proposal.id), max(cand.id, proposal.id)) in pairs
