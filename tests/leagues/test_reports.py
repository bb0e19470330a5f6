"""Both captains' report: each captain confirms his team's result or disputes it with a
note; the organiser sees confirmed / open / disputed and decides; a correction after a
confirmation asks again."""

import pytest
from django.urls import reverse

from league.core.errors import ServiceError
from league.core.models import AuditEntry
from league.leagues import services as ls
from league.leagues.models import SpieltagDecision, SpieltagReport
from league.leagues.selectors import report_overview, report_states, spieltag_view
from league.lists import services as list_services

from .helpers import first_spieltag, make_league, play_paper, set_lineups

pytestmark = pytest.mark.django_db


def _played(user=None):
    league = make_league(4, rounds=1, user=user)
    spieltag = first_spieltag(league)
    set_lineups(spieltag)
    ls.spieltag_start(spieltag=spieltag)
    play_paper(spieltag)
    teams = list(spieltag.group.teams.order_by("number"))
    return league, spieltag, teams


def _state(spieltag):
    view = spieltag_view(spieltag=spieltag, reveal=True)
    return report_states([(view.spieltag, view.teams, view.result)])[spieltag.pk]


def test_all_confirm_then_a_correction_asks_again():
    _league, spieltag, teams = _played()
    assert _state(spieltag).status == "open"
    for team in teams:
        ls.report_confirm(spieltag=spieltag, team=team)
    assert _state(spieltag).status == "confirmed"
    assert AuditEntry.objects.filter(action="report_confirmed").count() == 4
    # the organiser corrects table 1's paper result: everybody is asked again
    st = spieltag.tables.get(round=1, table=1)
    list_services.paper_entry_save(
        spielliste=st.spielliste, entry=1, totals={1: -1, 2: 3, 3: -1, 4: -1}
    )
    state = _state(spieltag)
    assert state.status == "open"
    assert all(r.asked_again and r.status == "open" for r in state.teams)


def test_dispute_needs_a_note_and_the_organiser_settles():
    league, spieltag, teams = _played()
    with pytest.raises(ServiceError) as exc:
        ls.report_dispute(spieltag=spieltag, team=teams[0], note="  ")
    assert exc.value.code == "report_note_missing"
    assert not SpieltagReport.objects.exists()
    with pytest.raises(ServiceError) as exc:
        ls.spieltag_settle(spieltag=spieltag, note="gilt")
    assert exc.value.code == "report_nothing_to_settle"
    assert not SpieltagDecision.objects.exists()
    ls.report_dispute(spieltag=spieltag, team=teams[0], note="Tisch 2 falsch addiert")
    for team in teams[1:]:
        ls.report_confirm(spieltag=spieltag, team=team)
    state = _state(spieltag)
    assert state.status == "disputed"
    assert state.of(teams[0]).note == "Tisch 2 falsch addiert"
    assert [row[2].status for row in report_overview(league=league)] == ["disputed"]
    ls.spieltag_settle(spieltag=spieltag, note="Liste geprüft, Ergebnis gilt.")
    assert _state(spieltag).status == "settled"
    assert AuditEntry.objects.filter(action="settle").count() == 1


def test_no_report_before_the_lists_are_complete():
    league = make_league(4, rounds=1)
    spieltag = first_spieltag(league)
    set_lineups(spieltag)
    ls.spieltag_start(spieltag=spieltag)
    team = spieltag.group.teams.first()
    with pytest.raises(ServiceError) as exc:
        ls.report_confirm(spieltag=spieltag, team=team)
    assert exc.value.code == "report_not_ready"
    assert not SpieltagReport.objects.exists()
    assert _state(spieltag).status == "pending"


def test_captain_confirms_and_disputes_on_the_page(client, django_user_model):
    captain = django_user_model.objects.create_user("kapitaen", password="pw")
    other = django_user_model.objects.create_user("andere", password="pw")
    league, spieltag, teams = _played()
    ls.team_add_captain(team=teams[0], account=captain)
    ls.team_add_captain(team=teams[1], account=other)
    page_url = reverse("spieltag-detail", args=[league.pk, spieltag.pk])
    url = reverse("spieltag-report", args=[league.pk, spieltag.pk, teams[0].pk])
    client.force_login(other)
    assert client.post(url, {"aktion": "bestaetigen"}).status_code == 403
    assert not SpieltagReport.objects.exists()
    client.force_login(captain)
    page = client.get(page_url).content.decode()
    assert "data-confirm" in page
    assert client.post(url, {"aktion": "bestreiten", "note": ""}).status_code == 302
    assert not SpieltagReport.objects.exists()  # a dispute without reason: refused
    client.post(url, {"aktion": "bestreiten", "note": "Tisch 3 stimmt nicht"})
    page = client.get(page_url).content.decode()
    assert 'data-report="disputed"' in page
    assert "Tisch 3 stimmt nicht" in page
    client.post(url, {"aktion": "bestaetigen"})
    assert SpieltagReport.objects.get(team=teams[0]).status == "confirmed"


def test_backup_round_trip_keeps_reports_and_decision():
    from league.backup.services import backup_export, backup_import
    from league.leagues.models import League
    from league.lists.models import Spielliste

    league, spieltag, teams = _played()
    ls.report_dispute(spieltag=spieltag, team=teams[0], note="falsch")
    ls.report_confirm(spieltag=spieltag, team=teams[1])
    ls.spieltag_settle(spieltag=spieltag, note="gilt")
    doc = backup_export(league_id=league.pk)
    League.objects.all().delete()
    Spielliste.objects.all().delete()
    backup_import(doc=doc)
    restored = League.objects.get()
    rows = report_overview(league=restored)
    assert [r[2].status for r in rows] == ["settled"]
    state = rows[0][2]
    assert [(r.team.name, r.status, r.note) for r in state.teams][:2] == [
        (teams[0].name, "disputed", "falsch"),
        (teams[1].name, "confirmed", ""),
    ]
    assert state.decision.note == "gilt"
