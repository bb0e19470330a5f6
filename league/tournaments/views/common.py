"""What the tournament pages share: the round a URL names, the question an action asks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from league.core.confirm import ask_first
from league.tournaments.models import TournamentRound

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def round_of(pk: int, number: int) -> TournamentRound:
    """Round ``number`` of tournament ``pk`` (404 when there is none)."""
    return get_object_or_404(
        TournamentRound.objects.select_related("tournament"), tournament_id=pk, number=number
    )


@dataclass(frozen=True)
class Question:
    """What a round-wide or destructive action asks before it acts (league.core.confirm):
    the question, what happens, the button that goes ahead."""

    question: StrOrPromise
    detail: StrOrPromise
    yes: StrOrPromise

    def first(self, request: HttpRequest, *, back: str) -> HttpResponse | None:
        """None when the post is confirmed; otherwise the page that asks."""
        return ask_first(
            request,
            question=str(self.question),
            detail=str(self.detail),
            yes=str(self.yes),
            back=back,
        )
