"""What ``POST`` and ``PUT /api/v1/listen/{id}/spiele/`` take as ``game``: a full record
(scoring.md §1), a quick row (``{"kind": "quick", …}``, house-rules.md "Contracts") or a
redeal (``{"kind": "geschmissen"}``, house rule ``schmeissen``), read by the engine
(``scoring.interchange``) so that its refusals keep their codes."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from league.api.errors import engine_error
from league.api.serializers import (
    GameRecordSerializer,
    GameResultSerializer,
    ListeSerializer,
    VersionField,
    VersionQueryField,
    names_as_stored,
    null_not_false,
)
from scoring import GameRecord
from scoring.errors import GameRecordError
from scoring.interchange import (
    QUICK_KIND,
    REDEAL_KIND,
    quick_from_dict,
    record_from_dict,
    redeal_from_dict,
)
from scoring.quick import MAX_BOCK_TRIGGERS, MAX_QUICK_VALUE, QuickGame
from scoring.records import Redeal
from scoring.rules import TSR

Entry = GameRecord | QuickGame | Redeal


class QuickRowSerializer(serializers.Serializer[Any]):
    """A quick row (Schnelleingabe): who won and the value the table counted, before Bock.
    Only on lists that take quick rows (not in tournaments and leagues: 409
    ``quick_rows_not_allowed``)."""

    kind = serializers.ChoiceField(choices=[QUICK_KIND])
    players = serializers.ListField(child=serializers.CharField(), min_length=4, max_length=4)
    winners = serializers.ListField(
        child=serializers.CharField(),
        max_length=3,
        help_text="two winners; in a solo the soloist or the three others; none for a game worth 0",
    )
    value = serializers.IntegerField(
        min_value=0, max_value=MAX_QUICK_VALUE, help_text="the value before Bock"
    )
    soloist = serializers.CharField(allow_null=True, required=False)
    pflicht = serializers.BooleanField(default=False)
    bock_triggers = serializers.IntegerField(
        min_value=0,
        max_value=MAX_BOCK_TRIGGERS,
        default=0,
        help_text="Bock triggers the table states for this game (house rules with Bock)",
    )


class RedealSerializer(serializers.Serializer[Any]):
    """ "Neu gegeben" (house rule ``schmeissen``): no game, no points; the same dealer
    deals again. ``POST`` records it before the next game; it is taken back with
    ``DELETE …/spiele/{k}/?version=n&kind=geschmissen`` (k: the game it preceded)."""

    kind = serializers.ChoiceField(choices=[REDEAL_KIND])


GAME_ENTRY = PolymorphicProxySerializer(
    component_name="GameEntry",
    serializers=[GameRecordSerializer, QuickRowSerializer, RedealSerializer],
    resource_type_field_name=None,
)


@extend_schema_field(GAME_ENTRY)
class GameEntryField(serializers.Field[Entry, Any, Any, Any]):
    """A full record, a quick row or a redeal, by its ``kind``."""

    def to_internal_value(self, data: Any) -> Entry:
        rules = self.context.get("rules", TSR)
        kind = data.get("kind") if isinstance(data, dict) else None
        try:
            if kind == REDEAL_KIND:
                return redeal_from_dict(data, rules)
            if kind == QUICK_KIND:
                return quick_from_dict(names_as_stored(data))
            null_not_false(data)
            return record_from_dict(names_as_stored(data), rules)
        except GameRecordError as err:
            raise engine_error(err, self.field_name or "") from None


class GameEntryWriteSerializer(serializers.Serializer[Any]):
    version = VersionField()
    game = GameEntryField()


class GameEntryWrittenSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField(
        help_text="the game written; for a redeal the game it precedes"
    )
    version = serializers.IntegerField()
    result = GameResultSerializer(
        allow_null=True,
        help_text="null for a redeal; for a quick row the points (no winner party, no breakdown)",
    )
    kind = serializers.ChoiceField(
        choices=["game", QUICK_KIND, REDEAL_KIND], help_text="what was written"
    )
    state = ListeSerializer()


class EntryDeleteQuerySerializer(serializers.Serializer[Any]):
    version = VersionQueryField()
    kind = serializers.ChoiceField(
        choices=[REDEAL_KIND],
        required=False,
        help_text="geschmissen: take back the redeal before game k (a correction: refused "
        "if a later row becomes invalid) instead of deleting game k",
    )
