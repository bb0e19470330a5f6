"""Spiellisten. Rules live in scoring/; writes go through league.lists.services.

A Spielliste stores each game's facts (who played, Re, Augen, announcements,
Sonderpunkte) and, derived by the round state machine, each row's dealer and per-player
points (``ScoreLine``), so that standings are a SQL ``SUM``. A list knows nothing of
tournaments or leagues: whoever owns it freezes it through ``frozen``.

House rules (scoring.rules, house-rules.md): a list keeps its own copy of the rule
profile it was started with (``rules``, the options as JSON; empty = the TSR, which every
list made before house rules has), so it replays the same way after a club changes its
profile. ``redeals`` ("neu gegeben", house rule ``schmeissen``) are no games: the list
keeps the game number each one preceded.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from league.clubs.models import Club, Player
from scoring import Announcements, GameRecord, Kind, Level, Party, SoloType, Specials
from scoring.interchange import QUICK_KIND as QUICK
from scoring.interchange import rules_from_dict, rules_to_dict
from scoring.penalties import Penalty, PenaltyKind
from scoring.quick import QuickGame
from scoring.rules import TSR, RuleProfile
from scoring.stats import COUNTS, SIGNED_COUNTS


class Spielliste(models.Model):
    """One table's round: 24 games at 4 players, 30 at 5 (TSR 8.5.1, 10.1.5)."""

    title = models.CharField(_("Titel"), max_length=120)
    club = models.ForeignKey(
        Club,
        verbose_name=_("Verein"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="spiellisten",
    )
    table_size = models.PositiveSmallIntegerField(_("Spieler am Tisch"), default=4)
    listenfuehrer_position = models.PositiveSmallIntegerField(_("Listenführer (Position)"))
    time_up_after = models.PositiveSmallIntegerField(
        _("Zeit abgelaufen nach Spiel"), null=True, blank=True
    )
    # Every write bumps the version: concurrent entry is refused, not merged blindly.
    version = models.PositiveIntegerField(default=0)
    games_played = models.PositiveSmallIntegerField(default=0)
    complete = models.BooleanField(_("vollständig"), default=False)
    # Set by whoever owns the list (a tournament round when it closes); every write checks
    # it on the locked row, so a close and a correction cannot interleave.
    frozen = models.BooleanField(_("abgeschlossen"), default=False)
    # The table code (api.md): whoever holds it is this list's Listenführer while the list
    # is open. Never shown to the public; renewed by the organiser (league.lists.codes).
    code = models.CharField(_("Tisch-Code"), max_length=8, unique=True)
    # The account that created a free or club list: its Listenführer by account.
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="created_lists",
    )
    # Confirmation (api.md): by a table player with the code, choosing his seat, from
    # another session than the one that wrote last; or by a manager (seat None) for a
    # signed paper list. Any later change removes it.
    confirmed_at = models.DateTimeField(_("bestätigt"), null=True, blank=True)
    confirmed_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    last_writer = models.CharField(max_length=40, blank=True)  # "code:<session>", "user:<id>"
    # Results typed from the paper list (issue "tournament day"): the table's totals count
    # instead of games (``PaperEntry``); entering games replaces them only after the
    # organiser removed the totals.
    totals_only = models.BooleanField(_("Ergebnis von der Papierliste"), default=False)
    # Closed early by the organiser: a player dropped out and nobody took his seat.
    ended_early = models.BooleanField(_("vorzeitig beendet"), default=False)
    # Added playing time granted by a referee (8.5.1 "Abweichende Spielzeiten").
    added_minutes = models.PositiveSmallIntegerField(_("Zusätzliche Minuten"), default=0)
    added_by = models.CharField(_("Schiedsrichter (Zeitzugabe)"), max_length=80, blank=True)
    # House rules: the profile's options (``scoring.interchange.rules_to_dict``); {} = TSR.
    rules = models.JSONField(_("Hausregeln"), default=dict, blank=True)
    # ``games: open``: the keeper ended the list after a full round of deals.
    closed = models.BooleanField(_("beendet"), default=False)
    # ``schmeissen``: for each redeal, the number of the game it preceded.
    redeals = models.JSONField(default=list, blank=True)
    # The Kasse (statistics.md): cents per point when the table plays for money (None: no
    # money). Only lists that play their own rules (free and club lists) have one.
    kasse_cent = models.PositiveSmallIntegerField(_("Kasse: Cent je Punkt"), null=True, blank=True)
    # Derived by every replay that stores (lists.services.context): the positions of who
    # plays the next game, in seat order ([]: none, or stored before it was kept). An entry
    # form names the players by their place in that game, so it is read before the write.
    next_seating = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]
        verbose_name = _("Spielliste")
        verbose_name_plural = _("Spiellisten")

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("liste-detail", args=[self.pk])

    @property
    def profile(self) -> RuleProfile:
        """The list's rule profile (the TSR for ``{}``); RulesError if the stored JSON
        no longer reads (the snapshot reports it like any rule violation)."""
        return rules_from_dict(self.rules) if self.rules else TSR

    def set_profile(self, profile: RuleProfile) -> None:
        self.rules = {} if profile.is_tsr and not profile.ohne_neunen else rules_to_dict(profile)


class Seat(models.Model):
    spielliste = models.ForeignKey(Spielliste, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(_("Position"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    # The name this player has in this list (scoring.md identity Decision): the name he
    # played under, made distinct at the table ("Thomas Müller (2)"); a later rename of
    # the player does not rewrite the list.
    name = models.CharField(_("Name am Tisch"), max_length=90)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["spielliste", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["spielliste", "player"], name="seat_player_unique"),
            models.UniqueConstraint(fields=["spielliste", "name"], name="seat_name_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.position}: {self.name}"

    @property
    def public_name(self) -> str:
        """The name the public reads (the alias of a player who asked not to be named)."""
        return self.player.public_alias if self.player.hide_name else self.name


class Game(models.Model):
    """A game's facts (scoring.md §1) with seats as positions, plus what the round
    state machine derived for it (dealer, sitting out, Vorführung, result)."""

    KIND_CHOICES = [(k.value, k.value) for k in Kind] + [(QUICK, QUICK)]
    SOLO_CHOICES = [(s.value, s.value) for s in SoloType]
    LEVEL_CHOICES = [(lv.code, lv.code) for lv in Level]
    PARTY_CHOICES = [(p.value, p.value) for p in Party]

    spielliste = models.ForeignKey(Spielliste, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField(_("Spiel"))
    players = models.JSONField(help_text="positions of the four who played")
    re = models.JSONField(help_text="positions of the Re party")
    kind = models.CharField(max_length=20, choices=KIND_CHOICES)
    solo = models.CharField(max_length=12, choices=SOLO_CHOICES, blank=True)
    pflicht = models.BooleanField(default=False)
    re_augen = models.PositiveSmallIntegerField()
    schwarz = models.CharField(max_length=6, choices=PARTY_CHOICES, blank=True)
    ann_re = models.CharField(max_length=8, choices=LEVEL_CHOICES, default="none")
    ann_kontra = models.CharField(max_length=8, choices=LEVEL_CHOICES, default="none")
    dk_re = models.PositiveSmallIntegerField(default=0)
    dk_kontra = models.PositiveSmallIntegerField(default=0)
    fuchs_re = models.PositiveSmallIntegerField(default=0)
    fuchs_kontra = models.PositiveSmallIntegerField(default=0)
    karlchen = models.CharField(max_length=6, choices=PARTY_CHOICES, blank=True)
    # house rules (scoring.rules): Karlchen gefangen, Herzstich
    karlchen_gefangen = models.CharField(max_length=6, choices=PARTY_CHOICES, blank=True)
    herz_re = models.PositiveSmallIntegerField(default=0)
    herz_kontra = models.PositiveSmallIntegerField(default=0)
    # derived by the state machine
    dealer_position = models.PositiveSmallIntegerField(null=True)
    sitting_out_position = models.PositiveSmallIntegerField(null=True)
    vorfuehrung = models.BooleanField(default=False)
    winner = models.CharField(max_length=6, blank=True)
    value = models.SmallIntegerField(default=0)
    bock = models.PositiveSmallIntegerField(default=1)  # house rules: the Bock factor
    # Bock triggers: derived for a full game; as the table stated them for a quick row.
    bock_triggers = models.PositiveSmallIntegerField(default=0)
    # A quick row (kind "quick", scoring.quick): winners and the value the table counted.
    quick_winners = models.JSONField(default=list, blank=True)
    quick_value = models.PositiveSmallIntegerField(default=0)
    quick_soloist = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["spielliste", "number"], name="game_number_unique")
        ]

    def __str__(self) -> str:
        return f"{self.spielliste} · {self.number}"

    @property
    def is_quick(self) -> bool:
        return self.kind == QUICK

    def to_entry(self, names: dict[int, str]) -> GameRecord | QuickGame:
        """What the round machine replays: the full record, or the quick row."""
        if self.kind != QUICK:
            return self.to_record(names)
        return QuickGame(
            players=tuple(names[p] for p in self.players),
            winners=tuple(names[p] for p in self.quick_winners),
            value=self.quick_value,
            soloist=names[self.quick_soloist] if self.quick_soloist else None,
            pflicht=self.pflicht,
            bock_triggers=self.bock_triggers,
        )

    def set_quick(self, quick: QuickGame, positions: dict[str, int]) -> None:
        self.kind = QUICK
        self.players = [positions[n] for n in quick.players]
        self.re = []
        self.quick_winners = [positions[n] for n in quick.winners]
        self.quick_value = quick.value
        self.quick_soloist = positions[quick.soloist] if quick.soloist else None
        self.pflicht = quick.pflicht
        self.bock_triggers = quick.bock_triggers
        self.solo, self.re_augen, self.schwarz = "", 0, ""
        # a full game corrected into a quick row keeps nothing of the full record
        self.ann_re = self.ann_kontra = "none"
        self.dk_re = self.dk_kontra = self.fuchs_re = self.fuchs_kontra = 0
        self.herz_re = self.herz_kontra = 0
        self.karlchen = self.karlchen_gefangen = ""

    def to_record(self, names: dict[int, str]) -> GameRecord:
        """The engine's record, with seat positions turned into names (full games only:
        a quick row is ``to_entry``'s)."""
        return GameRecord(
            kind=Kind(self.kind),
            players=tuple(names[p] for p in self.players),
            re=tuple(names[p] for p in self.re),
            re_augen=self.re_augen,
            solo=SoloType(self.solo) if self.solo else None,
            pflicht=self.pflicht,
            schwarz=Party(self.schwarz) if self.schwarz else None,
            announcements=Announcements(
                re=Level.from_code(self.ann_re), kontra=Level.from_code(self.ann_kontra)
            ),
            specials=Specials(
                doppelkopf_re=self.dk_re,
                doppelkopf_kontra=self.dk_kontra,
                fuchs_re=self.fuchs_re,
                fuchs_kontra=self.fuchs_kontra,
                karlchen=Party(self.karlchen) if self.karlchen else None,
                karlchen_gefangen=Party(self.karlchen_gefangen) if self.karlchen_gefangen else None,
                herzstich_re=self.herz_re,
                herzstich_kontra=self.herz_kontra,
            ),
        )

    def set_facts(self, record: GameRecord, positions: dict[str, int]) -> None:
        sp = record.specials
        # a quick row corrected into a full game keeps nothing of the quick row
        self.quick_winners, self.quick_value, self.quick_soloist = [], 0, None
        self.players = [positions[n] for n in record.players]
        self.re = [positions[n] for n in record.re]
        self.kind = record.kind.value
        self.solo = record.solo.value if record.solo else ""
        self.pflicht = record.pflicht
        self.re_augen = record.re_augen
        self.schwarz = record.schwarz.value if record.schwarz else ""
        self.ann_re = record.announcements.re.code
        self.ann_kontra = record.announcements.kontra.code
        self.dk_re, self.dk_kontra = sp.doppelkopf_re, sp.doppelkopf_kontra
        self.fuchs_re, self.fuchs_kontra = sp.fuchs_re, sp.fuchs_kontra
        self.karlchen = sp.karlchen.value if sp.karlchen else ""
        self.karlchen_gefangen = sp.karlchen_gefangen.value if sp.karlchen_gefangen else ""
        self.herz_re, self.herz_kontra = sp.herzstich_re, sp.herzstich_kontra


class PenaltyRow(models.Model):
    """A penalty row (TSR 9), signed off by a referee (8.2.2)."""

    KIND_CHOICES = [(k.value, k.value) for k in PenaltyKind]

    spielliste = models.ForeignKey(
        Spielliste, on_delete=models.CASCADE, related_name="penalty_rows"
    )
    after_game = models.PositiveSmallIntegerField(_("nach Spiel"))
    kind = models.CharField(_("Art"), max_length=24, choices=KIND_CHOICES)
    offender = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    beneficiary = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    absagen = models.PositiveSmallIntegerField(default=0)
    points = models.PositiveSmallIntegerField(default=0)
    referee = models.CharField(_("Schiedsrichter"), max_length=80)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["after_game", "id"]

    def __str__(self) -> str:
        return f"{self.kind} nach Spiel {self.after_game}: {self.offender}"

    def to_penalty(self, names: dict[int, str]) -> Penalty:
        return Penalty(
            after_game=self.after_game,
            kind=PenaltyKind(self.kind),
            offender=names[self.offender_id],
            beneficiary=names[self.beneficiary_id] if self.beneficiary_id else None,
            absagen=self.absagen,
            points=self.points,
            referee=self.referee,
        )


class PaperEntry(models.Model):
    """A table's final totals typed from its paper list. With double entry a second person
    types the same list blind (``entry`` 2); the totals count once both entries agree."""

    spielliste = models.ForeignKey(
        Spielliste, on_delete=models.CASCADE, related_name="paper_entries"
    )
    entry = models.PositiveSmallIntegerField(_("Eingabe"))
    totals = models.JSONField(help_text="{position: points}")
    deduction = models.JSONField(default=dict, blank=True, help_text="{position: points}")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["entry"]
        constraints = [
            models.UniqueConstraint(fields=["spielliste", "entry"], name="paper_entry_unique"),
            models.CheckConstraint(condition=Q(entry__in=(1, 2)), name="paper_entry_1_or_2"),
        ]

    def __str__(self) -> str:
        return f"{self.spielliste} · {self.entry}"


class Substitution(models.Model):
    """A substitute plays a seat from game ``from_game`` to the end. The seat (its dealing
    turn, its Pflichtsolo) stays; each person is credited with the games he played."""

    spielliste = models.ForeignKey(
        Spielliste, on_delete=models.CASCADE, related_name="substitutions"
    )
    position = models.PositiveSmallIntegerField(_("Platz"))
    from_game = models.PositiveSmallIntegerField(_("ab Spiel"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="substitutions")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(
                fields=["spielliste", "position"], name="substitution_seat_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.spielliste} · {self.position} ab {self.from_game}"


class WriteKey(models.Model):
    """An idempotency key of a list write: a save retried after a lost answer (hall Wi-Fi)
    is recognised as done instead of refused as a conflict. A key starting with
    ``SAME_FORM`` stands for a posted form's content (``services.same_form_key``)."""

    SAME_FORM = "same:"

    spielliste = models.ForeignKey(Spielliste, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=64)
    action = models.CharField(max_length=20)
    item = models.PositiveSmallIntegerField(null=True)
    version = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["spielliste", "key"], name="write_key_unique")
        ]

    def __str__(self) -> str:
        return f"{self.spielliste_id} {self.action} {self.key}"


class ScoreLine(models.Model):
    """One player's points in one row (a game or a penalty row) or, for a list entered
    from paper, his total (neither): standings sum these."""

    spielliste = models.ForeignKey(Spielliste, on_delete=models.CASCADE, related_name="lines")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="score_lines")
    game = models.ForeignKey(Game, null=True, on_delete=models.CASCADE, related_name="lines")
    penalty = models.ForeignKey(
        PenaltyRow, null=True, on_delete=models.CASCADE, related_name="lines"
    )
    points = models.SmallIntegerField()

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(game__isnull=True) | Q(penalty__isnull=True),
                name="scoreline_game_or_penalty_or_total",
            )
        ]
        indexes = [models.Index(fields=["player", "spielliste"])]

    def __str__(self) -> str:
        return f"{self.player}: {self.points}"


class Placement(models.Model):
    """Where a list stands, written by its owner (``lists.owners``: a tournament round's
    table, a club evening's, a league Spieltag's; a free list has none). Derived from the
    owner's rows, never typed: the owner writes it when it makes the list and again when
    what it says changes (a tournament renamed or re-dated); a restore or ``manage.py
    stats_rebuild --missing`` asks the owners again (``lists.placement``). It is what
    ``owners.owner_of`` looks up and what a player's statistics and page join (one join
    for every owner: the lists app names none of them)."""

    spielliste = models.OneToOneField(
        Spielliste, on_delete=models.CASCADE, primary_key=True, related_name="placement"
    )
    owner = models.CharField(max_length=20)  # the key its owner registered (``OwnerKind.key``)
    event_id = models.BigIntegerField()  # the owner's key of the event (a tournament, a club)
    event = models.CharField(max_length=200, blank=True)  # the event's name
    day = models.DateField()
    number = models.PositiveIntegerField(null=True, blank=True)  # round, Spieltag
    # "table" is a word of SQL: the column is named so that hand-written SQL need not quote.
    table = models.PositiveIntegerField(null=True, blank=True, db_column="table_number")
    # Whether some reader may be refused the list (a members-only event, a tournament with
    # silent rounds): only then is the reader's access asked (``lists_closed_among``).
    members_only = models.BooleanField(default=False)
    season = models.CharField(max_length=20, blank=True)  # "2026/27": the event's season
    # Somebody vouched for the event (an official or approved tournament): its games
    # count in the statistics others see (statistics.md, issue 29); else only for the
    # player himself and staff.
    vouched = models.BooleanField(default=True)
    # A practice run (a tournament's Probelauf, issue 36): its lists count nowhere; every
    # reader of statistics, player pages, the Spielstärke and the open data leaves them out
    # by this one flag (a partial index: they are few).
    rehearsal = models.BooleanField(default=False)

    class Meta:
        indexes = [
            models.Index(fields=["owner", "event_id"]),
            models.Index(
                fields=["spielliste"], condition=Q(rehearsal=True), name="placement_rehearsal"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.spielliste_id}: {self.owner} {self.event_id}"


class StatLine(models.Model):
    """Derived, never typed: one player's statistics in one list (``scoring.stats``), and
    his Stand there (``total``, the sum of his score lines). Rewritten with the score lines
    by every write of the list (``lists.stats.stat_lines``), rebuilt from the stored games
    by ``manage.py stats_rebuild``. ``solos``: ``{type: [played, won]}``; ``partners``:
    ``{player id: [games, won]}``."""

    spielliste = models.ForeignKey(Spielliste, on_delete=models.CASCADE, related_name="stat_lines")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="stat_lines")
    total = models.IntegerField(default=0)
    # … and one column each of ``scoring.stats.COUNTS`` (added below the class).
    solos = models.JSONField(default=dict)
    partners = models.JSONField(default=dict)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "spielliste"], name="stat_line_unique")
        ]

    def __str__(self) -> str:
        return f"{self.player_id} in {self.spielliste_id}: {self.total}"


# The count columns, made from the engine's one list of them (``scoring.stats.COUNTS``).
for _count in COUNTS:
    StatLine.add_to_class(
        _count,
        models.IntegerField(default=0)
        if _count in SIGNED_COUNTS
        else models.PositiveSmallIntegerField(default=0),
    )


class RatingStep(models.Model):
    """Derived, never typed: one player's Spielstärke state after one rated list
    (rating.md; ``lists.strength``). Ordered as the lists are applied: ``day``, then
    ``kind`` and ``event_id`` (the owner), ``number`` (round or Spieltag), ``table``, then
    the list (its ``lists.Placement``). Rebuilt from ``day`` on whenever a rated list changes."""

    spielliste = models.ForeignKey(
        Spielliste, on_delete=models.CASCADE, related_name="rating_steps"
    )
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_steps")
    day = models.DateField()
    kind = models.CharField(max_length=20, blank=True, default="")
    event_id = models.BigIntegerField(default=0)
    number = models.PositiveIntegerField(default=0)
    table = models.PositiveIntegerField(default=0, db_column="table_number")
    seat = models.PositiveSmallIntegerField(default=0)
    mu = models.FloatField()
    sigma = models.FloatField()
    lists = models.PositiveIntegerField()
    rating = models.IntegerField()
    # The state he brought to the table: his figure there and the expected placing.
    mu_before = models.FloatField()
    sigma_before = models.FloatField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "spielliste"], name="rating_step_unique")
        ]
        indexes = [
            models.Index(fields=["day"], name="rating_step_day"),
            models.Index(fields=["player", "day"], name="rating_step_player_day"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} after {self.spielliste_id}: {self.rating}"


class PlayerRating(models.Model):
    """Derived: a player's current Spielstärke (his last ``RatingStep``), one row a player
    with at least one rated list, so that the Spielstärke list reads one table."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="strength")
    mu = models.FloatField()
    sigma = models.FloatField()
    lists = models.PositiveIntegerField()
    rating = models.IntegerField(db_index=True)
    day = models.DateField()  # of his last rated list

    def __str__(self) -> str:
        return f"{self.player_id}: {self.rating}"


class RatingPending(models.Model):
    """The earliest day from which the Spielstärke must be rebuilt and was not yet (a
    correction of an old list with many later lists: ``manage.py rating_rebuild
    --pending`` catches up). One row."""

    day = models.DateField()
    since = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"from {self.day}"
