"""The club page: what clubs knows (its players, managers, "Das bin ich" claims and its
visibility) and the parts apps above contribute through a registered section — the house
rules, the evenings and the club's lists (``league.evenings``). Clubs knows none of them,
as a list knows none of its owners (``league.lists.owners``).

Every club manager's action re-renders this page with its own bound form when a service
refuses (``render_club_page(..., bound={"rules_form": form})``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from league.accounts.forms import AccountForm, InviteForm
from league.clubs.access import can_manage_club
from league.clubs.forms import (
    ClaimDecisionForm,
    KasseForm,
    ManagerRemoveForm,
    MemberInviteForm,
    VisibilityForm,
)
from league.clubs.matching import records_like
from league.clubs.models import Club, PlayerClaim

Bound = Mapping[str, forms.BaseForm]
# (request, club, whether the reader manages the club, the bound forms of a refused action)
SectionContext = Callable[[HttpRequest, Club, bool, Bound], Mapping[str, Any]]


@dataclass(frozen=True)
class ClubSection:
    """A part of the club page an app above clubs contributes."""

    slot: str  # "top": under the club's name; "main": beside the club's players
    template: str  # included with ``section`` = what ``context`` returns
    context: SectionContext


_sections: list[ClubSection] = []


def register_section(section: ClubSection) -> None:
    if section not in _sections:
        _sections.append(section)


def member_invite_form(club: Club, data: Any = None) -> MemberInviteForm:
    """Inviting a member links his account to his player: the players without one."""
    players = [(p.pk, p.name) for p in club.members.filter(account__isnull=True).order_by("name")]
    return MemberInviteForm(data, players=players)


def render_club_page(
    request: HttpRequest, club: Club, *, bound: Bound | None = None, status: int = 200
) -> HttpResponse:
    """The club's page; ``bound``: the forms of a refused action, shown with their errors."""
    bound = bound or {}
    manager = can_manage_club(request.user, club)
    sections = [(s, s.context(request, club, manager, bound)) for s in _sections]
    context: dict[str, Any] = {
        "club": club,
        "manager": manager,
        "members": club.members.order_by("name"),
        "top_sections": [
            {"template": s.template, "context": c} for s, c in sections if s.slot == "top"
        ],
        "main_sections": [
            {"template": s.template, "context": c} for s, c in sections if s.slot == "main"
        ],
    }
    if manager:
        context.update(
            managers=club.managers.order_by("username"),
            # Each open claim with the records close to the claimed one: the same person
            # typed twice is merged rather than linked twice (one person, one record).
            claims=[
                (claim, records_like(claim.player))
                for claim in PlayerClaim.objects.filter(player__club=club, decided_at__isnull=True)
                .select_related("player", "account")
                .order_by("created_at")
            ],
            form=bound.get("form") or AccountForm(),
            invite=bound.get("invite") or InviteForm(),
            member=bound.get("member") or member_invite_form(club),
            remove_form=bound.get("remove_form") or ManagerRemoveForm(),
            claim_form=bound.get("claim_form") or ClaimDecisionForm(),
            visibility_form=bound.get("visibility_form") or VisibilityForm(),
            kasse_form=bound.get("kasse_form")
            or KasseForm(initial={"kasse_cent": club.kasse_cent}),
        )
    return render(request, "clubs/detail.html", context, status=status)
