"""Every JSON shape the engine reads or writes (scoring.md §1, round.md, the CLI contracts).

Reading untrusted JSON checks types and vocabulary here, with stable error codes; the
semantic checks (party sizes, Augen, Sonderpunkte, penalty rules, the round's procedure)
live in the model classes, so that an object built in Python is held to the same rules.
Writing turns results and round states into plain dicts (and, for the CLI's hot path, a
game result straight into JSON text). The CLIs and the web API call only these functions.
One module per domain; every name is also importable from ``scoring.interchange``:

    records       record_from_dict / record_to_dict      a game record (scoring.md §1)
                  quick_from_dict / redeal_from_dict     a quick row, a redeal
                  entry_to_dict                          any entry of a list's games
    results       result_to_dict / result_to_json        a scored game: winner, points,
                                                         breakdown
    penalties     penalty_from_dict / penalty_to_dict    a penalty row (round.md)
    rounds        round_from_dict                        a round input: seats, games,
                                                         penalties, time up
                  state_to_dict / row_to_dict            a replayed round, as ``python -m
                                                         scoring round`` prints it
    totals        check_totals_from_dict                 a table's final totals checked
                  totals_check_to_dict                   a checked entry with its warnings
    rules         rules_from_dict / rules_to_dict        a rule profile's options
    errors        error_to_dict                          an error object, in any language
    competitions  rangliste_input_from_dict              the Rangliste in (``rangliste``)
                  rangliste_to_dict                      ... and out
                  schedule_to_dict                       a league schedule (``schedule``)
                  liga_from_dict / league_table_to_dict  Spieltage in, the table out (``liga``)

The engine's modules never import this package: it sits above them (errors and results
hold no JSON; ``error_to_dict`` and ``breakdown_json`` shape them here).
"""

from scoring.interchange.competitions import (
    MAX_RATED_ROUNDS,
    MAX_ROUND_POINTS,
    league_table_to_dict,
    liga_from_dict,
    rangliste_input_from_dict,
    rangliste_to_dict,
    schedule_to_dict,
)
from scoring.interchange.errors import error_to_dict
from scoring.interchange.penalties import PENALTY_KINDS, penalty_from_dict, penalty_to_dict
from scoring.interchange.records import (
    HOUSE_KINDS,
    KINDS,
    LEVEL_CODES,
    PARTIES,
    QUICK_KIND,
    REDEAL_KIND,
    SOLO_TYPES,
    entry_to_dict,
    quick_from_dict,
    quick_to_dict,
    record_from_dict,
    record_to_dict,
    redeal_from_dict,
    specials_to_dict,
)
from scoring.interchange.results import (
    breakdown_json,
    breakdown_line_to_dict,
    breakdown_to_json,
    result_to_dict,
    result_to_json,
)
from scoring.interchange.rounds import (
    RoundInputUnreadable,
    games_from_list,
    penalties_from_list,
    round_from_dict,
    row_to_dict,
    state_to_dict,
)
from scoring.interchange.rules import RULE_OPTIONS, rules_from_dict, rules_to_dict
from scoring.interchange.totals import (
    check_totals_from_dict,
    table_totals_to_dict,
    totals_check_to_dict,
)

__all__ = [
    "HOUSE_KINDS",
    "KINDS",
    "LEVEL_CODES",
    "MAX_RATED_ROUNDS",
    "MAX_ROUND_POINTS",
    "PARTIES",
    "PENALTY_KINDS",
    "QUICK_KIND",
    "REDEAL_KIND",
    "RULE_OPTIONS",
    "SOLO_TYPES",
    "RoundInputUnreadable",
    "breakdown_json",
    "breakdown_line_to_dict",
    "breakdown_to_json",
    "check_totals_from_dict",
    "entry_to_dict",
    "error_to_dict",
    "games_from_list",
    "league_table_to_dict",
    "liga_from_dict",
    "penalties_from_list",
    "penalty_from_dict",
    "penalty_to_dict",
    "quick_from_dict",
    "quick_to_dict",
    "rangliste_input_from_dict",
    "rangliste_to_dict",
    "record_from_dict",
    "record_to_dict",
    "redeal_from_dict",
    "result_to_dict",
    "result_to_json",
    "round_from_dict",
    "row_to_dict",
    "rules_from_dict",
    "rules_to_dict",
    "schedule_to_dict",
    "specials_to_dict",
    "state_to_dict",
    "table_totals_to_dict",
    "totals_check_to_dict",
]
