"""Ending a list: "Runde beenden" under ``games: open`` (or reopening it), and the
confirmation of a complete list by a table player or a manager."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.core.forms import with_message
from league.core.params import int_param
from league.lists.commands import CloseList, Confirm, execute
from league.lists.views.reading import Writer, list_post, list_writer, versioned_post


@list_post
@list_writer
def liste_close(request: HttpRequest, writer: Writer) -> HttpResponse:
    """ "Runde beenden" (house rules, ``games: open``), or reopen a closed list."""
    reopen = request.POST.get("reopen") == "1"
    done = with_message(
        request,
        lambda: execute(
            CloseList(
                closed=not reopen,
                version=versioned_post(request),
                # Queued Bock games are dropped only when the page said so before the click.
                drop_bock=request.POST.get("drop_bock") == "1",
            ),
            writer,
        ),
    )
    if done.ok:
        written = done.value
        # Closing needs no message of its own: the page's box says "Liste beendet." above
        # the final standings (a second "Runde beendet. Gut Blatt!" on top said it twice)
        # — unless queued Bock games were dropped, which it says.
        if reopen:
            messages.success(request, _("Liste wieder geöffnet."))
        elif written.item:
            messages.info(
                request,
                ngettext(
                    "%(n)s Bockspiel der Warteschlange verfällt mit dem Ende der Runde.",
                    "%(n)s Bockspiele der Warteschlange verfallen mit dem Ende der Runde.",
                    written.item,
                )
                % {"n": written.item},
            )
    return redirect(writer.liste)


@list_post
@list_writer
def liste_confirm(request: HttpRequest, writer: Writer) -> HttpResponse:
    """A table player confirms with his seat; a manager confirms a signed paper list."""
    raw = int_param(request.POST.get("seat"), -1, digits=2)
    seat = None if raw < 0 else raw
    with_message(
        request,
        lambda: execute(
            Confirm(
                seat=seat,
                pin=request.POST.get("pin", "")[:8] if seat is not None else None,
                version=versioned_post(request),
            ),
            writer,
        ),
        _("Liste bestätigt."),
    )
    back = request.POST.get("next", "")
    if back and url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        return redirect(back)
    return redirect(writer.liste)
