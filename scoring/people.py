"""One person, one record: how a typed name is matched to the player records that exist.

history-import.md "People" (**Decision**), used wherever a name is typed (registration,
members, rosters, seats, claims, the import, the federation's register):

- **the same person**: equal after :func:`normalise` and exactly one such record (a DDV
  number, when given, decides first);
- **maybe the same**: several such records, or a near match — edit distance ≤ 2 on the
  normalised name, or the same surname with the same first initial: a proposal that a person
  decides, candidates ranked;
- **none**: nobody close; a new record.

Pure functions over :class:`Candidate` values; the site feeds them from its ``Player`` rows.
:func:`likely_pairs` finds the near pairs of a whole register without comparing every pair
(blocking by keys), for the "mögliche Doppelte" page.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from rapidfuzz.distance import Levenshtein

MAX_DISTANCE = 2
MIN_NEAR = 5  # a name shorter than this is only ever the same when it is equal
"""The largest edit distance (on normalised names) that still makes a proposal."""

# Letters that carry no combining mark to drop, folded as German readers would write them.
_LETTERS = str.maketrans(
    {
        "ä": "ae",
        "ö": "oe",
        "ü": "ue",
        "ß": "ss",
        "æ": "ae",
        "œ": "oe",
        "ø": "oe",
        "ł": "l",
        "đ": "d",
        "ð": "d",
        "þ": "th",
        "ı": "i",
        "ŀ": "l",
    }
)

_DDV = re.compile(
    r"^(?P<name>.*?)\s*\(\s*DDV(?:[\s\-:]*Nr\.?)?[\s\-:#]*(?P<ddv>\d{1,20})\s*\)\s*$", re.I
)


def _fold_once(name: str) -> str:
    text = unicodedata.normalize("NFC", name)
    # "Nachname, Vorname" turned round; any further comma is only a separator, so that the
    # result holds no comma and folding again changes nothing.
    last, comma, first = text.partition(",")
    if comma:
        text = f"{first.replace(',', ' ')} {last}"
    text = unicodedata.normalize("NFC", text.casefold()).translate(_LETTERS)
    # Accents folded: é → e, č → c (the German umlauts were written out above).
    text = "".join(ch for ch in unicodedata.normalize("NFD", text) if not unicodedata.combining(ch))
    return " ".join(unicodedata.normalize("NFC", text).split())


def normalise(name: str) -> str:
    """The name as matching compares it: Unicode NFC, case folded, single spaces,
    "Nachname, Vorname" turned round, ä/ae, ö/oe, ü/ue, ß/ss and accents folded.

    ``normalise(normalise(x)) == normalise(x)``: folding repeats until nothing changes
    (rare letters whose case fold decomposes need a second pass).
    """
    text = _fold_once(name)
    for _ in range(4):
        again = _fold_once(text)
        if again == text:
            break
        text = again
    return text


def parse_ddv(text: str) -> tuple[str, str | None]:
    """``"Jörg Müller (DDV 12345)"`` → ``("Jörg Müller", "12345")``; without a number the
    text (trimmed) and ``None``. Also ``(DDV-Nr. 12345)``, ``(ddv: 12345)``."""
    found = _DDV.match(text)
    if found is None or not found.group("name").strip():
        return text.strip(), None
    return found.group("name").strip(), found.group("ddv")


def surname_initial(normalised: str) -> tuple[str, str] | None:
    """(surname, first initial) of a normalised name of at least two words: the last word
    is the surname, the first letter of the first word the initial."""
    words = normalised.split()
    if len(words) < 2:
        return None
    return words[-1], words[0][0]


def distance_within(a: str, b: str, limit: int = MAX_DISTANCE) -> int | None:
    """The Levenshtein distance of ``a`` and ``b`` if it is at most ``limit``, else None.

    rapidfuzz's Levenshtein (C, bit-parallel) with a cut-off: the register's pairs compare
    about 160,000 names, which the banded Python table took 11 of 12 s for at 20,000
    records (bench/people.py); the distance is the same unit-cost one.
    """
    if abs(len(a) - len(b)) > limit:
        return None
    found = Levenshtein.distance(a, b, score_cutoff=limit)
    return found if found <= limit else None


class Outcome(StrEnum):
    SAME = "same"
    MAYBE = "maybe"
    NONE = "none"


class Reason(StrEnum):
    """Why a candidate was proposed, strongest first (the ranking follows this order)."""

    DDV = "ddv"  # the DDV number given belongs to this record
    EQUAL = "equal"  # equal after normalising
    ORDER = "order"  # the same words in another order ("Müller Jörg")
    DISTANCE = "distance"  # edit distance ≤ 2
    INITIAL = "initial"  # the same surname, the same first initial


_RANK = {reason: rank for rank, reason in enumerate(Reason)}


@dataclass(frozen=True, slots=True)
class Candidate:
    """A player record as matching sees it."""

    id: int
    name: str
    ddv: str | None = None
    club_ids: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class Proposal:
    """One candidate of a match: who, why, and (for near matches) how far."""

    id: int
    reason: Reason
    distance: int = 0
    member: bool = False  # a member of the club the name was typed for


@dataclass(frozen=True, slots=True)
class Match:
    """The outcome and its candidates, best first: one for SAME, ranked ones for MAYBE,
    none for NONE."""

    outcome: Outcome
    proposals: tuple[Proposal, ...] = ()

    @property
    def candidate_ids(self) -> tuple[int, ...]:
        return tuple(p.id for p in self.proposals)

    @property
    def same_id(self) -> int | None:
        return self.proposals[0].id if self.outcome is Outcome.SAME else None


def _proposal(
    key: str, words: tuple[str, ...], cand: Candidate, cand_key: str, club: int | None
) -> Proposal | None:
    member = club is not None and club in cand.club_ids
    if cand_key == key:
        return Proposal(cand.id, Reason.EQUAL, 0, member)
    if _digits(cand_key) != _digits(key):
        return None  # "Gast 1" and "Gast 2": numbered names are different people
    if len(words) > 1 and sorted(cand_key.split()) == list(words):
        return Proposal(cand.id, Reason.ORDER, 0, member)
    # Decision (the spec is silent on short names): two edits turn any name of one or two
    # letters into any other ("A" and "Y" are no one person), so the distance rule needs
    # names of at least MIN_NEAR letters.
    dist = distance_within(key, cand_key) if min(len(key), len(cand_key)) >= MIN_NEAR else None
    if dist is not None:
        return Proposal(cand.id, Reason.DISTANCE, dist, member)
    mine, theirs = surname_initial(key), surname_initial(cand_key)
    if mine is not None and mine == theirs:
        return Proposal(cand.id, Reason.INITIAL, MAX_DISTANCE + 1, member)
    return None


def _digits(key: str) -> str:
    return "".join(ch for ch in key if ch.isdigit())


def _ranked(proposals: Iterable[Proposal]) -> tuple[Proposal, ...]:
    return tuple(
        sorted(
            proposals,
            key=lambda p: (
                p.reason is not Reason.DDV,
                not p.member,
                _RANK[p.reason],
                p.distance,
                p.id,
            ),
        )
    )


def match(
    name: str,
    candidates: Iterable[Candidate],
    *,
    ddv: str | None = None,
    club: int | None = None,
) -> Match:
    """Match a typed name against ``candidates`` (history-import.md "People").

    ``ddv`` first: the record holding that number is the same person when the names are
    equal after normalising, and the first proposal when they are not (the form shows the
    record's name and asks — api.md). A name-equal record holding *another* DDV number is
    only a proposal. ``club``: its members are matched first — exactly one equal member is
    the same person even if other clubs have a namesake — and ranked first among proposals.
    """
    parsed, typed_ddv = parse_ddv(name)
    ddv = (ddv or "").strip() or typed_ddv
    key = normalise(parsed)
    words = tuple(sorted(key.split()))
    proposals: list[Proposal] = []
    by_ddv: Proposal | None = None
    for cand in candidates:
        cand_key = normalise(cand.name)
        if ddv and cand.ddv and cand.ddv.strip() == ddv:
            member = club is not None and club in cand.club_ids
            if cand_key == key:
                return Match(Outcome.SAME, (Proposal(cand.id, Reason.EQUAL, 0, member),))
            by_ddv = Proposal(cand.id, Reason.DDV, distance_within(key, cand_key) or 0, member)
            continue
        found = _proposal(key, words, cand, cand_key, club) if key else None
        if found is None:
            continue
        if found.reason is Reason.EQUAL and ddv and cand.ddv and cand.ddv.strip() != ddv:
            # The same name, but the record belongs to another DDV number: ask.
            found = Proposal(found.id, Reason.DISTANCE, 0, found.member)
        proposals.append(found)
    if by_ddv is not None:
        return Match(Outcome.MAYBE, _ranked([by_ddv, *proposals]))
    equal = [p for p in proposals if p.reason is Reason.EQUAL]
    equal_members = [p for p in equal if p.member]
    if len(equal_members) == 1:
        return Match(Outcome.SAME, (equal_members[0],))
    if len(equal) == 1 and not equal_members:
        return Match(Outcome.SAME, (equal[0],))
    if proposals:
        return Match(Outcome.MAYBE, _ranked(proposals))
    return Match(Outcome.NONE)


@dataclass(frozen=True, slots=True)
class Pair:
    """Two records that may be one person; ``first`` < ``second`` (ids)."""

    first: int
    second: int
    reason: Reason
    distance: int = 0


def skeleton(key: str) -> str:
    """The consonants of a normalised name in order, doubled letters once: "joerg mueller"
    and "jorg muller" meet ("jrg mlr"). A blocking key, stored beside the name."""
    out: list[str] = []
    for ch in key:
        if ch in "aeiouy":
            continue
        if not out or out[-1] != ch:
            out.append(ch)
    return "".join(out)


def _blocking_keys(key: str) -> set[str]:
    words = key.split()
    keys = {"=" + key, "k" + skeleton(key), "o" + " ".join(sorted(words))}
    if len(words) >= 2:
        first, last = words[0], words[-1]
        # The first name with the surname's initial: a surname typed differently.
        keys.add("f" + first + " " + last[0])
        # The surname with the first name, whole and with one letter left out: a first
        # name typed one letter differently ("Ute"/"Uwe", "Jan"/"Jana"). Not the surname
        # alone: "Müller" would make one block of thousands at national size.
        keys.add("d" + first + " " + last)
        keys.update("d" + first[:i] + first[i + 1 :] + " " + last for i in range(len(first)))
    return keys


def _abbreviated(key: str) -> bool:
    """A first name written as its initial: "j. mueller", "j mueller"."""
    words = key.split()
    return len(words) >= 2 and len(words[0].rstrip(".")) == 1


@dataclass(frozen=True, slots=True)
class _Keyed:
    key: str
    words: tuple[str, ...]  # sorted
    digits: str
    initial: tuple[str, str] | None


def _compare(a: _Keyed, b: _Keyed) -> tuple[Reason, int] | None:
    # As _proposal, over keys made once per record rather than once per pair.
    if a.key == b.key:
        return Reason.EQUAL, 0
    if a.digits != b.digits:
        return None
    if len(a.words) > 1 and a.words == b.words:
        return Reason.ORDER, 0
    dist = distance_within(a.key, b.key)
    if dist is not None:
        return Reason.DISTANCE, dist
    if a.initial is not None and a.initial == b.initial:
        return Reason.INITIAL, MAX_DISTANCE + 1
    return None


def likely_pairs(
    candidates: Sequence[Candidate], *, dismissed: Iterable[tuple[int, int]] = ()
) -> list[Pair]:
    """The pairs of records of a whole register that are likely one person, found by
    blocking: names sharing a key (the normalised name, its consonants, its words in order,
    its first name with the surname's initial, its surname with the first name or the first
    name less one letter) are compared, never the whole register pairwise. Pairs in
    ``dismissed`` ("sind verschieden") are left out; two records with different DDV numbers
    are never proposed. Ranked strongest first.

    **Decision** (the register, not a typed name): "the same surname with the same first
    initial" pairs a record only with one whose first name *is* an initial ("J. Müller" with
    "Jörg Müller"): at national size every "Jörg Müller" and "Jens Müller" would otherwise
    be a pair, and the page would list thousands. ``match`` (a typed name) keeps the rule
    whole. A near pair that differs in both first and last name and in its consonants is
    missed: the price of not comparing 20,000 records with each other.
    """
    skip = {(min(a, b), max(a, b)) for a, b in dismissed}
    ddv = {cand.id: (cand.ddv or "").strip() for cand in candidates}
    # Records are grouped by their normalised name: namesakes pair without comparing, and
    # each two names are compared once, however many records carry them.
    holders: dict[str, list[int]] = defaultdict(list)
    for cand in candidates:
        holders[normalise(cand.name)].append(cand.id)
    holders.pop("", None)
    keyed = {
        key: _Keyed(key, tuple(sorted(key.split())), _digits(key), surname_initial(key))
        for key in holders
    }
    found: dict[tuple[int, int], Pair] = {}

    def pair_up(key_a: str, key_b: str, reason: Reason, distance: int) -> None:
        for a in holders[key_a]:
            for b in holders[key_b]:
                low, high = min(a, b), max(a, b)
                if low == high or (low, high) in skip or (low, high) in found:
                    continue
                if ddv[a] and ddv[b] and ddv[a] != ddv[b]:
                    continue
                found[(low, high)] = Pair(low, high, reason, distance)

    for key, ids in holders.items():
        if len(ids) > 1:
            pair_up(key, key, Reason.EQUAL, 0)
    blocks: dict[str, list[str]] = defaultdict(list)
    initials: dict[tuple[str, str], list[str]] = defaultdict(list)
    for key, item in keyed.items():
        for block in _blocking_keys(key):
            blocks[block].append(key)
        if item.initial is not None:
            initials[item.initial].append(key)
    compared: set[tuple[str, str]] = set()

    def compare(key_a: str, key_b: str, *, initial: bool) -> None:
        pair = (key_a, key_b) if key_a < key_b else (key_b, key_a)
        if key_a == key_b or pair in compared:
            return
        compared.add(pair)
        result = _compare(keyed[key_a], keyed[key_b])
        if result is not None and (initial or result[0] is not Reason.INITIAL):
            pair_up(key_a, key_b, result[0], result[1])

    for keys in blocks.values():
        for i, key_a in enumerate(keys):
            for key_b in keys[i + 1 :]:
                compare(key_a, key_b, initial=False)
    for keys in initials.values():  # "J. Müller" against every "J… Müller"
        for key_a in keys:
            if _abbreviated(key_a):
                for key_b in keys:
                    compare(key_a, key_b, initial=True)
    return sorted(found.values(), key=lambda p: (_RANK[p.reason], p.distance, p.first, p.second))
