"""The closest existing player records of a typed name (scoring.people's rules over Player).

Used wherever a name is typed: a form asks "Ist das …?" with these offers before it creates a
new record; the API answers 409 ``player_maybe_known`` with them. The records compared are
found by the stored keys (the normalised name, its consonants, its first and last word), so a
national register is never read whole.

Privacy: a player who asked not to be named is offered only when the typed name equals his
(after normalising) — then the typer knows the name already — and never with his club.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from django.db import transaction
from django.db.models import Q

from league.clubs.models import Club, Player
from league.core.errors import ServiceError
from scoring.people import Candidate, Match, Outcome, match, normalise, parse_ddv, skeleton

OFFERS_MAX = 8  # a choice list on a phone: more is noise
NEW: Literal["new"] = "new"

PersonChoice = int | Literal["new", "ask"] | None
"""What the typist decided: a record's id, ``"new"`` (another person), ``"ask"`` (offer the
close records first) or None (the old silent find-or-create, for bulk paths)."""


@dataclass(frozen=True)
class PersonOffer:
    """A record offered for a typed name: "Jörg Müller, TSV Kiel"."""

    id: int
    name: str
    club: str
    reason: str  # scoring.people.Reason
    member: bool  # of the club the name is typed for

    @property
    def label(self) -> str:
        return f"{self.name}, {self.club}" if self.club else self.name


@dataclass(frozen=True)
class PersonMatch:
    name: str  # as typed (without a "(DDV n)")
    match: Match
    offers: tuple[PersonOffer, ...]
    in_clubs: frozenset[int] = frozenset()  # offered records that belong to a club


def _nearby(key: str, ddv: str | None) -> Q:
    words = key.split()
    near = Q(name_key=key) | Q(name_skeleton=skeleton(key))
    if ddv:
        near |= Q(ddv_number=ddv)
    if words:
        first, last = words[0], words[-1]
        # A first word typed differently, a surname typed differently, words swapped.
        near |= Q(name_key__endswith=f" {last}") | Q(name_key__startswith=f"{first} ")
        near |= Q(name_key__startswith=f"{last} ") | Q(name_key__endswith=f" {first}")
    return near


def person_match(*, name: str, ddv_number: str = "", club: Club | None = None) -> PersonMatch:
    """The typed name matched against the records near it (2 queries at most): the same,
    maybe the same (ranked, the club's members first) or none."""
    typed, typed_ddv = parse_ddv(name)
    ddv = ddv_number.strip() or typed_ddv
    key = normalise(typed)
    if not key and not ddv:
        return PersonMatch(typed, Match(Outcome.NONE), ())
    rows = list(
        Player.objects.filter(_nearby(key, ddv), rehearsal=False).values_list(
            "pk", "name", "ddv_number", "club_id", "hide_name", "name_key", "club__name"
        )[:500]
    )
    candidates = [
        Candidate(pk, pname, number or None, frozenset({cid}) if cid else frozenset())
        for pk, pname, number, cid, hidden, pkey, _c in rows
        if not hidden or pkey == key or (ddv and number == ddv)
    ]
    found = match(typed, candidates, ddv=ddv, club=club.pk if club else None)
    info = {pk: (pname, hidden, cname) for pk, pname, _n, _cid, hidden, _k, cname in rows}
    offers = []
    for proposal in found.proposals[:OFFERS_MAX]:
        pname, hidden, cname = info[proposal.id]
        offers.append(
            PersonOffer(
                id=proposal.id,
                name=typed if hidden else pname,
                club="" if hidden else (cname or ""),
                reason=str(proposal.reason),
                member=proposal.member,
            )
        )
    in_clubs = frozenset(pk for pk, _n, _d, cid, *_rest in rows if cid is not None)
    return PersonMatch(typed, found, tuple(offers), in_clubs)


def needs_asking(found: PersonMatch, club: Club | None) -> bool:
    """Whether a form must ask before it uses or creates a record: a proposal, or a "same"
    record of a club other than the one typed for (a namesake there is never taken silently:
    he may be another person, and a club's member does not join a stranger's list unasked)."""
    if found.match.outcome is Outcome.MAYBE:
        return True
    if found.match.outcome is Outcome.SAME:
        offer = found.offers[0]
        return not offer.member and offer.id in found.in_clubs
    return False


class PersonChoiceNeeded(ServiceError):
    """A typed name has close records: the typist decides (a form's "Ist das …?", the API's
    409 ``player_maybe_known`` with ``candidates``)."""

    def __init__(
        self, found: PersonMatch, *, field: str = "name", asked: Sequence[PersonMatch] = ()
    ) -> None:
        super().__init__(
            "player_maybe_known", {"name": found.name, "count": len(found.offers)}, field=field
        )
        self.found = found
        # Every name of a form of several (a list's seats, an evening's guests) that has
        # close records, asked on one page; ``found`` is the first.
        self.asked: tuple[PersonMatch, ...] = tuple(asked) or (found,)

    @property
    def offers(self) -> tuple[PersonOffer, ...]:
        return self.found.offers


def decision_for(people: Mapping[str, PersonChoice] | None, name: str) -> PersonChoice:
    """What a form of several names decided for ``name`` (keyed by its normalised form):
    None (no form asked: the silent find-or-create) or ``"ask"`` until decided."""
    if people is None:
        return None
    return people.get(normalise(parse_ddv(name)[0]), "ask")


def each_person(
    names: Sequence[str],
    make: Callable[[str, PersonChoice], tuple[Player, bool]],
    people: Mapping[str, PersonChoice] | None,
) -> list[Player]:
    """The record of every name of a form of several (``make``: a find-or-create that
    answers whether it created), asking once for all of them: each name is first tried
    against the records as they were before the form (each try rolled back, so that one
    new name is never offered for the next: "Aa Neu" is no "Bb Neu"), the names with close
    records raised together in one ``PersonChoiceNeeded``; then every name is made as its
    try decided. ``people`` None: no form asks, the silent find-or-create."""
    if people is None:
        return [make(name, None)[0] for name in names]
    decided: list[PersonChoice] = []
    asked: list[PersonMatch] = []
    for name in names:
        tried = transaction.savepoint()
        try:
            player, created = make(name, decision_for(people, name))
        except PersonChoiceNeeded as err:
            asked.extend(err.asked)
            decided.append(None)
        else:
            decided.append(NEW if created else player.pk)
        finally:
            transaction.savepoint_rollback(tried)
    if asked:
        raise PersonChoiceNeeded(asked[0], asked=asked)
    return [make(name, choice)[0] for name, choice in zip(names, decided, strict=True)]


def records_like(player: Player) -> tuple[PersonOffer, ...]:
    """The other records close to ``player`` (the same person typed twice, perhaps): what a
    "Das bin ich" offers beside him, and what the manager who confirms it should merge.
    Only public records: a hidden player is offered to nobody who does not type his name,
    and a hidden ``player`` gets no offers (they would show his name's neighbours)."""
    if player.hide_name:
        return ()
    found = person_match(name=player.name, ddv_number=player.ddv_number or "", club=player.club)
    others = [o for o in found.offers if o.id != player.pk]
    hidden = set(
        Player.objects.filter(pk__in=[o.id for o in others], hide_name=True).values_list(
            "pk", flat=True
        )
    )
    return tuple(o for o in others if o.id not in hidden)
