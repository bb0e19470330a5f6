"""Writes to clubs and players: keyword-only, in a transaction, each with an audit entry."""

from __future__ import annotations

import re

from django.contrib.auth.models import User as Account
from django.db import IntegrityError, models, transaction
from django.utils import timezone

from league.accounts.membership import member_add, member_remove
from league.clubs.matching import NEW, PersonChoice, PersonChoiceNeeded, needs_asking, person_match
from league.clubs.models import KASSE_CENT_MAX, Club, Player, PlayerClaim
from league.core.audit import Actor, User, audit_field_set, audit_record
from league.core.errors import ServiceError
from league.core.text import squeeze
from scoring.interchange import rules_to_dict
from scoring.rules import RuleProfile


def clean_name(name: str) -> str:
    """A typed name or note as stored: NFC, runs of white space made one, none at the
    ends (league.core.text.squeeze)."""
    return squeeze(name)


# The one format of a DDV number, on every way in (forms, CSV, API, backup): the DDV's
# membership numbers are digits (issue 29: "ABC" was taken), no letters, hyphens or spaces;
# its length is the column's (check_fits, 20).
DDV_NUMBER = re.compile(r"[0-9]+", re.ASCII)


def ddv_number_clean(raw: str) -> str:
    """A typed DDV number as stored ("" for none); ``12 34``, ``ABC`` or ``<b>1</b>`` is
    refused."""
    number = raw.strip()
    check_fits(number, Player, "ddv_number")
    if number and not DDV_NUMBER.fullmatch(number):
        raise ServiceError("ddv_number_invalid", {"number": number[:40]}, field="ddv_number")
    return number


def check_fits(value: str, model: type[models.Model], field: str) -> None:
    """A value longer than its column is a clear refusal on every database (PostgreSQL
    would raise a DataError, SQLite would store it)."""
    limit = getattr(model._meta.get_field(field), "max_length", None)
    if limit is not None and len(value) > limit:
        raise ServiceError("value_too_long", {"max": limit}, field=field)


@transaction.atomic
def club_get_or_create(*, name: str, user: User = None) -> Club | None:
    """The club of that name, created on first mention; None for an empty name."""
    clean = clean_name(name)
    if not clean:
        return None
    check_fits(clean, Club, "name")
    club, created = Club.objects.get_or_create(name=clean)
    if created:
        audit_record(user=user, action="create", target=club, after={"name": clean})
    return club


@transaction.atomic
def club_found(*, name: str, city: str = "", account: Account, user: User = None) -> Club:
    """A new club founded by ``account``, who manages it. A name taken already is refused
    (that club's managers invite; a club without managers: the site's staff)."""
    clean = clean_name(name)
    if not clean:
        raise ServiceError("club_name_missing", field="name")
    check_fits(clean, Club, "name")
    town = clean_name(city)
    check_fits(town, Club, "city")
    if Club.objects.filter(name__iexact=clean).exists():
        raise ServiceError("club_name_taken", {"name": clean}, field="name")
    try:
        with transaction.atomic():
            club = Club.objects.create(name=clean, city=town)
    except IntegrityError:  # founded by someone else a moment ago
        raise ServiceError("club_name_taken", {"name": clean}, field="name") from None
    club.managers.add(account)
    audit_record(user=user, action="create", target=club, after={"name": clean, "city": town})
    return club


@transaction.atomic
def club_set_members_only(*, club: Club, members_only: bool, user: User = None) -> Club:
    """Members-only (api.md): the club's page and its own lists only for its members,
    managers and staff; off again: public."""
    locked = Club.objects.select_for_update().get(pk=club.pk)
    before = {"members_only": locked.members_only}
    locked.members_only = members_only
    locked.save(update_fields=["members_only"])
    audit_record(
        user=user,
        action="update",
        target=locked,
        before=before,
        after={"members_only": members_only},
    )
    return locked


@transaction.atomic
def club_update(
    *, club: Club, name: str, city: str = "", landesverband: str | None = None, user: User = None
) -> Club:
    """Name, city and (unless ``None``: unchanged) the club's Landesverband."""
    clean = clean_name(name)
    if not clean:
        raise ServiceError("club_name_missing", field="name")
    check_fits(clean, Club, "name")
    check_fits(clean_name(city), Club, "city")
    if landesverband is not None:
        check_fits(clean_name(landesverband), Club, "landesverband")
    if Club.objects.filter(name=clean).exclude(pk=club.pk).exists():
        raise ServiceError("club_name_taken", {"name": clean}, field="name")
    before = {"name": club.name, "city": club.city, "landesverband": club.landesverband}
    club.name, club.city = clean, clean_name(city)
    if landesverband is not None:
        club.landesverband = clean_name(landesverband)
    club.save(update_fields=["name", "city", "landesverband"])
    audit_record(
        user=user,
        action="update",
        target=club,
        before=before,
        after={"name": clean, "city": club.city, "landesverband": club.landesverband},
    )
    return club


@transaction.atomic
def player_get_or_create(
    *, name: str, club: Club | None = None, ddv_number: str = "", user: User = None
) -> Player:
    """The player with this DDV number, else with this name in this club; created if new."""
    return player_find_or_create(name=name, club=club, ddv_number=ddv_number, user=user)[0]


@transaction.atomic
def player_find_or_create(
    *,
    name: str,
    club: Club | None = None,
    ddv_number: str = "",
    person: PersonChoice = None,
    user: User = None,
) -> tuple[Player, bool]:
    """As ``player_get_or_create``, and whether the record was created now.

    ``person`` (one person, one record — scoring.people): ``"ask"`` finds the record as
    before (DDV number, or this name in this club), else matches the name against the
    records near it: the one same record is taken, close ones raise ``PersonChoiceNeeded``
    with the offers; an id takes that offered record; ``"new"`` creates another person.
    None keeps the silent find-or-create (bulk paths, demo)."""
    clean = clean_name(name)
    if not clean:
        raise ServiceError("player_name_missing", field="name")
    number = ddv_number_clean(ddv_number)
    check_fits(clean, Player, "name")
    check_fits(number, Player, "ddv_number")
    if isinstance(person, int) and not isinstance(person, bool):
        found = person_match(name=clean, ddv_number=number, club=club)
        if person not in found.match.candidate_ids:
            raise ServiceError("person_not_offered", {"id": person}, field="person")
        return Player.objects.get(pk=person), False
    if number:
        player = Player.objects.filter(ddv_number=number).first()
        if player is not None:
            return player, False
    elif person != NEW:
        player = Player.objects.filter(name=clean, club=club).order_by("pk").first()
        if player is not None:
            return player, False
    if person == "ask":
        found = person_match(name=clean, ddv_number=number, club=club)
        if needs_asking(found, club):
            raise PersonChoiceNeeded(found)
        same = found.match.same_id
        if same is not None:
            return Player.objects.get(pk=same), False
    player = Player.objects.create(name=clean, club=club, ddv_number=number)
    audit_record(
        user=user,
        action="create",
        target=player,
        after={"name": clean, "club": club.name if club else None, "ddv_number": number},
    )
    return player, True


@transaction.atomic
def player_update(
    *,
    player: Player,
    name: str,
    club: Club | None,
    ddv_number: str = "",
    hide_name: bool | None = None,
    user: User = None,
) -> Player:
    """Rename or move a player. Lists keep the name he played under (``Seat.name``)."""
    clean = clean_name(name)
    if not clean:
        raise ServiceError("player_name_missing", field="name")
    number = ddv_number_clean(ddv_number)
    check_fits(clean, Player, "name")
    check_fits(number, Player, "ddv_number")
    if number and Player.objects.filter(ddv_number=number).exclude(pk=player.pk).exists():
        raise ServiceError("ddv_number_taken", {"number": number}, field="ddv_number")
    locked = Player.objects.select_for_update().get(pk=player.pk)
    before = {
        "name": locked.name,
        "club": locked.club_id,
        "ddv_number": locked.ddv_number,
        "hide_name": locked.hide_name,
    }
    locked.name, locked.club, locked.ddv_number = clean, club, number
    if hide_name is not None:
        locked.hide_name = hide_name
    try:
        with transaction.atomic():
            locked.save(update_fields=["name", "club", "ddv_number", "hide_name"])
    except IntegrityError:  # a DDV number taken by a concurrent write
        raise ServiceError("ddv_number_taken", {"number": number}, field="ddv_number") from None
    audit_record(
        user=user,
        action="update",
        target=locked,
        before=before,
        after={
            "name": clean,
            "club": club.pk if club else None,
            "ddv_number": number,
            "hide_name": locked.hide_name,
        },
    )
    return locked


@transaction.atomic
def player_set_hidden(*, player: Player, hidden: bool, user: User = None) -> Player:
    """A player asks not to be named publicly (DSGVO) — or to be named again. Organisers,
    club managers and his own table still see his name; the public reads "Spieler 17"."""
    locked = Player.objects.select_for_update().get(pk=player.pk)
    if locked.hide_name != hidden:
        locked.hide_name = hidden
        locked.save(update_fields=["hide_name"])
        audit_record(
            user=user,
            action="hide_name" if hidden else "show_name",
            target=locked,
            before={"hide_name": not hidden},
            after={"hide_name": hidden},
        )
    player.hide_name = hidden
    return locked


@transaction.atomic
def club_add_manager(*, club: Club, account: str | Account, user: User = None) -> Account:
    """Make an account (or the one with this user name or e-mail) a manager of ``club``."""
    locked = Club.objects.select_for_update().get(pk=club.pk)
    return member_add(
        holder=locked, relation="managers", account=account, role="manager", user=user
    )


@transaction.atomic
def club_remove_manager(*, club: Club, account_id: int, user: User = None) -> None:
    """Remove a manager; a club always keeps at least one (staff can act on any club)."""
    locked = Club.objects.select_for_update().get(pk=club.pk)
    member_remove(
        holder=locked, relation="managers", account_id=account_id, role="manager", user=user
    )


@transaction.atomic
def player_link_account(*, player: Player, account: Account, user: User = None) -> Player:
    """Link ``account`` to ``player`` (confirmed by whoever calls: a club manager's
    invitation or an organiser). An account belongs to one player, a player to one account."""
    locked = Player.objects.select_for_update().get(pk=player.pk)
    if locked.account_id not in (None, account.pk):
        raise ServiceError("player_linked_elsewhere", {"name": locked.name})
    if Player.objects.filter(account=account).exclude(pk=locked.pk).exists():
        raise ServiceError("account_linked_elsewhere")
    locked.account = account
    locked.save(update_fields=["account"])
    audit_record(user=user, action="link_account", target=locked, after={"account": account.pk})
    return locked


@transaction.atomic
def player_claim(*, player: Player, account: Account) -> PlayerClaim:
    """An account says "that is me" about ``player``; a manager decides later."""
    if player.account_id is not None or Player.objects.filter(account=account).exists():
        raise ServiceError("account_linked_elsewhere")
    claim, created = PlayerClaim.objects.get_or_create(
        player=player, account=account, decided_at=None
    )
    if created:
        audit_record(user=account, action="claim", target=player, after={"account": account.pk})
    return claim


@transaction.atomic
def player_claim_decide(*, claim: PlayerClaim, accept: bool, user: User = None) -> PlayerClaim:
    """Confirm (link the account) or refuse a claim; the caller manages the player."""
    locked = PlayerClaim.objects.select_for_update().get(pk=claim.pk)
    if locked.decided_at is not None:
        return locked
    decider = user.user if isinstance(user, Actor) else user
    if decider is not None and decider.pk == locked.account_id:
        raise ServiceError("claim_own")
    if accept:
        player_link_account(player=locked.player, account=locked.account, user=user)
    locked.decided_at, locked.accepted = timezone.now(), accept
    locked.save(update_fields=["decided_at", "accepted"])
    audit_record(
        user=user,
        action="claim_accepted" if accept else "claim_refused",
        target=locked.player,
        after={"account": locked.account_id},
    )
    return locked


@transaction.atomic
def club_set_rules(*, club: Club, profile: RuleProfile, user: User = None) -> Club:
    """The house rules the club's evenings start with (lists keep their own copy)."""
    locked = Club.objects.select_for_update().get(pk=club.pk)
    before = locked.rules
    locked.rules = {} if profile.is_tsr and not profile.ohne_neunen else rules_to_dict(profile)
    locked.save(update_fields=["rules"])
    audit_record(user=user, action="rules", target=locked, before=before, after=locked.rules)
    club.rules = locked.rules
    return locked


def check_kasse_rate(cent: int | None) -> int | None:
    """A rate a club or a list may keep (None: no Kasse); else ``kasse_rate_range``."""
    if cent is not None and not 1 <= cent <= KASSE_CENT_MAX:
        raise ServiceError("kasse_rate_range", {"max": KASSE_CENT_MAX}, field="kasse_cent")
    return cent


@transaction.atomic
def club_set_kasse(*, club: Club, cent: int | None, user: User = None) -> Club:
    """The Kasse rate (cents per point) the club's new evening lists start with; None: its
    evenings play for no money. Each list keeps its own copy."""
    check_kasse_rate(cent)
    locked = Club.objects.select_for_update().get(pk=club.pk)
    audit_field_set(locked, "kasse_cent", cent, user=user, action="kasse")
    club.kasse_cent = cent
    return locked
