"""Penalty rows on a list's page (TSR 9)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _

from league.core.forms import on_form, with_message
from league.lists.commands import AddPenalty, DeletePenalty, execute
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
        names = {s.player_id: s.name for s in seats}
        command = AddPenalty(
            after_game=cd["after_game"],
            kind=cd["kind"],
            offender=names[cd["offender"]],
            beneficiary=names.get(cd["beneficiary"]) if cd["beneficiary"] else None,
            absagen=cd["absagen"] or 0,
            points=cd["points"] or 0,
            referee=cd["referee"],
            version=cd["version"],
        )
        done = on_form(form, lambda: execute(command, writer))
        if done.ok:
            messages.success(request, _("Strafzeile eingetragen."))
            return redirect(liste)
    return render_detail(request, writer.snapshot(), writer.access, penalty_form=form, status=422)


@list_post
@list_writer
def penalty_delete(request: HttpRequest, writer: Writer, penalty_id: int) -> HttpResponse:
    row = get_object_or_404(PenaltyRow, pk=penalty_id, spielliste_id=writer.liste.pk)
    with_message(
        request,
        lambda: execute(DeletePenalty(row=row.pk, version=versioned_post(request)), writer),
        _("Strafzeile gelöscht."),
    )
    return redirect(row.spielliste)
