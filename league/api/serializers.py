"""API serializers. Output serializers render every answer (so the schema cannot drift from
it); the records inside a body are read by the engine (scoring.interchange), which names
the field in error."""

from __future__ import annotations

from typing import Any

from django.core.validators import RegexValidator
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from league.api.errors import ERROR_CODE_CHOICES, engine_error
from league.core.text import squeeze
from scoring import GameRecord
from scoring.errors import GameRecordError
from scoring.interchange import (
    KINDS,
    LEVEL_CODES,
    PENALTY_KINDS,
    SOLO_TYPES,
    penalty_from_dict,
    record_from_dict,
)
from scoring.penalties import MAX_ABSAGEN, MAX_DEDUCTION, Penalty, PenaltyError
from scoring.records import TOTAL_AUGEN
from scoring.rules import PRESETS, TSR
from scoring.totals import TABLE_SIZES, TOTALS_PARITY, TOTALS_UNUSUAL

PARTY = ["re", "kontra"]
NOT_BLANK = RegexValidator(r"\S")  # a name is not only spaces (the schema's pattern too)
MAX_INT = 2**31 - 1
REFEREE_MAX = 80  # PenaltyRow.referee


class AnnouncementsSerializer(serializers.Serializer[Any]):
    re = serializers.ChoiceField(choices=LEVEL_CODES, default="none")
    kontra = serializers.ChoiceField(choices=LEVEL_CODES, default="none")


class PartyCountSerializer(serializers.Serializer[Any]):
    re = serializers.IntegerField(min_value=0, default=0)
    kontra = serializers.IntegerField(min_value=0, default=0)


class SpecialsSerializer(serializers.Serializer[Any]):
    doppelkopf = PartyCountSerializer(required=False)
    fuchs = PartyCountSerializer(required=False)
    karlchen = serializers.ChoiceField(choices=PARTY, allow_null=True, required=False)


class GameRecordSerializer(serializers.Serializer[Any]):
    """One played game (shared/spec/scoring.md §1)."""

    kind = serializers.ChoiceField(choices=sorted(KINDS))
    solo = serializers.ChoiceField(choices=sorted(SOLO_TYPES), allow_null=True, required=False)
    pflicht = serializers.BooleanField(default=False)
    players = serializers.ListField(child=serializers.CharField(), min_length=4, max_length=4)
    re = serializers.ListField(child=serializers.CharField(), min_length=1, max_length=2)
    re_augen = serializers.IntegerField(min_value=0, max_value=TOTAL_AUGEN)
    schwarz = serializers.ChoiceField(choices=PARTY, allow_null=True, required=False)
    announcements = AnnouncementsSerializer(required=False)
    specials = SpecialsSerializer(required=False)


class BreakdownLineSerializer(serializers.Serializer[Any]):
    item = serializers.CharField(help_text="TSR item, e.g. 7.2.2 a")
    key = serializers.CharField(help_text="stable key, e.g. won, under_90, re_announced")
    party = serializers.ChoiceField(choices=PARTY)
    points = serializers.IntegerField()


class GameResultSerializer(serializers.Serializer[Any]):
    winner = serializers.ChoiceField(choices=PARTY, allow_null=True)
    points = serializers.DictField(child=serializers.IntegerField())
    breakdown = BreakdownLineSerializer(many=True)


class PenaltySerializer(serializers.Serializer[Any]):
    after_game = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=PENALTY_KINDS)
    offender = serializers.CharField()
    beneficiary = serializers.CharField(allow_null=True)
    absagen = serializers.IntegerField()
    points = serializers.IntegerField()


class RoundRowSerializer(serializers.Serializer[Any]):
    game = serializers.IntegerField()
    dealer = serializers.CharField()
    sitting_out = serializers.CharField(allow_null=True)
    kind = serializers.CharField()
    pflicht = serializers.BooleanField()
    vorfuehrung = serializers.BooleanField()
    points = serializers.DictField(child=serializers.IntegerField())
    totals = serializers.DictField(child=serializers.IntegerField())
    zero_sum = serializers.BooleanField()
    parity = serializers.BooleanField(allow_null=True)
    solo = serializers.ChoiceField(choices=sorted(SOLO_TYPES), required=False)
    penalty = PenaltySerializer(required=False, help_text="only on penalty rows")
    voided = serializers.BooleanField(
        required=False, help_text="9.4.4: the solo counts as played; its penalty row scores"
    )
    quick = serializers.BooleanField(
        required=False, help_text="only on rows entered by quick entry (winners and value)"
    )
    winners = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="quick rows: who won"
    )
    value = serializers.IntegerField(
        required=False, help_text="quick rows: the value the table counted (before Bock)"
    )
    bock = serializers.IntegerField(
        required=False, help_text="house rules: this game's Bock factor (1, 2, 4, …)"
    )
    bock_triggers = serializers.IntegerField(
        required=False, help_text="house rules: Bock triggers this game fired"
    )


class RoundStateSerializer(serializers.Serializer[Any]):
    rows = RoundRowSerializer(many=True)
    totals = serializers.DictField(child=serializers.IntegerField())
    games_left = serializers.IntegerField(
        allow_null=True, help_text="null: a house-rules list without a fixed length"
    )
    next_dealer = serializers.CharField(allow_null=True)
    next_sitting_out = serializers.CharField(allow_null=True)
    owes_pflichtsolo = serializers.ListField(child=serializers.CharField())
    next_vorfuehrung = serializers.CharField(allow_null=True)
    complete = serializers.BooleanField()
    game_in_progress = serializers.BooleanField(
        help_text="time is up, but the game dealt before is still to be entered"
    )
    bock_queue = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        help_text="house rules: the factors of the coming deals already in Bock",
    )
    closed = serializers.BooleanField(
        required=False, help_text="house rules (games: open): the list was ended"
    )
    can_close = serializers.BooleanField(
        required=False,
        help_text="house rules (games: open): every player has dealt equally often",
    )


class StandingSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField()
    participant_id = serializers.IntegerField()
    number = serializers.IntegerField(help_text="start number")
    name = serializers.CharField()
    club = serializers.CharField()
    rounds_played = serializers.IntegerField()
    per_round = serializers.ListField(child=serializers.IntegerField(allow_null=True))
    total = serializers.IntegerField()
    withdrawn = serializers.BooleanField()


class StandingsSerializer(serializers.Serializer[Any]):
    provisional = serializers.BooleanField()
    final = serializers.BooleanField()
    counted_rounds = serializers.ListField(
        child=serializers.IntegerField(), source="counted", help_text="rounds that count"
    )
    silent_after = serializers.IntegerField(
        allow_null=True,
        help_text="silent rounds: the last round shown, later ones hidden until the prize "
        "ceremony (null: nothing hidden; organisers always see every round)",
    )
    rows = StandingSerializer(many=True)


# --- errors ------------------------------------------------------------------------------


class ErrorDetailSerializer(serializers.Serializer[Any]):
    code = serializers.ChoiceField(
        choices=ERROR_CODE_CHOICES,
        help_text="stable code: a key of the site's or the engine's message table",
    )
    field = serializers.CharField(
        allow_null=True, help_text="the body's field in error (JSON path), null for none"
    )
    message = serializers.CharField(help_text="the code's text in the request's language")
    game = serializers.IntegerField(allow_null=True, help_text="the game concerned, if any")


class ErrorSerializer(serializers.Serializer[Any]):
    error = ErrorDetailSerializer()


class CandidateSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField(help_text="the player record's id (send it in `players`)")
    name = serializers.CharField()
    club = serializers.CharField(allow_null=True)
    reason = serializers.ChoiceField(
        choices=["ddv", "equal", "order", "distance", "initial"],
        help_text="why: the DDV number, equal when folded, words swapped, edit distance ≤ 2, "
        "same surname and initial",
    )


class ConflictSerializer(ErrorSerializer):
    version = serializers.IntegerField(
        required=False, help_text="the list's current version (only with code conflict)"
    )
    candidates = CandidateSerializer(
        many=True,
        required=False,
        help_text="only with code player_maybe_known: the close records, best first",
    )


class ScoreErrorSerializer(serializers.Serializer[Any]):
    """``POST /api/v1/score/``'s refusal: the CLI's flat fields, and the ``error`` object."""

    code = serializers.ChoiceField(choices=ERROR_CODE_CHOICES)
    field = serializers.CharField(
        allow_blank=True, help_text="the record's field (JSON path), '' for the whole"
    )
    message = serializers.CharField()
    game = serializers.IntegerField(required=False)
    error = ErrorDetailSerializer()


# --- lists -------------------------------------------------------------------------------


class SeatSerializer(serializers.Serializer[Any]):
    position = serializers.IntegerField()
    name = serializers.CharField(help_text="the name at this table (game records use it)")


class SubstitutionSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    from_game = serializers.IntegerField()
    player = serializers.CharField()


class ListeSerializer(RoundStateSerializer):
    """A list: its state as ``python -m scoring round`` prints it, plus what the site keeps."""

    id = serializers.IntegerField()
    title = serializers.CharField()
    version = serializers.IntegerField(help_text="send it with the next write")
    seats = SeatSerializer(many=True)
    frozen = serializers.BooleanField(help_text="its round is closed: writes are refused")
    confirmed = serializers.BooleanField()
    confirmed_seat = serializers.IntegerField(
        allow_null=True, help_text="who confirmed; null: a manager, for a signed paper list"
    )
    time_up_after = serializers.IntegerField(allow_null=True)
    totals_only = serializers.BooleanField(help_text="results entered from paper (totals only)")
    substitutions = SubstitutionSerializer(many=True)
    code = serializers.CharField(
        required=False,
        help_text="the table code: only for who may see it (managers, the creating account)",
    )
    rules = serializers.DictField(
        required=False,
        help_text="house rules: the list's rule profile (house-rules.md); absent: the TSR",
    )


class GameWrittenSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    version = serializers.IntegerField()
    result = GameResultSerializer()
    state = ListeSerializer()


class WrittenSerializer(serializers.Serializer[Any]):
    version = serializers.IntegerField()
    state = ListeSerializer()


class DeletedSerializer(serializers.Serializer[Any]):
    version = serializers.IntegerField()
    number = serializers.IntegerField(help_text="the game deleted")


# --- strict input fields --------------------------------------------------------------------
# A JSON body says what it means: `"yes"` is not true, `5` is not the name "5", `"130"` is
# not the number 130, `null` or `[]` is not false. DRF's fields coerce all of these; the
# body fields below refuse them (`invalid_value`). Query strings are text and keep DRF's.


class StrictCharField(serializers.CharField):
    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictIntegerField(serializers.IntegerField):
    def to_internal_value(self, data: Any) -> int:
        if type(data) is not int:
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    def to_internal_value(self, data: Any) -> bool:
        if type(data) is not bool:
            self.fail("invalid", input=data)
        return data


class StrictChoiceField(serializers.ChoiceField):
    """A choice of numbers takes the number only (``2``, not ``"2"``)."""

    def to_internal_value(self, data: Any) -> Any:
        if type(data) not in (int, str) or data not in self.choices:
            self.fail("invalid_choice", input=data)
        return super().to_internal_value(data)


class VersionField(StrictIntegerField):
    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("help_text", "the list's version this write is based on")
        super().__init__(min_value=0, max_value=MAX_INT, **kwargs)


class VersionQueryField(serializers.IntegerField):
    """``?version=`` of a DELETE: query strings are text."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("help_text", "the list's version this write is based on")
        super().__init__(min_value=0, max_value=MAX_INT, **kwargs)


_NAME_LISTS = ("players", "re", "winners")


def names_as_stored(data: Any) -> Any:
    """A game body whose names are written as the site stores them (league.core.text
    squeeze: NFC, single spaces): "Jürgen" sent as u + combining diaeresis is the Jürgen at
    the table, not a stranger. Anything not a name is left for the engine to judge."""
    if not isinstance(data, dict):
        return data
    out = dict(data)
    for key in _NAME_LISTS:
        names = out.get(key)
        if isinstance(names, list):
            out[key] = [squeeze(n) if isinstance(n, str) else n for n in names]
    if isinstance(out.get("soloist"), str):
        out["soloist"] = squeeze(out["soloist"])
    return out


def null_not_false(data: Any) -> None:
    """The engine reads a null ``pflicht`` as false (older files); an API body says false."""
    if isinstance(data, dict) and "pflicht" in data and data["pflicht"] is None:
        raise GameRecordError(
            "invalid_type", {"variant": "bool", "name": "pflicht"}, field="pflicht"
        )


@extend_schema_field(GameRecordSerializer)
class GameRecordField(serializers.Field[GameRecord, Any, Any, Any]):
    """A game record (scoring.md §1), read by the engine: its refusals keep their codes."""

    def to_internal_value(self, data: Any) -> GameRecord:
        try:
            null_not_false(data)
            return record_from_dict(names_as_stored(data), self.context.get("rules", TSR))
        except GameRecordError as err:
            raise engine_error(err, self.field_name or "") from None


class PenaltyInputSerializer(serializers.Serializer[Any]):
    """A penalty row as in round.md (names as at the table)."""

    after_game = StrictIntegerField(min_value=0)
    kind = serializers.ChoiceField(choices=PENALTY_KINDS)
    offender = StrictCharField()
    beneficiary = StrictCharField(required=False, allow_null=True)
    absagen = StrictIntegerField(required=False, min_value=0, max_value=MAX_ABSAGEN)
    points = StrictIntegerField(required=False, min_value=0, max_value=MAX_DEDUCTION)
    referee = StrictCharField(required=False, max_length=REFEREE_MAX)


@extend_schema_field(PenaltyInputSerializer)
class PenaltyField(serializers.Field[Penalty, Any, Any, Any]):
    """A penalty row (round.md), read by the engine; its referee is stored as typed."""

    def to_internal_value(self, data: Any) -> Penalty:
        try:
            penalty = penalty_from_dict(data)
        except PenaltyError as err:
            raise engine_error(err, self.field_name or "") from None
        referee = StrictCharField(max_length=REFEREE_MAX, allow_blank=True)
        try:
            referee.run_validation(penalty.referee)
        except serializers.ValidationError as exc:
            raise serializers.ValidationError({"referee": exc.detail}) from None
        return penalty


def _rules(value: str | None) -> None:
    if value is not None and value not in PRESETS:
        raise serializers.ValidationError(code="rules_unsupported")


class ListeCreateSerializer(serializers.Serializer[Any]):
    title = StrictCharField(max_length=120, allow_blank=True)
    seats = serializers.ListField(
        child=StrictCharField(max_length=80, min_length=1, validators=[NOT_BLANK]),
        min_length=4,
        max_length=5,
        help_text="the players' names by position 1..4 (5); position 4 (5) keeps the list",
    )
    club = StrictIntegerField(required=False, allow_null=True, min_value=1, max_value=2**63 - 1)
    rules = StrictCharField(
        required=False,
        allow_null=True,
        validators=[_rules],
        help_text="house-rules preset (tsr, verein-002, palast-003); default: the club's "
        "house rules for a club list, else tsr",
    )
    players = serializers.ListField(
        child=StrictIntegerField(allow_null=True, min_value=1, max_value=2**63 - 1),
        required=False,
        max_length=5,
        help_text="per seat (by position): the id of a player record offered in a 409 "
        "`player_maybe_known`'s `candidates` for that seat's name; null: the name as typed",
    )
    neu = serializers.BooleanField(
        required=False,
        default=False,
        help_text="true: a seat name with close records but no id in `players` becomes a new "
        "player record instead of a 409 `player_maybe_known`",
    )


class GameWriteSerializer(serializers.Serializer[Any]):
    version = VersionField()
    game = GameRecordField()


class PenaltyWriteSerializer(serializers.Serializer[Any]):
    version = VersionField()
    penalty = PenaltyField()
    referee = StrictCharField(
        required=False,
        allow_blank=True,
        max_length=REFEREE_MAX,
        help_text="who signs the row off (8.2.2); else the penalty's own referee",
    )


class TimeSerializer(serializers.Serializer[Any]):
    version = VersionField()
    game_in_progress = StrictBooleanField(
        help_text="a game was being played when time was called: it is still entered"
    )


class PaperTableSerializer(serializers.Serializer[Any]):
    table = StrictIntegerField(min_value=1, max_value=9999)
    totals = serializers.DictField(
        child=StrictIntegerField(min_value=-9999, max_value=9999),
        help_text="each seat's final total, by name as seated",
    )
    deduction = serializers.DictField(
        child=StrictIntegerField(min_value=0, max_value=999),
        required=False,
        help_text="9.7.2 b deductions by name (the only allowed deviation from the zero sum)",
    )


class PaperResultsSerializer(serializers.Serializer[Any]):
    entry = StrictChoiceField(
        choices=[1, 2], help_text="2: the second, blind entry of double entry"
    )
    tables = serializers.ListField(child=PaperTableSerializer(), allow_empty=False, max_length=500)


PAPER_STATUS = ["accepted", "waiting", "differs"]
ROUND_STATUS = ["drawn", "closed"]
PAPER_WARNING = [TOTALS_PARITY, TOTALS_UNUSUAL]


class PaperWarningSerializer(serializers.Serializer[Any]):
    code = serializers.ChoiceField(choices=PAPER_WARNING)
    message = serializers.CharField()


class PaperStatusSerializer(serializers.Serializer[Any]):
    table = serializers.IntegerField()
    warnings = PaperWarningSerializer(
        many=True, help_text="checks that refuse nothing but suggest a typing error"
    )
    status = serializers.ChoiceField(
        choices=PAPER_STATUS,
        help_text="accepted: the totals count; waiting: the other entry is missing; "
        "differs: the two entries differ",
    )


class PaperResultsAnswerSerializer(serializers.Serializer[Any]):
    tables = PaperStatusSerializer(many=True)


class ConfirmSerializer(serializers.Serializer[Any]):
    version = VersionField()
    seat = StrictIntegerField(
        allow_null=True,
        min_value=1,
        max_value=max(TABLE_SIZES),
        help_text="the confirming player's position; null: a manager confirms a signed paper list",
    )
    pin = serializers.RegexField(
        r"^[0-9]{4}$",
        required=False,
        allow_null=True,
        help_text="the confirming player's personal PIN (4 digits, from his participant slip); "
        "needed for a tournament's lists",
    )


class VersionQuerySerializer(serializers.Serializer[Any]):
    version = VersionQueryField()


# --- tournaments -------------------------------------------------------------------------


class TournamentSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    date = serializers.DateField()
    venue = serializers.CharField()
    club = serializers.CharField(allow_null=True, source="club.name", default=None)
    rounds_planned = serializers.IntegerField()
    official = serializers.BooleanField()
    require_confirmation = serializers.BooleanField()
    probelauf = serializers.BooleanField(
        source="rehearsal",
        help_text="a practice run (Probelauf): seen by its organisers only, counted nowhere",
    )


class RoundSummarySerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    status = serializers.ChoiceField(choices=ROUND_STATUS)
    started = serializers.BooleanField(help_text="a game was entered at some table")
    tables = serializers.IntegerField()


class TournamentDetailSerializer(TournamentSerializer):
    rounds = RoundSummarySerializer(many=True)
    # Made from TournamentSerializer's answer (a dict), where it is named so already.
    probelauf = serializers.BooleanField(
        help_text="a practice run (Probelauf): seen by its organisers only, counted nowhere",
    )


class BoardTableSerializer(serializers.Serializer[Any]):
    table = serializers.IntegerField()
    list_id = serializers.IntegerField()
    version = serializers.IntegerField()
    seats = SeatSerializer(many=True)
    frozen = serializers.BooleanField()
    confirmed = serializers.BooleanField()
    state = RoundStateSerializer(
        allow_null=True,
        help_text="null when the list is invalid, and in a silent round for all but its "
        "organisers (until the prize ceremony)",
    )
    error = ErrorDetailSerializer(allow_null=True, help_text="why the list is invalid")
    code = serializers.CharField(required=False, help_text="only for the organisers")


class RoundSerializer(serializers.Serializer[Any]):
    tournament = serializers.IntegerField()
    number = serializers.IntegerField()
    status = serializers.ChoiceField(choices=ROUND_STATUS)
    started = serializers.BooleanField()
    tables = BoardTableSerializer(many=True)
