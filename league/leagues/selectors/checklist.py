"""The league organiser's season as steps: teams → rosters → schedule →
Spieltage played and closed (one at a time, in order) → season complete; the first open
step is the next action (two queries)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count
from django.urls import reverse
from django.utils.translation import gettext as _

from league.leagues.models import League, Lineup, Spieltag, SpieltagTable


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


def spieltag_start_outlook(*, spieltag: Spieltag) -> str:
    """What "Spieltag starten" will do, and what it will refuse (the question's detail)."""
    league = spieltag.group.group_round.league
    counts = dict(
        Lineup.objects.filter(spieltag=spieltag)
        .annotate(n=Count("entries"))
        .values_list("team_id", "n")
    )
    missing = [
        t.name
        for t in spieltag.group.teams.order_by("number")
        if counts.get(t.pk, 0) != league.players_per_team
    ]
    text = _(
        "Die Aufstellungen werden festgeschrieben und die Spiellisten aller %(rounds)s Runden "
        "mit ihren Tisch-Codes angelegt."
    ) % {"rounds": league.rounds_per_spieltag}
    if missing:
        text += " " + _(
            "Abgelehnt wird der Start, solange diese Mannschaften keine vollständige "
            "Aufstellung haben: %(teams)s."
        ) % {"teams": ", ".join(missing)}
    return text


def spieltag_close_outlook(*, spieltag: Spieltag) -> str:
    """What "Spieltag abschließen" will do, and what it will refuse."""
    tables = list(
        SpieltagTable.objects.filter(spieltag=spieltag)
        .select_related("spielliste")
        .order_by("round", "table")
    )
    open_tables = [f"{t.round}/{t.table}" for t in tables if not t.spielliste.complete]
    text = _(
        "Alle %(n)s Spiellisten des Spieltags werden gesperrt; ihre Tisch-Codes schreiben "
        "nicht mehr."
    ) % {"n": len(tables)}
    if open_tables:
        text += " " + _(
            "Abgelehnt wird der Abschluss, solange diese Listen (Runde/Tisch) unvollständig "
            "sind: %(tables)s."
        ) % {"tables": ", ".join(open_tables)}
    return text
