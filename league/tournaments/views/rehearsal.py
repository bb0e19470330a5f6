"""The Probelauf's pages (issue 36 item 4): a rehearsal of N generated players, a copy of a
tournament, generated results at the organiser's pace (a button, or every N seconds while
his board is open: ``static/js/rehearsal.js`` posts to the same address asking for
JSON), the tables he enters himself, and deleting it in one step after a page that counts
what goes."""

from __future__ import annotations

from collections.abc import Mapping

from django.apps import apps
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, npgettext
from django.views.decorators.http import require_http_methods, require_POST

from league.core.forms import attempt, form_action, with_message
from league.tournaments import services as ts
from league.tournaments.access import organiser_actor, organiser_required
from league.tournaments.forms import RehearsalForm, RehearsalManualForm, RehearsalPlayForm
from league.tournaments.models import Tournament
from league.tournaments.selectors.rehearsal import running_round

# How the deletion's counts are named, singular and plural (the rest by the model's own
# names). The context keeps them apart from the same words elsewhere in the catalogue.
_ROWS = "Probelauf-Zeilen"
ROW_NAMES: Mapping[str, tuple[str, str]] = {
    "tournaments.tournament": ("Turnier", "Turniere"),
    "tournaments.participant": ("Teilnehmer", "Teilnehmer"),
    "tournaments.tournamentround": ("Runde", "Runden"),
    "tournaments.roundtable": ("Tisch", "Tische"),
    "lists.spielliste": ("Spielliste mit Tisch-Code", "Spiellisten mit ihren Tisch-Codes"),
    "lists.seat": ("Sitzplatz", "Sitzplätze"),
    "lists.game": ("Spiel", "Spiele"),
    "lists.scoreline": ("Punktzeile", "Punktzeilen"),
    "lists.statline": ("Statistikzeile", "Statistikzeilen"),
    "lists.placement": ("Listenzuordnung", "Listenzuordnungen"),
    "lists.penaltyrow": ("Strafzeile", "Strafzeilen"),
    "clubs.player": ("erzeugter Spieler", "erzeugte Spieler"),
    "core.auditentry": ("Protokolleintrag", "Protokolleinträge"),
    "tournaments.tournament_organisers": ("Turnierleitung", "Turnierleitungen"),
}


def row_lines(counts: Mapping[str, int]) -> list[tuple[str, int]]:
    """(what, how many) for each kind of row, in the order above, then the others."""
    known = [
        (npgettext(_ROWS, one, many, counts[key]), counts[key])
        for key, (one, many) in ROW_NAMES.items()
        if counts.get(key)
    ]
    rest = []
    for key, n in sorted(counts.items()):
        if key in ROW_NAMES or not n:
            continue
        try:
            meta = apps.get_model(key)._meta
            name = str(meta.verbose_name if n == 1 else meta.verbose_name_plural)
        except LookupError:
            name = key
        rest.append((name, n))
    return known + rest


def _account(request: HttpRequest) -> User | None:
    return request.user if isinstance(request.user, User) else None


@login_required
@require_http_methods(["GET", "POST"])
def rehearsal_new(request: HttpRequest) -> HttpResponse:
    """A Probelauf of N generated players: whoever may create a tournament may rehearse."""
    form = RehearsalForm(request.POST or None)
    if request.method == "POST":
        return form_action(
            request,
            form,
            lambda cd: ts.tournament_rehearsal_generate(
                players=cd["players"],
                rounds=cd["rounds"],
                name=cd["name"],
                account=_account(request),
                user=organiser_actor(request),
            ),
            success=_("Probelauf angelegt. Er zählt nirgends und ist nur für Sie sichtbar."),
            to=lambda t: t.get_absolute_url(),
            again=lambda: render(request, "tournaments/rehearsal_new.html", {"form": form}),
            field="players",
        )
    return render(request, "tournaments/rehearsal_new.html", {"form": form})


@organiser_required
@require_POST
def rehearsal_copy(request: HttpRequest, pk: int) -> HttpResponse:
    """A Probelauf of this tournament: its settings and participants."""
    tournament = get_object_or_404(Tournament, pk=pk)
    done = with_message(
        request,
        lambda: ts.tournament_rehearsal_copy(
            tournament=tournament, account=_account(request), user=organiser_actor(request)
        ),
        _("Probelauf angelegt: eine Kopie mit denselben Teilnehmern, die nirgends zählt."),
    )
    return redirect(done.value if done.ok else tournament)


def _wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


@organiser_required
@require_POST
def rehearsal_play(request: HttpRequest, pk: int) -> HttpResponse:
    """Generated games at each open table of the running round: one each ("1") or to the
    round's end ("alle"). Asked for JSON (the automatic pace), the answer is
    ``{"games": n}`` (0: nothing left to play) or a refusal's ``{"code", "message"}``."""
    tournament = get_object_or_404(Tournament, pk=pk)
    if not tournament.rehearsal:
        raise Http404
    form = RehearsalPlayForm(request.POST)
    games = 1 if not form.is_valid() or form.cleaned_data["spiele"] == "1" else None
    done = attempt(
        lambda: ts.rehearsal_play(tournament=tournament, games=games, user=organiser_actor(request))
    )
    if _wants_json(request):
        if done.error is not None:
            body = {"code": done.error.code, "message": done.error.message}
            return JsonResponse(body, status=422)
        return JsonResponse({"games": done.value})
    if done.error is not None:
        messages.error(request, done.error.message)
    elif done.value:
        messages.success(
            request,
            ngettext("%(n)d Spiel erzeugt.", "%(n)d Spiele erzeugt.", done.value)
            % {"n": done.value},
        )
    else:
        messages.info(request, _("Kein offener Tisch: nichts zu spielen."))
    return _back(tournament)


def _back(tournament: Tournament) -> HttpResponse:
    rnd = running_round(tournament)
    if rnd is None:
        return redirect(tournament)
    return redirect("round-board", tournament.pk, rnd.number)


@organiser_required
@require_POST
def rehearsal_manual(request: HttpRequest, pk: int) -> HttpResponse:
    """The tables the organiser enters himself: the generated results leave them alone."""
    tournament = get_object_or_404(Tournament, pk=pk)
    if not tournament.rehearsal:
        raise Http404
    form = RehearsalManualForm(request.POST)
    text = form.cleaned_data["manual"] if form.is_valid() else ""
    with_message(
        request,
        lambda: ts.rehearsal_set_manual(
            tournament=tournament, tables=text, user=organiser_actor(request)
        ),
        _("Gespeichert: diese Tische tragen Sie selbst ein.")
        if text.strip()
        else _("Gespeichert: alle Tische bekommen erzeugte Ergebnisse."),
    )
    return _back(tournament)


@organiser_required
@require_http_methods(["GET", "POST"])
def rehearsal_delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete the Probelauf in one step: the page first counts every row that goes."""
    tournament = get_object_or_404(Tournament, pk=pk)
    if not tournament.rehearsal:
        raise Http404
    if request.method == "POST":
        done = with_message(
            request,
            lambda: ts.rehearsal_delete(tournament=tournament, user=organiser_actor(request)),
        )
        if not done.ok:
            return redirect(tournament)
        lines = ", ".join(f"{n} {what}" for what, n in row_lines(done.value))
        messages.success(
            request,
            _("Probelauf „%(name)s“ gelöscht: %(rows)s.")
            % {"name": tournament.name, "rows": lines},
        )
        return redirect("tournament-index")
    counts = ts.rehearsal_rows(tournament=tournament)
    return render(
        request,
        "tournaments/rehearsal_delete.html",
        {
            "tournament": tournament,
            "organiser": True,
            "lines": row_lines(counts),
            "total": sum(counts.values()),
        },
    )
