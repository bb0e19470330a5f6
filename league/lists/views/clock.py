"""The round's time at a table (8.5.1): time called, a mistaken call taken back, "no game
had been dealt", and added playing time granted by a referee. One view per action."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from league.core.confirm import ask_first
from league.core.forms import button_action, form_action
from league.lists.commands import AddTime, CallTime, NoGameDealt, ResumeTime, execute, require
from league.lists.forms import AddTimeForm
from league.lists.views.detail import render_detail
from league.lists.views.reading import (
    Writer,
    list_post,
    list_writer,
    versioned_post,
)


@list_post
@list_writer
def time_call(request: HttpRequest, writer: Writer) -> HttpResponse:
    """Time is up at this table, with or without a game in progress."""
    liste = writer.liste
    in_progress = request.POST.get("in_progress", "1") == "1"
    asking = ask_first(
        request,
        question=_("Zeit abgelaufen an diesem Tisch?"),
        detail=_(
            "Das laufende Spiel wird zu Ende gespielt und eingetragen; danach folgen nur "
            "noch fehlende Pflichtsoli (Vorführung)."
        )
        if in_progress
        else _(
            "Es wird kein Spiel mehr gegeben; es folgen nur noch fehlende Pflichtsoli (Vorführung)."
        ),
        yes=_("Ja, Zeit abgelaufen"),
        back=liste.get_absolute_url(),
    )
    if asking is not None:
        return asking
    return button_action(
        request,
        lambda: execute(CallTime(in_progress=in_progress, version=versioned_post(request)), writer),
        success=_(
            "Zeit abgelaufen: das laufende Spiel wird noch eingetragen, dann nur noch "
            "fehlende Pflichtsoli."
        )
        if in_progress
        else _("Zeit abgelaufen: es folgen nur noch fehlende Pflichtsoli."),
        to=liste,
    )


@list_post
@list_writer
def time_resume(request: HttpRequest, writer: Writer) -> HttpResponse:
    """A mistaken time call is taken back."""
    require(writer, ResumeTime)
    return button_action(
        request,
        lambda: execute(ResumeTime(version=versioned_post(request)), writer),
        success=_("Die Zeitansage ist zurückgenommen."),
        to=writer.liste,
    )


@list_post
@list_writer
def time_no_game(request: HttpRequest, writer: Writer) -> HttpResponse:
    """Time was called assuming a game in progress; this table had dealt none."""
    return button_action(
        request,
        lambda: execute(NoGameDealt(version=versioned_post(request)), writer),
        success=_(
            "Vermerkt: es wurde kein Spiel mehr gegeben. Es folgen nur noch fehlende Pflichtsoli."
        ),
        to=writer.liste,
    )


@list_post
@list_writer
def time_add(request: HttpRequest, writer: Writer) -> HttpResponse:
    """Added playing time for this table, granted by a referee (8.5.1)."""
    require(writer, AddTime)
    form = AddTimeForm(request.POST)
    return form_action(
        request,
        form,
        lambda data: execute(
            AddTime(minutes=data["minutes"], referee=data["referee"], version=data["version"]),
            writer,
        ),
        success=lambda _written: (
            _("%(n)d Minuten zusätzliche Spielzeit eingetragen.")
            % {"n": form.cleaned_data["minutes"]}
        ),
        to=writer.liste,
        again=lambda: render_detail(
            request, writer.snapshot(), writer.access, time_form=form, status=422
        ),
    )
