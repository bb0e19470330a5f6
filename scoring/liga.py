"""A league's Spieltag result, its table and a Spieltag's seating (competitions.md "League").

Glossary:
    Mannschaft / team      a league's team; in this module identified by its name.
    Spieltag               one day's play of a group of teams (usually 4).
    Spielpunkte            a team's points for the day: the sum of its players' list points.
    Platz / place          the team's placing in its group that day (1 = most Spielpunkte).
    Siegpunkte             points for the place: k, k-1, ..., 1 in a group of k (4/3/2/1).
    Tabelle / table        the league table: Siegpunkte, then Spielpunkte, over all Spieltage.
    Aufstellung / line-up  the players a team sends to a Spieltag, in order.

**Decision** (competitions.md): teams with equal Spielpunkte share the Siegpunkte of the
places they cover (two teams tied for first get (4 + 3) / 2 = 3.5 each) and the same
place (both 1st; the next team is 3rd). Siegpunkte are exact Fractions, never floats.

**Decision** (competitions.md is silent on the details of a no-show): a team that did not
show up takes the last place(s) of the day, below every team that played; several absent
teams share those places as a tie does. Its Spielpunkte for the day count as 0 — the
points its substitutes made at the tables belong to nobody (the other teams keep theirs).

The league table orders by Siegpunkte, then Spielpunkte, both descending; teams equal in
both share the rank (standard competition ranking 1, 2, 2, 4); rows of one rank are listed
by name, case-insensitively.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.errors import ScoringError
from scoring.schedule import field_of_order


class LigaError(ScoringError):
    """A Spieltag or a line-up that cannot stand (``field``: its JSON path)."""


@dataclass(frozen=True, slots=True)
class TeamDay:
    """One team's result on one Spieltag."""

    team: str
    spielpunkte: int
    place: int
    siegpunkte: Fraction
    absent: bool = False


@dataclass(frozen=True, slots=True)
class TableRow:
    rank: int
    team: str
    siegpunkte: Fraction
    spielpunkte: int
    spieltage: int


def _ties(ordered: Sequence[tuple[str, int]], first_place: int, group: int) -> list[TeamDay]:
    """Places and shared Siegpunkte for teams already ordered by Spielpunkte."""
    out: list[TeamDay] = []
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ordered[j + 1][1] == ordered[i][1]:
            j += 1
        place = first_place + i
        covered = range(place, first_place + j + 1)
        share = Fraction(sum(group + 1 - p for p in covered), len(covered))
        out.extend(TeamDay(team, points, place, share) for team, points in ordered[i : j + 1])
        i = j + 1
    return out


def spieltag_result(
    spielpunkte: Mapping[str, int], absent: Collection[str] = ()
) -> tuple[TeamDay, ...]:
    """The day's placing in the group: Siegpunkte group size .. 1, ties shared (Decision);
    absent teams last with 0 Spielpunkte (Decision). Ordered by place, then name."""
    if len(spielpunkte) < 2:
        raise LigaError("liga_group_too_small", field="spieltage")
    for team, points in spielpunkte.items():
        if not isinstance(team, str) or not team.strip():
            raise LigaError("liga_team_name", field="spieltage")
        if not isinstance(points, int) or isinstance(points, bool):
            raise LigaError("liga_spielpunkte", {"name": team}, field=team)
    unknown = [t for t in absent if t not in spielpunkte]
    if unknown:
        raise LigaError("liga_absent_unknown", {"name": unknown[0]}, field="absent")
    group = len(spielpunkte)
    present = [(t, p) for t, p in spielpunkte.items() if t not in absent]
    present.sort(key=lambda item: (-item[1], item[0].casefold(), item[0]))
    missing = sorted(((t, 0) for t in spielpunkte if t in absent), key=lambda i: i[0].casefold())
    days = _ties(present, 1, group)
    if missing:
        place = len(present) + 1
        share = Fraction(sum(group + 1 - p for p in range(place, group + 1)), len(missing))
        days.extend(TeamDay(t, 0, place, share, absent=True) for t, _ in missing)
    return tuple(days)


def league_table(spieltage: Sequence[Sequence[TeamDay]]) -> tuple[TableRow, ...]:
    """The league table over the given Spieltag results (see the module's docstring)."""
    sieg: dict[str, Fraction] = {}
    spiel: dict[str, int] = {}
    days: dict[str, int] = {}
    for day in spieltage:
        for row in day:
            sieg[row.team] = sieg.get(row.team, Fraction(0)) + row.siegpunkte
            spiel[row.team] = spiel.get(row.team, 0) + row.spielpunkte
            days[row.team] = days.get(row.team, 0) + 1
    teams = sorted(sieg, key=lambda t: (-sieg[t], -spiel[t], t.casefold(), t))
    rows: list[TableRow] = []
    for i, team in enumerate(teams):
        same = rows and (rows[-1].siegpunkte, rows[-1].spielpunkte) == (sieg[team], spiel[team])
        rank = rows[-1].rank if same else i + 1
        rows.append(TableRow(rank, team, sieg[team], spiel[team], days[team]))
    return tuple(rows)


def table_with_all(rows: Sequence[TableRow], teams: Sequence[str]) -> tuple[TableRow, ...]:
    """``rows`` plus the teams that have not played yet (0, 0, sharing the last rank)."""
    seen = {row.team for row in rows}
    rest = sorted((t for t in teams if t not in seen), key=lambda t: (t.casefold(), t))
    if not rest:
        return tuple(rows)
    zero_rows = list(rows) + [TableRow(0, t, Fraction(0), 0, 0) for t in rest]
    zero_rows.sort(key=lambda r: (-r.siegpunkte, -r.spielpunkte, r.team.casefold(), r.team))
    out: list[TableRow] = []
    for i, row in enumerate(zero_rows):
        same = out and (out[-1].siegpunkte, out[-1].spielpunkte) == (
            row.siegpunkte,
            row.spielpunkte,
        )
        out.append(
            TableRow(
                out[-1].rank if same else i + 1,
                row.team,
                row.siegpunkte,
                row.spielpunkte,
                row.spieltage,
            )
        )
    return tuple(out)


# --- seating ---------------------------------------------------------------------------

Seating = tuple[tuple[tuple[str, ...], ...], ...]
"""Per round, the tables in order; per table, the players in seat order (position 1 first)."""


def spieltag_seating(lineups: Sequence[Sequence[str]], rounds: int) -> Seating:
    """One player of each team at every table, rotated across rounds.

    With P players per team (P tables) and P a prime power at least the number of teams,
    team i's player at table t in round r is t + a_i * r over GF(P) (a_0 = 0, a_i distinct):
    any two players of different teams meet exactly once in P rounds (orthogonal Latin
    squares). Otherwise team i's players shift by i * r (mod P), which keeps every table
    one-player-per-team and rotates as far as the arithmetic allows. The seat order within
    a table rotates with the round and table, so no team always sits in position 1.
    """
    teams = len(lineups)
    if teams < 2:
        raise LigaError("liga_group_too_small", field="lineups")
    size = len(lineups[0])
    if size < 1 or any(len(lineup) != size for lineup in lineups):
        raise LigaError("liga_lineup_size", {"count": size}, field="lineups")
    names = [name for lineup in lineups for name in lineup]
    if len(set(names)) != len(names):
        raise LigaError("liga_lineup_duplicate", field="lineups")
    if not isinstance(rounds, int) or not 1 <= rounds <= 24:
        raise LigaError("liga_rounds", field="rounds")
    field = field_of_order(size) if size >= teams else None
    out: list[tuple[tuple[str, ...], ...]] = []
    for r in range(rounds):
        tables: list[tuple[str, ...]] = []
        for t in range(size):
            if field is not None:
                rr = r % size
                seats = [lineups[i][field.add[t][field.mul[i][rr]]] for i in range(teams)]
            else:
                seats = [lineups[i][(t + i * r) % size] for i in range(teams)]
            shift = (r + t) % teams
            tables.append(tuple(seats[shift:] + seats[:shift]))
        out.append(tuple(tables))
    return tuple(out)


# --- JSON (the ``liga`` CLI's shapes; the interchange module re-exports these) ----------


def number(value: Fraction) -> int | float:
    """A Siegpunkte sum as a JSON number: an int when whole, else its (exact) halves."""
    return value.numerator if value.denominator == 1 else float(value)


def siegpunkte_text(value: Fraction, *, decimal_mark: str = ",") -> str:
    """Siegpunkte as shown: whole numbers without decimals ("4"), a shared place's half
    with one decimal ("3,5"; ``decimal_mark`` of the reader's language, "." in English).
    Ties only ever share halves (module Decision); any other fraction is rounded half away
    from zero to one decimal."""
    if value.denominator == 1:
        return str(value.numerator)
    tenths = abs(value) * 10
    whole, rest = divmod(tenths.numerator, tenths.denominator)
    if 2 * rest >= tenths.denominator:
        whole += 1
    sign = "-" if value < 0 else ""
    return f"{sign}{whole // 10}{decimal_mark}{whole % 10}"
