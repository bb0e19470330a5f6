"""Invitations by e-mail link: to join a tournament's organisers or a club's managers, or to
link a new account to a player record of a club (a member)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Invitation(models.Model):
    class Kind(models.TextChoices):
        ORGANISER = "organiser", _("Turnierleitung")
        CLUB_MANAGER = "club_manager", _("Vereinsverwaltung")
        MEMBER = "member", _("Vereinsmitglied")

    kind = models.CharField(max_length=16, choices=Kind.choices)
    # The tournament (organiser) or the club (club manager, member) invited to.
    target_id = models.BigIntegerField()
    # A member invitation links the accepting account to this player record.
    player_id = models.BigIntegerField(null=True, blank=True)
    email = models.EmailField(_("E-Mail"))
    token = models.CharField(max_length=64, unique=True)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    accepted_at = models.DateTimeField(null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="accepted_invitations",
    )

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("Einladung")
        verbose_name_plural = _("Einladungen")

    def __str__(self) -> str:
        return f"{self.kind} {self.target_id} → {self.email}"
