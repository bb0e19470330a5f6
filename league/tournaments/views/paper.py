"""Results from paper lists: typed table by table, or a CSV file (upload, preview, confirm)."""

from __future__ import annotations

import secrets

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.core.forms import attempt, form_error_from_service, with_message
from league.core.messages import render as render_message
from league.core.params import int_param
from league.lists.selectors import PAPER_ACCEPTED, PAPER_DIFFERS, PAPER_WAITING
from league.tournaments import services as ts
from league.tournaments.access import organiser_actor, organiser_required
from league.tournaments.forms import PaperCsvForm, PaperTotalsForm
from league.tournaments.models import Tournament
from league.tournaments.paper_csv import parse_paper_csv
from league.tournaments.selectors import paper_board
from league.tournaments.services import PaperSaved, PaperTable
from league.tournaments.views.common import round_of
from scoring.totals import TABLE_SIZES


def _entry_number(request: HttpRequest, tournament: Tournament) -> int:
    entry = int_param(request.GET.get("eingabe") or request.POST.get("eingabe"), 1, digits=1)
    return 2 if entry == 2 and tournament.double_entry else 1


@organiser_required
def round_results(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Results from paper: table number, its 4 or 5 totals, Enter — the next table. With
    double entry the second typist works blind on ``?eingabe=2``."""
    rnd = round_of(pk, number)
    tournament = rnd.tournament
    entry = _entry_number(request, tournament)
    form = PaperTotalsForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        typed = PaperTable(
            table=form.cleaned_data["table"], totals=form.totals(), deduction=form.deduction()
        )
        done = attempt(
            lambda: ts.round_paper_results(
                tournament_round=rnd, entry=entry, tables=[typed], user=organiser_actor(request)
            )
        )
        if (err := done.error) is not None:
            # An unknown or repeated table number is the table field's error.
            on_table = err.code in ("paper_table_unknown", "paper_table_twice")
            form_error_from_service(form, err, field="table" if on_table else None)
        else:
            (saved,) = done.value
            messages.success(request, paper_saved_message(saved.table, saved.status))
            _paper_warnings(request, saved)
            url = reverse("round-results", args=[pk, number])
            return redirect(f"{url}?eingabe={entry}")
    focus = form.focus()
    return render(
        request,
        "tournaments/results.html",
        {
            "tournament": tournament,
            "organiser": True,
            "round": rnd,
            "entry": entry,
            "form": form,
            "tables": paper_board(tournament_round=rnd, entry=entry),
            "csv_form": PaperCsvForm(),
            "focus": focus,
            # What was typed stays in the fields after a refusal (nothing is lost).
            "inputs": [
                (
                    i,
                    form.data.get(f"p{i}", "") if form.errors else "",
                    form.data.get(f"d{i}", "") if form.errors else "",
                    focus == f"p{i}",
                    focus == f"d{i}",
                )
                for i in range(1, max(TABLE_SIZES) + 1)
            ],
        },
        status=422 if form.errors else 200,
    )


def _paper_warnings(request: HttpRequest, saved: PaperSaved) -> None:
    for notice in saved.warnings:
        text = render_message(f"warning.{notice.code}", notice.params)
        messages.warning(request, _("Tisch %(t)d: %(text)s") % {"t": saved.table, "text": text})


def paper_saved_message(table: int, status: str) -> str:
    if status == PAPER_DIFFERS:
        return _("Tisch %(t)d gespeichert – weicht von der anderen Eingabe ab.") % {"t": table}
    if status == PAPER_WAITING:
        return _("Tisch %(t)d gespeichert – die zweite Eingabe fehlt noch.") % {"t": table}
    return _("Tisch %(t)d gespeichert.") % {"t": table}


@organiser_required
def round_results_import(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Results from paper as a CSV file: upload → preview (nothing saved) → confirm."""
    rnd = round_of(pk, number)
    tournament = rnd.tournament
    entry = _entry_number(request, tournament)
    session_key = f"paper-import-{rnd.pk}"
    back = f"{reverse('round-results', args=[pk, number])}?eingabe={entry}"
    if request.method == "POST" and "confirm" in request.POST:
        stored = request.session.pop(session_key, None)
        if not stored or stored["token"] != request.POST.get("token"):
            messages.error(request, _("Die Vorschau ist abgelaufen – bitte erneut hochladen."))
            return redirect(back)
        tables = [
            PaperTable(table=t, totals={int(k): v for k, v in totals.items()})
            for t, totals in stored["tables"]
        ]
        imported = with_message(
            request,
            lambda: ts.round_paper_results(
                tournament_round=rnd,
                entry=stored["entry"],
                tables=tables,
                user=organiser_actor(request),
            ),
        )
        if imported.ok:
            done = imported.value
            for saved in done:
                if saved.status != PAPER_ACCEPTED:
                    messages.warning(request, paper_saved_message(saved.table, saved.status))
                _paper_warnings(request, saved)
            messages.success(
                request,
                ngettext(
                    "%(n)d Tisch aus der Datei übernommen.",
                    "%(n)d Tische aus der Datei übernommen.",
                    len(done),
                )
                % {"n": len(done)},
            )
        return redirect(back)
    upload = PaperCsvForm(request.POST or None, request.FILES or None)
    if request.method != "POST" or not upload.is_valid():
        return redirect(back)
    parsed = parse_paper_csv(upload.cleaned_data["file"].read())
    token = secrets.token_urlsafe(16)
    request.session[session_key] = {
        "token": token,
        "entry": entry,
        "tables": [(t.table, {str(k): v for k, v in t.totals.items()}) for t in parsed.tables],
    }
    names = {t.number: t.names for t in paper_board(tournament_round=rnd, entry=entry)}
    return render(
        request,
        "tournaments/results_preview.html",
        {
            "tournament": tournament,
            "organiser": True,
            "round": rnd,
            "entry": entry,
            "parsed": parsed,
            "rows": [
                (t.table, list(zip(names.get(t.table, ()), t.totals.values(), strict=False)))
                for t in parsed.tables
            ],
            "token": token,
        },
    )
