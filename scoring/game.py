"""Who wins a game (TSR 7.1) and what it is worth (7.2) — scoring.md §2 and §3.

**Decision** (scoring.md §3, with a winner): the losing party earns nothing from 7.2.2;
only its Sonderpunkte count. Sonderpunkte are netted first, then against the rest
(7.2.3): ``value = points(Re) − points(Kontra)``.

**Decision** (scoring.md §3, 7.2.2 c/d): every Absage made, by either party, earns the
winner one point, skipped levels included (6.4.3).

**Decision** (scoring.md §3, 7.2.2 e/f): against an opponent's Absage each level the
opponent reached counts on its own (k60 means: 120 against k90 and 90 against k60).

Nobody wins (7.1.3) when neither party reaches its target; then only 7.2.2 (a) under-90/
60/30 and (e)/(f) points go to each party that achieved them, plus Sonderpunkte.

With a rule profile (``scoring.rules``, house-rules.md "Order of scoring with a profile"):
1. the winner as 7.1; 2. the value as 7.2 nets it — Re/Kontra +2 each only when
``announcements = additive``; Sonderpunkte of 7.2.3 plus the optional ones (Karlchen
gefangen, Herzstich), in solo-like games only with ``specials_in_solo`` (never Herzstich
nor "gegen die Alten"); ``solo_bonus`` to the winner of a solo-like game; with no winner
and ``no_winner_specials = false`` the value is 0; 3. ``doubling``: × 2 for an announced
Re, × 2 for an announced Kontra; 4. × the Bock factor; 5. a soloist gets 3 × value, each
opponent − value. The TSR profile takes the TSR path above, unchanged.

**Decision** (house rules, Armut): scored as a normal game — "gegen die Alten" counts for
Kontra as in every game with two Re players.
"""

from __future__ import annotations

from functools import cache, lru_cache

from scoring.errors import GameRecordError
from scoring.records import TOTAL_AUGEN, GameRecord, Kind, Level, Party, Specials
from scoring.results import BreakdownLine, Evaluation, GameResult
from scoring.rules import TSR, BockTrigger, RuleProfile

# Augen a party needs when neither made an Absage (scoring.md §2 no. 3): Re 121, Kontra
# 120 — swapped when Kontra announced and Re did not.
_TARGET_FIRST, _TARGET_SECOND = 121, 120
# Augen a party needs when it made the Absage itself (7.1.1 no. 5, 7.1.2 no. 5).
_OWN_ABSAGE_TARGET = {Level.K90: 151, Level.K60: 181, Level.K30: 211}
# Augen a party needs against the opponent's Absage (7.1.1 no. 7, 7.1.2 no. 7).
_AGAINST_ABSAGE_TARGET = {Level.K90: 90, Level.K60: 60, Level.K30: 30}
# Re-Augen worth a quick pick when entering a game: none, all, and each winning threshold
# of scoring.md §2 (0, 30, 60, 90, 120, 121, 151, 181, 211, 240).
AUGEN_QUICK_PICKS: tuple[int, ...] = tuple(
    sorted(
        {
            0,
            TOTAL_AUGEN,
            _TARGET_FIRST,
            _TARGET_SECOND,
            *_OWN_ABSAGE_TARGET.values(),
            *_AGAINST_ABSAGE_TARGET.values(),
        }
    )
)
# (e)/(f): own Augen that earn a point against each level of the opponent's Absage.
_REACHED = (
    (Level.K90, 120, "reached_120_vs_k90"),
    (Level.K60, 90, "reached_90_vs_k60"),
    (Level.K30, 60, "reached_60_vs_k30"),
    (Level.SCHWARZ, 30, "reached_30_vs_schwarz"),
)
_UNDER = ((90, "under_90"), (60, "under_60"), (30, "under_30"))
_ABSAGE_KEYS = {
    Party.RE: ("re_k90", "re_k60", "re_k30", "re_schwarz"),
    Party.KONTRA: ("kontra_k90", "kontra_k60", "kontra_k30", "kontra_schwarz"),
}


def reaches_target(
    party: Party,
    augen: int,
    *,
    took_all: bool,
    took_any: bool,
    re_level: Level,
    kontra_level: Level,
) -> bool:
    """Whether ``party`` reached its winning target (7.1.1 / 7.1.2, scoring.md §2)."""
    own, opp = (re_level, kontra_level) if party is Party.RE else (kontra_level, re_level)
    if own >= Level.K90:
        return took_all if own is Level.SCHWARZ else augen >= _OWN_ABSAGE_TARGET[own]
    if opp >= Level.K90:
        return took_any if opp is Level.SCHWARZ else augen >= _AGAINST_ABSAGE_TARGET[opp]
    # No Absage by either: Re needs 121, Kontra 120 — swapped when only Kontra announced.
    kontra_alone = kontra_level is Level.ANSAGE and re_level is Level.NONE
    if party is Party.RE:
        return augen >= (_TARGET_SECOND if kontra_alone else _TARGET_FIRST)
    return augen >= (_TARGET_FIRST if kontra_alone else _TARGET_SECOND)


def check_record(record: GameRecord, rules: RuleProfile = TSR) -> None:
    """Refuse a record that uses an option ``rules`` does not enable (house-rules.md:
    "A profile that does not enable an option refuses records that use it")."""
    sp = record.specials
    if not sp.is_empty:
        if (
            record.solo_like
            and (sp.has_tsr_specials or sp.karlchen_gefangen is not None)
            and not rules.specials_in_solo
        ):
            raise GameRecordError("specials_in_solo", field="specials")
        if sp.karlchen_gefangen is not None and not rules.karlchen_gefangen:
            raise GameRecordError(
                "option_not_enabled",
                {"name": "karlchen_gefangen"},
                field="specials.karlchen_gefangen",
            )
        if (sp.herzstich_re or sp.herzstich_kontra) and not rules.herzstich:
            raise GameRecordError(
                "option_not_enabled", {"name": "herzstich"}, field="specials.herzstich"
            )
    if record.kind is Kind.ARMUT and not rules.armut:
        raise GameRecordError("option_not_enabled", {"name": "armut"}, field="kind")
    if record.bock not in (None, 1) and rules.bock is None:
        raise GameRecordError("option_not_enabled", {"name": "bock"}, field="bock")


def score_game(
    record: GameRecord, rules: RuleProfile = TSR, *, bock: int | None = None
) -> GameResult:
    """Score one valid game record by TSR 7, or by ``rules`` (see the module's Decisions).

    ``bock`` is the Bock factor the round machine derived; without it the record's own
    (``record.bock``, default 1) counts.
    """
    if not record.specials.is_empty or record.kind is Kind.ARMUT or record.bock is not None:
        check_record(record, rules)
    factor = bock if bock is not None else (record.bock or 1)
    if rules is not TSR and not (factor == 1 and rules.is_tsr):
        return _score_house(record, rules, factor)
    ann = record.announcements
    evaluation = _evaluate_core(record.re_augen, record.schwarz, ann.re, ann.kontra)
    re = record.re
    solo_like = len(re) == 1
    if solo_like:
        soloist = re[0]
        value = evaluation.value
        points = {p: (3 * value if p == soloist else -value) for p in record.players}
    else:
        specials = record.specials
        if evaluation.winner is Party.KONTRA or not specials.is_empty:
            evaluation = _evaluate_normal(
                record.re_augen, record.schwarz, ann.re, ann.kontra, specials
            )
        value = evaluation.value
        points = {p: (value if p in re else -value) for p in record.players}
    return GameResult(evaluation=evaluation, solo_like=solo_like, points=points)


def _score_house(record: GameRecord, rules: RuleProfile, bock: int) -> GameResult:
    """House-rules.md "Order of scoring with a profile" (module docstring)."""
    ann = record.announcements
    core = _evaluate_core(record.re_augen, record.schwarz, ann.re, ann.kontra)
    winner = core.winner
    solo_like = record.solo_like
    lines = list(core.breakdown)
    if rules.doubling:
        lines = [line for line in lines if line.key not in _ANNOUNCED_KEYS]
    sp = record.specials
    if not solo_like:
        if winner is Party.KONTRA:
            lines.append(BreakdownLine("gegen_die_alten", Party.KONTRA, 1))
        lines.extend(_special_lines(sp, herzstich=True))
    elif rules.specials_in_solo:
        lines.extend(_special_lines(sp, herzstich=False))
    if solo_like and winner is not None and rules.solo_bonus:
        lines.append(BreakdownLine("solo_bonus", winner, rules.solo_bonus))
    if winner is None and not rules.no_winner_specials:
        lines = []
    breakdown = tuple(lines)
    evaluation = Evaluation(winner=winner, value=_net(breakdown), breakdown=breakdown)
    doubling = 1
    if rules.doubling:
        doubling = (2 if ann.re >= Level.ANSAGE else 1) * (2 if ann.kontra >= Level.ANSAGE else 1)
    value = evaluation.value * doubling * bock
    if solo_like:
        soloist = record.re[0]
        points = {p: (3 * value if p == soloist else -value) for p in record.players}
    else:
        points = {p: (value if p in record.re else -value) for p in record.players}
    return GameResult(
        evaluation=evaluation, solo_like=solo_like, points=points, doubling=doubling, bock=bock
    )


_ANNOUNCED_KEYS = frozenset({"re_announced", "kontra_announced"})


def _special_lines(sp: Specials, *, herzstich: bool) -> list[BreakdownLine]:
    lines = []
    for party, dk, fuchs in (
        (Party.RE, sp.doppelkopf_re, sp.fuchs_re),
        (Party.KONTRA, sp.doppelkopf_kontra, sp.fuchs_kontra),
    ):
        if dk:
            lines.append(BreakdownLine("doppelkopf", party, dk))
        if fuchs:
            lines.append(BreakdownLine("fuchs", party, fuchs))
    if sp.karlchen is not None:
        lines.append(BreakdownLine("karlchen", sp.karlchen, 1))
    if sp.karlchen_gefangen is not None:
        lines.append(BreakdownLine("karlchen_gefangen", sp.karlchen_gefangen, 1))
    if herzstich:
        for party, count in ((Party.RE, sp.herzstich_re), (Party.KONTRA, sp.herzstich_kontra)):
            if count:
                lines.append(BreakdownLine("herzstich", party, count))
    return lines


def bock_triggers(record: GameRecord, result: GameResult, rules: RuleProfile) -> tuple[str, ...]:
    """The Bock triggers (house-rules.md "Bockrunden") this scored game fires under
    ``rules``, in the order of house-rules.md; () without Bockrunden.

    ``lost_announcement``: a party that announced Re or Kontra lost (the other won);
    ``zero_game``: every player scores 0 (before Bock); ``split``: 120 : 120 Augen.
    """
    if rules.bock is None:
        return ()
    enabled = rules.bock.triggers
    fired = []
    winner = result.winner
    ann = record.announcements
    if (
        BockTrigger.LOST_ANNOUNCEMENT in enabled
        and winner is not None
        and ann.of(winner.other) >= Level.ANSAGE
    ):
        fired.append(BockTrigger.LOST_ANNOUNCEMENT.value)
    if BockTrigger.ZERO_GAME in enabled and result.evaluation.value == 0:
        fired.append(BockTrigger.ZERO_GAME.value)
    if BockTrigger.SPLIT in enabled and record.re_augen == TOTAL_AUGEN // 2:
        fired.append(BockTrigger.SPLIT.value)
    return tuple(fired)


def _net(lines: tuple[BreakdownLine, ...]) -> int:
    return sum(line.points if line.party is Party.RE else -line.points for line in lines)


# 7.2.2 depends only on these four facts: at most 241 × 3 × 36 combinations, so an
# unbounded cache stays small and makes the engine about as cheap as parsing its input.
@cache
def _evaluate_core(
    re_augen: int, schwarz: Party | None, re_level: Level, kontra_level: Level
) -> Evaluation:
    """Winner (7.1) and the 7.2.2 points — the part shared by normal and solo games."""
    augen = {Party.RE: re_augen, Party.KONTRA: TOTAL_AUGEN - re_augen}
    level = {Party.RE: re_level, Party.KONTRA: kontra_level}
    winner: Party | None = None
    for party in (Party.RE, Party.KONTRA):
        other = party.other
        if reaches_target(
            party,
            augen[party],
            took_all=schwarz is other,
            took_any=schwarz is not party,
            re_level=re_level,
            kontra_level=kontra_level,
        ):
            winner = party
            break

    lines: list[BreakdownLine] = []
    add = lines.append
    for party in (Party.RE, Party.KONTRA) if winner is None else (winner,):
        other = party.other
        if party is winner:
            add(BreakdownLine("won", party, 1))
        for limit, key in _UNDER:
            if augen[other] < limit:
                add(BreakdownLine(key, party, 1))
        if party is winner:
            if schwarz is other:
                add(BreakdownLine("schwarz", party, 1))
            for announcer in (Party.RE, Party.KONTRA):
                if level[announcer] >= Level.ANSAGE:
                    add(BreakdownLine(f"{announcer.value}_announced", party, 2))
            for announcer in (Party.RE, Party.KONTRA):
                for key in _ABSAGE_KEYS[announcer][: level[announcer].absagen]:
                    add(BreakdownLine(key, party, 1))
        for opp_level, needed, key in _REACHED:
            if level[other] >= opp_level and augen[party] >= needed:
                add(BreakdownLine(key, party, 1))
    breakdown = tuple(lines)
    return Evaluation(winner=winner, value=_net(breakdown), breakdown=breakdown)


@lru_cache(maxsize=1 << 16)
def _evaluate_normal(
    re_augen: int, schwarz: Party | None, re_level: Level, kontra_level: Level, sp: Specials
) -> Evaluation:
    """7.2.2 plus the Sonderpunkte of 7.2.3: normal games only; counted also when
    nobody wins."""
    core = _evaluate_core(re_augen, schwarz, re_level, kontra_level)
    lines = list(core.breakdown)
    if core.winner is Party.KONTRA:
        lines.append(BreakdownLine("gegen_die_alten", Party.KONTRA, 1))
    for party, dk, fuchs in (
        (Party.RE, sp.doppelkopf_re, sp.fuchs_re),
        (Party.KONTRA, sp.doppelkopf_kontra, sp.fuchs_kontra),
    ):
        if dk:
            lines.append(BreakdownLine("doppelkopf", party, dk))
        if fuchs:
            lines.append(BreakdownLine("fuchs", party, fuchs))
    if sp.karlchen is not None:
        lines.append(BreakdownLine("karlchen", sp.karlchen, 1))
    breakdown = tuple(lines)
    return Evaluation(winner=core.winner, value=_net(breakdown), breakdown=breakdown)
