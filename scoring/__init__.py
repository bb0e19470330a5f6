"""Pure-Python Doppelkopf scoring by the DDV Turnierspielregeln (TSR).

Nothing in this package imports Django: it is the rules engine that the web site,
the REST API, the PDFs and the command line all call. It reports problems as error
codes with parameters (``scoring.errors``) and renders their text, and every label,
from one German message table in any language (``scoring.messages``); every JSON shape
it reads or writes is in ``scoring.interchange``.

Glossary (German domain words kept as they are):
    Augen         card points taken in tricks; 240 in a game (TSR 2.2.2).
    Re / Kontra   the two parties: Re holds the Kreuz-Damen (or is the soloist).
    Ansage        "Re" or "Kontra" announced (6.2).
    Absage        "keine 90/60/30" or "schwarz" announced (6.3).
    Sonderpunkt   extra point in a normal game: Doppelkopf, Fuchs, Karlchen,
                  gegen die Kreuz-Damen gewonnen (7.2.3).
    Pflichtsolo   the solo each player owes per round (4.2).
    Lustsolo      a voluntary solo after one's Pflichtsolo (4.3).
    Vorführung    a Pflichtsolo forced because games run out (4.2.3).
    Hochzeit      the holder of both Kreuz-Damen seeks a partner (4.4.3);
                  a Stille Hochzeit is played silently as a Karo solo (4.4.5).
    Spielliste    one table's list of a 24-game round (7.3).
    Listenführer  the player who keeps the Spielliste (3.1).
"""

from scoring.errors import GameRecordError
from scoring.game import score_game
from scoring.records import (
    Announcements,
    GameRecord,
    Kind,
    Level,
    Party,
    SoloType,
    Specials,
)
from scoring.results import BreakdownLine, GameResult

__all__ = [
    "Announcements",
    "BreakdownLine",
    "GameRecord",
    "GameRecordError",
    "GameResult",
    "Kind",
    "Level",
    "Party",
    "SoloType",
    "Specials",
    "score_game",
]
