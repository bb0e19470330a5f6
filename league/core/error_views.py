"""The site's error pages (400, 403, 404, 405, 500, CSRF failure) in the site's frame.

They say what happened and offer a way back, in the visitor's language, with DEBUG off.
Decision: they never show the exception's text, a path's object or anybody's name; a 403
names the *role* that grants access, chosen by the part of the site the address belongs to
(a list's Listenführer, a tournament's organiser, a league's organiser or a team's captain,
a club's managers) — core knows no models, so the address decides, not the object.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.template import loader
from django.utils.translation import gettext as _

from league.core.messages import render as render_message

# The first part of an address → who grants access to what lies under it.
GRANTERS = {
    "listen": "list",
    "t": "list",
    "turniere": "tournament",
    "ligen": "league",
    "vereine": "club",
    "veranstaltung": "venue",
}


def granter(path: str) -> str:
    first = path.strip("/").split("/", 1)[0]
    return GRANTERS.get(first, "")


def _granter_text(kind: str) -> str:
    texts = {
        "list": _(
            "Zugang zu einer Spielliste gibt ihr Listenführer, bei einem Turnier, einer Liga "
            "oder einem Vereinsabend dessen Leitung."
        ),
        "tournament": _("Zugang zu einem Turnier gibt seine Turnierleitung."),
        "league": _(
            "Zugang zu einer Liga gibt ihre Ligaleitung; die Aufstellung einer Mannschaft "
            "ihr Kapitän."
        ),
        "club": _("Zugang zu einem Verein geben die Verwalter des Vereins."),
        "venue": _("Die Veranstaltungsseiten sind der Leitung des Abends vorbehalten."),
    }
    return texts.get(kind, _("Zugang gibt, wer diesen Teil der Seite verwaltet."))


def _render(request: HttpRequest | None, status: int, context: dict[str, object]) -> HttpResponse:
    context = {"status": status, **context}
    body: str
    try:
        body = loader.render_to_string("core/error.html", context, request=request)
    except Exception:  # the error page of an error page: its status as plain text
        body = f"{status}"
    return HttpResponse(body, status=status)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _render(
        request,
        400,
        {
            "heading": _("Diese Anfrage war fehlerhaft"),
            "text": _(
                "Die Seite konnte mit den gesendeten Angaben nichts anfangen. Bitte gehen Sie "
                "zurück und versuchen Sie es noch einmal."
            ),
        },
    )


class Withheld(PermissionDenied):
    """A page withheld for a reason the 403 page may say: a message code of
    ``league.core.messages`` (never the exception's text), e.g. a silent round's list
    before the prize ceremony. Logging in does not open it for most: no login page first."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    user = getattr(request, "user", None)
    if isinstance(exception, Withheld):
        return _render(
            request,
            403,
            {
                "heading": _("Noch nicht öffentlich"),
                "text": render_message(exception.code),
                "login": not (user is not None and user.is_authenticated),
            },
        )
    return _render(
        request,
        403,
        {
            "heading": _("Kein Zugang zu dieser Seite"),
            "text": _("Ihr Konto darf diese Seite nicht öffnen oder diese Änderung nicht machen.")
            if user is not None and user.is_authenticated
            else _("Diese Seite ist nur mit Anmeldung und passender Berechtigung zugänglich."),
            "granter": _granter_text(granter(request.path)),
            "login": not (user is not None and user.is_authenticated),
        },
    )


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _render(
        request,
        404,
        {
            "heading": _("Seite nicht gefunden"),
            "text": _(
                "Unter dieser Adresse gibt es nichts (mehr). Vielleicht ist sie falsch "
                "abgetippt, oder das Gesuchte wurde gelöscht."
            ),
        },
    )


def method_not_allowed(request: HttpRequest, allowed: str = "") -> HttpResponse:
    """An address that only takes a form's POST (a save, a button), opened as a page: the
    way back is the page the form was on, which is one step up for the site's addresses
    (``/listen/5/zeit/`` → ``/listen/5/``). Answered by ``core.middleware.FramedNotAllowed``."""
    parent = request.path.rstrip("/").rsplit("/", 1)[0] + "/"
    response = _render(
        request,
        405,
        {
            "heading": _("Diese Adresse ist keine Seite"),
            "text": _(
                "Hierhin sendet ein Formular seine Eingabe; zum Ansehen gibt es hier nichts. "
                "Die Seite mit dem Formular liegt eine Stufe höher."
            ),
            "back": parent if parent != "/" else "",
        },
    )
    if allowed:
        response["Allow"] = allowed
    return response


def server_error(request: HttpRequest | None = None) -> HttpResponse:
    # No context processors: a broken database must not break the error page too.
    return _render(
        None,
        500,
        {
            "heading": _("Ein Fehler auf unserer Seite"),
            "text": _(
                "Das hat nicht geklappt, und es liegt nicht an Ihnen. Der Fehler ist "
                "protokolliert; bitte versuchen Sie es gleich noch einmal."
            ),
        },
    )


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    return _render(
        request,
        403,
        {
            "heading": _("Formular abgelaufen"),
            "text": _(
                "Das Formular war zu alt oder kam ohne Cookie an, darum wurde nichts "
                "gespeichert. Bitte laden Sie die vorige Seite neu und senden Sie es noch "
                "einmal (Cookies müssen erlaubt sein)."
            ),
        },
    )
