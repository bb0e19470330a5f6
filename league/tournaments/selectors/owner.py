"""The tournament as a list owner (registered with ``league.lists.owners`` in apps.py):
the link back, visibility and the list index's filter."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy

from league.lists.models import Spielliste
from league.lists.owners import Facet, ListOwner, OwnerKind, Place, PlacedList
from league.tournaments.access import (
    silent_rounds_closed_to,
    tournament_readers,
    tournaments_closed_to,
)
from league.tournaments.models import Participant, RoundTable, Tournament, TournamentRound
from league.tournaments.selectors.board import round_minutes


def list_owner(liste: Spielliste) -> ListOwner | None:
    """The round and table a list is played at (registered with league.lists.owners)."""
    table = (
        RoundTable.objects.filter(spielliste=liste)
        .select_related("tournament_round__tournament")
        .only(
            "number",
            "tournament_round__number",
            "tournament_round__started_at",
            "tournament_round__tournament__round_minutes",
            "tournament_round__tournament__double_entry",
            "tournament_round__tournament__members_only",
            "tournament_round__tournament__rounds_planned",
            "tournament_round__tournament__silent_rounds",
            "tournament_round__tournament__closed_at",
            "tournament_round__tournament__rehearsal",
            "tournament_round__tournament_id",
        )
        .first()
    )
    if table is None:
        return None
    rnd = table.tournament_round
    organisers = frozenset(
        Tournament.organisers.through.objects.filter(tournament_id=rnd.tournament_id).values_list(
            "user_id", flat=True
        )
    )
    withdrawn = Participant.objects.filter(
        tournament_id=rnd.tournament_id, withdrawn=True, player__seats__spielliste=liste
    ).values_list("player_id", flat=True)
    readers = tournament_readers(rnd.tournament)
    silent = rnd.tournament.round_silent(rnd.number)
    if silent:
        # A silent round (access.round_silent_to): only its organisers read the list —
        # and, by their role, the table's code holders and staff.
        readers = organisers
    return ListOwner(
        label=gettext("Runde %(round)s, Tisch %(table)s")
        % {"round": rnd.number, "table": table.number},
        url=reverse("round-board", args=[rnd.tournament_id, rnd.number]),
        frozen_note=gettext("Runde abgeschlossen – Änderungen nur nach Wiedereröffnung"),
        table_label=gettext("Tisch %(table)s") % {"table": table.number},
        manager_ids=organisers,
        clock_start=rnd.started_at,
        minutes=round_minutes(rnd.tournament, liste.table_size),
        double_entry=rnd.tournament.double_entry,
        readers=readers,
        silent=silent,
        withdrawn=frozenset(withdrawn),
        clock_managed=True,
        seat_pin=partial(participant_pin, rnd.tournament_id),
        substitute_candidates=partial(unseated_participants, rnd.tournament_id, rnd.pk),
        rehearsal=rnd.tournament.rehearsal,
    )


def unseated_participants(tournament_id: int, round_id: int) -> list[tuple[int, str]]:
    """(player id, name) of the tournament's active participants who sit at no table of
    the round and substitute at none (1 query), by name: who may take over a seat."""
    in_round = Q(player__seats__spielliste__round_table__tournament_round_id=round_id) | Q(
        player__substitutions__spielliste__round_table__tournament_round_id=round_id
    )
    rows = (
        Participant.objects.filter(tournament_id=tournament_id, withdrawn=False)
        .exclude(
            player_id__in=Participant.objects.filter(in_round, tournament_id=tournament_id).values(
                "player_id"
            )
        )
        .order_by("player__name", "player_id")
        .values_list("player_id", "player__name")
    )
    return list(rows)


def participant_pin(tournament_id: int, player_id: int) -> str:
    """The personal PIN of the player's entry in the tournament ("" for none)."""
    pins = Participant.objects.filter(tournament_id=tournament_id, player_id=player_id)
    return pins.values_list("pin", flat=True).first() or ""


def tournament_lists_owned() -> Q:
    return Q(round_table__isnull=False)


def tournament_lists_closed_to(user: User | AnonymousUser) -> Q:
    """The lists of the tournaments ``user`` may not read, and of the silent rounds hidden
    from him (league.lists.owners)."""
    closed = Tournament.objects.filter(tournaments_closed_to(user)).values("pk")
    silent = TournamentRound.objects.filter(silent_rounds_closed_to(user)).values("pk")
    return Q(round_table__tournament_round__tournament__in=closed) | Q(
        round_table__tournament_round__in=silent
    )


def tournament_choices(user: User | AnonymousUser) -> list[tuple[int, str]]:
    """Every tournament ``user`` may read as (id, name), newest first: the list index's
    tournament filter."""
    readable = Tournament.objects.exclude(tournaments_closed_to(user))
    return list(readable.order_by("-date", "-pk").values_list("pk", "name"))


def tournament_lists(tournament_id: int) -> Q:
    """The condition on Spielliste for the lists of one tournament."""
    return Q(round_table__tournament_round__tournament_id=tournament_id)


# The key the tournaments' placements store (``lists.models.Placement.owner``).
OWNER = "tournament"


def list_places(list_ids: Sequence[int]) -> dict[int, Place]:
    """Where the tournaments' lists among ``list_ids`` stand (``lists.owners.Place``: the
    tournament, its date, the round's and the table's number; one query). A reader may be
    refused a members-only tournament's list, a silent round's or a rehearsal's; an
    official or approved tournament is vouched for (statistics.md, issue 29); a
    rehearsal's lists count nowhere (``Place.rehearsal``)."""
    rows = RoundTable.objects.filter(spielliste_id__in=list(list_ids)).values_list(
        "spielliste_id",
        "tournament_round__tournament_id",
        "tournament_round__tournament__name",
        "tournament_round__tournament__date",
        "tournament_round__number",
        "number",
        "tournament_round__tournament__members_only",
        "tournament_round__tournament__silent_rounds",
        "tournament_round__tournament__official",
        "tournament_round__tournament__rating_approved_at",
        "tournament_round__tournament__rehearsal",
    )
    return {
        liste: Place(
            tid,
            name,
            day,
            number,
            table,
            members_only=members_only or silent > 0 or rehearsal,
            vouched=(official or approved is not None) and not rehearsal,
            rehearsal=rehearsal,
        )
        for (
            liste,
            tid,
            name,
            day,
            number,
            table,
            members_only,
            silent,
            official,
            approved,
            rehearsal,
        ) in rows
    }


def tournament_list_ids(tournament_id: int) -> list[int]:
    return list(
        RoundTable.objects.filter(tournament_round__tournament_id=tournament_id).values_list(
            "spielliste_id", flat=True
        )
    )


def _dmy(day: object) -> str:
    return f"{day:%d.%m.%Y}"


def _label(placed: PlacedList) -> str:
    return gettext("%(name)s, Runde %(number)s") % {"name": placed.event, "number": placed.number}


def _choice(placed: PlacedList) -> tuple[str, str]:
    return str(placed.event_id), f"{placed.event} ({_dmy(placed.day)})"


def owner_kind() -> OwnerKind:
    """The tournament as a kind of list owner (registered in apps.py)."""
    return OwnerKind(
        key=OWNER,
        resolve=list_owner,
        places=list_places,
        label=_label,
        facet=Facet("turnier", gettext_lazy("Turnier"), order=20),
        choice=_choice,
    )
