"""The rate a list plays for (the Kasse, statistics.md): set by whoever manages the list
(its Listenführer, its club's managers, staff; not a table's code), where it plays its own
rules (free and club lists)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from league.core.errors import ServiceError
from league.lists import services
from league.lists.forms import KasseForm
from league.lists.views.reading import Writer, list_post, list_writer


@list_post
@list_writer
def liste_kasse(request: HttpRequest, writer: Writer) -> HttpResponse:
    """Play the list for a rate in cents per point, or for no money (empty); a managing
    action (``ListAccess.sets_kasse``): a table's code may not."""
    if not writer.access.sets_kasse:
        raise PermissionDenied
    form = KasseForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, " ".join(str(e) for e in errors))
        return redirect(writer.liste)
    cent = form.cleaned_data["kasse_cent"]
    try:
        services.spielliste_set_kasse(spielliste=writer.liste, cent=cent, user=writer.actor)
    except ServiceError as err:
        messages.error(request, err.message)
    else:
        messages.success(
            request,
            _("Kasse: %(cent)s Cent je Punkt.") % {"cent": cent} if cent else _("Ohne Kasse."),
        )
    return redirect(f"{writer.liste.get_absolute_url()}#kasse")
