"""Clubs (Vereine) and players. A player is a record; lists keep the name he played under."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.errors import RulesError
from scoring.interchange import rules_from_dict
from scoring.people import normalise, skeleton
from scoring.rules import TSR, RuleProfile

KASSE_CENT_MAX = 1000
"""The highest Kasse rate taken, in cents per point (a club's or a list's): 10 euros a
point is more than any table plays for."""


class Club(models.Model):
    name = models.CharField(_("Name"), max_length=120, unique=True)
    city = models.CharField(_("Ort"), max_length=80, blank=True)
    # The DDV's regional association the club belongs to (federation.md: the register
    # carries it; rating.md filters the Spielstärke list by it). Free text: the site's
    # staff name it; a venue takes it from the site's register.
    landesverband = models.CharField(_("Landesverband"), max_length=80, blank=True)
    # Club managers (api.md): the club's members, evenings and every list of the club.
    managers = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("Vereinsverwaltung"),
        blank=True,
        related_name="managed_clubs",
    )
    # api.md: reading is public unless the club is set to members-only; then its lists and
    # its page are read by its members (accounts linked to its players), managers and staff.
    members_only = models.BooleanField(
        _("Nur für Mitglieder sichtbar"),
        default=False,
        help_text=_("Vereinsseite und Vereinslisten nur für Mitglieder und Vereinsverwaltung."),
    )
    # House rules (scoring.rules): the profile the club's evenings start with, as the
    # options' JSON ({} = the TSR). Each list keeps its own copy.
    rules = models.JSONField(_("Hausregeln"), default=dict, blank=True)
    # The Kasse (statistics.md): the rate in cents per point its evenings' lists start with
    # (None: no money played). Each list keeps its own copy.
    kasse_cent = models.PositiveSmallIntegerField(_("Kasse: Cent je Punkt"), null=True, blank=True)
    # rating.md: a club's evenings count for the Spielstärke only when it says so (by the
    # TSR only); tournaments and leagues always count.
    rating_evenings = models.BooleanField(_("Vereinsabende zählen zur Spielstärke"), default=False)

    class Meta:
        ordering = ["name"]
        verbose_name = _("Verein")
        verbose_name_plural = _("Vereine")

    def __str__(self) -> str:
        return self.name

    @property
    def profile(self) -> RuleProfile:
        """The club's house rules (the TSR for ``{}`` or a profile that no longer reads)."""
        if not self.rules:
            return TSR
        try:
            return rules_from_dict(self.rules)
        except RulesError:
            return TSR


class Player(models.Model):
    name = models.CharField(_("Name"), max_length=80)
    club = models.ForeignKey(
        Club,
        verbose_name=_("Verein"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="members",
    )
    ddv_number = models.CharField(_("DDV-Nummer"), max_length=20, blank=True)
    # DSGVO: a player may ask not to be named in public; the public then reads
    # ``public_alias`` ("Spieler 17"), organisers and his table still the name.
    hide_name = models.BooleanField(_("Name nicht öffentlich zeigen"), default=False)
    # The person's own account, linked once a club manager or organiser confirmed it.
    account = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("Konto"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
    )
    # Matching (scoring.people): the name normalised and its consonants, kept by save() —
    # so that the closest records of a typed name are found by index, not by reading all.
    name_key = models.CharField(max_length=200, blank=True, db_index=True, editable=False)
    name_skeleton = models.CharField(max_length=200, blank=True, db_index=True, editable=False)
    # Made for a tournament's Probelauf of N generated players ("Probe 1" …, issue 36):
    # never listed, searched, matched or exported; deleted with the rehearsal.
    rehearsal = models.BooleanField(default=False, editable=False)

    class Meta:
        ordering = ["name"]
        verbose_name = _("Spieler")
        verbose_name_plural = _("Spieler")
        constraints = [
            models.UniqueConstraint(
                fields=["ddv_number"], condition=~Q(ddv_number=""), name="player_ddv_number_unique"
            )
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.set_keys()
        fields = kwargs.get("update_fields")
        if fields is not None and "name" in fields:
            kwargs["update_fields"] = {*fields, "name_key", "name_skeleton"}
        super().save(*args, **kwargs)

    def set_keys(self) -> None:
        """Fill the matching keys from the name (also for records made by bulk_create)."""
        self.name_key = normalise(self.name)
        self.name_skeleton = skeleton(self.name_key)

    @property
    def public_alias(self) -> str:
        return public_alias(self.pk)


def public_alias(player_id: int) -> str:
    """How the public reads a player who asked not to be named (DSGVO)."""
    return gettext("Spieler %(n)s") % {"n": player_id}


class PlayerClaim(models.Model):
    """ "Das bin ich": an account asks to be linked to a player record; a club manager or an
    organiser of a tournament the player entered decides."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="claims")
    account = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player_claims"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    accepted = models.BooleanField(default=False)

    class Meta:
        ordering = ["created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["player", "account"],
                condition=models.Q(decided_at__isnull=True),
                name="one_open_claim",
            )
        ]

    def __str__(self) -> str:
        return f"{self.account_id} → {self.player_id}"
