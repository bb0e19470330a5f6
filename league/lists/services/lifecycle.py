"""A list's life: created with its seats and table code, frozen by its owner, closed by
its keeper (``games: open``) or ended early by the organiser."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import User as Account
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from league.clubs.models import Club, Player
from league.core.audit import User, audit_record
from league.core.errors import ServiceError
from league.core.text import squeeze
from league.lists.codes import new_code
from league.lists.models import Seat, Spielliste
from league.lists.services.context import Context, lock, seating_of
from league.lists.services.results import Written
from league.lists.strength import rating_touch
from scoring.round import LISTENFUEHRER_POSITION, RoundError, check_seats, replay_round
from scoring.rules import TSR, RuleProfile


def table_names(players: Sequence[Player]) -> list[str]:
    """Names distinct within the table (scoring.md identity Decision): the first of two
    same-named players keeps the name, the next is "Name (2)", and so on."""
    seen: dict[str, int] = {}
    out = []
    for player in players:
        base = squeeze(player.name)
        key = base.casefold()
        seen[key] = seen.get(key, 0) + 1
        out.append(base if seen[key] == 1 else f"{base} ({seen[key]})")
    return out


@transaction.atomic
def spielliste_create(
    *,
    title: str,
    players: Sequence[Player],
    club: Club | None = None,
    listenfuehrer_position: int | None = None,
    created_by: Account | None = None,
    rules: RuleProfile = TSR,
    kasse_cent: int | None = None,
    user: User = None,
) -> Spielliste:
    """A new list with its table code; ``players`` in seat order 1..4 (1..5). Position 4 (5)
    keeps the list unless the table agreed otherwise (3.1.1, 10.1.4). ``created_by`` is the
    account that keeps a free or club list (its Listenführer by account). ``rules``: the
    house rules the list plays (a copy is kept; tournaments and leagues pass nothing: the
    TSR). ``kasse_cent``: the rate the table plays for (the Kasse; a club's evenings take
    the club's)."""
    if len({p.pk for p in players}) != len(players):
        raise ServiceError("seat_taken_twice", field="players")
    names = table_names(players)
    try:
        check_seats(names)
    except RoundError as err:
        raise ServiceError.from_scoring(err) from None
    size = len(players)
    position = listenfuehrer_position or LISTENFUEHRER_POSITION[size]
    if not 1 <= position <= size:
        raise ServiceError("invalid_listenfuehrer", field="listenfuehrer_position")
    liste = Spielliste(
        title=title.strip() or default_title(club),
        club=club,
        table_size=size,
        listenfuehrer_position=position,
        code=_unused_code(),
        created_by=created_by,
        kasse_cent=kasse_cent,
    )
    liste.set_profile(rules)
    # The first game's players, from the engine (a five-player table's dealer sits out).
    first = replay_round(names, [], rules=rules).next_game
    liste.next_seating = seating_of(first, {name: i for i, name in enumerate(names, start=1)})
    liste.save()
    Seat.objects.bulk_create(
        Seat(spielliste=liste, position=i, player=p, name=name)
        for i, (p, name) in enumerate(zip(players, names, strict=True), start=1)
    )
    after: dict[str, Any] = {"seats": names}
    if liste.rules:
        after["rules"] = liste.rules
    if kasse_cent:
        after["kasse_cent"] = kasse_cent
    audit_record(user=user, action="create", target=liste, after=after)
    return liste


def default_title(club: Club | None) -> str:
    """A new list's title when none is given: its club (or "Freies Spiel") and today's date,
    e.g. "Herz-Dame Köln · 21.11.2026"."""
    today = timezone.localdate().strftime("%d.%m.%Y")
    owner = club.name if club else gettext("Freies Spiel")
    return f"{owner} · {today}"


def _unused_code() -> str:
    # 31^8 codes: a collision is rare; the unique constraint is the final guard.
    code = new_code()
    while Spielliste.objects.filter(code=code).exists():
        code = new_code()
    return code


@transaction.atomic
def spielliste_renew_code(*, spielliste: Spielliste, user: User = None) -> Spielliste:
    """A new table code; the old one stops working at once."""
    liste = Spielliste.objects.select_for_update().get(pk=spielliste.pk)
    liste.code = _unused_code()
    liste.save(update_fields=["code"])
    # The codes themselves stay out of the history: it is readable by the public.
    audit_record(user=user, action="renew_code", target=liste)
    spielliste.code = liste.code
    return liste


def spielliste_set_frozen(*, spielliste: Spielliste, frozen: bool, user: User = None) -> None:
    """Freeze or unfreeze a list; the caller (its owner) holds the list's row lock."""
    if spielliste.frozen == frozen:
        return
    Spielliste.objects.filter(pk=spielliste.pk).update(
        frozen=frozen, version=spielliste.version + 1
    )
    spielliste.frozen = frozen
    spielliste.version += 1
    audit_record(
        user=user,
        action="freeze" if frozen else "unfreeze",
        target=spielliste,
        before={"frozen": not frozen},
        after={"frozen": frozen},
    )


@transaction.atomic
def spielliste_close(
    *,
    spielliste: Spielliste,
    closed: bool = True,
    user: User = None,
    expected_version: int | None = None,
    drop_bock: bool = True,
) -> Written[int]:
    """ "Runde beenden" (``games: open``): the list ends; allowed only when every player
    has dealt equally often (the engine checks). ``closed`` False reopens it.

    Bock games still queued are not played: ``drop_bock`` False (the page before the
    table said so) refuses to close while some are queued. The answer's item: the number
    of queued Bock games the close dropped."""
    ctx = Context.load(spielliste, expected_version, user)
    if ctx.liste.closed == closed:
        return Written(0, ctx.as_stored())
    queued = len(ctx.replay()[0].bock_queue) if closed else 0
    if queued and not drop_bock:
        raise ServiceError("close_bock_queued", {"n": queued})
    ctx.liste.closed = closed
    snapshot = ctx.replay_and_store()
    audit_record(
        user=user,
        action="close" if closed else "reopen",
        target=ctx.liste,
        item=len(ctx.games),
        after={"closed": closed},
    )
    return Written(queued, snapshot)


@transaction.atomic
def spielliste_end_early(
    *, spielliste: Spielliste, ended: bool = True, user: User = None
) -> Spielliste:
    """The organiser closes a list early (a player dropped out and nobody takes his seat):
    it counts as it stands and is marked; ``ended`` False undoes a mistaken close."""
    liste = lock(spielliste)
    if liste.frozen:
        raise ServiceError("round_closed")
    if liste.ended_early == ended:
        return liste
    if ended and liste.complete:
        raise ServiceError("list_complete")
    liste.ended_early = ended
    if ended:
        liste.complete = True
    else:
        ctx = Context(liste, user)
        liste.complete = ctx.replay()[0].complete
    liste.version += 1
    liste.save(update_fields=["ended_early", "complete", "version", "updated_at"])
    rating_touch(liste)  # ended early with 12 games: now rated (or no longer)
    audit_record(
        user=user,
        action="end_early" if ended else "end_early_undone",
        target=liste,
        item=liste.games_played,
        after={"ended_early": ended},
    )
    spielliste.version, spielliste.ended_early = liste.version, ended
    spielliste.complete = liste.complete
    return liste
