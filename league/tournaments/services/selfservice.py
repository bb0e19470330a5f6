"""The participant's own page (issue 36): he checks in and withdraws himself; the
organiser renews his personal link. The page is reached by the link alone, so the actor
of these writes is no account: the audit names the participant ("Teilnehmer 12")."""

from __future__ import annotations

from collections.abc import Callable

from django.core.mail import send_mail
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from league.core.audit import Actor, User, audit_record
from league.core.errors import ServiceError
from league.lists.models import Seat, Spielliste
from league.lists.services import spielliste_confirm
from league.tournaments.models import Participant, TournamentRound, new_link
from league.tournaments.selectors.rounds import current_seat
from league.tournaments.services.registration import participant_set_withdrawn


def participant_actor(participant: Participant) -> Actor:
    """The audit actor of a write made from a participant's own page."""
    return Actor(None, label=f"Teilnehmer {participant.number}")


def _locked(participant: Participant) -> Participant:
    locked = (
        Participant.objects.select_for_update().select_related("tournament").get(pk=participant.pk)
    )
    if locked.tournament.closed_at is not None:
        raise ServiceError("self_tournament_closed")
    if locked.withdrawn:
        raise ServiceError("self_withdrawn")
    return locked


@transaction.atomic
def participant_check_in(*, participant: Participant) -> Participant:
    """He is here: before his first draw (once seated, the draw counted him already)."""
    locked = _locked(participant)
    if locked.checked_in_at is not None:
        return locked
    drawn = Seat.objects.filter(
        player_id=locked.player_id,
        spielliste__round_table__tournament_round__tournament_id=locked.tournament_id,
    ).exists()
    if drawn:
        raise ServiceError("self_check_in_drawn")
    locked.checked_in_at = timezone.now()
    locked.save(update_fields=["checked_in_at"])
    audit_record(
        user=participant_actor(locked),
        action="check_in",
        target=locked.tournament,
        item=locked.number,
        before={"checked_in": False},
        after={"checked_in": True},
    )
    return locked


@transaction.atomic
def participant_withdraw_self(*, participant: Participant) -> Participant:
    """He withdraws before the next draw. Seated in an open round he may not: a table
    waits for him, and only the organiser settles it (round.md, a dropout)."""
    locked = _locked(participant)
    seat = (
        Seat.objects.filter(
            player_id=locked.player_id,
            spielliste__round_table__tournament_round__tournament_id=locked.tournament_id,
        )
        .exclude(spielliste__round_table__tournament_round__status=TournamentRound.Status.CLOSED)
        .values_list(
            "spielliste__round_table__tournament_round__number", "spielliste__round_table__number"
        )
        .first()
    )
    if seat is not None:
        raise ServiceError("self_withdraw_drawn", {"number": seat[0], "table": seat[1]})
    return participant_set_withdrawn(
        participant=locked, withdrawn=True, user=participant_actor(locked)
    )


@transaction.atomic
def participant_confirm_list(*, participant: Participant, pin: str) -> Spielliste:
    """He confirms his table's complete list from his own page with the PIN of his slip
    (api.md "Confirmation"): the same check as at the table — his seat, his PIN, wrong PINs
    counted and blocked per seat and client (his page is a client of its own)."""
    locked = _locked(participant)
    if not locked.tournament.require_confirmation:
        raise ServiceError("self_nothing_to_confirm")
    seat = current_seat(tournament=locked.tournament, player_id=locked.player_id)
    if seat is None or not seat.liste.complete or seat.liste.confirmed_at is not None:
        raise ServiceError("self_nothing_to_confirm")
    actor = Actor(None, label=f"Teilnehmer {locked.number}", session=f"teilnehmer-{locked.pk}")
    return spielliste_confirm(spielliste=seat.liste, seat=seat.seat, pin=pin, user=actor)


@transaction.atomic
def participant_link_renew(*, participant: Participant, user: User = None) -> Participant:
    """A new personal link; the old one is dead from now on (a lost or passed-on slip)."""
    locked = (
        Participant.objects.select_for_update().select_related("tournament").get(pk=participant.pk)
    )
    locked.link = new_link()
    locked.save(update_fields=["link"])
    audit_record(user=user, action="link_renew", target=locked.tournament, item=locked.number)
    return locked


@transaction.atomic
def participant_link_mail(
    *,
    participant: Participant,
    base_url: str,
    mail: Callable[..., int] = send_mail,
    user: User = None,
) -> bool:
    """Send his personal link to the e-mail address of his linked account, when there is
    one (on registration and on renewal). Returns whether a mail went out; the audit names
    the account, never the link."""
    locked = (
        Participant.objects.select_related("tournament", "player__account")
        .select_for_update(of=("self",))
        .get(pk=participant.pk)
    )
    account = locked.player.account
    address = getattr(account, "email", "") if account is not None else ""
    if not address:
        return False
    url = base_url.rstrip("/") + reverse(
        "participant-self", args=[locked.tournament_id, locked.link]
    )
    subject = _("Deine Seite beim Turnier %(name)s") % {"name": locked.tournament.name}
    body = _(
        "Hallo %(player)s,\n\nauf deiner persönlichen Seite siehst du deinen Tisch, deinen "
        'Stand und deine Listen; dort meldest du dich bei der Ankunft an ("Ich bin da") '
        "oder vor der nächsten Auslosung ab:\n\n%(url)s\n\nDer Link ist nur für dich – "
        "bitte nicht weitergeben."
    ) % {"player": locked.player.name, "url": url}
    mail(subject, body, None, [address])
    audit_record(
        user=user,
        action="link_mail",
        target=locked.tournament,
        item=locked.number,
        after={"account": account.pk if account is not None else None},
    )
    return True
