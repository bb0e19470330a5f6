"""Plausible random games and rounds — for demo data, benchmarks and property tests.

Every game it makes is valid and follows the round's procedure (it asks the state
machine what comes next), so a simulated round always replays cleanly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from scoring.records import (
    Announcements,
    GameRecord,
    Kind,
    Level,
    Party,
    SoloType,
    Specials,
)
from scoring.round import GAMES_PER_ROUND, RoundState, replay_round

_LEVELS = list(Level)
_LEVEL_WEIGHTS = [55, 30, 9, 4, 1.5, 0.5]
_SOLOS = list(SoloType)


def random_game(
    rng: random.Random,
    players: Sequence[str],
    *,
    soloist: str | None = None,
    pflicht: bool = False,
    kind: Kind | None = None,
) -> GameRecord:
    """A random valid game among ``players``; a solo for ``soloist`` when given."""
    if kind is None:
        kind = (
            Kind.SOLO
            if soloist
            else rng.choices([Kind.NORMAL, Kind.HOCHZEIT, Kind.STILLE_HOCHZEIT], [92, 6, 2])[0]
        )
    re: tuple[str, ...]
    if kind is Kind.SOLO:
        re = (soloist or rng.choice(players),)
    elif kind is Kind.STILLE_HOCHZEIT or (kind is Kind.HOCHZEIT and rng.random() < 0.15):
        re = (rng.choice(players),)
    else:
        re = tuple(rng.sample(list(players), 2))
    solo_like = len(re) == 1
    # Soloists are usually strong: tilt their Augen upwards a little.
    augen = max(0, min(240, int(rng.gauss(135 if solo_like else 121, 38))))
    schwarz = None
    if augen == 240 and rng.random() < 0.5:
        schwarz = Party.KONTRA
    elif augen == 0 and rng.random() < 0.5:
        schwarz = Party.RE
    ann = Announcements(
        re=rng.choices(_LEVELS, _LEVEL_WEIGHTS)[0],
        kontra=rng.choices(_LEVELS, _LEVEL_WEIGHTS)[0],
    )
    specials = Specials()
    if not solo_like:
        dk_re = min(augen // 40, rng.choices([0, 1, 2], [70, 25, 5])[0])
        dk_ko = min((240 - augen) // 40, rng.choices([0, 1, 2], [70, 25, 5])[0])
        fuchs_re = 0 if schwarz is Party.RE else rng.choices([0, 1], [85, 15])[0]
        fuchs_ko = 0 if schwarz is Party.KONTRA else rng.choices([0, 1], [85, 15])[0]
        karlchen = rng.choices([None, Party.RE, Party.KONTRA], [90, 5, 5])[0]
        if karlchen is schwarz:
            karlchen = None
        specials = Specials(dk_re, dk_ko, fuchs_re, fuchs_ko, karlchen)
    return GameRecord(
        kind=kind,
        players=tuple(players),
        re=re,
        re_augen=augen,
        solo=rng.choice(_SOLOS) if kind is Kind.SOLO else None,
        pflicht=pflicht if kind is Kind.SOLO else False,
        schwarz=schwarz,
        announcements=ann,
        specials=specials,
    )


def next_random_game(rng: random.Random, state: RoundState) -> GameRecord:
    """A game that the state machine accepts as the next one."""
    nxt = state.next_game
    if nxt is None:
        raise ValueError("the round is complete")
    if nxt.vorfuehrung:
        return random_game(rng, nxt.players, soloist=nxt.vorfuehrung, pflicht=True)
    owing = [p for p in nxt.players if p in state.owes_pflichtsolo]
    roll = rng.random()
    if owing and roll < 0.12:
        return random_game(rng, nxt.players, soloist=rng.choice(owing), pflicht=True)
    done = [p for p in nxt.players if p not in state.owes_pflichtsolo]
    if done and roll > 0.97:
        return random_game(rng, nxt.players, soloist=rng.choice(done), pflicht=False)
    return random_game(rng, nxt.players)


def random_round(
    rng: random.Random,
    seats: Sequence[str],
    games: int | None = None,
    *,
    time_up_after: int | None = None,
) -> list[GameRecord]:
    """A whole (or the first ``games`` games of a) round that follows the procedure;
    with ``time_up_after`` (at most the games played so far plus one) time is called."""
    records: list[GameRecord] = []

    def replay() -> RoundState:
        called = (
            time_up_after is not None
            and time_up_after <= len(records) + 1
            and time_up_after <= GAMES_PER_ROUND[len(seats)]
        )
        return replay_round(seats, records, time_up_after=time_up_after if called else None)

    state = replay()
    while state.next_game is not None and (games is None or len(records) < games):
        records.append(next_random_game(rng, state))
        state = replay()
    return records
