"""What the organiser does with a list: a substitute on a seat, ending the list early,
removing the totals typed from paper."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from league.clubs.forms import asking
from league.clubs.matching import decision_for
from league.core.confirm import ask_first
from league.core.forms import on_form, with_message
from league.lists.commands import ClearPaper, EndEarly, Substitute, execute, require
from league.lists.forms import SubstituteForm
from league.lists.views.detail import render_detail
from league.lists.views.reading import Writer, list_post, list_writer


@list_post
@list_writer
def seat_substitute(request: HttpRequest, writer: Writer) -> HttpResponse:
    """The organiser puts a substitute on a seat from a game on."""
    require(writer, Substitute)
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
        # A registered player without a seat, however his name was typed; else the name
        # makes (or finds) a record.
        command = Substitute(
            position=cd["position"],
            from_game=cd["from_game"],
            version=cd["version"],
            player=form.candidate(),
            name=cd["name"],
            person=decision_for(form.people(), cd["name"]),
        )
        done = on_form(form, asking(form, lambda: execute(command, writer)))
        if done.ok and done.value is not None:
            player = done.value.item.player
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
    require(writer, EndEarly)
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
    with_message(
        request,
        lambda: execute(EndEarly(ended=ended), writer),
        _("Liste vorzeitig beendet.") if ended else _("Die Liste ist wieder offen."),
    )
    return redirect(liste)


@list_post
@list_writer
def paper_clear(request: HttpRequest, writer: Writer) -> HttpResponse:
    """The organiser removes the totals typed from paper (to enter the games instead)."""
    require(writer, ClearPaper)
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
    with_message(
        request,
        lambda: execute(ClearPaper(), writer),
        _("Papierergebnis entfernt."),
    )
    return redirect(liste)
