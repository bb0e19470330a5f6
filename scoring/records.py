"""The game record: one played game as the Listenführer knows it after the last trick.

A ``GameRecord`` validates itself on construction, so a record that exists is a game
that can have been played. Its JSON form (scoring.md §1: CLI, REST API, import/export)
is read and written by ``scoring.interchange``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum, StrEnum

from scoring.errors import GameRecordError, Param


class Kind(StrEnum):
    NORMAL = "normal"
    HOCHZEIT = "hochzeit"
    STILLE_HOCHZEIT = "stille_hochzeit"
    SOLO = "solo"
    ARMUT = "armut"  # house rule (scoring.rules): two Re players, scored as a normal game


class SoloType(StrEnum):
    DAMEN = "damen"
    BUBEN = "buben"
    FLEISCHLOS = "fleischlos"
    KREUZ = "kreuz"
    PIK = "pik"
    HERZ = "herz"
    KARO = "karo"


class Party(StrEnum):
    RE = "re"
    KONTRA = "kontra"

    @property
    def other(self) -> Party:
        return Party.KONTRA if self is Party.RE else Party.RE


class Level(IntEnum):
    """Highest announcement a party reached; each level implies all lower ones (6.4.3)."""

    NONE = 0
    ANSAGE = 1
    K90 = 2
    K60 = 3
    K30 = 4
    SCHWARZ = 5

    @property
    def code(self) -> str:
        return _LEVEL_CODES[self]

    @property
    def absagen(self) -> int:
        """How many Absagen this level stands for (k90 = 1 … schwarz = 4)."""
        return max(0, self - 1)

    @classmethod
    def from_code(cls, code: str) -> Level:
        return _LEVEL_BY_CODE[code]


_LEVEL_CODES = {
    Level.NONE: "none",
    Level.ANSAGE: "ansage",
    Level.K90: "k90",
    Level.K60: "k60",
    Level.K30: "k30",
    Level.SCHWARZ: "schwarz",
}
_LEVEL_BY_CODE = {code: level for level, code in _LEVEL_CODES.items()}


@dataclass(frozen=True, slots=True)
class Announcements:
    re: Level = Level.NONE
    kontra: Level = Level.NONE

    def of(self, party: Party) -> Level:
        return self.re if party is Party.RE else self.kontra


NO_ANNOUNCEMENTS = Announcements()


@dataclass(frozen=True, slots=True)
class Specials:
    """Sonderpunkte (7.2.3) as counted after the game; normal games only."""

    doppelkopf_re: int = 0
    doppelkopf_kontra: int = 0
    fuchs_re: int = 0
    fuchs_kontra: int = 0
    karlchen: Party | None = None
    # House rules (scoring.rules): the party that caught the other's Kreuz-Bube in the
    # last trick, and heart tricks every player followed (normal games only).
    karlchen_gefangen: Party | None = None
    herzstich_re: int = 0
    herzstich_kontra: int = 0

    @property
    def is_empty(self) -> bool:
        return self is NO_SPECIALS or (
            not (self.doppelkopf_re or self.doppelkopf_kontra or self.fuchs_re)
            and not self.fuchs_kontra
            and self.karlchen is None
            and not self.has_house_specials
        )

    @property
    def has_house_specials(self) -> bool:
        """Any Sonderpunkt that only a house rule counts (karlchen_gefangen, herzstich)."""
        return (
            self.karlchen_gefangen is not None
            or self.herzstich_re != 0
            or self.herzstich_kontra != 0
        )

    @property
    def has_tsr_specials(self) -> bool:
        return bool(
            self.doppelkopf_re
            or self.doppelkopf_kontra
            or self.fuchs_re
            or self.fuchs_kontra
            or self.karlchen is not None
        )


NO_SPECIALS = Specials()

# Each trick of >= 40 Augen is a Doppelkopf; 240 Augen allow at most 6 in theory, but
# only 4 tricks can hold all four Asse and Zehnen needed, hence 4 in all (scoring.md §5).
MAX_DOPPELKOPF = 4
MAX_FUCHS = 2
# A heart trick every player follows takes 4 of the 6 (4 without nines) non-trump hearts
# of a normal game: at most one per game.
MAX_HERZSTICH = 1
TOTAL_AUGEN = 240


_INT = {int}
_COUNT_FIELDS = ("doppelkopf.re", "doppelkopf.kontra", "fuchs.re", "fuchs.kontra")


def _fail(code: str, fld: str, params: Mapping[str, Param] | None = None) -> None:
    raise GameRecordError(code, params, field=fld)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game's facts (scoring.md §1). Construction validates (scoring.md §5)."""

    kind: Kind
    players: tuple[str, ...]
    re: tuple[str, ...]
    re_augen: int
    solo: SoloType | None = None
    pflicht: bool = False
    schwarz: Party | None = None
    announcements: Announcements = NO_ANNOUNCEMENTS
    specials: Specials = NO_SPECIALS
    # House rules: the Bock factor as entered (None: not entered; scored as 1). The round
    # machine derives it and refuses an entered one that differs (house-rules.md).
    bock: int | None = None

    def __post_init__(self) -> None:
        players = self.players
        if len(players) != 4:
            _fail("wrong_player_count", "players")
        names = set(players)
        if len(names) != 4:
            _fail("duplicate_players", "players")
        for name in players:
            if not isinstance(name, str) or not name.strip():
                _fail("invalid_player_name", "players")
        re = self.re
        if not names.issuperset(re):
            stranger = next(name for name in re if name not in names)
            _fail("re_not_subset", "re", {"name": stranger})
        if len(set(re)) != len(re):
            _fail("re_not_subset", "re", {"variant": "duplicate"})
        kind = self.kind
        allowed = _RE_SIZES[kind]
        if len(re) not in allowed:
            _fail("re_wrong_size", "re", {"variant": kind.value, "count": len(re)})
        if kind is Kind.SOLO:
            if self.solo is None:
                _fail("solo_missing", "solo")
        else:
            if self.solo is not None:
                _fail("solo_not_allowed", "solo")
            if self.pflicht:
                _fail("pflicht_not_allowed", "pflicht")
        augen = self.re_augen
        if type(augen) is not int or not 0 <= augen <= TOTAL_AUGEN:
            _fail("augen_out_of_range", "re_augen")
        if self.schwarz is Party.KONTRA and augen != TOTAL_AUGEN:
            _fail("schwarz_contradicts_augen", "schwarz", {"variant": "kontra"})
        if self.schwarz is Party.RE and augen != 0:
            _fail("schwarz_contradicts_augen", "schwarz", {"variant": "re"})
        if not self.specials.is_empty:
            self._check_specials()
        bock = self.bock
        if bock is not None and (type(bock) is not int or bock < 1 or bock & (bock - 1)):
            _fail("invalid_bock", "bock")

    @property
    def solo_like(self) -> bool:
        """Scored as a solo (4.4.3 b, 4.4.5, 7.2.4): solo, Stille Hochzeit, lone Hochzeiter."""
        return len(self.re) == 1

    @property
    def soloist(self) -> str | None:
        return self.re[0] if len(self.re) == 1 else None

    @property
    def kontra(self) -> tuple[str, ...]:
        return tuple(p for p in self.players if p not in self.re)

    def augen(self, party: Party) -> int:
        return self.re_augen if party is Party.RE else TOTAL_AUGEN - self.re_augen

    def _check_specials(self) -> None:
        sp = self.specials
        # Sonderpunkte in a solo-like game are refused by the profile (scoring.rules:
        # ``check_record``); Herzstich is a normal-game item under every profile.
        if self.solo_like and (sp.herzstich_re or sp.herzstich_kontra):
            _fail("herzstich_in_solo", "specials.herzstich")
        counts = (sp.doppelkopf_re, sp.doppelkopf_kontra, sp.fuchs_re, sp.fuchs_kontra)
        if not set(map(type, counts)) <= _INT or min(counts) < 0:
            # From Python rather than JSON: find the field to name in the error.
            for name, value in zip(_COUNT_FIELDS, counts, strict=True):
                if type(value) is not int:
                    _fail("invalid_count", f"specials.{name}")
                if value < 0:
                    _fail("negative_count", f"specials.{name}")
        for party, count in ((Party.RE, sp.doppelkopf_re), (Party.KONTRA, sp.doppelkopf_kontra)):
            if count * 40 > self.augen(party):
                _fail(
                    "too_many_doppelkopf",
                    f"specials.doppelkopf.{party.value}",
                    {
                        "variant": party.value,
                        "count": count,
                        "needed": count * 40,
                        "augen": self.augen(party),
                    },
                )
        if sp.doppelkopf_re + sp.doppelkopf_kontra > MAX_DOPPELKOPF:
            _fail("too_many_doppelkopf", "specials.doppelkopf")
        if sp.fuchs_re + sp.fuchs_kontra > MAX_FUCHS:
            _fail("too_many_fuchs", "specials.fuchs")
        for party, count in ((Party.RE, sp.fuchs_re), (Party.KONTRA, sp.fuchs_kontra)):
            if count and self.schwarz is party:
                _fail(
                    "special_without_trick", f"specials.fuchs.{party.value}", {"variant": "fuchs"}
                )
        if sp.karlchen is not None and self.schwarz is sp.karlchen:
            _fail("special_without_trick", "specials.karlchen", {"variant": "karlchen"})
        if sp.has_house_specials:
            self._check_house_specials()

    def _check_house_specials(self) -> None:
        sp = self.specials
        caught = sp.karlchen_gefangen
        if caught is not None:
            if self.schwarz is caught:
                _fail(
                    "special_without_trick",
                    "specials.karlchen_gefangen",
                    {"variant": "karlchen"},
                )
            if sp.karlchen is not None and sp.karlchen is not caught:
                # Both happen in the last trick: the party that won it did both.
                _fail("karlchen_contradiction", "specials.karlchen_gefangen")
        for party, count in ((Party.RE, sp.herzstich_re), (Party.KONTRA, sp.herzstich_kontra)):
            if type(count) is not int:
                _fail("invalid_count", f"specials.herzstich.{party.value}")
            if count < 0:
                _fail("negative_count", f"specials.herzstich.{party.value}")
            if count and self.schwarz is party:
                _fail("special_without_trick", f"specials.herzstich.{party.value}")
        if sp.herzstich_re + sp.herzstich_kontra > MAX_HERZSTICH:
            _fail("too_many_herzstich", "specials.herzstich")

    # --- interchange format: moved to scoring.interchange ---------------------------


_RE_SIZES: Mapping[Kind, tuple[int, ...]] = {
    Kind.NORMAL: (2,),
    Kind.HOCHZEIT: (1, 2),
    Kind.STILLE_HOCHZEIT: (1,),
    Kind.SOLO: (1,),
    Kind.ARMUT: (2,),
}


@dataclass(frozen=True, slots=True)
class Redeal:
    """A redeal before play under the house rule ``schmeissen`` ("geschmissen": five
    nines, seven full cards …): no points, not a game of the list, the same dealer deals
    again, no Bock deal used (house-rules.md). Its JSON form is ``{"kind": "geschmissen"}``."""

    kind: str = "geschmissen"


REDEAL = Redeal()
