"""The clubs app's sections (``league.core.sections``): clubs and players in a backup, the
player record in one person's data, claims and the record's history in a merge.

Backup: clubs are matched by name, players by DDV number; everything else is created anew.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db.models import Q

from league.clubs.models import Club, Player, PlayerClaim
from league.clubs.services import DDV_NUMBER
from league.core.audit import audit_record
from league.core.backup_fields import flag, need, opt, squeezed, text
from league.core.backup_fields import number as fits_number
from league.core.history import history_check, history_export, history_move
from league.core.sections import (
    IMPORT_ACTOR,
    BackupSection,
    CheckContext,
    Erasure,
    Fault,
    MergeSection,
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
from league.core.text import squeeze
from scoring.people import normalise, skeleton

CLUB = Club._meta.label_lower
PLAYER = Player._meta.label_lower

# --- backup ------------------------------------------------------------------------------------


def select(selection: Selection) -> None:
    """A club's export holds the club and its members; every export the clubs of its players."""
    scope = selection.scope
    if scope.kind == "club":
        if not Club.objects.filter(pk=scope.pk).exists():
            raise ScopeNotFound("club", scope.pk)
        selection.add("club", [scope.pk])
        selection.add(
            "player", Player.objects.filter(club_id=scope.pk).values_list("pk", flat=True)
        )
    if selection.everything:
        return
    selection.add(
        "club",
        Player.objects.filter(pk__in=selection.of("player")).values_list("club_id", flat=True),
    )


def export(selection: Selection, doc: dict[str, Any]) -> None:
    everything = selection.everything
    clubs = Club.objects.all() if everything else Club.objects.filter(pk__in=selection.of("club"))
    players = (
        # A Probelauf's generated people are never backed up (nor is the Probelauf).
        Player.objects.filter(rehearsal=False)
        if everything
        else Player.objects.filter(pk__in=selection.of("player"), rehearsal=False)
    )
    club_rows = list(clubs.order_by("pk"))
    player_rows = list(players.order_by("pk"))
    history = history_export({CLUB: [c.pk for c in club_rows], PLAYER: [p.pk for p in player_rows]})
    doc["clubs"] = [
        {
            "id": c.pk,
            "name": c.name,
            "city": c.city,
            **({"landesverband": c.landesverband} if c.landesverband else {}),
            "members_only": c.members_only,
            **({"rules": c.rules} if c.rules else {}),
            **({"kasse_cent": c.kasse_cent} if c.kasse_cent else {}),
            "history": history[CLUB].get(c.pk, []),
        }
        for c in club_rows
    ]
    doc["players"] = [
        {
            "id": p.pk,
            "name": p.name,
            "club": p.club_id,
            "ddv_number": p.ddv_number,
            "hide_name": p.hide_name,
            "history": history[PLAYER].get(p.pk, []),
        }
        for p in player_rows
    ]


def check(ctx: CheckContext) -> None:
    clubs = ctx.ids["club"]
    for club in ctx.items("clubs"):
        with ctx.collect():
            cid = need(club, "id", int, (("club", None),))
            place = (("club", cid),)
            if cid in clubs:
                raise Fault(place, "backup_duplicate")
            clubs.add(cid)
            squeezed(club, "name", place, Club)
            text(club, "city", place, Club, optional=True)
            text(club, "landesverband", place, Club, optional=True)
            flag(club, "members_only", place, optional=True)
            opt(club, "rules", dict, place)
            fits_number(club, "kasse_cent", place, Club, optional=True)
            history_check(club.get("history"), place)
    players = ctx.ids["player"]
    numbers: set[str] = set()
    for player in ctx.items("players"):
        with ctx.collect():
            pid = need(player, "id", int, (("player", None),))
            place = (("player", pid),)
            if pid in players:
                raise Fault(place, "backup_duplicate")
            players.add(pid)
            squeezed(player, "name", place, Player)
            club = opt(player, "club", int, place)
            if club is not None and club not in clubs:
                raise Fault(place, "backup_club_missing", {"id": club})
            number = text(player, "ddv_number", place, Player, optional=True).strip()
            if number and not DDV_NUMBER.fullmatch(number):
                raise Fault(place, "ddv_number_invalid", {"number": number[:40]})
            if number and number in numbers:
                raise Fault(place, "backup_ddv_twice", {"number": number})
            numbers.add(number)
            flag(player, "hide_name", place, optional=True)
            history_check(player.get("history"), place)


def restore(ctx: RestoreContext) -> None:
    clubs: dict[int, Club] = ctx.maps["club"]
    for data in ctx.doc.get("clubs", []):
        name = squeeze(data["name"])
        club = Club.objects.filter(name=name).first()  # names are unique: the same club
        if club is None:
            club = Club.objects.create(
                name=name,
                city=data.get("city") or "",
                landesverband=data.get("landesverband") or "",
                members_only=bool(data.get("members_only", False)),
                rules=data.get("rules") or {},
                kasse_cent=data.get("kasse_cent") or None,
            )
            audit_record(user=IMPORT_ACTOR, action="import", target=club, after={"name": name})
            ctx.summary.clubs_created += 1
            ctx.restored(club, data.get("history"))
        else:
            ctx.summary.clubs_matched += 1
        clubs[data["id"]] = club
    players: dict[int, Player] = ctx.maps["player"]
    for data in ctx.doc.get("players", []):
        number = (data.get("ddv_number") or "").strip()
        player = Player.objects.filter(ddv_number=number).first() if number else None
        if player is None and not number and ctx.people is not None:
            club = clubs.get(data.get("club") or 0)
            player = ctx.people(squeeze(data["name"]), club.pk if club else None)
        if player is None and not number:
            # A guest of a tournament this import replaces: the same record again.
            player = ctx.reuse["player"].get(squeeze(data["name"]))
        if player is None:
            player = Player.objects.create(
                name=squeeze(data["name"]),
                club=clubs.get(data.get("club") or 0),
                ddv_number=number,
                hide_name=bool(data.get("hide_name")),
            )
            audit_record(
                user=IMPORT_ACTOR,
                action="import",
                target=player,
                after={"name": player.name, "ddv_number": number},
            )
            ctx.summary.players_created += 1
            ctx.restored(player, data.get("history"))
        else:
            ctx.summary.players_matched += 1
        players[data["id"]] = player


BACKUP = BackupSection(
    name="clubs",
    keys=("clubs", "players"),
    select=select,
    export=export,
    check=check,
    restore=restore,
)

# --- one person's data -------------------------------------------------------------------------


def privacy_export(player_id: int, out: dict[str, Any]) -> None:
    player = Player.objects.select_related("club").get(pk=player_id)
    out["player"] = {
        "id": player.pk,
        "name": player.name,
        "club": player.club.name if player.club else None,
        "ddv_number": player.ddv_number,
        "hide_name": player.hide_name,
    }
    out["claims"] = [
        {
            "created_at": claim.created_at.isoformat(),
            "decided_at": claim.decided_at.isoformat() if claim.decided_at else None,
            "accepted": claim.accepted,
        }
        for claim in PlayerClaim.objects.filter(player_id=player_id).order_by("created_at")
    ]


def privacy_prepare(erasure: Erasure) -> None:
    locked = Player.objects.select_for_update().get(pk=erasure.player_id)
    erasure.names.add(locked.name)
    erasure.history.append(Q(target=PLAYER, target_id=locked.pk))


def privacy_forget(erasure: Erasure) -> None:
    """The record keeps its id (lists and standings point at it), loses name, club, number."""
    key = normalise(erasure.pseudonym)  # the old keys would still find his name
    Player.objects.filter(pk=erasure.player_id).update(
        name=erasure.pseudonym,
        club=None,
        ddv_number="",
        name_key=key,
        name_skeleton=skeleton(key),
    )


PRIVACY = PrivacySection(
    name="clubs", export=privacy_export, prepare=privacy_prepare, forget=privacy_forget
)

# --- merge -------------------------------------------------------------------------------------


def merge_move(keep: int, merge: int) -> Mapping[str, int]:
    """Claims follow the record (an account's open claim on both stays one claim); the
    merged record's history becomes part of the surviving record's."""
    both = PlayerClaim.objects.filter(player_id=keep, decided_at__isnull=True).values_list(
        "account_id", flat=True
    )
    PlayerClaim.objects.filter(
        player_id=merge, decided_at__isnull=True, account_id__in=list(both)
    ).delete()
    return {
        moved_key(PlayerClaim, "player"): move_rows(PlayerClaim.objects, keep, merge),
        "history": history_move(PLAYER, merge, keep),
    }


MERGE = MergeSection(name="clubs", move=merge_move)


def register() -> None:
    """Called from the app's ``AppConfig.ready``."""
    register_backup(BACKUP)
    register_privacy(PRIVACY)
    register_merge(MERGE)
