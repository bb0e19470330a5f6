"""Reminder mails (league.leagues.services.reminders, manage.py send_reminders): availability asked
days before, line-up due, result to confirm; each sent once; each person switches them off."""

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from league.core.models import AuditEntry
from league.leagues import services as ls
from league.leagues.models import ReminderSent, ReminderSetting
from league.leagues.services import reminders_send, reminders_switch

from .helpers import first_spieltag, make_league, play_paper, set_lineups

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def locmem(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def _setup(days_ahead=3, hours=None):
    league = make_league(4, rounds=1)
    spieltag = first_spieltag(league)
    team = spieltag.group.teams.order_by("number").first()
    player = team.roster.order_by("pk").first()
    account = User.objects.create_user("spieler", email="spieler@example.org", password="pw")
    player.account = account
    player.save(update_fields=["account"])
    captain = User.objects.create_user("kapitaen", email="kap@example.org", password="pw")
    ls.team_add_captain(team=team, account=captain)
    start = timezone.localtime() + dt.timedelta(days=days_ahead)
    ls.spieltag_schedule(spieltag=spieltag, date=start.date(), start_time=start.time())
    if hours is not None:
        ls.league_set_lineup_deadline(league=league, hours=hours)
    spieltag.refresh_from_db()
    return league, spieltag, team, account, captain


def _to(address):
    return [m for m in mail.outbox if m.to == [address]]


def test_availability_asked_once_and_not_after_answering():
    _league, _spieltag, _team, account, _captain = _setup(days_ahead=3)
    assert reminders_send(base_url="https://liga.example") >= 1
    mine = _to("spieler@example.org")
    assert len(mine) == 1
    assert "/meine-zusagen/" in mine[0].body
    assert "/ligen/erinnerungen/aus/" in mine[0].body
    assert ReminderSent.objects.filter(kind="availability", account=account).count() == 1
    assert AuditEntry.objects.filter(action="remind").exists()
    mail.outbox.clear()
    assert reminders_send(base_url="https://liga.example") == 0  # idempotent
    assert mail.outbox == []


def test_not_asked_too_early_nor_after_answering():
    _league, spieltag, team, _account, _c = _setup(days_ahead=20)
    reminders_send(base_url="https://x")
    assert _to("spieler@example.org") == []
    ls.availability_set(spieltag=spieltag, player=team.roster.order_by("pk").first(), answer="yes")
    reminders_send(base_url="https://x", availability_days=30)
    assert _to("spieler@example.org") == []


def test_lineup_due_reminds_the_captain_once():
    _league, _spieltag, team, _a, _captain = _setup(days_ahead=2, hours=36)  # due in ~12 h
    reminders_send(base_url="https://x")
    lineup = [m for m in _to("kap@example.org") if "Aufstellung" in m.subject]
    assert len(lineup) == 1
    assert f"/aufstellung/{team.pk}/" in lineup[0].body
    mail.outbox.clear()
    reminders_send(base_url="https://x")
    assert _to("kap@example.org") == []


def test_no_lineup_reminder_with_a_full_lineup():
    _league, spieltag, _team, _a, _captain = _setup(days_ahead=2, hours=36)
    set_lineups(spieltag)
    reminders_send(base_url="https://x")
    assert not [m for m in _to("kap@example.org") if "Aufstellung" in m.subject]


def test_result_to_confirm_and_again_after_a_correction():
    _league, spieltag, team, _a, _captain = _setup(days_ahead=20)
    set_lineups(spieltag)
    ls.spieltag_start(spieltag=spieltag)
    play_paper(spieltag)
    reminders_send(base_url="https://x")
    assert len([m for m in _to("kap@example.org") if "Ergebnis" in m.subject]) == 1
    mail.outbox.clear()
    reminders_send(base_url="https://x")
    assert _to("kap@example.org") == []
    # a corrected result asks again
    st = spieltag.tables.order_by("round", "table").first()
    ls.spieltag_paper_result(
        spieltag=spieltag, round=st.round, table=st.table, totals={1: -1, 2: 3, 3: -1, 4: -1}
    )
    reminders_send(base_url="https://x")
    assert len([m for m in _to("kap@example.org") if "Ergebnis" in m.subject]) == 1
    mail.outbox.clear()
    ls.report_confirm(spieltag=spieltag, team=team)
    ls.spieltag_paper_result(
        spieltag=spieltag, round=st.round, table=st.table, totals={1: 3, 2: -1, 3: -1, 4: -1}
    )
    ls.report_confirm(spieltag=spieltag, team=team)
    reminders_send(base_url="https://x")
    assert _to("kap@example.org") == []


def test_switched_off_on_the_account_and_through_the_link(client):
    _league, _s, _t, account, _captain = _setup(days_ahead=3)
    reminders_switch(account=account, off=True)
    reminders_send(base_url="https://x")
    assert _to("spieler@example.org") == []
    assert not ReminderSent.objects.filter(account=account).exists()
    # his own page, then the link in a mail (no login)
    client.force_login(account)
    page = client.get(reverse("reminders-mine")).content.decode()
    assert "data-reminders-state" in page
    assert client.post(reverse("reminders-mine"), {"off": "0"}).status_code == 302
    assert not ReminderSetting.objects.get(account=account).off
    client.logout()
    token = ReminderSetting.objects.get(account=account).token
    url = reverse("reminders-off", args=[token])
    assert client.get(url).status_code == 200
    assert not ReminderSetting.objects.get(account=account).off  # GET writes nothing
    assert client.post(url, {"off": "1"}).status_code == 302
    assert ReminderSetting.objects.get(account=account).off
    assert client.get(reverse("reminders-off", args=["nope"])).status_code == 404


def test_command_prints_on_the_console_backend(capsys, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
    _setup(days_ahead=3)
    call_command("send_reminders", "--adresse", "https://liga.example")
    out = capsys.readouterr().out
    assert "spieler@example.org" in out
    assert "Erinnerung(en) verschickt." in out
    call_command("send_reminders")
    assert "0 Erinnerung(en) verschickt." in capsys.readouterr().out
