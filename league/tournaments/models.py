"""Tournaments (competitions.md): participants play one Spielliste per round and table."""

from __future__ import annotations

import secrets
import uuid

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from league.clubs.models import Club, Player
from league.lists.models import Spielliste


class Bundesland(models.TextChoices):
    """The 16 German Bundesländer (a Ranglistenturnier is held in one)."""

    BW = "BW", "Baden-Württemberg"
    BY = "BY", "Bayern"
    BE = "BE", "Berlin"
    BB = "BB", "Brandenburg"
    HB = "HB", "Bremen"
    HH = "HH", "Hamburg"
    HE = "HE", "Hessen"
    MV = "MV", "Mecklenburg-Vorpommern"
    NI = "NI", "Niedersachsen"
    NW = "NW", "Nordrhein-Westfalen"
    RP = "RP", "Rheinland-Pfalz"
    SL = "SL", "Saarland"
    SN = "SN", "Sachsen"
    ST = "ST", "Sachsen-Anhalt"
    SH = "SH", "Schleswig-Holstein"
    TH = "TH", "Thüringen"


class Tournament(models.Model):
    # federation.md "An event travels": the same tournament on the venue laptop and on the
    # federation's site (export, import, publication), whatever its key in each database.
    uid = models.UUIDField(_("Kennung"), default=uuid.uuid4, unique=True, editable=False)
    # On the federation's site: when the venue last published it (PUT …/turniere/{uid}/) and
    # the digest of that document (an unchanged one is answered "unchanged"). A published
    # tournament's source is the venue: read-only here but for the Rangliste decision.
    published_at = models.DateTimeField(_("Veröffentlicht"), null=True, blank=True)
    published_digest = models.CharField(max_length=64, blank=True, editable=False)
    # Participants of a publication that were "maybe the same" as a player here
    # (history-import.md "People"): open assignments its organiser decides on the site
    # (league.federation.people). Until none is open it does not count in the Rangliste.
    people_open = models.PositiveSmallIntegerField(default=0, editable=False)
    name = models.CharField(_("Name"), max_length=120)
    date = models.DateField(_("Datum"))
    venue = models.CharField(_("Ort"), max_length=120, blank=True)
    club = models.ForeignKey(
        Club, verbose_name=_("Ausrichter"), null=True, blank=True, on_delete=models.SET_NULL
    )
    rounds_planned = models.PositiveSmallIntegerField(_("Runden"), default=3)
    official = models.BooleanField(
        _("Offizielles DDV-Turnier"),
        default=False,
        help_text=_("Offizielle Turniere verlangen Vierertische (TSR 8.3.1)."),
    )
    tie_breaks = models.JSONField(_("Wertungsreihenfolge"), default=list, blank=True)
    # api.md "Confirmation": a list counts only once complete and confirmed.
    require_confirmation = models.BooleanField(
        _("Nur bestätigte Listen zählen"),
        default=False,
        help_text=_(
            "Ein Spieler des Tisches bestätigt mit dem Tisch-Code, oder die "
            "Turnierleitung bestätigt die unterschriebene Papierliste."
        ),
    )
    # Results from paper typed twice, blind (issue "tournament day"): a round closes only
    # when both entries of every paper table agree.
    double_entry = models.BooleanField(
        _("Doppelte Ergebniseingabe"),
        default=False,
        help_text=_(
            "Zwei Personen tippen die Papierlisten unabhängig; Abweichungen werden gezeigt."
        ),
    )
    separate_clubs = models.BooleanField(
        _("Vereinskameraden trennen"),
        default=True,
        help_text=_("Spieler eines Vereins möglichst nicht an einen Tisch losen."),
    )
    # Playing time of a round; None: the TSR's 100 minutes (125 at a 5-player table).
    # Only unofficial events may set their own.
    round_minutes = models.PositiveSmallIntegerField(
        _("Spielzeit je Runde (Minuten)"), null=True, blank=True
    )
    # api.md: reading is public unless members-only; then only its organisers, staff and
    # the participants (accounts linked to their player records) read it.
    members_only = models.BooleanField(
        _("Nur für Teilnehmer sichtbar"),
        default=False,
        help_text=_(
            "Wertung, Listen und Auslosung nur für Teilnehmer (mit verknüpftem Konto) "
            "und die Turnierleitung."
        ),
    )
    # Organisers (api.md): the creator first, then whoever an organiser adds.
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("Turnierleitung"),
        blank=True,
        related_name="organised_tournaments",
    )
    # The DDV Rangliste (competitions.md "Ranking list"): a rated tournament counts once
    # it is closed, which checks at least 32 players and 3 rounds.
    rated = models.BooleanField(_("Ranglistenturnier"), default=False)
    bundesland = models.CharField(
        _("Bundesland"), max_length=2, choices=Bundesland.choices, blank=True
    )
    closed_at = models.DateTimeField(_("abgeschlossen"), null=True, blank=True)
    # ``rated`` is the organiser's request; it counts only once a Ranglistenwart or staff
    # approved it (api.md "Rights end at the event"). Withdrawn (with a reason) on a
    # decision, on reopening the tournament, or when the request changes.
    rating_approved_at = models.DateTimeField(
        _("für die Rangliste genehmigt"), null=True, blank=True
    )
    rating_approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    rating_note = models.CharField(_("Begründung"), max_length=300, blank=True)
    # Silent rounds (TabScore's "hide rankings"): the public sees the standings only up to
    # round rounds_planned - silent_rounds until the organiser sets 0 again (after the prize
    # ceremony) or the tournament is closed; the organiser always sees every round.
    silent_rounds = models.PositiveSmallIntegerField(_("Stille Runden"), default=0)
    # A practice run (Probelauf, issue 36): a copy of a tournament or a generated one that
    # only its organisers and staff see, marked on every page and printout, whose lists
    # count nowhere (``lists.Placement.rehearsal``) and which is deleted in one step.
    rehearsal = models.BooleanField(_("Probelauf"), default=False, editable=False)
    # The tables the organiser enters by hand in a rehearsal (the generated results leave
    # them alone), e.g. "1-2"; "" for none.
    rehearsal_manual = models.CharField(max_length=40, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]
        indexes = [models.Index(fields=["rated", "date"], name="tournament_rated_date")]
        verbose_name = _("Turnier")
        verbose_name_plural = _("Turniere")

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d.%m.%Y})"

    def get_absolute_url(self) -> str:
        return reverse("tournament-detail", args=[self.pk])

    def silent_after(self) -> int | None:
        """The last round the public sees in the standings while the last rounds are
        silent; None when nothing is hidden."""
        if not self.silent_rounds or self.closed_at is not None:
            return None
        return max(self.rounds_planned - self.silent_rounds, 0)

    def round_silent(self, number: int) -> bool:
        """Whether round ``number`` is silent now: its results hidden from everybody but
        the organisers (``access.round_silent_to``, ``access.silent_rounds_closed_to``)."""
        after = self.silent_after()
        return after is not None and number > after


def new_pin() -> str:
    """A participant's personal PIN: 4 random digits."""
    return f"{secrets.randbelow(10000):04d}"


def new_link() -> str:
    """A participant's personal link token (issue 36): 128 random bits, URL-safe, 22
    characters. Kept as a secret like a table code (it is printed on his slip)."""
    return secrets.token_urlsafe(16)


LINK_LENGTH = 22


class Participant(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="participants"
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    number = models.PositiveIntegerField(_("Startnummer"))
    withdrawn = models.BooleanField(_("abgemeldet"), default=False)
    # The player record was created by this registration (a record typed at this desk):
    # its organisers may merge it and decide claims on it while it has no entry elsewhere.
    created_here = models.BooleanField(default=False)
    # The personal PIN (4 digits) printed on his participant slip: with it a player of a
    # table confirms its finished list (api.md "Confirmation").
    pin = models.CharField(_("PIN"), max_length=4, blank=True)
    # His own page without an account (issue 36): the token of /turniere/<pk>/ich/<link>/,
    # renewed by the organiser (the old one is dead then); never listed anywhere.
    link = models.CharField(max_length=32, default=new_link, db_index=True, editable=False)
    # Checked in from his own page on arrival (before his first draw).
    checked_in_at = models.DateTimeField(_("anwesend seit"), null=True, blank=True)

    class Meta:
        ordering = ["number"]
        verbose_name = _("Teilnehmer")
        verbose_name_plural = _("Teilnehmer")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="participant_unique"),
            models.UniqueConstraint(fields=["tournament", "number"], name="participant_number"),
        ]

    def __str__(self) -> str:
        return f"{self.number} {self.player}"


class TournamentRound(models.Model):
    """A round (Serie) of a tournament: its draw and one Spielliste per table.

    Stored is only whether the round is closed; "läuft" (a game was entered at some
    table) is read from its lists (``selectors.round_phase``).
    """

    class Status(models.TextChoices):
        DRAWN = "drawn", _("ausgelost")
        CLOSED = "closed", _("abgeschlossen")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("Runde"))
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.DRAWN)
    seeded = models.BooleanField(_("nach Tabellenstand gesetzt"), default=False)
    seed = models.BigIntegerField(default=0)
    repeat_meetings = models.PositiveIntegerField(default=0)
    time_called = models.BooleanField(default=False)
    # The round clock: started by the organiser; each table's time is its size's playing
    # time plus the minutes a referee added to its list.
    started_at = models.DateTimeField(_("gestartet"), null=True, blank=True)

    class Meta:
        ordering = ["number"]
        verbose_name = _("Runde")
        verbose_name_plural = _("Runden")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique")
        ]

    def __str__(self) -> str:
        return f"{self.tournament.name} – {self.number}"

    @property
    def closed(self) -> bool:
        return self.status == self.Status.CLOSED

    @property
    def lists(self) -> models.QuerySet[Spielliste]:
        """The round's Spiellisten in table order."""
        return Spielliste.objects.filter(round_table__tournament_round=self).order_by(
            "round_table__number"
        )


class RoundTable(models.Model):
    """Table ``number`` of a round and the Spielliste it plays."""

    tournament_round = models.ForeignKey(
        TournamentRound, on_delete=models.CASCADE, related_name="tables"
    )
    number = models.PositiveSmallIntegerField(_("Tisch"))
    spielliste = models.OneToOneField(
        Spielliste, on_delete=models.CASCADE, related_name="round_table"
    )

    class Meta:
        ordering = ["number"]
        verbose_name = _("Tisch")
        verbose_name_plural = _("Tische")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament_round", "number"], name="round_table_number_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.tournament_round} · {self.number}"
