"""The tournaments app's sections (``league.core.sections``): tournaments in a backup
(participants with their start numbers, rounds with their draws and tables naming their
lists), a person's tournament entries, and his entries in a merge.

A tournament is created through ``tournament_create`` (its settings checked as on the
site); its participants, rounds and tables are history and restored as they were.
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Iterable, Mapping
from typing import Any

from django.db.models import Q

from league.clubs.models import Club, Player
from league.core.audit import audit_record
from league.core.backup_fields import day, flag, need, number, opt, text, when
from league.core.errors import ServiceError
from league.core.history import history_check, history_export
from league.core.models import AuditEntry
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
    ScopeNotFound,
    Selection,
    move_rows,
    moved_key,
    register_backup,
    register_merge,
    register_privacy,
)
from league.lists.models import Spielliste
from league.lists.sections import group_by, iso, list_plans
from league.tournaments import services as ts
from league.tournaments.models import (
    LINK_LENGTH,
    Bundesland,
    Participant,
    RoundTable,
    Tournament,
    TournamentRound,
    new_link,
    new_pin,
)

TOURNAMENT = Tournament._meta.label_lower

# --- export ------------------------------------------------------------------------------------


def select(selection: Selection) -> None:
    """One tournament's export holds it; every export the lists of its rounds, its players
    and its club. A Probelauf is never exported: not in a backup of everything, and
    asked for alone it is not there (a restore would make it a real tournament)."""
    if selection.scope.kind == "tournament":
        if Tournament.objects.filter(pk=selection.scope.pk, rehearsal=True).exists():
            raise ScopeNotFound("tournament", selection.scope.pk)
        ids = selection.own("tournament", Tournament)
    elif selection.everything:
        real = Tournament.objects.filter(rehearsal=False).values_list("pk", flat=True)
        selection.add("tournament", real)
        ids = selection.of("tournament")
    else:
        ids = selection.own("tournament", Tournament)
    selection.add(
        "list",
        RoundTable.objects.filter(tournament_round__tournament_id__in=ids).values_list(
            "spielliste_id", flat=True
        ),
    )
    selection.add(
        "player",
        Participant.objects.filter(tournament_id__in=ids).values_list("player_id", flat=True),
    )
    selection.add("club", Tournament.objects.filter(pk__in=ids).values_list("club_id", flat=True))


def export(selection: Selection, doc: dict[str, Any]) -> None:
    tournaments = list(Tournament.objects.filter(pk__in=selection.of("tournament")).order_by("pk"))
    participants = group_by(
        Participant.objects.filter(tournament__in=tournaments).order_by("number"), "tournament_id"
    )
    rounds = group_by(
        TournamentRound.objects.filter(tournament__in=tournaments).order_by("number"),
        "tournament_id",
    )
    tables = group_by(
        RoundTable.objects.filter(tournament_round__tournament__in=tournaments).order_by("number"),
        "tournament_round_id",
    )
    history = history_export({TOURNAMENT: [t.pk for t in tournaments]})[TOURNAMENT]
    doc["tournaments"] = [
        {
            "id": t.pk,
            "uid": str(t.uid),
            "name": t.name,
            "date": t.date.isoformat(),
            "venue": t.venue,
            "club": t.club_id,
            "rounds_planned": t.rounds_planned,
            "official": t.official,
            "tie_breaks": list(t.tie_breaks),
            "require_confirmation": t.require_confirmation,
            "double_entry": t.double_entry,
            "separate_clubs": t.separate_clubs,
            "round_minutes": t.round_minutes,
            "members_only": t.members_only,
            "rated": t.rated,
            "bundesland": t.bundesland,
            "closed_at": iso(t.closed_at),
            "rating_approved_at": iso(t.rating_approved_at),
            "rating_note": t.rating_note,
            "published_at": iso(t.published_at),
            "published_digest": t.published_digest,
            "created_at": iso(t.created_at),
            "participants": [
                {
                    "number": p.number,
                    "player": p.player_id,
                    "withdrawn": p.withdrawn,
                    "pin": p.pin,
                    "created_here": p.created_here,
                    # His personal link (printed on the slip with the PIN) and check-in.
                    "link": p.link,
                    "checked_in_at": iso(p.checked_in_at),
                }
                for p in participants[t.pk]
            ],
            "rounds": [
                {
                    "number": r.number,
                    "status": r.status,
                    "seeded": r.seeded,
                    "seed": r.seed,
                    "repeat_meetings": r.repeat_meetings,
                    "time_called": r.time_called,
                    "started_at": iso(r.started_at),
                    "tables": [
                        {"number": tb.number, "list": tb.spielliste_id} for tb in tables[r.pk]
                    ],
                }
                for r in rounds[t.pk]
            ],
            "history": history.get(t.pk, []),
        }
        for t in tournaments
    ]


# --- check -------------------------------------------------------------------------------------


def _dicts(data: Any, key: str) -> list[dict[str, Any]]:
    """The object entries of ``data[key]`` where that is a list (anything else: none)."""
    value = data.get(key) if isinstance(data, Mapping) else None
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def places(doc: Mapping[str, Any]) -> Iterable[tuple[str, int, Place]]:
    """A tournament's lists are named by their round and table."""
    for t in _dicts(doc, "tournaments"):
        for rnd in _dicts(t, "rounds"):
            for table in _dicts(rnd, "tables"):
                if isinstance(table.get("list"), int):
                    yield (
                        "list",
                        table["list"],
                        (
                            ("tournament", t.get("id")),
                            ("round", rnd.get("number")),
                            ("table", table.get("number")),
                        ),
                    )


def check(ctx: CheckContext) -> None:
    for t in ctx.items("tournaments"):
        with ctx.collect():
            _check_tournament(ctx, t)


def _check_tournament(ctx: CheckContext, t: Any) -> None:
    tid = need(t, "id", int, (("tournament", None),))
    place: Place = (("tournament", tid),)
    ctx.ids["tournament"].add(tid)
    uid = opt(t, "uid", str, place)
    if uid is not None:
        try:
            uuid.UUID(uid)
        except ValueError:
            raise Fault(place, "backup_uid_invalid", {"uid": uid[:40]}) from None
        seen = ctx.plans.setdefault("tournament_uids", set())
        if uid in seen:
            raise Fault(place, "backup_duplicate")
        seen.add(uid)
    text(t, "name", place, Tournament)
    day(t, "date", place)
    club = opt(t, "club", int, place)
    if club is not None and club not in ctx.ids["club"]:
        raise Fault(place, "backup_club_missing", {"id": club})
    if any(not isinstance(v, str) for v in need(t, "tie_breaks", list, place)):
        raise Fault(place, "backup_field_type", {"key": "tie_breaks"})
    number(t, "rounds_planned", place, Tournament)
    number(t, "round_minutes", place, Tournament, optional=True)
    text(t, "venue", place, Tournament, optional=True)
    flag(t, "members_only", place, optional=True)
    flag(t, "rated", place, optional=True)
    land = text(t, "bundesland", place, Tournament, optional=True)
    if land and land not in Bundesland.values:
        raise Fault(place, "backup_bundesland_unknown", {"land": land})
    when(t.get("closed_at"), place, "closed_at")
    when(t.get("rating_approved_at"), place, "rating_approved_at")
    when(t.get("published_at"), place, "published_at")
    text(t, "published_digest", place, Tournament, optional=True)
    text(t, "rating_note", place, Tournament, optional=True)
    for key in ("official", "require_confirmation", "double_entry", "separate_clubs"):
        flag(t, key, place)
    when(t.get("created_at"), place, "created_at")
    history_check(t.get("history"), place)
    numbers: set[int] = set()
    entered: set[int] = set()
    for p in need(t, "participants", list, place):
        start = number(p, "number", (*place, ("participant", None)), Participant)
        where: Place = (*place, ("participant", start))
        pid = need(p, "player", int, where)
        flag(p, "withdrawn", where)
        flag(p, "created_here", where, optional=True)
        pin = text(p, "pin", where, Participant, optional=True)
        if pin and not (len(pin) == 4 and pin.isascii() and pin.isdigit()):
            raise Fault(where, "backup_field_too_long", {"key": "pin", "max": 4})
        text(p, "link", where, Participant, optional=True)
        when(p.get("checked_in_at"), where, "checked_in_at")
        if pid not in ctx.ids["player"]:
            raise Fault(where, "backup_player_missing", {"id": pid})
        if start in numbers or pid in entered:
            raise Fault(where, "backup_duplicate")
        numbers.add(start)
        entered.add(pid)
    plans = list_plans(ctx)
    round_numbers: set[int] = set()
    for rnd in need(t, "rounds", list, place):
        rn = number(rnd, "number", (*place, ("round", None)), TournamentRound)
        rplace: Place = (*place, ("round", rn))
        if rn in round_numbers:
            raise Fault(rplace, "backup_duplicate")
        round_numbers.add(rn)
        if need(rnd, "status", str, rplace) not in TournamentRound.Status.values:
            raise Fault(rplace, "backup_status_invalid")
        number(rnd, "seed", rplace, TournamentRound)
        number(rnd, "repeat_meetings", rplace, TournamentRound, optional=True)
        flag(rnd, "seeded", rplace, optional=True)
        flag(rnd, "time_called", rplace, optional=True)
        when(rnd.get("started_at"), rplace, "started_at")
        table_numbers: set[int] = set()
        for table in need(rnd, "tables", list, rplace):
            tn = number(table, "number", (*rplace, ("table", None)), RoundTable)
            tplace: Place = (*rplace, ("table", tn))
            lid = need(table, "list", int, tplace)
            if tn in table_numbers:
                raise Fault(tplace, "backup_duplicate")
            table_numbers.add(tn)
            if lid not in ctx.ids["list"]:
                raise Fault(tplace, "backup_list_missing", {"id": lid})
            ctx.own_list(lid, tplace)
            if t["double_entry"] and lid in plans:  # paper results typed twice
                plans[lid].double_entry = True


# --- restore -----------------------------------------------------------------------------------


def _rekey(made: Tournament, pk: int, organisers: list[int]) -> Tournament:
    """The tournament just made takes the key of the one it replaces (nothing points at the
    new row yet but its creation's history entry), and that one's organisers."""
    AuditEntry.objects.filter(target=TOURNAMENT, target_id=made.pk).update(target_id=pk)
    Tournament.objects.filter(pk=made.pk).update(id=pk)
    tournament = Tournament.objects.get(pk=pk)
    tournament.organisers.add(*organisers)
    return tournament


def prepare(ctx: RestoreContext) -> None:
    """A tournament of the document that is here already (its uid): refused, or for
    ``replace`` removed with its rounds, lists and entries — its guests (no DDV number) are
    left for the players' restore to take again by name, so a tournament imported twice
    does not make its guests twice."""
    for data in ctx.doc.get("tournaments", []):
        uid = data.get("uid")
        existing = Tournament.objects.filter(uid=uid).first() if uid else None
        if existing is None:
            continue
        place: Place = (("tournament", data["id"]),)
        if not ctx.replace:
            raise Fault(place, "backup_tournament_exists", {"name": existing.name})
        guests = Player.objects.filter(entries__tournament=existing, ddv_number="")
        for guest in guests:
            ctx.reuse["player"].setdefault(guest.name, guest)
        # The replacement keeps the key (its address and history here) and organisers.
        ctx.reuse["tournament"][str(uid)] = (
            existing.pk,
            list(existing.organisers.values_list("pk", flat=True)),
        )
        lists = list(
            RoundTable.objects.filter(tournament_round__tournament=existing).values_list(
                "spielliste_id", flat=True
            )
        )
        audit_record(
            user=IMPORT_ACTOR,
            action="replace",
            target=existing,
            before={"name": existing.name, "uid": str(existing.uid), "lists": len(lists)},
        )
        existing.delete()
        Spielliste.objects.filter(pk__in=lists).delete()
        ctx.summary.tournaments_replaced += 1


def restore(ctx: RestoreContext) -> None:
    clubs: dict[int, Club] = ctx.maps["club"]
    players: dict[int, Player] = ctx.maps["player"]
    lists: dict[int, Spielliste] = ctx.maps["list"]
    for data in ctx.doc.get("tournaments", []):
        place: Place = (("tournament", data["id"]),)
        try:
            tournament = ts.tournament_create(
                name=data["name"],
                date=dt.date.fromisoformat(data["date"]),
                rounds_planned=data.get("rounds_planned", 3),
                official=bool(data.get("official")),
                venue=data.get("venue") or "",
                club=clubs.get(data.get("club") or 0),
                tie_breaks=data["tie_breaks"],
                require_confirmation=bool(data.get("require_confirmation")),
                double_entry=bool(data.get("double_entry")),
                separate_clubs=bool(data.get("separate_clubs", True)),
                round_minutes=data.get("round_minutes"),
                members_only=bool(data.get("members_only", False)),
                user=IMPORT_ACTOR,
            )
        except ServiceError as err:
            raise Fault(place, error=err) from None
        kept = ctx.reuse["tournament"].get(str(data.get("uid")))
        if kept is not None:
            tournament = _rekey(tournament, *kept)
        # Participants keep their start numbers (participant_add would number afresh and
        # match players by name); the players were resolved before.
        Participant.objects.bulk_create(
            Participant(
                tournament=tournament,
                player=players[p["player"]],
                number=p["number"],
                withdrawn=p["withdrawn"],
                created_here=bool(p.get("created_here")),
                # The printed slips' PINs; an export before PINs existed: fresh ones.
                pin=p.get("pin") or new_pin(),
                # The slips' links; an export before links existed (or a malformed one):
                # a fresh one each.
                link=p["link"] if len(p.get("link") or "") == LINK_LENGTH else new_link(),
                checked_in_at=when(p.get("checked_in_at"), (), "checked_in_at"),
            )
            for p in data["participants"]
        )
        # Rounds are history: their draw was made (with this seed) and may be closed, which
        # round_draw/round_close would redo or refuse; the rows are restored as they were.
        for rnd in data["rounds"]:
            tournament_round = TournamentRound.objects.create(
                tournament=tournament,
                number=rnd["number"],
                status=rnd["status"],
                seeded=bool(rnd.get("seeded")),
                seed=rnd["seed"],
                repeat_meetings=rnd.get("repeat_meetings") or 0,
                time_called=bool(rnd.get("time_called")),
                started_at=when(rnd.get("started_at"), place, "started_at"),
            )
            RoundTable.objects.bulk_create(
                RoundTable(
                    tournament_round=tournament_round,
                    number=table["number"],
                    spielliste=lists[table["list"]],
                )
                for table in rnd["tables"]
            )
        created = when(data.get("created_at"), place, "created_at")
        if created is not None:
            Tournament.objects.filter(pk=tournament.pk).update(created_at=created)
        # The Rangliste flag and the close are history too (checked when it was closed).
        closed = when(data.get("closed_at"), place, "closed_at")
        Tournament.objects.filter(pk=tournament.pk).update(
            # An export from before uids: the one this import made when it created it.
            uid=data.get("uid") or tournament.uid,
            rated=bool(data.get("rated")),
            bundesland=data.get("bundesland") or "",
            closed_at=closed,
            # An export from before the approval (no such key): its closed
            # Ranglistenturniere counted then and keep counting.
            rating_approved_at=(
                when(data.get("rating_approved_at"), place, "rating_approved_at")
                if "rating_approved_at" in data
                else (closed if data.get("rated") else None)
            ),
            rating_note=data.get("rating_note") or "",
            published_at=when(data.get("published_at"), place, "published_at"),
            published_digest=data.get("published_digest") or "",
        )
        audit_record(
            user=IMPORT_ACTOR,
            action="import",
            target=tournament,
            after={"participants": len(data["participants"]), "rounds": len(data["rounds"])},
        )
        ctx.maps["tournament"][data["id"]] = tournament
        ctx.summary.tournaments += 1
        ctx.restored(tournament, data.get("history"))


BACKUP = BackupSection(
    name="tournaments",
    after=("clubs", "lists"),
    keys=("tournaments",),
    select=select,
    export=export,
    prepare=prepare,
    places=places,
    check=check,
    restore=restore,
)

# --- one person's data -------------------------------------------------------------------------


def privacy_export(player_id: int, out: dict[str, Any]) -> None:
    """His entries, and for each of his lists the tournament, round and table it belongs to
    (None for a list of no tournament)."""
    out["tournaments"] = [
        {
            "tournament": p.tournament.name,
            "date": p.tournament.date.isoformat(),
            "start_number": p.number,
            "withdrawn": p.withdrawn,
        }
        for p in Participant.objects.filter(player_id=player_id).select_related("tournament")
    ]
    entries = out.get("lists", [])
    tables = {
        t.spielliste_id: t
        for t in RoundTable.objects.filter(
            spielliste_id__in=[e["list"] for e in entries]
        ).select_related("tournament_round__tournament")
    }
    for entry in entries:
        table = tables.get(entry["list"])
        entry["tournament"] = table.tournament_round.tournament.name if table else None
        entry["round"] = table.tournament_round.number if table else None
        entry["table"] = table.number if table else None


def privacy_prepare(erasure: Erasure) -> None:
    """His registration entries carry the name he was registered under."""
    erasure.history.append(Q(target=TOURNAMENT, action="register", after__player=erasure.player_id))


PRIVACY = PrivacySection(
    name="tournaments",
    after=("clubs", "lists"),
    export=privacy_export,
    prepare=privacy_prepare,
)

# --- merge -------------------------------------------------------------------------------------


def merge_check(keep: int, merge: int) -> None:
    """Both entered in one tournament: two people."""
    both = (
        Tournament.objects.filter(participants__player_id=keep)
        .filter(participants__player_id=merge)
        .values_list("name", flat=True)
        .first()
    )
    if both is not None:
        raise ServiceError("merge_same_tournament", {"name": both})


def merge_move(keep: int, merge: int) -> Mapping[str, int]:
    return {moved_key(Participant, "player"): move_rows(Participant.objects, keep, merge)}


MERGE = MergeSection(
    name="tournaments", after=("clubs", "lists"), check=merge_check, move=merge_move
)


def register() -> None:
    """Called from the app's ``AppConfig.ready``."""
    register_backup(BACKUP)
    register_privacy(PRIVACY)
    register_merge(MERGE)
