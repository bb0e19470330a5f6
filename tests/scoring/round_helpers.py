from __future__ import annotations

from scoring import GameRecord
from scoring.interchange import record_from_dict
from scoring.penalties import Penalty, PenaltyKind
from scoring.round import RoundState, replay_round


def normal(players, re=None, augen=130) -> GameRecord:
    players = list(players)
    return record_from_dict(
        {"kind": "normal", "players": players, "re": re or players[:2], "re_augen": augen}
    )


def solo(players, soloist, pflicht=True, augen=130) -> GameRecord:
    return record_from_dict(
        {
            "kind": "solo",
            "solo": "damen",
            "pflicht": pflicht,
            "players": list(players),
            "re": [soloist],
            "re_augen": augen,
        }
    )


class Table:
    """Plays a round step by step, always with the players the machine expects."""

    def __init__(self, seats, time_up_after=None):
        self.seats = list(seats)
        self.games: list[GameRecord] = []
        self.penalties: list[Penalty] = []
        self.time_up_after = time_up_after

    @property
    def state(self) -> RoundState:
        return replay_round(self.seats, self.games, self.penalties, self.time_up_after)

    def next_players(self):
        return self.state.next_game.players

    def normal(self, augen=130):
        self.games.append(normal(self.next_players(), augen=augen))
        return self.state

    def solo(self, soloist, pflicht=True, augen=130):
        self.games.append(solo(self.next_players(), soloist, pflicht, augen))
        return self.state

    def vorfuehrung(self):
        who = self.state.next_game.vorfuehrung
        assert who is not None
        return self.solo(who)

    def penalty(self, kind, offender, **kw):
        self.penalties.append(
            Penalty(after_game=len(self.games), kind=PenaltyKind(kind), offender=offender, **kw)
        )
        return self.state
