"""Leagues (competitions.md "League"): a season of teams meeting in groups.

Glossary:
    Liga / League            one season of a league ("Bundesliga 2026"): its settings,
                             its organisers (the per-league role "Ligaleitung").
    Mannschaft / Team        a team with its roster (Kader: Player records) and captains
                             (accounts that pick each Spieltag's line-up).
    Gruppenrunde             one round of the schedule (a Doppelspieltag in the DDV
                             Bundesliga): the teams split into groups.
    Gruppe / Group           the teams that meet in one Gruppenrunde (usually 4).
    Spieltag                 one day of a group: every team sends its line-up
                             (Aufstellung); each round seats one player per team at every
                             table; every table plays an ordinary Spielliste.
    Aufstellung / Lineup     a team's players for one Spieltag (reserves allowed): players
                             of its roster, or the organiser's substitutes for a team that
                             did not show up (``absent``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from league.clubs.models import Club, Player
from league.lists.models import Spielliste


class League(models.Model):
    name = models.CharField(_("Name"), max_length=120)
    season = models.CharField(_("Saison"), max_length=20)
    players_per_team = models.PositiveSmallIntegerField(_("Spieler je Mannschaft"), default=4)
    rounds_per_spieltag = models.PositiveSmallIntegerField(_("Runden je Spieltag"), default=3)
    spieltage_per_round = models.PositiveSmallIntegerField(
        _("Spieltage je Gruppenrunde"),
        default=2,
        help_text=_("2: Doppelspieltage wie in der DDV-Bundesliga."),
    )
    group_size = models.PositiveSmallIntegerField(_("Mannschaften je Gruppe"), default=4)
    # Results from paper typed twice, blind, as a tournament's (lists.services.paper):
    # a table counts only once both entries agree.
    double_entry = models.BooleanField(
        _("Doppelte Ergebniseingabe"),
        default=False,
        help_text=_(
            "Zwei Personen tippen die Papierlisten unabhängig; Abweichungen werden gezeigt."
        ),
    )
    # The captains' line-up deadline: this many hours before a Spieltag's start (its date
    # at its start time, else at 0:00); empty: none. After it only the organisers change a
    # line-up (services.league_set_lineup_deadline).
    lineup_deadline_hours = models.PositiveSmallIntegerField(
        _("Aufstellungsfrist (Stunden vor Beginn)"), null=True, blank=True
    )
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("Ligaleitung"),
        blank=True,
        related_name="organised_leagues",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-season", "name"]
        verbose_name = _("Liga")
        verbose_name_plural = _("Ligen")
        constraints = [
            models.UniqueConstraint(fields=["name", "season"], name="league_name_season_unique")
        ]

    def __str__(self) -> str:
        return f"{self.name} {self.season}"

    def get_absolute_url(self) -> str:
        return reverse("league-detail", args=[self.pk])


class Team(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("Name"), max_length=120)
    # The team's number in the schedule (1..N, in the order the teams were added).
    number = models.PositiveSmallIntegerField(_("Nummer"))
    club = models.ForeignKey(
        Club, verbose_name=_("Verein"), null=True, blank=True, on_delete=models.SET_NULL
    )
    captains = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("Mannschaftsführer"),
        blank=True,
        related_name="captained_teams",
    )
    roster = models.ManyToManyField(
        Player, verbose_name=_("Kader"), blank=True, related_name="league_teams"
    )

    class Meta:
        ordering = ["number"]
        verbose_name = _("Mannschaft")
        verbose_name_plural = _("Mannschaften")
        constraints = [
            models.UniqueConstraint(fields=["league", "name"], name="team_name_unique"),
            models.UniqueConstraint(fields=["league", "number"], name="team_number_unique"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("league-team", args=[self.league_id, self.pk])


class GroupRound(models.Model):
    """A round of the schedule (Doppelspieltag)."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="group_rounds")
    number = models.PositiveSmallIntegerField(_("Gruppenrunde"))
    date = models.DateField(_("Datum"), null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["league", "number"], name="group_round_unique")
        ]

    def __str__(self) -> str:
        return f"{self.league} · {self.number}"


class Group(models.Model):
    group_round = models.ForeignKey(GroupRound, on_delete=models.CASCADE, related_name="groups")
    number = models.PositiveSmallIntegerField(_("Gruppe"))
    teams = models.ManyToManyField(Team, related_name="groups")

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["group_round", "number"], name="group_unique")
        ]

    def __str__(self) -> str:
        return f"{self.group_round} · {self.number}"


class Spieltag(models.Model):
    """One day of a group. Started: its lists exist (``SpieltagTable``); closed: its lists
    are frozen (corrections only after the organiser reopens it)."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="spieltage")
    number = models.PositiveSmallIntegerField(_("Spieltag"))
    started_at = models.DateTimeField(_("gestartet"), null=True, blank=True)
    # Closed by the organiser once every list is complete: its lists are frozen.
    closed_at = models.DateTimeField(_("abgeschlossen"), null=True, blank=True)
    # When and where, set by the league's organisers (services.spieltag_schedule).
    date = models.DateField(_("Datum"), null=True, blank=True)
    start_time = models.TimeField(_("Beginn"), null=True, blank=True)
    venue = models.CharField(_("Spielort"), max_length=200, blank=True)
    host = models.ForeignKey(
        "Team",
        verbose_name=_("Ausrichter"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="hosted_spieltage",
    )
    # The iCalendar SEQUENCE of its event: raised whenever date, time or place change once
    # set, so calendars replace the event (the UID stays, league.leagues.views.calendar).
    sequence = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["number"]
        verbose_name = _("Spieltag")
        verbose_name_plural = _("Spieltage")
        constraints = [models.UniqueConstraint(fields=["group", "number"], name="spieltag_unique")]

    def __str__(self) -> str:
        return f"{self.group} · {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("spieltag-detail", args=[self.group.group_round.league_id, self.pk])


class Lineup(models.Model):
    """A team's Aufstellung for a Spieltag; ``absent``: the team did not show up and the
    players are the organiser's substitutes (the team scores last place)."""

    spieltag = models.ForeignKey(Spieltag, on_delete=models.CASCADE, related_name="lineups")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="lineups")
    absent = models.BooleanField(_("nicht angetreten"), default=False)
    players = models.ManyToManyField(Player, through="LineupPlayer", related_name="+")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["spieltag", "team"], name="lineup_unique")]

    def __str__(self) -> str:
        return f"{self.spieltag} · {self.team}"


class LineupPlayer(models.Model):
    lineup = models.ForeignKey(Lineup, on_delete=models.CASCADE, related_name="entries")
    position = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["lineup", "position"], name="lineup_position_unique"),
            models.UniqueConstraint(fields=["lineup", "player"], name="lineup_player_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.lineup} · {self.position}"


class SpieltagTable(models.Model):
    """Table ``table`` of round ``round`` of a Spieltag and its Spielliste; ``teams`` names
    the team of each seat (team ids in seat order), for the team's Spielpunkte."""

    spieltag = models.ForeignKey(Spieltag, on_delete=models.CASCADE, related_name="tables")
    round = models.PositiveSmallIntegerField(_("Runde"))
    table = models.PositiveSmallIntegerField(_("Tisch"))
    teams = models.JSONField(help_text="team id per seat position (1 first)")
    spielliste = models.OneToOneField(
        Spielliste, on_delete=models.CASCADE, related_name="spieltag_table"
    )

    class Meta:
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(
                fields=["spieltag", "round", "table"], name="spieltag_table_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.spieltag} · R{self.round} T{self.table}"


class SpieltagReport(models.Model):
    """A captain's word on his team's Spieltag result: confirmed, or disputed with a note.
    ``result`` is the result he saw (``selectors.result_key``): once the result
    changes, his word no longer holds and he is asked again."""

    class Status(models.TextChoices):
        CONFIRMED = "confirmed", _("bestätigt")
        DISPUTED = "disputed", _("bestritten")

    spieltag = models.ForeignKey(Spieltag, on_delete=models.CASCADE, related_name="reports")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=10, choices=Status.choices)
    note = models.TextField(_("Anmerkung"), blank=True, max_length=1000)
    result = models.JSONField(default=list)
    at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["spieltag", "team"], name="spieltag_report_unique")
        ]

    def __str__(self) -> str:
        return f"{self.spieltag} · {self.team} · {self.status}"


class SpieltagDecision(models.Model):
    """The organiser's decision on a disputed Spieltag: the result as it stands (``result``)
    holds, with his note; a later change of the result asks the captains again."""

    spieltag = models.OneToOneField(Spieltag, on_delete=models.CASCADE, related_name="decision")
    note = models.TextField(_("Entscheidung"), max_length=1000)
    result = models.JSONField(default=list)
    at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.spieltag} · {self.at}"


class Availability(models.Model):
    """A player's answer for a coming Spieltag of his team: can he play?"""

    class Answer(models.TextChoices):
        YES = "yes", _("kann")
        MAYBE = "maybe", _("vielleicht")
        NO = "no", _("kann nicht")

    spieltag = models.ForeignKey(Spieltag, on_delete=models.CASCADE, related_name="availability")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    answer = models.CharField(max_length=5, choices=Answer.choices)
    at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["spieltag", "player"], name="availability_unique")
        ]

    def __str__(self) -> str:
        return f"{self.spieltag} · {self.player_id} · {self.answer}"


class AvailabilityLink(models.Model):
    """A player's personal link to answer for his team's Spieltage without an account (the
    captain sends it); a new link replaces the old one."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    token = models.CharField(max_length=43, unique=True)
    created_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["team", "player"], name="availability_link_unique")
        ]

    def __str__(self) -> str:
        return f"{self.team} · {self.player_id}"


class ReminderSetting(models.Model):
    """An account's choice about the league reminder mails (``off``) and the token of the
    link in each mail that switches them off without logging in."""

    account = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_reminders"
    )
    off = models.BooleanField(_("keine Erinnerungen"), default=False)
    token = models.CharField(max_length=43, unique=True)

    def __str__(self) -> str:
        return f"{self.account_id} · {'off' if self.off else 'on'}"


class ReminderSent(models.Model):
    """A reminder mail that went out: ``kind`` about ``key`` (a Spieltag, with the result
    for a result to confirm) to ``account`` — never sent twice (send_reminders)."""

    class Kind(models.TextChoices):
        AVAILABILITY = "availability", _("Zusage erbeten")
        LINEUP = "lineup", _("Aufstellung fällig")
        RESULT = "result", _("Ergebnis bestätigen")
        MOVE_ANSWER = "move_answer", _("Verlegung beantworten")
        MOVE_APPROVE = "move_approve", _("Verlegung genehmigen")

    kind = models.CharField(max_length=12, choices=Kind.choices)
    key = models.CharField(max_length=80)
    account = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    spieltag = models.ForeignKey(Spieltag, on_delete=models.CASCADE, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["kind", "key", "account"], name="reminder_once")
        ]

    def __str__(self) -> str:
        return f"{self.kind} · {self.key} · {self.account_id}"


class SpieltagMove(models.Model):
    """A captain's request to move a Spieltag (with the other Spieltage of its group on the
    same day: a Doppelspieltag moves as a whole) to ``date``: the other teams of the group
    accept (``answers``), the organiser approves (the date changes through
    ``services.season``) or refuses with ``reason``; a decline ends it
    (league.leagues.services.moves)."""

    class State(models.TextChoices):
        OPEN = "open", _("offen")
        APPROVED = "approved", _("genehmigt")
        REFUSED = "refused", _("abgelehnt")
        WITHDRAWN = "withdrawn", _("zurückgezogen")

    spieltag = models.ForeignKey(Spieltag, on_delete=models.CASCADE, related_name="moves")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    date = models.DateField(_("Neues Datum"))
    start_time = models.TimeField(_("Beginn"), null=True, blank=True)
    venue = models.CharField(_("Spielort"), max_length=200, blank=True)
    note = models.TextField(_("Begründung"), blank=True, max_length=1000)
    state = models.CharField(max_length=10, choices=State.choices, default=State.OPEN)
    reason = models.TextField(_("Begründung der Entscheidung"), blank=True, max_length=1000)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["spieltag"],
                condition=models.Q(state="open"),
                name="spieltag_move_one_open",
            )
        ]

    def __str__(self) -> str:
        return f"{self.spieltag} → {self.date} · {self.state}"


class SpieltagMoveAnswer(models.Model):
    """Another team's word on a move request (its captain's): accepted or declined."""

    move = models.ForeignKey(SpieltagMove, on_delete=models.CASCADE, related_name="answers")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    accept = models.BooleanField()
    account = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["move", "team"], name="spieltag_move_answer_unique")
        ]

    def __str__(self) -> str:
        return f"{self.move_id} · {self.team_id} · {self.accept}"
