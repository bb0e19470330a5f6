"""Club evenings (Vereinsabende, the club's Spieltage) and how a club ranks its season.

The tables moved here from ``clubs`` (migration ``evenings.0001``): ``db_table`` keeps the
names they were created with, so existing databases keep their rows.
"""

from __future__ import annotations

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from league.clubs.models import Club
from league.lists.models import Spielliste


class SeasonSettings(models.Model):
    """How a club ranks its season (``scoring.season``): one row per club, made on first
    change; without it the defaults hold (total points, calendar year)."""

    class Mode(models.TextChoices):
        TOTAL = "total", _("Gesamtpunkte")
        SCHNITT_LISTE = "schnitt_liste", _("Schnitt je Liste")
        SCHNITT_SPIEL = "schnitt_spiel", _("Schnitt je Spiel")
        BEST_N = "best_n", _("Beste N Listen")

    club = models.OneToOneField(Club, on_delete=models.CASCADE, related_name="season_settings")
    mode = models.CharField(_("Wertung"), max_length=16, choices=Mode.choices, default=Mode.TOTAL)
    minimum = models.PositiveSmallIntegerField(
        _("Mindestanzahl"),
        default=1,
        help_text=_(
            "Listen (Schnitt je Liste) bzw. Spiele (Schnitt je Spiel), um gewertet zu werden."
        ),
    )
    best_n = models.PositiveSmallIntegerField(_("N (beste Listen)"), default=10)
    start_month = models.PositiveSmallIntegerField(
        _("Saisonbeginn (Monat)"), default=1, help_text=_("1 = Kalenderjahr.")
    )

    class Meta:
        db_table = "clubs_seasonsettings"
        verbose_name = _("Saisonwertung")
        verbose_name_plural = _("Saisonwertungen")

    def __str__(self) -> str:
        return f"{self.club}: {self.mode}"


class ClubEvening(models.Model):
    """A club evening (Vereinsabend, the club's Spieltag): a date and its tables."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="evenings")
    date = models.DateField(_("Datum"))
    note = models.CharField(_("Notiz"), max_length=120, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "clubs_clubevening"
        ordering = ["-date", "-pk"]
        verbose_name = _("Vereinsabend")
        verbose_name_plural = _("Vereinsabende")

    def __str__(self) -> str:
        return f"{self.club} · {self.date:%d.%m.%Y}"

    def get_absolute_url(self) -> str:
        return reverse("club-evening", args=[self.club_id, self.pk])


class EveningTable(models.Model):
    """Table ``number`` of a club evening and the ordinary Spielliste it plays."""

    evening = models.ForeignKey(ClubEvening, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("Tisch"))
    spielliste = models.OneToOneField(
        Spielliste, on_delete=models.CASCADE, related_name="evening_table"
    )
    # The file a club's history import brought this table's list from (history-import.md);
    # "" for a table played on the site. A file is imported again only on purpose.
    imported_from = models.CharField(_("importiert aus"), max_length=120, blank=True)

    class Meta:
        db_table = "clubs_eveningtable"
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["evening", "number"], name="evening_table_unique")
        ]

    def __str__(self) -> str:
        return f"{self.evening} · {self.number}"
