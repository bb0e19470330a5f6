"""What the ranking domain stores itself: the pairs of records someone said are two people."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class DistinctPair(models.Model):
    """ "Sind verschieden": the "mögliche Doppelte" page no longer proposes this pair.

    Plain ids, not foreign keys: a pair outlives nothing it names (a merged or forgotten
    record simply never meets its pair again), and no merge has to move it."""

    first_id = models.BigIntegerField()  # the smaller player id
    second_id = models.BigIntegerField()
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["first_id", "second_id"], name="distinct_pair_unique"),
            models.CheckConstraint(
                condition=models.Q(first_id__lt=models.F("second_id")),
                name="distinct_pair_ordered",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.first_id} ≠ {self.second_id}"
