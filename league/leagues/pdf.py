"""League printouts: a Spieltag's seating (per round, per table, with each seat's team),
all the day's Spiellisten (the existing list pages), the league table. Every text goes
through ``league.core.pdf`` (escaped)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, PageBreak, Spacer
from reportlab.platypus.flowables import Flowable

from league.core.pdf import build_pdf, para
from league.core.pdf.grid import grid, heading_styles
from league.leagues.models import League, Spieltag, SpieltagTable
from league.leagues.selectors import LeagueTable, SpieltagView
from league.lists.models import Spielliste
from league.lists.pdf import blank_spielliste_story, spielliste_story
from league.lists.selectors import snapshots_of


def seating_pdf(view: SpieltagView) -> bytes:
    h, h2, p = heading_styles()
    league = view.league
    title = f"{league.name} {league.season} – " + _("Spieltag %(label)s") % {"label": view.label}
    story: list[Flowable] = [para(title, h)]
    lineup = ", ".join(
        f"{team.name}: " + ", ".join(view.lineup_names.get(team.pk, [])) for team in view.teams
    )
    story.append(para(lineup, p))
    if not view.rounds:
        story.append(para(_("Der Spieltag ist noch nicht gestartet."), p))
    for tables in view.rounds:
        rnd = tables[0].round
        story.append(para(_("Runde %(n)s") % {"n": rnd}, h2))
        for item in tables:
            rows = [[pgettext("seat", "Platz"), _("Name"), _("Mannschaft")]]
            rows += [[str(pos), name, team] for pos, name, team in item.seats]
            story.append(
                KeepTogether(
                    [
                        para(_("Tisch %(n)s") % {"n": item.table}, p),
                        grid(rows, [15 * mm, 85 * mm, 80 * mm], text_columns=(1, 2)),
                        Spacer(1, 3 * mm),
                    ]
                )
            )
    return build_pdf(story, title, wide=False)


def lists_pdf(
    spieltag: Spieltag,
    *,
    blank: bool,
    reveal: bool,
    code_url: Callable[[Spielliste], str] | None,
) -> bytes:
    """Every list of the day, one page per table (codes only for the organiser's copy)."""
    tables = list(SpieltagTable.objects.filter(spieltag=spieltag).select_related("spielliste"))
    story: list[Flowable] = []
    for snap in snapshots_of([t.spielliste for t in tables], reveal=reveal):
        if story:
            story.append(PageBreak())
        url = code_url(snap.liste) if code_url is not None and not snap.liste.frozen else None
        story += blank_spielliste_story(snap, url) if blank else spielliste_story(snap, url)
    if not story:
        story = [para(_("Der Spieltag ist noch nicht gestartet."), heading_styles()[2])]
    return build_pdf(story, _("Spieltag"))


def table_pdf(league: League, table: LeagueTable, rows: Sequence[dict[str, Any]]) -> bytes:
    h, h2, _p = heading_styles()
    status = (
        _("VORLÄUFIG – laufende Spieltage eingerechnet")
        if table.provisional
        else _("Stand nach %(n)s abgeschlossenen Spieltagen") % {"n": table.counted}
    )
    data = [[_("Pl."), _("Mannschaft"), _("Siegpunkte"), _("Spielpunkte"), _("Spieltage")]]
    data += [
        [str(r["rank"]), r["team"], r["siegpunkte"], str(r["spielpunkte"]), str(r["spieltage"])]
        for r in rows
    ]
    story: list[Flowable] = [
        para(f"{league.name} {league.season} – " + _("Tabelle"), h),
        para(status, h2),
        grid(data, [14 * mm, 80 * mm, 30 * mm, 30 * mm, 26 * mm], text_columns=(1,)),
    ]
    return build_pdf(story, f"{league.name} {league.season}", wide=False)
