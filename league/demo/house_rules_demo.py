"""Demo data where the features meet: a club evening under the club's house rules
(verein-002) with a Bock round, a redeal ("neu gegeben") and a quick row, closed with
"Runde beenden" so the season table counts it — every cell of the matrix in
``tests/meet/`` can be looked at by hand. (The tournament's paper table is round 4 of the
Stadtmeisterschaft, ``load_demo``.)"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from league.clubs.models import Club, Player
from league.clubs.services import club_set_rules
from league.core.audit import User
from league.evenings import services as evening_services
from league.evenings.models import ClubEvening
from league.lists import services as list_services
from league.lists.models import Spielliste
from scoring import GameRecord
from scoring.interchange import record_from_dict
from scoring.quick import QuickGame
from scoring.rules import PRESETS


def _normal(liste: Spielliste, names: Sequence[str], re: Sequence[str], **kw: object) -> GameRecord:
    data = {"kind": "normal", "players": list(names), "re": list(re), "re_augen": 130, **kw}
    return record_from_dict(data, liste.profile)


def load_house_rules_evening(
    club: Club, members: Sequence[Player], day: dt.date, user: User
) -> ClubEvening:
    """The club plays verein-002 from now on; one evening of one table of four on ``day``:
    a lost Re announcement (Bock ×2 for the next four games), a redeal, games under Bock
    (one of them a quick row: winners and value), eight games in all, then closed."""
    club_set_rules(club=club, profile=PRESETS["verein-002"], user=user)
    names = [m.name for m in members[:4]]
    evening = evening_services.club_evening_create(
        club=club, date=day, tables=[names], note="Hausregeln", user=user
    )
    liste = evening.tables.get().spielliste
    a, b, c, d = names
    lost = {"re": "ansage", "kontra": "none"}
    list_services.game_record(
        spielliste=liste, record=_normal(liste, names, (a, c), re_augen=110, announcements=lost)
    )  # Re announced and lost: Bock
    list_services.redeal_record(spielliste=liste, user=user)  # game 2 dealt again
    record: GameRecord | QuickGame
    for number, re in enumerate([(a, b), (b, d), None, (c, d), (a, d), (b, c), (a, b)], start=2):
        if re is None:  # game 4 as on paper: who won, what the table counted
            record = QuickGame(players=tuple(names), winners=(a, c), value=3)
        else:
            record = _normal(liste, names, re, re_augen=130 if number % 2 else 151)
        list_services.game_record(spielliste=liste, record=record, user=user)
    list_services.spielliste_close(spielliste=liste, user=user)  # everybody dealt twice
    return evening
