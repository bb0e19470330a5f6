""" "Meine Aufgaben": what is waiting for one account, across the apps (a fixed handful of
queries plus one round board per open round he organises)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth.models import User
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from league.accounts.models import Invitation
from league.clubs.models import Club, PlayerClaim
from league.evenings.models import ClubEvening
from league.leagues.models import League, Lineup, Spieltag, SpieltagMove, Team
from league.leagues.selectors import deadline_passed, move_view, spieltag_label
from league.lists.models import Spielliste
from league.tournaments.access import organised_by
from league.tournaments.models import TournamentRound
from league.tournaments.selectors import round_blockers

SHOWN = 20


@dataclass(frozen=True)
class Task:
    label: str
    url: str
    note: str = ""


@dataclass
class Tasks:
    lists: list[Task] = field(default_factory=list)
    rounds: list[Task] = field(default_factory=list)
    lineups: list[Task] = field(default_factory=list)
    evenings: list[Task] = field(default_factory=list)
    confirm: list[Task] = field(default_factory=list)
    clubs: list[Club] = field(default_factory=list)  # he manages: a new evening is one tap

    @property
    def empty(self) -> bool:
        return not (self.lists or self.rounds or self.lineups or self.evenings or self.confirm)


def _round_blockers(rnd: TournamentRound) -> str:
    """What keeps the round from closing, in one line."""
    return "; ".join(round_blockers(rnd)) or _("bereit zum Abschließen")


def _move_tasks(user: User, teams: list[Team], tasks: Tasks) -> None:
    """Requests to move a Spieltag: his teams' answer missing (a captain), all other teams
    accepted and the approval his (an organiser); two queries, four with requests."""
    organised = set(League.objects.filter(organisers=user).values_list("pk", flat=True))
    moves = (
        SpieltagMove.objects.filter(
            Q(spieltag__group__teams__in=teams)
            | Q(spieltag__group__group_round__league_id__in=organised),
            state=SpieltagMove.State.OPEN,
            spieltag__started_at__isnull=True,
        )
        .distinct()
        .select_related("team", "spieltag__group__group_round__league")
        .prefetch_related("answers", "spieltag__group__teams")
        .order_by("pk")[:SHOWN]
    )
    mine = {t.pk for t in teams}
    for move in moves:
        spieltag = move.spieltag
        league = spieltag.group.group_round.league
        url = reverse("spieltag-detail", args=[league.pk, spieltag.pk])
        view = move_view(move, list(spieltag.group.teams.all()))
        for team in view.waiting:
            if team.pk in mine:
                tasks.confirm.append(
                    Task(
                        _("Verlegung beantworten: %(team)s, Spieltag %(n)s")
                        % {"team": team.name, "n": spieltag_label(spieltag)},
                        url,
                    )
                )
        if league.pk in organised and view.all_accepted:
            tasks.confirm.append(
                Task(
                    _("Verlegung genehmigen: %(league)s, Spieltag %(n)s")
                    % {"league": league.name, "n": spieltag_label(spieltag)},
                    url,
                )
            )


def tasks_of(user: User) -> Tasks:
    tasks = Tasks()
    for liste in Spielliste.objects.filter(created_by=user, complete=False, frozen=False).order_by(
        "-pk"
    )[:SHOWN]:
        tasks.lists.append(
            Task(
                liste.title,
                reverse("liste-detail", args=[liste.pk]),
                _("%(n)s Spiele eingetragen") % {"n": liste.games_played},
            )
        )
    rounds = (
        TournamentRound.objects.filter(
            tournament__in=organised_by(user),
            tournament__closed_at__isnull=True,
        )
        .exclude(status=TournamentRound.Status.CLOSED)
        .select_related("tournament")
        .order_by("tournament__date", "number")[:SHOWN]
    )
    for rnd in rounds:
        tasks.rounds.append(
            Task(
                _("%(name)s, Runde %(n)s") % {"name": rnd.tournament.name, "n": rnd.number},
                reverse("round-board", args=[rnd.tournament_id, rnd.number]),
                _round_blockers(rnd),
            )
        )
    teams = list(Team.objects.filter(captains=user).select_related("league"))
    if teams:
        done = set(
            Lineup.objects.filter(team__in=teams, entries__isnull=False).values_list(
                "spieltag_id", "team_id"
            )
        )
        for team in teams:
            due = (
                Spieltag.objects.filter(
                    group__teams=team, started_at__isnull=True, closed_at__isnull=True
                )
                .select_related("group__group_round")
                .order_by("group__group_round__number", "number")
            )
            for spieltag in due:
                if (spieltag.pk, team.pk) in done:
                    continue
                if deadline_passed(spieltag, team.league):
                    continue  # its form is locked: nothing left to do
                tasks.lineups.append(
                    Task(
                        _("Aufstellung %(team)s, Spieltag %(n)s")
                        % {"team": team.name, "n": spieltag_label(spieltag)},
                        reverse("lineup-edit", args=[team.league_id, spieltag.pk, team.pk]),
                        team.league.name,
                    )
                )
                break  # the next one due is enough
    _move_tasks(user, teams, tasks)
    clubs = Club.objects.filter(Q(managers=user) | Q(members__account=user)).distinct()
    tasks.clubs = list(Club.objects.filter(managers=user).order_by("name")[:SHOWN])
    for evening in ClubEvening.objects.filter(
        club__in=clubs, date=timezone.localdate()
    ).select_related("club"):
        tasks.evenings.append(
            Task(
                _("Vereinsabend %(club)s heute") % {"club": evening.club.name},
                reverse("club-evening", args=[evening.club_id, evening.pk]),
            )
        )
    for claim in PlayerClaim.objects.filter(
        decided_at__isnull=True, player__club__managers=user
    ).select_related("player", "account")[:SHOWN]:
        tasks.confirm.append(
            Task(
                _("„Das bin ich“: %(account)s als %(player)s")
                % {"account": claim.account.get_username(), "player": claim.player.name},
                reverse("club-detail", args=[claim.player.club_id]),
            )
        )
    if user.email:
        for invite in Invitation.objects.filter(email__iexact=user.email, accepted_at__isnull=True)[
            :SHOWN
        ]:
            tasks.confirm.append(
                Task(
                    _("Einladung: %(kind)s") % {"kind": invite.get_kind_display()},
                    reverse("invitation", args=[invite.token]),
                )
            )
    return tasks
