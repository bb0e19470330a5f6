"""The Kasse printed under a list (statistics.md "The Kasse"): balances in euros and, once
the list is over, who pays whom — the same ``kasse_view`` the list's page shows."""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Spacer
from reportlab.platypus.flowables import Flowable

from league.core.pdf import GRID, SHADE, para, style, table
from league.core.pdf.fonts import register_fonts
from league.lists.kasse import kasse_view
from league.lists.selectors import ListeSnapshot


def kasse_story(snap: ListeSnapshot) -> list[Flowable]:
    """The Kasse's flowables (none when the list plays for no money)."""
    view = kasse_view(snap)
    if view is None:
        return []
    regular, heavy = register_fonts()
    head = style("kassehead", 11, bold_face=True)
    body = style("kassebody", 9)
    rows: list[list[object]] = [[_("Spieler"), _("Punkte"), _("Euro")]]
    rows += [[b.name, str(b.points), b.euros] for b in view.balances]
    if view.pot:
        rows.append([_("an die Kasse (Strafen)"), "", view.pot_euros])
    balances = table(
        rows,
        [60 * mm, 20 * mm, 25 * mm],
        [
            ("FONT", (0, 0), (-1, -1), regular, 9),
            ("FONT", (0, 0), (-1, 0), heavy, 9),
            ("GRID", (0, 0), (-1, -1), 0.4, GRID),
            ("BACKGROUND", (0, 0), (-1, 0), SHADE),
            ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
        ],
    )
    story: list[Flowable] = [
        Spacer(1, 4 * mm),
        para(_("Kasse: %(cent)s Cent je Punkt") % {"cent": view.cent}, head),
        Spacer(1, 2 * mm),
        balances,
    ]
    if view.settled:
        story.append(Spacer(1, 2 * mm))
        story.append(para(_("Wer zahlt wem"), head))
        for p in view.payments:
            text = (
                _("%(a)s zahlt %(b)s %(e)s") % {"a": p.payer, "b": p.payee, "e": p.euros}
                if p.payee is not None
                else _("%(a)s zahlt %(e)s in die Kasse") % {"a": p.payer, "e": p.euros}
            )
            story.append(para(text, body))
        if not view.payments:
            story.append(para(_("Niemand zahlt: alle stehen bei null."), body))
    else:
        story.append(para(_("Stand jetzt; abgerechnet wird, wenn die Liste beendet ist."), body))
    return story
