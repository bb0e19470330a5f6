"""API serializers. Output serializers render every answer (so the schema cannot drift from
it); input validation itself is the engine's (scoring.interchange)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from scoring.interchange import KINDS, LEVEL_CODES, PENALTY_KINDS, SOLO_TYPES

PARTY = ["re", "kontra"]


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
    re_augen = serializers.IntegerField(min_value=0, max_value=240)
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


class ErrorSerializer(serializers.Serializer[Any]):
    code = serializers.CharField(help_text="stable error code")
    field = serializers.CharField(help_text="the record's field (JSON path), '' for the whole")
    message = serializers.CharField()


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


class RoundStateSerializer(serializers.Serializer[Any]):
    rows = RoundRowSerializer(many=True)
    totals = serializers.DictField(child=serializers.IntegerField())
    games_left = serializers.IntegerField()
    next_dealer = serializers.CharField(allow_null=True)
    next_sitting_out = serializers.CharField(allow_null=True)
    owes_pflichtsolo = serializers.ListField(child=serializers.CharField())
    next_vorfuehrung = serializers.CharField(allow_null=True)
    complete = serializers.BooleanField()


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
    rows = StandingSerializer(many=True)
