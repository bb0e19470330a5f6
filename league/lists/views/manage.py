"""What the organiser does with a list: a substitute on a seat, ending the list early,
removing the totals typed from paper."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from league.clubs import services as club_services
from league.clubs.models import Player
from league.core.confirm import ask_first
from league.core.errors import ServiceError
from league.core.forms import form_error_from_service
from league.lists import services
from league.lists.forms import SubstituteForm
from league.lists.views.detail import render_detail
from league.lists.views.reading import Writer, list_post, list_writer, managing


@list_post
@list_writer
def seat_substitute(request: HttpRequest, writer: Writer) -> HttpResponse:
    """The organiser puts a substitute on a seat from a game on."""
    managing(writer)
    seats = writer.liste.seats.all()
    owner = writer.access.owner
    offered = owner.substitute_candidates if owner is not None else None
    form = SubstituteForm(
        request.POST,
        seats=[(s.position, f"{s.position}: {s.name}") for s in seats],
        candidates=offered() if offered is not None else (),
    )
    if form.is_valid():
        cd = form.cleaned_data
        try:
            # A registered player without a seat, however his name was typed; else the
            # name makes (or finds) a record.
            chosen = form.candidate()
            player = (
                Player.objects.get(pk=chosen)
                if chosen is not None
                else club_services.player_get_or_create(name=cd["name"], user=writer.actor)
            )
            services.seat_substitute(
                spielliste=writer.liste,
                position=cd["position"],
                player=player,
                from_game=cd["from_game"],
                user=writer.actor,
                expected_version=cd["version"],
            )
        except ServiceError as err:
            form_error_from_service(form, err)
        else:
            messages.success(
                request,
                _("%(name)s spielt ab Spiel %(n)d für Platz %(seat)d.")
                % {"name": player.name, "n": cd["from_game"], "seat": cd["position"]},
            )
            return redirect(writer.liste)
    return render_detail(
        request, writer.snapshot(), writer.access, substitute_form=form, status=422
    )


@list_post
@list_writer
def liste_end_early(request: HttpRequest, writer: Writer) -> HttpResponse:
    """The organiser ends a list early (or takes that back)."""
    managing(writer)
    liste = writer.liste
    ended = request.POST.get("undo") != "1"
    if ended:
        asking = ask_first(
            request,
            question=_("Liste vorzeitig beenden?"),
            detail=_(
                "Die Liste zählt mit den eingetragenen Spielen und wird als vorzeitig beendet "
                "markiert; es kann nichts mehr eingetragen werden."
            ),
            yes=_("Ja, vorzeitig beenden"),
            back=liste.get_absolute_url(),
        )
        if asking is not None:
            return asking
    try:
        services.spielliste_end_early(spielliste=liste, ended=ended, user=writer.actor)
    except ServiceError as err:
        messages.error(request, err.message)
    else:
        messages.success(
            request,
            _("Liste vorzeitig beendet.") if ended else _("Die Liste ist wieder offen."),
        )
    return redirect(liste)


@list_post
@list_writer
def paper_clear(request: HttpRequest, writer: Writer) -> HttpResponse:
    """The organiser removes the totals typed from paper (to enter the games instead)."""
    managing(writer)
    liste = writer.liste
    asking = ask_first(
        request,
        question=_("Papierergebnis entfernen?"),
        detail=_(
            "Die getippten Summen (beide Eingaben) werden gelöscht; danach kann die Liste Spiel "
            "für Spiel eingetragen werden."
        ),
        yes=_("Ja, entfernen"),
        back=liste.get_absolute_url(),
    )
    if asking is not None:
        return asking
    try:
        services.paper_result_clear(spielliste=liste, user=writer.actor)
    except ServiceError as err:
        messages.error(request, err.message)
    else:
        messages.success(request, _("Papierergebnis entfernt."))
    return redirect(liste)
