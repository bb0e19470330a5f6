"""All writes to Spiellisten. Keyword-only, typed, named ``<entity>_<action>``, each in a
transaction, each leaving an audit entry.

Every change to a Spielliste re-runs the round state machine (scoring.round) over the
whole list; if any row becomes invalid the change is refused with a message naming the
game, and nothing is written. Derived data (dealer, points per player) is rewritten from
the same replay, so what is stored always equals what the rules say. Every write locks
the list row first and checks ``frozen`` and ``version`` on that locked row.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User as Account
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from league.clubs.models import Club, Player
from league.core.audit import Actor, User, audit_record
from league.core.errors import ConflictError, ServiceError
from league.lists.access import MANAGING
from league.lists.codes import new_code
from league.lists.models import (
    Game,
    PaperEntry,
    PenaltyRow,
    ScoreLine,
    Seat,
    Spielliste,
    Substitution,
    WriteKey,
)
from league.lists.selectors import PAPER_ACCEPTED, paper_status, replay_stored
from scoring import GameRecord
from scoring.errors import RulesError, ScoringError
from scoring.interchange import PENALTY_KINDS, entry_to_dict, penalty_to_dict, record_to_dict
from scoring.penalties import Penalty, PenaltyError, PenaltyKind
from scoring.quick import QuickGame
from scoring.round import LISTENFUEHRER_POSITION, RoundError, RoundState, check_seats
from scoring.rules import TSR, RuleProfile
from scoring.totals import Notice, check_totals

__all__ = [
    "ConflictError",
    "ServiceError",
    "game_correct",
    "game_delete_last",
    "game_record",
    "games_import",
    "paper_entry_save",
    "paper_result_clear",
    "penalty_add",
    "penalty_delete",
    "redeal_record",
    "redeal_undo",
    "seat_substitute",
    "spielliste_add_time",
    "spielliste_call_time",
    "spielliste_close",
    "spielliste_confirm",
    "spielliste_create",
    "spielliste_end_early",
    "spielliste_no_game_dealt",
    "spielliste_renew_code",
    "spielliste_resume_time",
    "spielliste_set_frozen",
]


# --- lists ---------------------------------------------------------------------------


def table_names(players: Sequence[Player]) -> list[str]:
    """Names distinct within the table (scoring.md identity Decision): the first of two
    same-named players keeps the name, the next is "Name (2)", and so on."""
    seen: dict[str, int] = {}
    out = []
    for player in players:
        base = " ".join(player.name.split())
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
    user: User = None,
) -> Spielliste:
    """A new list with its table code; ``players`` in seat order 1..4 (1..5). Position 4 (5)
    keeps the list unless the table agreed otherwise (3.1.1, 10.1.4). ``created_by`` is the
    account that keeps a free or club list (its Listenführer by account). ``rules``: the
    house rules the list plays (a copy is kept; tournaments and leagues pass nothing: the
    TSR)."""
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
    )
    liste.set_profile(rules)
    liste.save()
    Seat.objects.bulk_create(
        Seat(spielliste=liste, position=i, player=p, name=name)
        for i, (p, name) in enumerate(zip(players, names, strict=True), start=1)
    )
    after: dict[str, Any] = {"seats": names}
    if liste.rules:
        after["rules"] = liste.rules
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


# --- games ---------------------------------------------------------------------------


@transaction.atomic
def game_record(
    *,
    spielliste: Spielliste,
    record: GameRecord | QuickGame,
    user: User = None,
    expected_version: int | None = None,
    key: str = "",
) -> Game:
    """Append the next game (a full record, or a quick row: house rules' quick entry).
    ``key`` (an idempotency key, e.g. from the entry form) makes a
    retried save of the same game — its first answer lost on the hall's Wi-Fi — return
    the game saved the first time instead of a conflict."""
    liste = _lock(spielliste)
    done = _done(liste, key)
    if done is not None:
        return Game.objects.get(spielliste=liste, number=done.item or 0)
    ctx = _Context.checked(liste, expected_version, user)
    (game,) = ctx.append([record])
    audit_record(
        user=user, action="record", target=ctx.liste, item=game.number, after=entry_to_dict(record)
    )
    _remember(ctx.liste, key, "record", game.number)
    return game


@transaction.atomic
def games_import(
    *,
    spielliste: Spielliste,
    records: Sequence[GameRecord | QuickGame],
    user: User = None,
    expected_version: int | None = None,
) -> int:
    """Append many games at once (an import): one replay, bulk writes. All or nothing."""
    ctx = _Context.load(spielliste, expected_version, user)
    games = ctx.append(records)
    first = games[0].number if games else len(ctx.games) + 1
    audit_record(
        user=user, action="import", target=ctx.liste, after={"games": len(games), "from": first}
    )
    return len(games)


@transaction.atomic
def game_correct(
    *,
    spielliste: Spielliste,
    number: int,
    record: GameRecord,
    user: User = None,
    expected_version: int | None = None,
    key: str = "",
) -> Game:
    """Replace game ``number``'s facts; refused if it or any later row becomes invalid.
    ``key`` as for ``game_record``: a retried correction is answered as done."""
    liste = _lock(spielliste)
    done = _done(liste, key)
    if done is not None:
        return Game.objects.get(spielliste=liste, number=done.item or 0)
    ctx = _Context.checked(liste, expected_version, user)
    game = ctx.game(number)
    before = entry_to_dict(game.to_entry(ctx.names))
    ctx.set_facts(game, record)
    try:
        ctx.replay_and_store()
    except ServiceError as err:
        if err.game is not None and err.game != number:
            err.frame = "correction_invalidates"
        raise
    audit_record(
        user=user,
        action="correct",
        target=ctx.liste,
        item=number,
        before=before,
        after=record_to_dict(record),
    )
    _remember(ctx.liste, key, "correct", number)
    return game


@transaction.atomic
def game_delete_last(
    *,
    spielliste: Spielliste,
    number: int | None = None,
    user: User = None,
    expected_version: int | None = None,
) -> int:
    """Delete the last game (and penalty rows that belonged to it); returns its number.
    ``number``, when given, must be that last game (api.md: 409 ``not_last_game``)."""
    ctx = _Context.load(spielliste, expected_version, user)
    if not ctx.games:
        raise ServiceError("no_games")
    if number is not None and number != ctx.games[-1].number:
        if not any(g.number == number for g in ctx.games):
            raise ServiceError("no_such_game", {"number": number})
        raise ServiceError("not_last_game", {"number": number, "last": ctx.games[-1].number})
    game = ctx.games.pop()
    before = entry_to_dict(game.to_entry(ctx.names))
    number = game.number
    orphaned = [p for p in ctx.penalties if p.after_game >= number]
    # Redeals before the game to be typed again stay; those after it go with it.
    ctx.liste.redeals = [n for n in ctx.liste.redeals if n <= number]
    ctx.penalties = [p for p in ctx.penalties if p.after_game < number]
    # round.md: time_up_after counts the games dealt when time was called; the deleted game
    # was dealt (it is typed again), so only a game "in progress" beyond it goes.
    if ctx.liste.time_up_after is not None:
        ctx.liste.time_up_after = min(ctx.liste.time_up_after, number)
    ctx.replay_and_store()
    for penalty in orphaned:
        penalty.delete()
    game.delete()
    audit_record(user=user, action="delete", target=ctx.liste, item=number, before=before)
    return number


# --- house rules: redeals and closing an open list ---------------------------------


@transaction.atomic
def redeal_record(
    *, spielliste: Spielliste, user: User = None, expected_version: int | None = None
) -> Spielliste:
    """ "Neu gegeben" (house rule ``schmeissen``): the next game is dealt again by the same
    dealer; no points, no game of the list, no Bock deal used."""
    ctx = _Context.load(spielliste, expected_version, user)
    number = len(ctx.games) + 1
    ctx.liste.redeals = [*ctx.liste.redeals, number]
    ctx.replay_and_store()
    audit_record(user=user, action="redeal", target=ctx.liste, item=number)
    return ctx.liste


@transaction.atomic
def redeal_undo(
    *, spielliste: Spielliste, user: User = None, expected_version: int | None = None
) -> Spielliste:
    """Take back the last "neu gegeben" before the game still to be entered."""
    ctx = _Context.load(spielliste, expected_version, user)
    number = len(ctx.games) + 1
    redeals = list(ctx.liste.redeals)
    if number not in redeals:
        raise ServiceError("no_redeal")
    redeals.reverse()
    redeals.remove(number)
    redeals.reverse()
    ctx.liste.redeals = redeals
    ctx.replay_and_store()
    audit_record(user=user, action="redeal_undo", target=ctx.liste, item=number)
    return ctx.liste


@transaction.atomic
def spielliste_close(
    *,
    spielliste: Spielliste,
    closed: bool = True,
    user: User = None,
    expected_version: int | None = None,
) -> Spielliste:
    """ "Runde beenden" (``games: open``): the list ends; allowed only when every player
    has dealt equally often (the engine checks). ``closed`` False reopens it."""
    ctx = _Context.load(spielliste, expected_version, user)
    if ctx.liste.closed == closed:
        return ctx.liste
    ctx.liste.closed = closed
    ctx.replay_and_store()
    audit_record(
        user=user,
        action="close" if closed else "reopen",
        target=ctx.liste,
        item=len(ctx.games),
        after={"closed": closed},
    )
    return ctx.liste


# --- penalty rows and time -----------------------------------------------------------


@transaction.atomic
def penalty_add(
    *,
    spielliste: Spielliste,
    after_game: int,
    kind: str,
    offender: Player,
    referee: str,
    beneficiary: Player | None = None,
    absagen: int = 0,
    points: int = 0,
    user: User = None,
    expected_version: int | None = None,
) -> PenaltyRow:
    ctx = _Context.load(spielliste, expected_version, user)
    if not referee.strip():
        raise ServiceError("referee_missing", field="referee")
    for who, fld in ((offender, "offender"), (beneficiary, "beneficiary")):
        if who is not None and who.pk not in ctx.player_names:
            raise ServiceError("not_at_table", {"name": who.name}, field=fld)
    row = PenaltyRow(
        spielliste=ctx.liste,
        after_game=after_game,
        kind=kind,
        offender=offender,
        beneficiary=beneficiary,
        absagen=absagen,
        points=points,
        referee=referee.strip(),
    )
    if kind not in PENALTY_KINDS:
        raise ServiceError(
            "penalty_unknown_kind",
            {"value": kind, "allowed": ", ".join(PENALTY_KINDS)},
            field="kind",
        )
    try:
        penalty = Penalty(
            after_game=after_game,
            kind=PenaltyKind(kind),
            offender=ctx.player_names[offender.pk],
            beneficiary=ctx.player_names[beneficiary.pk] if beneficiary else None,
            absagen=absagen,
            points=points,
        )
    except PenaltyError as err:
        raise ServiceError.from_scoring(err) from None
    ctx.penalties.append(row)
    ctx.penalties.sort(key=lambda p: p.after_game)
    time_up = ctx.liste.time_up_after
    if kind == PenaltyKind.SERIOUS.value and time_up == after_game + 1 == len(ctx.games) + 1:
        # round.md Decision: a serious breach in the game in progress at time-up voids it
        # without a repeat; it is the penalty after game k with time up after k.
        ctx.liste.time_up_after = after_game
    ctx.replay_and_store()
    audit_record(
        user=user,
        action="penalty",
        target=ctx.liste,
        item=after_game,
        after=penalty_to_dict(penalty) | {"referee": referee},
    )
    return row


@transaction.atomic
def penalty_delete(
    *, penalty_row: PenaltyRow, user: User = None, expected_version: int | None = None
) -> None:
    ctx = _Context.load(penalty_row.spielliste, expected_version, user)
    before = penalty_to_dict(penalty_row.to_penalty(ctx.player_names))
    ctx.penalties = [p for p in ctx.penalties if p.pk != penalty_row.pk]
    ctx.replay_and_store()
    PenaltyRow.objects.filter(pk=penalty_row.pk).delete()
    audit_record(
        user=user,
        action="penalty_delete",
        target=ctx.liste,
        item=penalty_row.after_game,
        before=before,
    )


@transaction.atomic
def spielliste_call_time(
    *,
    spielliste: Spielliste,
    game_in_progress: bool = True,
    user: User = None,
    expected_version: int | None = None,
) -> Spielliste:
    """Time is up (8.5.1, round.md Decision): the games dealt so far are played out — the
    games entered, plus the one in progress — then only owed Pflichtsoli follow."""
    ctx = _Context.load(spielliste, expected_version, user)
    if ctx.liste.time_up_after is not None:
        raise ServiceError("time_already_up")
    if ctx.liste.complete:
        raise ServiceError("list_complete")
    dealt = len(ctx.games) + (1 if game_in_progress else 0)
    ctx.liste.time_up_after = dealt
    ctx.replay_and_store()
    audit_record(
        user=user,
        action="time_up",
        target=ctx.liste,
        item=len(ctx.games),
        after={"time_up_after": dealt, "game_in_progress": game_in_progress},
    )
    return ctx.liste


@transaction.atomic
def spielliste_no_game_dealt(
    *, spielliste: Spielliste, user: User = None, expected_version: int | None = None
) -> Spielliste:
    """Time was called for the whole round assuming a game in progress; this table says no
    game had been dealt (round.md): time is up after the last game entered."""
    ctx = _Context.load(spielliste, expected_version, user)
    if ctx.liste.time_up_after != len(ctx.games) + 1:
        raise ServiceError("no_game_in_progress")
    ctx.liste.time_up_after = len(ctx.games)
    ctx.replay_and_store()
    audit_record(
        user=user,
        action="time_no_game",
        target=ctx.liste,
        item=len(ctx.games),
        before={"time_up_after": len(ctx.games) + 1},
        after={"time_up_after": len(ctx.games)},
    )
    return ctx.liste


# A referee adds minutes for a table that lost time (8.5.1); more than an hour is a typo.
ADDED_MINUTES_MAX = 60


@transaction.atomic
def spielliste_add_time(
    *,
    spielliste: Spielliste,
    minutes: int,
    referee: str,
    user: User = None,
    expected_version: int | None = None,
) -> Spielliste:
    """Added playing time for this table, granted by a referee (8.5.1 "Abweichende
    Spielzeiten"), recorded on the list with his name."""
    liste = _lock(spielliste)
    _check_open(liste, expected_version)
    if not referee.strip():
        raise ServiceError("referee_missing", field="referee")
    if not 1 <= minutes <= ADDED_MINUTES_MAX - liste.added_minutes:
        raise ServiceError(
            "added_minutes_range",
            {"max": ADDED_MINUTES_MAX, "already": liste.added_minutes},
            field="minutes",
        )
    liste.added_minutes += minutes
    liste.added_by = referee.strip()[:80]
    liste.version += 1
    liste.save(update_fields=["added_minutes", "added_by", "version", "updated_at"])
    audit_record(
        user=user,
        action="add_time",
        target=liste,
        after={"minutes": minutes, "referee": liste.added_by, "total": liste.added_minutes},
    )
    spielliste.version, spielliste.added_minutes = liste.version, liste.added_minutes
    return liste


@transaction.atomic
def spielliste_end_early(
    *, spielliste: Spielliste, ended: bool = True, user: User = None
) -> Spielliste:
    """The organiser closes a list early (a player dropped out and nobody takes his seat):
    it counts as it stands and is marked; ``ended`` False undoes a mistaken close."""
    liste = _lock(spielliste)
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
        ctx = _Context(liste, user)
        liste.complete = ctx.replay()[0].complete
    liste.version += 1
    liste.save(update_fields=["ended_early", "complete", "version", "updated_at"])
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


@transaction.atomic
def seat_substitute(
    *,
    spielliste: Spielliste,
    position: int,
    player: Player,
    from_game: int | None = None,
    user: User = None,
    expected_version: int | None = None,
) -> Substitution:
    """A substitute plays seat ``position`` from game ``from_game`` (default: the next game)
    to the end. The seat keeps its dealing turn and its Pflichtsolo; the points of every row
    from that game on are credited to the substitute."""
    ctx = _Context.load(spielliste, expected_version, user)
    liste = ctx.liste
    if not 1 <= position <= liste.table_size:
        raise ServiceError("invalid_seat", {"seat": position}, field="position")
    start = len(ctx.games) + 1 if from_game is None else from_game
    if not 1 <= start <= len(ctx.games) + 1:
        raise ServiceError("substitute_from_range", {"last": len(ctx.games) + 1}, field="from_game")
    if player.pk in ctx.player_names or any(
        s.player_id == player.pk for s in ctx.substitutions.values()
    ):
        raise ServiceError("substitute_at_table", {"name": player.name}, field="player")
    if position in ctx.substitutions:
        raise ServiceError("seat_substituted", {"seat": position}, field="position")
    sub = Substitution.objects.create(
        spielliste=liste, position=position, from_game=start, player=player
    )
    ctx.substitutions[position] = sub
    ctx.replay_and_store()
    audit_record(
        user=user,
        action="substitute",
        target=liste,
        item=start,
        after={"seat": position, "from_game": start, "name": player.name},
    )
    return sub


@transaction.atomic
def spielliste_resume_time(
    *, spielliste: Spielliste, user: User = None, expected_version: int | None = None
) -> Spielliste:
    """Undo a mistaken time call (the referee granted added time, 8.5.1)."""
    ctx = _Context.load(spielliste, expected_version, user)
    before = ctx.liste.time_up_after
    ctx.liste.time_up_after = None
    ctx.replay_and_store()
    audit_record(
        user=user, action="time_resumed", target=ctx.liste, before={"time_up_after": before}
    )
    return ctx.liste


# --- results from paper --------------------------------------------------------------


@transaction.atomic
def paper_entry_save(
    *,
    spielliste: Spielliste,
    entry: int,
    totals: Mapping[int, int],
    deduction: Mapping[int, int] | None = None,
    double_entry: bool = False,
    user: User = None,
) -> tuple[str, tuple[Notice, ...]]:
    """A table's final totals typed from its paper list (``{position: points}``).

    Checked like a list's final row (zero sum but for declared 9.7.2 b deductions). Without
    double entry the totals count at once; with it, ``entry`` 1 and 2 are typed blind by
    two people and count only once they agree. A list with games or penalty rows refuses
    (409): its games are the result. Returns the status (``accepted``, ``waiting`` or
    ``differs``) and the check's warnings (e.g. a parity pattern that suggests a typo).
    """
    liste = _lock(spielliste)
    _check_open(liste, None)
    if entry not in (1, 2) or (entry == 2 and not double_entry):
        raise ServiceError("paper_entry_invalid", field="entry")
    if liste.ended_early:
        raise ServiceError("list_ended_early")
    if liste.games_played or liste.penalty_rows.exists():
        raise ServiceError("list_has_games")
    seats = list(liste.seats.all())
    names = {s.position: s.name for s in seats}
    deduction = {p: v for p, v in (deduction or {}).items() if v}
    if set(totals) != set(names) or not set(deduction) <= set(names):
        raise ServiceError("paper_seat_count", {"seats": len(names)}, field="totals")
    try:
        checked = check_totals(
            [names[p] for p in sorted(names)],
            {names[p]: v for p, v in totals.items()},
            {names[p]: v for p, v in deduction.items()},
        )
    except ScoringError as err:
        raise ServiceError.from_scoring(err) from None
    stored_totals = {str(p): int(totals[p]) for p in sorted(names)}
    stored_deduction = {str(p): int(v) for p, v in sorted(deduction.items())}
    PaperEntry.objects.update_or_create(
        spielliste=liste,
        entry=entry,
        defaults={"totals": stored_totals, "deduction": stored_deduction},
    )
    status = paper_status(list(liste.paper_entries.all()), double_entry=double_entry)
    ScoreLine.objects.filter(spielliste=liste).delete()
    if status == PAPER_ACCEPTED:
        ScoreLine.objects.bulk_create(
            ScoreLine(
                spielliste=liste, player_id=s.player_id, points=stored_totals[str(s.position)]
            )
            for s in seats
        )
    liste.totals_only = True
    liste.complete = status == PAPER_ACCEPTED
    _touch(liste, user)
    audit_record(
        user=user,
        action="paper",
        target=liste,
        item=entry,
        after={
            "totals": {names[int(p)]: v for p, v in stored_totals.items()},
            "deduction": {names[int(p)]: v for p, v in stored_deduction.items()},
            "status": status,
        },
    )
    spielliste.version, spielliste.complete = liste.version, liste.complete
    spielliste.totals_only = True
    return status, checked.warnings


@transaction.atomic
def paper_result_clear(*, spielliste: Spielliste, user: User = None) -> Spielliste:
    """Remove the totals typed from paper, e.g. to enter the list game by game instead."""
    liste = _lock(spielliste)
    _check_open(liste, None)
    if not liste.totals_only:
        raise ServiceError("list_not_from_paper")
    before = {str(e.entry): e.totals for e in liste.paper_entries.all()}
    PaperEntry.objects.filter(spielliste=liste).delete()
    ScoreLine.objects.filter(spielliste=liste).delete()
    liste.totals_only = False
    liste.complete = False
    _touch(liste, user)
    audit_record(user=user, action="paper_clear", target=liste, before=before)
    spielliste.version, spielliste.totals_only = liste.version, False
    spielliste.complete = False
    return liste


def _touch(liste: Spielliste, user: User) -> None:
    """Save a changed list: new version, last writer, and any confirmation removed."""
    liste.last_writer = writer_key(user)
    if liste.confirmed_at is not None:  # any change removes the confirmation
        audit_record(
            user=user, action="unconfirm", target=liste, before={"seat": liste.confirmed_seat}
        )
        liste.confirmed_at = liste.confirmed_seat = None
    liste.version += 1
    liste.save()


# --- confirmation --------------------------------------------------------------------


def writer_key(user: User) -> str:
    """Who wrote, for "confirmed from another session": a code session or an account."""
    actor = user if isinstance(user, Actor) else Actor(user)
    if actor.session:
        return f"code:{actor.session}"
    if actor.user is not None and actor.user.is_authenticated:
        return f"user:{actor.user.pk}"
    return ""


@transaction.atomic
def spielliste_confirm(
    *,
    spielliste: Spielliste,
    seat: int | None,
    user: User = None,
    expected_version: int | None = None,
) -> Spielliste:
    """Confirm a complete list (api.md): a table player names his ``seat`` and must write
    from another session than the list's last write; a manager confirms a signed paper
    list with ``seat`` None (the caller has checked that the actor manages the list)."""
    liste = Spielliste.objects.select_for_update().get(pk=spielliste.pk)
    if liste.frozen:
        raise ServiceError("round_closed")
    if expected_version is not None and liste.version != expected_version:
        raise ConflictError("conflict", {"version": liste.version})
    if not liste.complete or (liste.totals_only and not liste.paper_entries.exists()):
        raise ServiceError("confirm_incomplete")
    actor = user if isinstance(user, Actor) else Actor(user)
    if seat is None and actor.role not in MANAGING:
        raise ServiceError("confirm_seat_required", field="seat")
    if seat is not None:
        if not 1 <= seat <= liste.table_size:
            raise ServiceError("invalid_seat", {"seat": seat}, field="seat")
        key = writer_key(user)
        if not key or key == liste.last_writer:
            raise ServiceError("confirm_same_session", field="seat")
    liste.confirmed_at = timezone.now()
    liste.confirmed_seat = seat
    liste.version += 1
    liste.save(update_fields=["confirmed_at", "confirmed_seat", "version", "updated_at"])
    audit_record(user=user, action="confirm", target=liste, after={"seat": seat})
    spielliste.version, spielliste.confirmed_at = liste.version, liste.confirmed_at
    return liste


# --- the replay ----------------------------------------------------------------------


def _lock(spielliste: Spielliste) -> Spielliste:
    return Spielliste.objects.select_for_update().get(pk=spielliste.pk)


def _check_open(liste: Spielliste, expected_version: int | None) -> None:
    if liste.frozen:
        raise ServiceError("round_closed")
    if expected_version is not None and liste.version != expected_version:
        raise ConflictError("conflict", {"version": liste.version})


def _done(liste: Spielliste, key: str) -> WriteKey | None:
    """The write this idempotency key already made on this (locked) list, if any."""
    if not key:
        return None
    return WriteKey.objects.filter(spielliste=liste, key=key[:64]).first()


def _remember(liste: Spielliste, key: str, action: str, item: int) -> None:
    if key:
        WriteKey.objects.create(
            spielliste=liste, key=key[:64], action=action, item=item, version=liste.version
        )


class _Context:
    """A list locked for writing, with its seats, games and penalty rows in memory."""

    def __init__(self, liste: Spielliste, user: User) -> None:
        self.liste = liste
        self.user = user
        seats = list(liste.seats.all())
        self.seats = seats
        self.names = {s.position: s.name for s in seats}  # position -> name at the table
        self.positions = {s.name: s.position for s in seats}
        self.player_names = {s.player_id: s.name for s in seats}
        self.player_ids = {s.name: s.player_id for s in seats}
        self.games = list(liste.games.all())
        self.penalties = list(liste.penalty_rows.all())
        self.substitutions = {s.position: s for s in liste.substitutions.all()}
        # What each stored game looked like, so that only changed games are written.
        self.stored = {g.pk: _game_values(g) for g in self.games}

    @classmethod
    def load(cls, spielliste: Spielliste, expected_version: int | None, user: User) -> _Context:
        return cls.checked(_lock(spielliste), expected_version, user)

    @classmethod
    def checked(cls, liste: Spielliste, expected_version: int | None, user: User) -> _Context:
        """A locked list that takes games: open, not from paper, not ended early."""
        _check_open(liste, expected_version)
        if liste.totals_only:
            raise ServiceError("list_totals_only")
        if liste.ended_early:
            raise ServiceError("list_ended_early")
        return cls(liste, user)

    def game(self, number: int) -> Game:
        for game in self.games:
            if game.number == number:
                return game
        raise ServiceError("no_such_game", {"number": number})

    def append(self, records: Sequence[GameRecord | QuickGame]) -> list[Game]:
        """Add games at the end, replay, store."""
        added = []
        for record in records:
            game = Game(spielliste=self.liste, number=len(self.games) + 1)
            self.set_facts(game, record)
            self.games.append(game)
            added.append(game)
        self.replay_and_store()
        return added

    def set_facts(self, game: Game, record: GameRecord | QuickGame) -> None:
        strangers = [n for n in record.players if n not in self.positions]
        if strangers:
            raise ServiceError(
                "not_at_table", {"name": strangers[0]}, field="players", game=game.number
            )
        if isinstance(record, QuickGame):
            game.set_quick(record, self.positions)
        else:
            game.set_facts(record, self.positions)

    def credited(self, name: str, game: int) -> int:
        """The player credited with a seat's points in a row of game ``game``: the seat's
        player, or from the substitution's first game on the substitute."""
        sub = self.substitutions.get(self.positions[name])
        if sub is not None and game >= sub.from_game:
            return sub.player_id
        return self.player_ids[name]

    def replay(self) -> tuple[RoundState, dict[int, PenaltyRow]]:
        try:
            return replay_stored(
                self.seats, self.games, self.penalties, self.liste.time_up_after, liste=self.liste
            )
        except (RoundError, PenaltyError, RulesError) as err:
            raise ServiceError.from_scoring(err) from None

    def replay_and_store(self) -> RoundState:
        state, penalty_of = self.replay()
        positions = self.positions
        by_number = {g.number: g for g in self.games}
        for row in state.rows:
            if row.is_game:
                game = by_number[row.game]
                game.bock = row.bock
                game.dealer_position = positions[row.dealer]
                game.sitting_out_position = positions[row.sitting_out] if row.sitting_out else None
                game.vorfuehrung = row.vorfuehrung
                game.bock_triggers = row.bock_triggers
                result = row.result
                if row.quick is not None:  # a quick row: the value the table counted
                    game.winner = ""
                    game.value = 0 if row.voided else row.quick.value * row.bock
                    continue
                assert result is not None  # full game rows always carry their result
                game.winner = result.winner.value if result.winner and not row.voided else ""
                game.value = 0 if row.voided else result.value
        new = [g for g in self.games if g.pk is None]
        changed = [
            g for g in self.games if g.pk is not None and _game_values(g) != self.stored[g.pk]
        ]
        Game.objects.bulk_create(new)
        if changed:
            Game.objects.bulk_update(changed, _GAME_FIELDS)
        for penalty_row in self.penalties:
            if penalty_row.pk is None:
                penalty_row.save()
        lines: list[ScoreLine] = []
        for row in state.rows:
            if row.redeal:
                continue  # "neu gegeben": no points, no row of its own in the table
            # A row belongs to its game or to the penalty row it was replayed from.
            owner: dict[str, Any] = (
                {"game": by_number[row.game]}
                if row.penalty is None
                else {"penalty": penalty_of[id(row.penalty)]}
            )
            lines.extend(
                ScoreLine(
                    spielliste=self.liste,
                    player_id=self.credited(name, row.game),
                    points=pts,
                    **owner,
                )
                for name, pts in row.points.items()
                if pts or name in row.players
            )
        ScoreLine.objects.filter(spielliste=self.liste).delete()
        ScoreLine.objects.bulk_create(lines)
        self.liste.games_played = state.games_played
        self.liste.complete = state.complete
        _touch(self.liste, self.user)
        return state


_GAME_FIELDS = [
    f.name for f in Game._meta.concrete_fields if f.name not in ("id", "spielliste", "number")
]


def _game_values(game: Game) -> tuple[Any, ...]:
    return tuple(getattr(game, name) for name in _GAME_FIELDS)
