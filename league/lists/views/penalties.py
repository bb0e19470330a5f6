"""Penalty rows on a list's page (TSR 9)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _

from league.core.errors import ServiceError
from league.core.forms import form_error_from_service
from league.lists import services
from league.lists.forms import PenaltyForm
from league.lists.models import PenaltyRow
from league.lists.views.detail import render_detail
from league.lists.views.reading import Writer, list_post, list_writer, versioned_post


@list_post
@list_writer
def penalty_add(request: HttpRequest, writer: Writer) -> HttpResponse:
    liste = writer.liste
    seats = list(liste.seats.select_related("player"))
    form = PenaltyForm(request.POST, seats=[(s.player_id, s.name) for s in seats])
    if form.is_valid():
        cd = form.cleaned_data
        players = {s.player_id: s.player for s in seats}
        try:
            services.penalty_add(
                spielliste=liste,
                after_game=cd["after_game"],
                kind=cd["kind"],
                offender=players[cd["offender"]],
                beneficiary=players.get(cd["beneficiary"]) if cd["beneficiary"] else None,
                absagen=cd["absagen"] or 0,
                points=cd["points"] or 0,
                referee=cd["referee"],
                user=writer.actor,
                expected_version=cd["version"],
            )
        except ServiceError as err:
            form_error_from_service(form, err)
        else:
            messages.success(request, _("Strafzeile eingetragen."))
            return redirect(liste)
    return render_detail(request, writer.snapshot(), writer.access, penalty_form=form, status=422)


@list_post
@list_writer
def penalty_delete(request: HttpRequest, writer: Writer, penalty_id: int) -> HttpResponse:
    row = get_object_or_404(PenaltyRow, pk=penalty_id, spielliste_id=writer.liste.pk)
    try:
        services.penalty_delete(
            penalty_row=row, user=writer.actor, expected_version=versioned_post(request)
        )
    except ServiceError as err:
        messages.error(request, err.message)
    else:
        messages.success(request, _("Strafzeile gelöscht."))
    return redirect(row.spielliste)
