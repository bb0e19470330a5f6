"""The audit log: one entry for every write, whoever made it (page, API, admin, command)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class AuditEntry(models.Model):
    """Who changed what, when, and how it looked before and after.

    ``target`` names the changed object's model ("lists.spielliste") and ``target_id`` its
    key; ``item`` is a position inside it where one is useful (a list's game number).
    Entries are never changed or deleted (the admin shows them read-only).
    """

    at = models.DateTimeField(_("Zeitpunkt"), auto_now_add=True, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    actor = models.CharField(_("Wer"), max_length=150)  # the account's user name, or "anonym"

    class Role(models.TextChoices):
        STAFF = "staff", _("Verwaltung")
        ORGANISER = "organiser", _("Turnierleitung")
        CLUB_MANAGER = "club_manager", _("Vereinsverwaltung")
        LISTENFUEHRER = "listenfuehrer", _("Listenführer")
        TABLE = "table", _("Tisch")

    # The role the write was made in; "" for writes outside any role (commands, the demo).
    role = models.CharField(_("Rolle"), max_length=16, choices=Role.choices, blank=True)
    role_label = models.CharField(max_length=60, blank=True)  # "Tisch 7"
    session = models.CharField(max_length=32, blank=True)  # a table-code session's opaque id
    action = models.CharField(_("Aktion"), max_length=32)
    target = models.CharField(_("Objektart"), max_length=48)
    target_id = models.BigIntegerField(_("Objekt"))
    item = models.PositiveIntegerField(null=True, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["target", "target_id", "item"])]
        verbose_name = _("Protokolleintrag")
        verbose_name_plural = _("Protokoll")

    def __str__(self) -> str:
        return (
            f"{self.at:%d.%m.%Y %H:%M} {self.actor}: {self.action} {self.target}#{self.target_id}"
        )


class JobLease(models.Model):
    """Who runs a scheduled job now (league/core/jobs.py): one row a job, taken by a
    conditional update, so two instances started by their timers at once run it once."""

    name = models.CharField(max_length=64, primary_key=True)
    holder = models.CharField(max_length=120, blank=True)
    until = models.DateTimeField(null=True, blank=True)  # the lease; free when empty or past
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return self.name
