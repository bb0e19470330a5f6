import io

from django.core.management import call_command

from league.lists.models import Spielliste
from league.lists.selectors import snapshots_of
from league.tournaments.models import Tournament, TournamentRound
from league.tournaments.selectors import round_started


def test_demo_has_complete_and_half_finished_lists_and_a_running_tournament(demo):
    assert "listenfuehrer / doko-demo" in demo.output
    free = list(
        Spielliste.objects.filter(
            round_table__isnull=True, evening_table__isnull=True, spieltag_table__isnull=True
        )
    )
    assert len(free) == 6
    assert sum(li.complete for li in free) >= 3
    assert sum(not li.complete for li in free) >= 2
    assert {li.table_size for li in free} == {4, 5}
    assert any(li.time_up_after is not None for li in free)
    assert all(snap.checks_ok for snap in snapshots_of(free))
    # The README's logins can do what it says: the Listenführer keeps the club lists,
    # the organiser runs the tournament.
    assert {li.created_by.username for li in free} == {"listenfuehrer"}
    tournament = Tournament.objects.get(rated=False)
    assert list(tournament.organisers.values_list("username", flat=True)) == ["admin"]
    assert tournament.participants.count() == 24
    statuses = list(tournament.rounds.values_list("status", flat=True))
    assert statuses == [TournamentRound.Status.CLOSED] * 3 + [TournamentRound.Status.DRAWN]
    running = tournament.rounds.last()
    assert round_started(tournament_round=running)
    # Round 4 plays against the clock; one table has added time, one came in on paper.
    assert running.started_at is not None
    assert sum(li.added_minutes for li in running.lists) == 5
    assert [li.complete for li in running.lists if li.totals_only] == [True]
    _club_season_and_rangliste()
    out = io.StringIO()
    call_command("load_demo", force=True, stdout=out)  # idempotent
    assert "already loaded" in out.getvalue()
    assert Tournament.objects.count() == 13


def _club_season_and_rangliste():
    """The demo fills the club season and both Rangliste lists."""
    from django.utils import timezone

    from league.clubs.models import Club
    from league.evenings.selectors import club_season
    from league.rankings.selectors import rangliste

    view = rangliste(as_of=timezone.localdate())
    assert len(view.rangliste) >= 10
    assert len(view.unter_36) >= 10
    assert view.bundeslaender
    assert Tournament.objects.filter(rated=True, closed_at__isnull=False).count() == 12
    club = Club.objects.get(name__startswith="Doppelkopfclub")
    season = club_season(club=club)
    assert len(season.evenings) >= 1
    assert any(r.rank is not None for r in season.table.rows)


def test_demo_has_a_house_rules_evening_with_bock_a_redeal_and_a_quick_row(demo):
    from django.test import Client

    from league.evenings.models import ClubEvening
    from league.evenings.selectors import club_season
    from scoring.rules import PRESETS

    evening = ClubEvening.objects.get(note="Hausregeln")
    liste = evening.tables.get().spielliste
    assert liste.profile == PRESETS["verein-002"]
    assert evening.club.profile == PRESETS["verein-002"]
    (snap,) = snapshots_of([liste])
    state = snap.state
    assert state is not None
    assert snap.checks_ok
    assert liste.redeals == [2]
    assert any(row.redeal for row in state.rows)
    assert any(row.quick is not None for row in state.rows)
    assert max(g.bock for g in snap.games) == 2
    assert liste.closed
    assert liste.complete
    # The season table counts it; the list page shows its rules, Bock, redeal and quick row.
    season = club_season(club=evening.club, year=evening.date.year)
    assert evening.pk in {e.pk for e in season.evenings}
    page = Client().get(liste.get_absolute_url()).content.decode()
    assert "Re/Kontra verdoppeln" in page
    assert 'data-bock="2"' in page
    assert 'class=" redeal"' in page
    # The tournament's round 4 has a table typed from paper.
    paper = Spielliste.objects.get(
        round_table__tournament_round__tournament__rated=False, totals_only=True
    )
    assert "Ergebnis vom Papier" in Client().get(paper.get_absolute_url()).content.decode()


def test_demo_club_lists_are_dated_on_their_evening(client, demo):
    """Issue 29: the club and player pages dated the demo's club lists on the day the demo
    was loaded; they stand on the evening their title names."""
    from django.urls import reverse

    liste = Spielliste.objects.get(title="Clubabend 14.11. – Tisch 1")
    assert liste.club_id is not None
    html = client.get(reverse("club-detail", args=[liste.club_id])).content.decode()
    row = html.split(f'data-liste="{liste.pk}"')[1].split("</li>")[0]
    assert "<span data-date>14.11.2026</span>" in row
    player = liste.seats.first().player_id
    page = client.get(reverse("player-record", args=[player])).content.decode()
    row = page.split(f'data-liste="{liste.pk}"')[1].split("</tr>")[0]
    assert "14.11.2026" in row
