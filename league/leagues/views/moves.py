"""Moving a Spieltag: the request form and the open request on the Spieltag's page
(``move_context``), and the actions (POST, one URL each): request, answer, decide,
withdraw. Thin views over ``league.leagues.selectors.moves`` and ``services.moves``;
permissions through ``league.leagues.access`` (captains of the team concerned, the
league's organisers)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.core.forms import button_action
from league.leagues import services as ls
from league.leagues.access import LeagueAccess, actor_of, league_access, organiser_required
from league.leagues.forms import MoveForm
from league.leagues.models import Spieltag, SpieltagMove, Team
from league.leagues.selectors import spieltag_moves


def move_context(access: LeagueAccess, spieltag: Spieltag, teams: Sequence[Team]) -> dict[str, Any]:
    """What the Spieltag's page shows of moving it: the group's open request with each
    other team's answer (buttons for that team's captains; for the organiser, to record a
    team's answer on its behalf), the organiser's decision, the
    requester's withdrawal; else the latest decided request and, for a captain of the
    group before the start, the request form."""
    current, last = spieltag_moves(spieltag, teams)
    captained = [t for t in teams if access.captains(t)] if not access.organiser else []
    form = None
    if current is None and captained and spieltag.started_at is None:
        form = MoveForm(initial={"date": spieltag.date, "start_time": spieltag.start_time})
    return {
        "move": current,
        "last_move": last,
        "move_form": form,
        "move_teams": captained,
        "move_answers": [(a, a.team in captained or access.organiser) for a in current.answers]
        if current is not None
        else [],
        "move_on_behalf": access.organiser,
        "move_withdraw": current is not None
        and not access.organiser
        and access.captains(current.move.team),
        "move_decide": current is not None and access.organiser,
    }


def _move_of(pk: int, move_id: int) -> SpieltagMove:
    return get_object_or_404(
        SpieltagMove.objects.select_related("spieltag__group__group_round__league", "team"),
        pk=move_id,
        spieltag__group__group_round__league_id=pk,
    )


def _form_errors(request: HttpRequest, form: MoveForm) -> None:
    for name, errors in form.errors.items():
        label = form.fields[name].label if name in form.fields else ""
        messages.error(request, f"{label}: {' '.join(str(e) for e in errors)}")


@require_POST
def spieltag_move_request(request: HttpRequest, pk: int, spieltag_id: int) -> HttpResponse:
    """A captain asks to move the Spieltag for his team (``team``): the new date, start,
    venue and why."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    spieltag = get_object_or_404(
        Spieltag.objects.select_related("group__group_round__league"),
        pk=spieltag_id,
        group__group_round__league_id=pk,
    )
    league = spieltag.group.group_round.league
    access = league_access(request.user, league)
    # only a captain of a team playing this Spieltag asks to move it (for that team)
    playing = [t for t in spieltag.group.teams.all() if access.captains(t)]
    if not playing:
        raise PermissionDenied
    team = next((t for t in playing if str(t.pk) == request.POST.get("team", "")), None)
    if team is None:
        messages.error(request, _("Bitte die Mannschaft wählen."))
        return redirect("spieltag-detail", pk, spieltag_id)
    form = MoveForm(request.POST)
    if not form.is_valid():
        _form_errors(request, form)
        return redirect("spieltag-detail", pk, spieltag_id)
    cd = form.cleaned_data
    return button_action(
        request,
        lambda: ls.spieltag_move_request(
            spieltag=spieltag,
            team=team,
            date=cd["date"],
            start_time=cd["start_time"],
            venue=cd["venue"],
            note=cd["note"],
            user=actor_of(request.user, access),
        ),
        success=_("Verlegung beantragt; die anderen Mannschaften der Gruppe werden gefragt."),
        to=reverse("spieltag-detail", args=[pk, spieltag_id]),
    )


@require_POST
def spieltag_move_answer(request: HttpRequest, pk: int, move_id: int, team_id: int) -> HttpResponse:
    """A captain of another team of the group accepts (``aktion=annehmen``) or declines
    (``aktion=ablehnen``, with a note) the request; the league's organiser records the
    team's answer on its behalf (given by phone, or a team without a captain)."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    move = _move_of(pk, move_id)
    league = move.spieltag.group.group_round.league
    team = get_object_or_404(Team, league=league, pk=team_id)
    access = league_access(request.user, league)
    if not access.captains(team) or not move.spieltag.group.teams.filter(pk=team.pk).exists():
        raise PermissionDenied  # only the teams of the Spieltag's group answer
    accept = request.POST.get("aktion") != "ablehnen"
    if access.organiser:
        text = (
            _("Zustimmung von %(team)s eingetragen.")
            if accept
            else _("Ablehnung von %(team)s eingetragen; der Antrag ist beendet.")
        ) % {"team": team.name}
    else:
        text = (
            _("Verlegung angenommen.")
            if accept
            else _("Verlegung abgelehnt; der Antrag ist beendet.")
        )
    return button_action(
        request,
        lambda: ls.spieltag_move_answer(
            move=move,
            team=team,
            accept=accept,
            note=request.POST.get("note", ""),
            on_behalf=access.organiser,
            user=actor_of(request.user, access),
        ),
        success=text,
        to=reverse("spieltag-detail", args=[pk, move.spieltag_id]),
    )


@organiser_required
@require_POST
def spieltag_move_decide(request: HttpRequest, pk: int, move_id: int) -> HttpResponse:
    """The organiser approves (``aktion=genehmigen``) or refuses (``aktion=ablehnen``, with
    a reason) the request."""
    move = _move_of(pk, move_id)
    actor = actor_of(
        request.user, league_access(request.user, move.spieltag.group.group_round.league)
    )
    back = reverse("spieltag-detail", args=[pk, move.spieltag_id])
    if request.POST.get("aktion") == "genehmigen":
        return button_action(
            request,
            lambda: ls.spieltag_move_approve(move=move, user=actor),
            success=_("Verlegung genehmigt: der neue Termin steht."),
            to=back,
        )
    return button_action(
        request,
        lambda: ls.spieltag_move_refuse(
            move=move, reason=request.POST.get("reason", ""), user=actor
        ),
        success=_("Verlegung abgelehnt."),
        to=back,
    )


@require_POST
def spieltag_move_withdraw(request: HttpRequest, pk: int, move_id: int) -> HttpResponse:
    """The requesting team's captain takes the request back."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    move = _move_of(pk, move_id)
    access = league_access(request.user, move.spieltag.group.group_round.league)
    if not access.captains(move.team):
        raise PermissionDenied
    return button_action(
        request,
        lambda: ls.spieltag_move_withdraw(move=move, user=actor_of(request.user, access)),
        success=_("Verlegungsantrag zurückgezogen."),
        to=reverse("spieltag-detail", args=[pk, move.spieltag_id]),
    )
