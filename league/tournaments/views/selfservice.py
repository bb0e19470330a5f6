"""The participant's own page (issue 36), reached by his personal link alone: his seat,
standing, lists and the round clock; check in and withdraw. The organiser renews a link."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.core.confirm import ask_first
from league.core.forms import with_message
from league.core.live import live
from league.tournaments import services as ts
from league.tournaments.access import organiser_actor, organiser_required, personal_link_required
from league.tournaments.forms import SelfConfirmForm
from league.tournaments.models import Participant
from league.tournaments.selectors import self_page, standings_version


def self_url(participant: Participant) -> str:
    """The path of a participant's own page (his personal link)."""
    return reverse("participant-self", args=[participant.tournament_id, participant.link])


def _version(request: HttpRequest, participant: Participant) -> str | None:
    # What a stranger sees of the tournament (silent rounds hidden), and his own state.
    version = standings_version(
        tournament_id=participant.tournament_id, provisional=True, reader=AnonymousUser()
    )
    return None if version is None else f"{version}:{participant.pk}"


# The link check first: a renewed link's poll gets a 404, never a 304.
@personal_link_required
@live(_version)
def participant_self(request: HttpRequest, participant: Participant) -> HttpResponse:
    version = standings_version(
        tournament_id=participant.tournament_id, provisional=True, reader=AnonymousUser()
    )
    page = self_page(participant=participant, version=version or "")
    response = render(
        request,
        "tournaments/self.html",
        {
            "tournament": participant.tournament,
            "participant": participant,
            "page": page,
            "round": page.round,
            "clock": page.clock,
        },
    )
    # The address is his key: no other site learns it from a link followed here (the
    # own site still gets its Origin on the forms: CSRF).
    response["Referrer-Policy"] = "same-origin"
    response["X-Robots-Tag"] = "noindex"
    return response


@require_POST
@personal_link_required
def participant_self_check_in(request: HttpRequest, participant: Participant) -> HttpResponse:
    with_message(
        request,
        lambda: ts.participant_check_in(participant=participant),
        _("Danke, du bist als anwesend gemeldet."),
    )
    return redirect(self_url(participant))


@require_POST
@personal_link_required
def participant_self_confirm(request: HttpRequest, participant: Participant) -> HttpResponse:
    """He confirms his table's list with his slip's PIN."""
    form = SelfConfirmForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Bitte die vierstellige PIN von deinem Teilnehmerzettel."))
        return redirect(self_url(participant))
    with_message(
        request,
        lambda: ts.participant_confirm_list(participant=participant, pin=form.cleaned_data["pin"]),
        _("Danke, deine Liste ist bestätigt."),
    )
    return redirect(self_url(participant))


@require_POST
@personal_link_required
def participant_self_withdraw(request: HttpRequest, participant: Participant) -> HttpResponse:
    asking = ask_first(
        request,
        question=_("Wirklich vom Turnier abmelden?"),
        detail=_(
            "Du wirst ab der nächsten Runde nicht mehr ausgelost. Zurück nimmt dich nur "
            "die Turnierleitung."
        ),
        yes=_("Ja, abmelden"),
        back=self_url(participant),
    )
    if asking is not None:
        return asking
    with_message(
        request,
        lambda: ts.participant_withdraw_self(participant=participant),
        _("Du bist abgemeldet. Die Turnierleitung sieht es sofort."),
    )
    return redirect(self_url(participant))


@organiser_required
@require_POST
def participant_link_renew(request: HttpRequest, pk: int, participant_id: int) -> HttpResponse:
    """A new personal link (the old one stops working at once)."""
    participant = get_object_or_404(
        Participant.objects.select_related("player"), pk=participant_id, tournament_id=pk
    )
    asking = ask_first(
        request,
        question=_("Neuen persönlichen Link für %(name)s?") % {"name": participant.player.name},
        detail=_("Der alte Link und sein QR-Code gelten danach nicht mehr."),
        yes=_("Ja, neuer Link"),
        back=reverse("tournament-participants", args=[pk]),
    )
    if asking is not None:
        return asking
    done = with_message(
        request,
        lambda: ts.participant_link_renew(participant=participant, user=organiser_actor(request)),
        _("Neuer Link erstellt: Teilnehmerzettel neu drucken."),
    )
    if done.ok:
        mail_link(request, participant)
    return redirect("tournament-participants", pk)


def mail_link(request: HttpRequest, participant: Participant) -> None:
    """His link by e-mail when his account has an address (registration, renewal)."""
    if ts.participant_link_mail(
        participant=participant,
        base_url=request.build_absolute_uri("/"),
        user=organiser_actor(request),
    ):
        messages.info(request, _("Der persönliche Link ging per E-Mail an den Spieler."))
