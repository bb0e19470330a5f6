"""The lists app's sections (``league.core.sections``): Spiellisten in a backup, a person's
seats and points, and his seats, substitutions, penalty rows and score lines in a merge.

Lists travel as facts (game records, penalty rows, paper totals, substitutions, the
house rules); what the rules derive from them (dealer, points, ScoreLine) is not exported
but made again by the same replay through the list services, so it comes out identical.
Table codes are secrets and never exported. An owner (a tournament round, a Spieltag, a
club evening) names its lists for messages (``places``) and tells the restore how a list's
paper results are typed (``list_plans(ctx)[id].double_entry``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from django.db.models import Q
from django.db.models.functions import ExtractYear

from league.clubs.models import Club, Player
from league.core.audit import audit_record
from league.core.backup_fields import (
    column_range,
    flag,
    need,
    number,
    opt,
    text,
    when,
)
from league.core.errors import ServiceError
from league.core.history import history_check, history_export
from league.core.sections import (
    IMPORT_ACTOR,
    BackupSection,
    CheckContext,
    Erasure,
    Fault,
    MergeSection,
    Place,
    PrivacySection,
    RestoreContext,
    Selection,
    move_rows,
    moved_key,
    register_backup,
    register_merge,
    register_privacy,
)
from league.lists import services as ls
from league.lists.models import (
    Game,
    PaperEntry,
    PenaltyRow,
    PlayerRating,
    RatingStep,
    ScoreLine,
    Seat,
    Spielliste,
    StatLine,
    Substitution,
)
from league.lists.selectors import snapshots_of, with_redeals
from league.lists.stats import stats_rebuild
from scoring import GameRecord
from scoring.errors import ScoringError
from scoring.interchange import (
    QUICK_KIND,
    entry_to_dict,
    penalty_from_dict,
    penalty_to_dict,
    quick_from_dict,
    record_from_dict,
    rules_from_dict,
)
from scoring.penalties import Penalty
from scoring.quick import QuickGame
from scoring.round import replay_round
from scoring.rules import TSR, RuleProfile
from scoring.totals import check_totals

LIST = Spielliste._meta.label_lower

M = TypeVar("M")


def group_by(rows: Iterable[M], key: str) -> defaultdict[int, list[M]]:
    """``rows`` (one query) by the id in attribute ``key``, each group in the rows' order."""
    out: defaultdict[int, list[M]] = defaultdict(list)
    for row in rows:
        out[getattr(row, key)].append(row)
    return out


def iso(value: Any) -> str | None:
    return None if value is None else str(value.isoformat())


# --- export ------------------------------------------------------------------------------------


def select(selection: Selection) -> None:
    """A club's export holds the club's lists (of one calendar year with a season); every
    export the players at its lists' seats (substitutes too) and the lists' clubs."""
    scope = selection.scope
    if scope.kind == "club":
        lists = Spielliste.objects.filter(club_id=scope.pk)
        if scope.season is not None:
            lists = lists.annotate(year=ExtractYear("created_at")).filter(year=scope.season)
        selection.add("list", lists.values_list("pk", flat=True))
    elif selection.everything:
        # A Probelauf's lists are never backed up (nor is the Probelauf).
        lists = Spielliste.objects.exclude(placement__rehearsal=True)
        selection.add("list", lists.values_list("pk", flat=True))
    ids = selection.of("list")
    selection.add(
        "player", Seat.objects.filter(spielliste_id__in=ids).values_list("player_id", flat=True)
    )
    selection.add(
        "player",
        Substitution.objects.filter(spielliste_id__in=ids).values_list("player_id", flat=True),
    )
    selection.add("club", Spielliste.objects.filter(pk__in=ids).values_list("club_id", flat=True))


def export(selection: Selection, doc: dict[str, Any]) -> None:
    lists = list(Spielliste.objects.filter(pk__in=selection.of("list")).order_by("pk"))
    ids = [liste.pk for liste in lists]
    seats = group_by(
        Seat.objects.filter(spielliste_id__in=ids).order_by("position"), "spielliste_id"
    )
    games = group_by(Game.objects.filter(spielliste_id__in=ids).order_by("number"), "spielliste_id")
    penalties = group_by(
        PenaltyRow.objects.filter(spielliste_id__in=ids).order_by("after_game", "id"),
        "spielliste_id",
    )
    papers = group_by(
        PaperEntry.objects.filter(spielliste_id__in=ids).order_by("entry"), "spielliste_id"
    )
    subs = group_by(
        Substitution.objects.filter(spielliste_id__in=ids).order_by("position"), "spielliste_id"
    )
    history = history_export({LIST: ids})[LIST]

    def list_dict(liste: Spielliste) -> dict[str, Any]:
        names = {s.position: s.name for s in seats[liste.pk]}
        player_names = {s.player_id: s.name for s in seats[liste.pk]}
        return {
            "id": liste.pk,
            "title": liste.title,
            "club": liste.club_id,
            "table_size": liste.table_size,
            "listenfuehrer_position": liste.listenfuehrer_position,
            "time_up_after": liste.time_up_after,
            "added_minutes": liste.added_minutes,
            "added_by": liste.added_by,
            "ended_early": liste.ended_early,
            "totals_only": liste.totals_only,
            "confirmed_at": iso(liste.confirmed_at),
            "confirmed_seat": liste.confirmed_seat,
            "frozen": liste.frozen,
            "created_at": iso(liste.created_at),
            # Derived, for a check after import: the replay must give these again.
            "games_played": liste.games_played,
            "complete": liste.complete,
            "seats": [
                {"position": s.position, "player": s.player_id, "name": s.name}
                for s in seats[liste.pk]
            ],
            "games": [entry_to_dict(g.to_entry(names)) for g in games[liste.pk]],
            # House rules (house-rules.md): left out for a TSR list.
            **({"rules": liste.rules} if liste.rules else {}),
            **({"redeals": liste.redeals} if liste.redeals else {}),
            **({"closed": True} if liste.closed else {}),
            **({"kasse_cent": liste.kasse_cent} if liste.kasse_cent else {}),
            "penalties": [
                penalty_to_dict(r.to_penalty(player_names)) | {"referee": r.referee}
                for r in penalties[liste.pk]
            ],
            "paper_entries": [
                {"entry": e.entry, "totals": e.totals, "deduction": e.deduction}
                for e in papers[liste.pk]
            ],
            "substitutions": [
                {"position": s.position, "from_game": s.from_game, "player": s.player_id}
                for s in subs[liste.pk]
            ],
            "history": history.get(liste.pk, []),
        }

    doc["lists"] = [list_dict(liste) for liste in lists]


# --- check -------------------------------------------------------------------------------------


@dataclass
class ListPlan:
    """A checked list: its entry, its place in messages, the parsed games and penalty rows,
    its rules and whether its owner types paper results twice (set by the owner's check)."""

    data: dict[str, Any]
    place: Place
    records: list[GameRecord | QuickGame] = field(default_factory=list)
    penalties: list[tuple[Penalty, str]] = field(default_factory=list)
    double_entry: bool = False
    rules: RuleProfile = TSR


def list_plans(ctx: CheckContext | RestoreContext) -> dict[int, ListPlan]:
    """The checked lists by their id in the document (for the owners' checks)."""
    plans: dict[int, ListPlan] = ctx.plans.setdefault("lists", {})
    return plans


def _scoring(place: Place, err: ScoringError) -> Fault:
    return Fault(place, error=ServiceError.from_scoring(err))


def check(ctx: CheckContext) -> None:
    plans = list_plans(ctx)
    for data in ctx.items("lists"):
        with ctx.collect():
            lid = need(data, "id", int, (("list", None),))
            place = ctx.place("list", lid)
            if lid in ctx.ids["list"]:
                raise Fault(place, "backup_duplicate")
            ctx.ids["list"].add(lid)
            plan = ListPlan(data, place)
            _check_list(plan, ctx.ids["club"], ctx.ids["player"])
            plans[lid] = plan


def _check_list(plan: ListPlan, clubs: set[int], players: set[int]) -> None:
    data, place = plan.data, plan.place
    text(data, "title", place, Spielliste)
    club = opt(data, "club", int, place)
    if club is not None and club not in clubs:
        raise Fault(place, "backup_club_missing", {"id": club})
    seats = need(data, "seats", list, place)
    names: list[str] = []
    seat_players: dict[str, int] = {}
    for i, seat in enumerate(seats, start=1):
        if need(seat, "position", int, place) != i:
            raise Fault(place, "backup_seat_order")
        where: Place = (*place, ("seat", i))
        pid = need(seat, "player", int, where)
        if pid not in players:
            raise Fault(where, "backup_player_missing", {"id": pid})
        name = text(seat, "name", where, Seat)
        names.append(name)
        seat_players[name] = pid
    if len(set(seat_players.values())) != len(seats):
        raise Fault(place, "backup_seat_twice")
    if need(data, "table_size", int, place) != len(seats) or len(seats) not in (4, 5):
        raise Fault(place, "backup_table_size")
    position = need(data, "listenfuehrer_position", int, place)
    if not 1 <= position <= len(seats):
        raise Fault(place, "backup_listenfuehrer")
    time_up = number(data, "time_up_after", place, Spielliste, optional=True)
    for key in ("ended_early", "totals_only", "frozen"):
        flag(data, key, place)
    added = need(data, "added_minutes", int, place)
    if not 0 <= added <= ls.ADDED_MINUTES_MAX:
        raise Fault(place, "backup_added_minutes")
    text(data, "added_by", place, Spielliste, optional=True)
    when(data.get("confirmed_at"), place, "confirmed_at")
    number(data, "confirmed_seat", place, Spielliste, optional=True)
    number(data, "kasse_cent", place, Spielliste, optional=True)
    when(data.get("created_at"), place, "created_at")
    history_check(data.get("history"), place)
    try:
        plan.rules = rules_from_dict(opt(data, "rules", dict, place) or {})
    except ScoringError as err:
        raise _scoring((*place, ("house_rules", None)), err) from None
    redeals = opt(data, "redeals", list, place) or []
    if any(type(n) is not int or not 1 <= n <= 32767 for n in redeals):
        raise Fault(place, "backup_redeals")
    closed = flag(data, "closed", place, optional=True)
    for n, game in enumerate(need(data, "games", list, place), start=1):
        try:
            if isinstance(game, dict) and game.get("kind") == QUICK_KIND:
                plan.records.append(quick_from_dict(game))
            else:
                plan.records.append(record_from_dict(game, plan.rules))
        except ScoringError as err:
            raise _scoring((*place, ("game", n)), err) from None
    penalty_place: Place = (*place, ("penalty", None))
    for row in need(data, "penalties", list, place):
        try:
            penalty = penalty_from_dict(row)
        except ScoringError as err:
            raise _scoring(penalty_place, err) from None
        for who in (penalty.offender, penalty.beneficiary):
            if who is not None and who not in seat_players:
                raise Fault(penalty_place, "backup_not_at_table", {"name": who})
        if not penalty.referee.strip():
            raise Fault(penalty_place, "backup_referee_missing")
        text(row, "referee", penalty_place, PenaltyRow)
        plan.penalties.append((penalty, penalty.referee))
    sub_place: Place = (*place, ("substitute", None))
    for sub in need(data, "substitutions", list, place):
        pid = need(sub, "player", int, sub_place)
        if pid not in players:
            raise Fault(sub_place, "backup_player_missing", {"id": pid})
        if not 1 <= need(sub, "position", int, sub_place) <= len(seats):
            raise Fault(sub_place, "backup_seat_invalid")
        number(sub, "from_game", sub_place, Substitution)
    papers = need(data, "paper_entries", list, place)
    for paper in papers:
        entry = number(paper, "entry", (*place, ("paper", None)), PaperEntry)
        where = (*place, ("paper", entry))
        totals = need(paper, "totals", dict, where)
        deduction = opt(paper, "deduction", dict, where) or {}
        try:
            by_name = {names[int(p) - 1]: v for p, v in totals.items()}
            minus = {names[int(p) - 1]: v for p, v in deduction.items()}
        except (ValueError, IndexError):
            raise Fault(where, "backup_seat_invalid") from None
        try:
            check_totals(names, by_name, minus)
        except ScoringError as err:
            raise _scoring(where, err) from None
    if data["totals_only"]:
        if plan.records or plan.penalties:
            raise Fault(place, "backup_paper_and_games")
        return
    if papers:
        raise Fault(place, "backup_paper_with_games")
    try:
        state = replay_round(
            names,
            with_redeals(plan.records, redeals),
            [p for p, _ in plan.penalties],
            time_up,
            rules=plan.rules,
            closed=closed,
        )
    except ScoringError as err:
        raise _scoring(place, err) from None  # the fault adds the game the engine names
    # The score lines and game values the replay stores must fit their columns.
    low, high = column_range(ScoreLine, "points")
    for row in state.rows:
        if any(not low <= v <= high for v in row.points.values()) or (
            row.quick is not None and row.quick.value > column_range(Game, "quick_value")[1]
        ):
            raise Fault((*place, ("game", row.game)), "backup_points_range")


# --- restore -----------------------------------------------------------------------------------


def restore(ctx: RestoreContext) -> None:
    players: dict[int, Player] = ctx.maps["player"]
    clubs: dict[int, Club] = ctx.maps["club"]
    for lid, plan in list_plans(ctx).items():
        try:
            liste = _write_list(plan, players, clubs)
        except ServiceError as err:
            raise Fault(plan.place, error=err) from None
        ctx.maps["list"][lid] = liste
        ctx.summary.lists += 1
        ctx.restored(liste, plan.data.get("history"))


def _write_list(plan: ListPlan, players: dict[int, Player], clubs: dict[int, Club]) -> Spielliste:
    """One list through the list services, in the order its rows were written: games up to
    each penalty row, substitution and time call, then paper totals, added time, an early
    end, confirmation and the freeze."""
    data = plan.data
    liste = ls.spielliste_create(
        title=data["title"],
        players=[players[s["player"]] for s in data["seats"]],
        club=clubs.get(data.get("club") or 0),
        listenfuehrer_position=data["listenfuehrer_position"],
        rules=plan.rules,
        kasse_cent=data.get("kasse_cent") or None,
        user=IMPORT_ACTOR,
    )
    if data.get("redeals"):  # placed by game number: each replay takes those it reaches
        liste.redeals = list(data["redeals"])
        Spielliste.objects.filter(pk=liste.pk).update(redeals=liste.redeals)
    # The names the players had at this table (a later rename does not rewrite a list):
    # the services derive them from today's names, so the seats are rewritten as exported.
    if [s.name for s in liste.seats.all()] != [s["name"] for s in data["seats"]]:
        Seat.objects.filter(spielliste=liste).delete()
        Seat.objects.bulk_create(
            Seat(
                spielliste=liste,
                position=s["position"],
                player=players[s["player"]],
                name=s["name"],
            )
            for s in data["seats"]
        )
    by_name = {s["name"]: players[s["player"]] for s in data["seats"]}
    records = plan.records
    time_up = data.get("time_up_after")
    events: dict[int, list[tuple[str, Any]]] = defaultdict(list)
    for sub in data["substitutions"]:
        events[sub["from_game"] - 1].append(("sub", sub))
    for penalty, referee in plan.penalties:
        events[penalty.after_game].append(("penalty", (penalty, referee)))
    if time_up is not None:
        events[max(time_up - 1, 0)].append(("time", time_up >= 1))
    done = 0

    def games_to(count: int) -> None:
        nonlocal done
        if count > done:
            ls.games_import(spielliste=liste, records=records[done:count], user=IMPORT_ACTOR)
            done = count

    for point in sorted(events):
        games_to(min(point, len(records)))
        for kind, value in events[point]:
            if kind == "sub":
                ls.seat_substitute(
                    spielliste=liste,
                    position=value["position"],
                    player=players[value["player"]],
                    from_game=value["from_game"],
                    user=IMPORT_ACTOR,
                )
            elif kind == "penalty":
                penalty, referee = value
                ls.penalty_add(
                    spielliste=liste,
                    after_game=penalty.after_game,
                    kind=penalty.kind.value,
                    offender=by_name[penalty.offender],
                    beneficiary=by_name[penalty.beneficiary] if penalty.beneficiary else None,
                    absagen=penalty.absagen,
                    points=penalty.points,
                    referee=referee,
                    user=IMPORT_ACTOR,
                )
        for kind, value in events[point]:  # time is called after the point's other rows
            if kind == "time":
                ls.spielliste_call_time(spielliste=liste, game_in_progress=value, user=IMPORT_ACTOR)
    games_to(len(records))
    for paper in sorted(data["paper_entries"], key=lambda p: p["entry"]):
        ls.paper_entry_save(
            spielliste=liste,
            entry=paper["entry"],
            totals={int(p): v for p, v in paper["totals"].items()},
            deduction={int(p): v for p, v in (paper.get("deduction") or {}).items()},
            double_entry=plan.double_entry or paper["entry"] == 2,
            user=IMPORT_ACTOR,
        )
    liste.refresh_from_db()
    if data["added_minutes"]:
        if (data.get("added_by") or "").strip():
            ls.spielliste_add_time(
                spielliste=liste,
                minutes=data["added_minutes"],
                referee=data["added_by"],
                user=IMPORT_ACTOR,
            )
        else:  # an older row without the referee's name: kept as it was
            Spielliste.objects.filter(pk=liste.pk).update(added_minutes=data["added_minutes"])
    if data.get("closed"):
        ls.spielliste_close(spielliste=liste, user=IMPORT_ACTOR)
    if data["ended_early"]:
        ls.spielliste_end_early(spielliste=liste, user=IMPORT_ACTOR)
    liste.refresh_from_db()
    if liste.complete != data.get("complete", liste.complete) or liste.games_played != data.get(
        "games_played", liste.games_played
    ):
        raise Fault(plan.place, "backup_replay_differs")
    # A confirmation is a table player's act from his own session, or a manager's; it is
    # restored as it was. created_at too (a club's season is the lists of its year).
    Spielliste.objects.filter(pk=liste.pk).update(
        confirmed_at=when(data.get("confirmed_at"), plan.place, "confirmed_at"),
        confirmed_seat=data.get("confirmed_seat"),
        created_at=when(data.get("created_at"), plan.place, "created_at") or liste.created_at,
    )
    liste.refresh_from_db()
    if data["frozen"]:
        ls.spielliste_set_frozen(spielliste=liste, frozen=True, user=IMPORT_ACTOR)
    audit_record(
        user=IMPORT_ACTOR,
        action="import",
        target=liste,
        after={"games": len(records), "penalties": len(plan.penalties)},
    )
    return liste


BACKUP = BackupSection(
    name="lists",
    after=("clubs",),
    keys=("lists",),
    select=select,
    export=export,
    check=check,
    restore=restore,
)

# --- one person's data -------------------------------------------------------------------------


def privacy_export(player_id: int, out: dict[str, Any]) -> None:
    """His seats: each list with the name he played under, his points row by row, his total
    (an owner adds where the list was played)."""
    seats = list(
        Seat.objects.filter(player_id=player_id)
        .select_related("spielliste")
        .order_by("spielliste_id")
    )
    snaps = snapshots_of([s.spielliste for s in seats])
    lists = []
    for seat, snap in zip(seats, snaps, strict=True):
        state = snap.state
        lists.append(
            {
                "list": seat.spielliste_id,
                "title": seat.spielliste.title,
                "date": seat.spielliste.created_at.date().isoformat(),
                "seat": seat.position,
                "name_at_table": seat.name,
                "points_by_row": [
                    {"row": row.game, "points": row.points.get(seat.name, 0)}
                    for row in (state.rows if state else ())
                ],
                "total": state.totals.get(seat.name, 0) if state else None,
            }
        )
    out["lists"] = lists


def _his_lists(player_id: int) -> Q:
    return Q(seats__player_id=player_id) | Q(substitutions__player_id=player_id)


def privacy_prepare(erasure: Erasure) -> None:
    erasure.names.update(
        Seat.objects.filter(player_id=erasure.player_id).values_list("name", flat=True)
    )
    lists = Spielliste.objects.filter(_his_lists(erasure.player_id)).values_list("pk", flat=True)
    erasure.history.append(Q(target=LIST, target_id__in=list(lists)))


def privacy_forget(erasure: Erasure) -> None:
    """Every seat he had takes the pseudonym (the replay then scores it under that name)."""
    Seat.objects.filter(player_id=erasure.player_id).update(name=erasure.pseudonym)


PRIVACY = PrivacySection(
    name="lists",
    after=("clubs",),
    export=privacy_export,
    prepare=privacy_prepare,
    forget=privacy_forget,
)

# --- merge -------------------------------------------------------------------------------------

# Every reference of this app to a player.
REFERENCES = (
    (Seat, "player"),
    (Substitution, "player"),
    (PenaltyRow, "offender"),
    (PenaltyRow, "beneficiary"),
    (ScoreLine, "player"),
    (StatLine, "player"),
    (RatingStep, "player"),
)


def merge_check(keep: int, merge: int) -> None:
    """Both at one list (seated or as a substitute): two people."""
    shared = (
        Spielliste.objects.filter(_his_lists(keep))
        .filter(_his_lists(merge))
        .values_list("title", flat=True)
        .first()
    )
    if shared is not None:
        raise ServiceError("merge_same_list", {"title": shared})


def merge_move(keep: int, merge: int) -> Mapping[str, int]:
    moved = {
        moved_key(model, name): move_rows(model._default_manager, keep, merge, column=f"{name}_id")
        for model, name in REFERENCES
    }
    # His current Spielstärke is made again from both records' lists (the rebuild below
    # refreshes from the earliest of them after the commit).
    if PlayerRating.objects.filter(player_id=keep).exists():
        PlayerRating.objects.filter(player_id=merge).delete()
    else:
        PlayerRating.objects.filter(player_id=merge).update(player_id=keep)
    # The derived statistics name partners by id: those of his lists are made again.
    stats_rebuild(Spielliste.objects.filter(_his_lists(keep)).values_list("pk", flat=True))
    return moved


MERGE = MergeSection(name="lists", after=("clubs",), check=merge_check, move=merge_move)


def register() -> None:
    """Called from the app's ``AppConfig.ready``."""
    register_backup(BACKUP)
    register_privacy(PRIVACY)
    register_merge(MERGE)
