"""What the venue laptop keeps of its link to the federation's site: the site's address
and token (set once, ``SiteLink``), the last register fetch, and per tournament the last
publication and its answer (``Sending``).

- **Decision**: the token is kept in this database only: no backup or export section
  carries these rows, the admin does not list them, an audit entry records that it changed,
  never its value, and no page shows more than its last four characters.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from league.tournaments.models import Tournament


class Problem(models.TextChoices):
    """Why a try did not work (league.federation.answers)."""

    UNREACHABLE = "unreachable", _("nicht erreichbar")
    TIMEOUT = "timeout", _("keine Antwort")
    REFUSED = "refused", _("abgelehnt")


class SiteLink(models.Model):
    """The one federation site this installation publishes to (one row, pk 1)."""

    address = models.CharField(_("Adresse der Verbandsseite"), max_length=200, blank=True)
    token = models.CharField(max_length=200, blank=True, editable=False)
    changed_at = models.DateTimeField(null=True, blank=True)
    # The last register fetch (federation.md "The register travels").
    register_tried_at = models.DateTimeField(null=True, blank=True)
    register_problem = models.CharField(max_length=12, choices=Problem.choices, blank=True)
    register_status = models.PositiveSmallIntegerField(default=0)
    register_note = models.CharField(max_length=300, blank=True)
    register_fetched_at = models.DateTimeField(null=True, blank=True)  # the last that worked
    register_players = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = _("Verbindung zur Verbandsseite")

    def __str__(self) -> str:
        return self.address or "—"

    @property
    def token_hint(self) -> str:
        """The token as pages show it: its last four characters."""
        return f"…{self.token[-4:]}" if self.token else ""


class Sending(models.Model):
    """A tournament's publications from here: the last that the site took, and the last try
    (which may have failed)."""

    class Outcome(models.TextChoices):
        CREATED = "created", _("neu angelegt")
        REPLACED = "replaced", _("ersetzt")
        UNCHANGED = "unchanged", _("unverändert")

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="federation_sending"
    )
    # The last try, whatever came of it ("" problem: the site took it).
    tried_at = models.DateTimeField()
    tried_problem = models.CharField(max_length=12, choices=Problem.choices, blank=True)
    tried_status = models.PositiveSmallIntegerField(default=0)  # the site's HTTP status
    tried_note = models.CharField(max_length=300, blank=True)  # its message, or the reason
    # The last publication the site took: when, its answer, its address there, and the
    # digest of the document sent ("seitdem geändert" compares it with today's document).
    sent_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=12, choices=Outcome.choices, blank=True)
    site_url = models.CharField(max_length=300, blank=True)
    digest = models.CharField(max_length=64, blank=True)
    # Its participants the site asks its publisher to assign there (league.federation.people).
    people_open = models.PositiveSmallIntegerField(default=0)

    class Meta:
        verbose_name = _("Übertragung an die Verbandsseite")

    def __str__(self) -> str:
        return f"{self.tournament_id}: {self.outcome or '—'}"


class Assignment(models.Model):
    """On the site: a published participant without a DDV number who was "maybe the same"
    as players here (history-import.md "People"). His results stand on a record of his own
    (``player``) until the tournament's organiser decides: the same as one of the
    ``candidates`` (the record is merged into that one) or a new player (it stays).

    By the tournament's uid, not a key: a publication replaces the tournament's rows."""

    class Decision(models.TextChoices):
        SAME = "same", _("derselbe Spieler")
        NEW = "new", _("ein neuer Spieler")

    tournament_uid = models.UUIDField(db_index=True)
    name = models.CharField(_("Name"), max_length=80)  # as published
    player = models.ForeignKey(
        "clubs.Player", on_delete=models.CASCADE, related_name="federation_assignments"
    )
    candidates = models.JSONField(default=list)  # player ids, best first
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decision = models.CharField(max_length=8, choices=Decision.choices, blank=True)

    class Meta:
        verbose_name = _("Offene Zuordnung")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament_uid", "name"], name="federation_assignment_once"
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.decision or '?'})"
