"""The league organiser's season as steps: teams → rosters → schedule →
Spieltage played and closed (one at a time, in order) → season complete; the first open
step is the next action (two queries)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count
from django.urls import reverse
from django.utils.translation import gettext as _

from league.leagues.models import League, Spieltag


@dataclass(frozen=True)
class Step:
    key: str
    label: str
    done: bool
    url: str = ""
    action: str = ""


def season_steps(*, league: League) -> list[Step]:
    manage = reverse("league-manage", args=[league.pk])
    teams = list(league.teams.annotate(n_players=Count("roster")))
    staffed = bool(teams) and all(t.n_players >= league.players_per_team for t in teams)
    days = list(
        Spieltag.objects.filter(group__group_round__league=league)
        .order_by("group__group_round__number", "group__number", "number")
        .values_list("pk", "started_at", "closed_at")
    )
    total = len(days)
    closed = sum(1 for _pk, _start, end in days if end is not None)
    open_day = next((pk for pk, _start, end in days if end is None), None)
    running = any(start is not None and end is None for _pk, start, end in days)
    steps = [
        Step(
            "teams",
            _("Mannschaften eingetragen (%(n)s)") % {"n": len(teams)},
            len(teams) >= 2,
            manage,
            _("Mannschaften eintragen"),
        ),
        Step(
            "rosters",
            _("Kader vollständig"),
            staffed,
            manage,
            _("Kader und Kapitäne eintragen"),
        ),
        Step("schedule", _("Spielplan erstellt"), total > 0, manage, _("Spielplan erstellen")),
    ]
    if open_day is not None:
        url = reverse("spieltag-detail", args=[league.pk, open_day])
        action = _("Laufenden Spieltag abschließen") if running else _("Nächsten Spieltag starten")
    else:
        url, action = "", ""
    steps.append(
        Step(
            "spieltage",
            _("Spieltage abgeschlossen: %(closed)s von %(total)s")
            % {"closed": closed, "total": total},
            total > 0 and closed == total,
            url,
            action,
        )
    )
    return steps


def next_step(steps: list[Step]) -> Step | None:
    return next((s for s in steps if not s.done), None)


__all__ = ["Step", "next_step", "season_steps"]
