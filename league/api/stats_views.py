"""API reads of statistics and the Kasse (issue 25, statistics.md): a player's statistics
with the page's filters, and a list's Kasse. The same figures and the same access as the
pages (``league.rankings.statistics``, ``league.lists.kasse``)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from league.api import query, schema
from league.api.permissions import list_reader
from league.api.views.base import ApiView
from league.api.views.lists import liste_or_404, snapshot
from league.clubs.models import Player
from league.core.errors import ServiceError
from league.lists.kasse import kasse_view
from league.rankings import statistics
from league.rankings.presenters import average_number
from league.rankings.strength import player_strength
from scoring.stats import COUNTS


class TallySerializer(serializers.Serializer[Any]):
    played = serializers.IntegerField()
    won = serializers.IntegerField()


class PartnerSerializer(serializers.Serializer[Any]):
    player_id = serializers.IntegerField()
    player = serializers.CharField()
    games = serializers.IntegerField()
    won = serializers.IntegerField()


class StatsListSerializer(serializers.Serializer[Any]):
    liste_id = serializers.IntegerField()
    date = serializers.DateField()
    title = serializers.CharField()
    games = serializers.IntegerField()
    points = serializers.IntegerField(help_text="his Stand in the list, penalty rows included")


class PlayerStrengthSerializer(serializers.Serializer[Any]):
    rating = serializers.IntegerField(help_text="1000 for a newcomer")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    lists = serializers.IntegerField(help_text="rated lists played")
    provisional = serializers.BooleanField(help_text="fewer than 10 rated lists")


class StatistikSerializer(serializers.Serializer[Any]):
    player_id = serializers.IntegerField()
    player = serializers.CharField()
    games = serializers.IntegerField()
    won = serializers.IntegerField()
    lost = serializers.IntegerField()
    points = serializers.IntegerField(help_text="game rows only (statistics.md)")
    average = serializers.FloatField(allow_null=True, help_text="points per game")
    re = serializers.IntegerField()
    re_won = serializers.IntegerField()
    kontra = serializers.IntegerField()
    kontra_won = serializers.IntegerField()
    solos = serializers.DictField(child=TallySerializer(), help_text="by solo type")
    pflicht = serializers.IntegerField()
    announced = serializers.IntegerField()
    announced_won = serializers.IntegerField()
    partners = PartnerSerializer(many=True, help_text="most games first")
    rundenschnitt = serializers.FloatField(
        allow_null=True, help_text="his Stand per list, averaged over the lists"
    )
    spielstaerke = PlayerStrengthSerializer(help_text="his Spielstärke now (rating.md)")
    lists = StatsListSerializer(many=True, help_text="by date")


class BalanceSerializer(serializers.Serializer[Any]):
    player = serializers.CharField()
    points = serializers.IntegerField(help_text="the Stand, penalty rows included")
    cents = serializers.IntegerField(help_text="negative: he pays")


# "from" is a Python keyword: the serializer is made with its fields by name (the
# statistics.md CLI's payment object: from, to, cents).
PaymentSerializer = type(
    "PaymentSerializer",
    (serializers.Serializer,),
    {
        "from": serializers.CharField(help_text="who pays"),
        "to": serializers.CharField(allow_null=True, help_text="who is paid; null: the pot"),
        "cents": serializers.IntegerField(),
    },
)


class KasseSerializer(serializers.Serializer[Any]):
    cent = serializers.IntegerField(help_text="the rate in cents per point")
    balances = BalanceSerializer(many=True, help_text="seat order")
    pot = serializers.IntegerField(help_text="cents owed to the pot (penalties)")
    settled = serializers.BooleanField(help_text="the list is over: the payments are due")
    payments = PaymentSerializer(many=True)


ID_MAX = 999_999_999_999_999_999  # an id filter: at most 18 digits
# The filters as the parser reads them (league.api.query): a day of the years 1900 … 2999,
# a season "<club id>-<year>", an id 1 … ID_MAX; each may be sent empty (no filter).
DAY_SCHEMA = {
    "anyOf": [
        {"type": "string", "format": "date", "pattern": "^(19|2[0-9])[0-9]{2}-[0-9]{2}-[0-9]{2}$"},
        {"type": "string", "maxLength": 0},
    ]
}
SAISON_PATTERN = r"^([0-9]{1,9}-[0-9]{1,9})?$"
ID_SCHEMA = {"type": "string", "pattern": "^(0*[1-9][0-9]*)?$", "maxLength": 18, "example": "1"}


def _saison(request: Request) -> str | None:
    raw = request.query_params.get("saison")
    if raw is None or raw == "":
        return None
    parts = raw.split("-")
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) < 10 for p in parts):
        raise ServiceError("invalid_value", {"name": "saison", "detail": "ID-YYYY"}, field="saison")
    return raw


FILTERS = [
    OpenApiParameter("von", DAY_SCHEMA, description="YYYY-MM-DD: lists from this day"),
    OpenApiParameter("bis", DAY_SCHEMA, description="YYYY-MM-DD: lists up to this day"),
    OpenApiParameter(
        "saison",
        str,
        pattern=SAISON_PATTERN,
        description="a club's season: <club id>-<year>",
    ),
    OpenApiParameter("turnier", ID_SCHEMA, description="one tournament's lists"),
    OpenApiParameter("liga", ID_SCHEMA, description="one league's lists"),
]


def _strength(player: Player, request: Request) -> dict[str, Any]:
    """His figure (the statistics are readable to the caller, so is the figure)."""
    strength = player_strength(player=player, reader=request.user)
    if strength is None:  # not reached: may_see refused a hidden player already
        raise ServiceError("not_found")
    return {
        "rating": strength.rating,
        "mu": round(strength.mu, 6),
        "sigma": round(strength.sigma, 6),
        "lists": strength.lists,
        "provisional": strength.provisional,
    }


class StatistikView(ApiView):
    @extend_schema(
        parameters=FILTERS,
        responses={
            200: StatistikSerializer,
            400: schema.refusal(400, "A garbled filter.", "invalid_value"),
            **schema.NOT_FOUND,
        },
        summary="A player's statistics",
        description="His figures as statistics.md defines them, over every list the "
        "caller may read (members-only events only for their readers), narrowed by the "
        "filters. A player who asked not to be named has no public statistics: 404 but "
        "for himself and staff.",
    )
    def get(self, request: Request, pk: int) -> Response:
        player = Player.objects.filter(pk=pk, rehearsal=False).first()
        if player is None or not statistics.may_see(player, request.user):
            raise ServiceError("not_found")
        # The owners' facets (``lists.owners.OwnerKind.facet``), as the page reads them.
        turnier = query.number(request, "turnier", low=1, high=ID_MAX, blank=True)
        liga = query.number(request, "liga", low=1, high=ID_MAX, blank=True)
        chosen = {"saison": _saison(request), "turnier": turnier, "liga": liga}
        filters = statistics.StatsFilter(
            von=query.day(request, "von", blank=True),
            bis=query.day(request, "bis", blank=True),
            facets={k: str(v) for k, v in chosen.items() if v is not None},
        )
        reveal = bool(
            request.user.is_authenticated
            and (request.user.is_staff or player.account_id == request.user.pk)
        )
        view = statistics.player_statistics(
            player=player, reader=request.user, filters=filters, reveal=reveal
        )
        s = view.stats
        exact = s.average_exact
        body = {
            "player_id": player.pk,
            "player": player.name if reveal or not player.hide_name else player.public_alias,
            **{name: getattr(s, name) for name in COUNTS},  # the serializer orders them
            "average": average_number(exact) if exact is not None else None,
            "solos": {k: {"played": t.played, "won": t.won} for k, t in s.solos.items()},
            "partners": [
                {"player_id": p.player_id, "player": p.name, "games": p.games, "won": p.won}
                for p in view.partners
            ],
            "rundenschnitt": average_number(view.running[-1]) if view.running else None,
            "spielstaerke": _strength(player, request),
            "lists": [
                {
                    "liste_id": i.liste_id,
                    "date": i.date,
                    "title": i.label,
                    "games": i.games,
                    "points": i.total,
                }
                for i in view.lists
            ],
        }
        return Response(StatistikSerializer(body).data)


class KasseView(ApiView):
    @extend_schema(
        responses={
            200: KasseSerializer,
            **schema.MEMBERS_READ,
            429: schema.refusal(429, "Too many wrong table codes.", "table_code_blocked"),
        },
        parameters=[schema.RETRY_AFTER],
        summary="A list's Kasse",
        description="Each player's balance at the list's rate, the pot for penalty "
        "deductions and who pays whom (statistics.md). 404 for a list that plays for no "
        "money (tournament and league lists never do); a list of a members-only club is "
        "read as the list itself: 401 without credentials, 403 for an account that is no "
        "reader or a wrong table code.",
    )
    def get(self, request: Request, pk: int) -> Response:
        liste = liste_or_404(pk)
        access = list_reader(request, liste)
        view = kasse_view(snapshot(liste, access))
        if view is None:
            raise ServiceError("not_found")
        body = {
            "cent": view.cent,
            "balances": [
                {"player": b.name, "points": b.points, "cents": b.cents} for b in view.balances
            ],
            "pot": view.pot,
            "settled": view.settled,
            "payments": [{"from": p.payer, "to": p.payee, "cents": p.cents} for p in view.payments],
        }
        return Response(KasseSerializer(body).data)
