"""The rate a list plays for (the Kasse, statistics.md): set by whoever manages the list
(its Listenführer, its club's managers, staff; not a table's code), where it plays its own
rules (free and club lists)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from league.core.forms import with_message
from league.lists.commands import SetKasse, execute, require
from league.lists.forms import KasseForm
from league.lists.views.reading import Writer, list_post, list_writer


@list_post
@list_writer
def liste_kasse(request: HttpRequest, writer: Writer) -> HttpResponse:
    """Play the list for a rate in cents per point, or for no money (empty); a managing
    action (``ListAccess.sets_kasse``): a table's code may not."""
    require(writer, SetKasse)  # before the form: a table's code gets 403, not its errors
    form = KasseForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, " ".join(str(e) for e in errors))
        return redirect(writer.liste)
    cent = form.cleaned_data["kasse_cent"]
    with_message(
        request,
        lambda: execute(SetKasse(cent=cent), writer),
        _("Kasse: %(cent)s Cent je Punkt.") % {"cent": cent} if cent else _("Ohne Kasse."),
    )
    return redirect(f"{writer.liste.get_absolute_url()}#kasse")
