import pytest
from django.db.models import Sum

from league.clubs.models import Player
from league.core.errors import ServiceError
from league.core.models import AuditEntry
from league.lists import services
from league.lists.models import Game, PenaltyRow, ScoreLine
from league.lists.selectors import spielliste_snapshot
from tests.site_helpers import normal, solo


def totals_in_db(liste):
    rows = (
        ScoreLine.objects.filter(spielliste=liste).values("player__name").annotate(s=Sum("points"))
    )
    return {r["player__name"]: r["s"] for r in rows}


def test_record_stores_facts_points_and_derived_dealer(liste, user):
    services.game_record(spielliste=liste, record=normal(), user=user)
    services.game_record(spielliste=liste, record=solo("Carla"), user=user)
    games = list(Game.objects.filter(spielliste=liste))
    assert [g.dealer_position for g in games] == [1, 2]
    assert games[1].pflicht
    assert games[1].value == 1  # 150 Augen: won, Kontra not under 90
    assert games[1].winner == "re"
    liste.refresh_from_db()
    assert liste.games_played == 2
    assert liste.version == 2
    snap = spielliste_snapshot(pk=liste.pk)
    assert totals_in_db(liste) == dict(snap.state.totals)
    assert snap.state.next_game.dealer == "Bernd"  # repeat after the Pflichtsolo
    assert (
        AuditEntry.objects.filter(
            target="lists.spielliste", target_id=liste.pk, action="record"
        ).count()
        == 2
    )
    assert AuditEntry.objects.filter(action="record").first().actor == "lf"


def test_procedure_violation_is_refused_and_nothing_written(liste):
    with pytest.raises(ServiceError) as exc:
        services.game_record(spielliste=liste, record=solo("Bernd", pflicht=False))
    assert exc.value.code == "lustsolo_before_pflichtsolo"
    assert Game.objects.count() == 0
    assert ScoreLine.objects.count() == 0
    liste.refresh_from_db()
    assert liste.version == 0


def test_correction_replays_the_list(liste):
    services.game_record(spielliste=liste, record=normal(augen=130))
    services.game_record(spielliste=liste, record=normal(augen=130))
    services.game_correct(spielliste=liste, number=1, record=normal(augen=100))
    assert totals_in_db(liste) == {"Anna": -1, "Bernd": -1, "Carla": 1, "Dieter": 1}
    change = AuditEntry.objects.filter(action="correct").get()
    assert change.before["re_augen"] == 130
    assert change.after["re_augen"] == 100


def test_correction_refused_when_a_later_game_becomes_invalid(liste):
    services.game_record(spielliste=liste, record=solo("Anna"))
    services.game_record(spielliste=liste, record=solo("Anna", pflicht=False))  # Lustsolo
    with pytest.raises(ServiceError) as exc:
        services.game_correct(spielliste=liste, number=1, record=normal())
    assert exc.value.code == "lustsolo_before_pflichtsolo"
    assert exc.value.game == 2
    assert "Spiel 2" in exc.value.message
    assert Game.objects.get(number=1).kind == "solo"  # unchanged


def test_delete_last_and_its_penalty_rows(liste, players):
    services.game_record(spielliste=liste, record=normal())
    services.game_record(spielliste=liste, record=normal())
    services.penalty_add(
        spielliste=liste, after_game=2, kind="minor", offender=players[0], referee="Wolf"
    )
    assert services.game_delete_last(spielliste=liste) == 2
    assert Game.objects.count() == 1
    assert PenaltyRow.objects.count() == 0
    assert totals_in_db(liste) == {"Anna": 1, "Bernd": 1, "Carla": -1, "Dieter": -1}
    assert services.game_delete_last(spielliste=liste) == 1
    with pytest.raises(ServiceError) as exc:
        services.game_delete_last(spielliste=liste)
    assert exc.value.code == "no_games"


def test_penalties_in_totals(liste, players):
    services.game_record(spielliste=liste, record=solo("Bernd"))
    services.penalty_add(
        spielliste=liste,
        after_game=1,
        kind="minor_solo_harm",
        offender=players[3],
        beneficiary=players[1],
        referee="Wolf",
    )
    services.penalty_add(
        spielliste=liste,
        after_game=1,
        kind="unsporting",
        offender=players[0],
        points=2,
        referee="Wolf",
    )
    totals = totals_in_db(liste)
    snap = spielliste_snapshot(pk=liste.pk)
    assert totals == dict(snap.state.totals)
    assert sum(totals.values()) == -2
    assert snap.state.rows[1].check.parity is None


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"kind": "minor", "referee": " "}, "referee_missing"),
        ({"kind": "minor_solo_harm", "referee": "W"}, "penalty_beneficiary_missing"),
        ({"kind": "unsporting", "referee": "W", "points": 13}, "penalty_invalid_points"),
        ({"kind": "minor", "referee": "W", "after_game": 5}, "penalty_after_game_out_of_range"),
        ({"kind": "bogus", "referee": "W"}, "penalty_unknown_kind"),
    ],
)
def test_bad_penalties_are_refused(liste, players, kwargs, code):
    services.game_record(spielliste=liste, record=normal())
    args = {"spielliste": liste, "after_game": 1, "offender": players[0], **kwargs}
    with pytest.raises(ServiceError) as exc:
        services.penalty_add(**args)
    assert exc.value.code == code
    assert PenaltyRow.objects.count() == 0


def test_offender_from_another_table_is_refused(liste):
    stranger = Player.objects.create(name="Zora")
    services.game_record(spielliste=liste, record=normal())
    with pytest.raises(ServiceError) as exc:
        services.penalty_add(
            spielliste=liste, after_game=1, kind="minor", offender=stranger, referee="W"
        )
    assert exc.value.code == "not_at_table"


def test_time_up_with_the_game_in_progress_then_no_game_dealt(liste):
    for _ in range(3):
        services.game_record(spielliste=liste, record=normal())
    services.spielliste_call_time(spielliste=liste)  # a game is in progress (round.md)
    liste.refresh_from_db()
    assert liste.time_up_after == 4
    state = spielliste_snapshot(pk=liste.pk).state
    assert state.game_in_progress
    assert state.next_game.vorfuehrung is None  # game 4 is entered as whatever it was
    # The table says no game had been dealt: time is up after game 3.
    services.spielliste_no_game_dealt(spielliste=liste)
    liste.refresh_from_db()
    assert liste.time_up_after == 3
    with pytest.raises(ServiceError) as exc:
        services.spielliste_no_game_dealt(spielliste=liste)
    assert exc.value.code == "no_game_in_progress"


def test_time_up_and_resume(liste):
    for _ in range(3):
        services.game_record(spielliste=liste, record=normal())
    services.spielliste_call_time(spielliste=liste, game_in_progress=False)
    snap = spielliste_snapshot(pk=liste.pk)
    assert snap.state.games_left == 4
    assert snap.state.next_game.dealer == "Dieter"
    assert snap.state.next_game.vorfuehrung == "Anna"  # left of the dealer
    with pytest.raises(ServiceError) as exc:
        services.game_record(spielliste=liste, record=normal())
    assert exc.value.code == "vorfuehrung_due"
    with pytest.raises(ServiceError):
        services.spielliste_call_time(spielliste=liste, game_in_progress=False)
    services.spielliste_resume_time(spielliste=liste)
    assert spielliste_snapshot(pk=liste.pk).state.games_left == 21


def test_concurrent_entry_with_stale_version_is_refused(liste):
    services.game_record(spielliste=liste, record=normal(), expected_version=0)
    with pytest.raises(services.ConflictError):
        services.game_record(spielliste=liste, record=normal(), expected_version=0)
    assert Game.objects.count() == 1


def test_create_validates_seats(players):
    with pytest.raises(ServiceError) as exc:
        services.spielliste_create(title="x", players=players[:3])
    assert exc.value.code == "invalid_seats"
    with pytest.raises(ServiceError) as exc:
        services.spielliste_create(title="x", players=[players[0], players[0], *players[2:]])
    assert exc.value.code == "seat_taken_twice"
    liste = services.spielliste_create(
        title="x", players=[*players, Player.objects.create(name="Erika")]
    )
    assert liste.table_size == 5
    assert liste.listenfuehrer_position == 5


def test_complete_round_is_marked_complete(liste):
    import random

    from scoring.simulate import random_round

    for record in random_round(random.Random(7), ["Anna", "Bernd", "Carla", "Dieter"]):
        services.game_record(spielliste=liste, record=record)
    liste.refresh_from_db()
    assert liste.complete
    assert liste.games_played == 24
    assert sum(totals_in_db(liste).values()) == 0


def test_serious_breach_against_the_soloist_replaces_the_solo_result(liste, players):
    services.game_record(spielliste=liste, record=solo("Bernd", augen=100))
    services.penalty_add(
        spielliste=liste,
        after_game=1,
        kind="serious_solo_opponent",
        offender=players[2],
        beneficiary=players[1],
        referee="Wolf",
    )
    game = Game.objects.get()
    assert (game.value, game.winner) == (0, "")
    assert totals_in_db(liste) == {"Anna": 0, "Bernd": 12, "Carla": -12, "Dieter": 0}
    html_rows = spielliste_snapshot(pk=liste.pk).state.rows
    assert html_rows[0].voided


def test_two_players_of_the_same_name_sit_at_one_table(players):
    """scoring.md identity Decision: the list names them apart; records use those names."""
    twin = Player.objects.create(name="anna")
    liste = services.spielliste_create(title="x", players=[players[0], twin, *players[2:]])
    snap = spielliste_snapshot(pk=liste.pk)
    assert snap.seat_names == ["Anna", "anna (2)", "Carla", "Dieter"]
    services.game_record(
        spielliste=liste, record=normal(players=snap.seat_names, re=("Anna", "anna (2)"))
    )
    lines = dict(ScoreLine.objects.filter(spielliste=liste).values_list("player_id", "points"))
    assert lines[players[0].pk] == lines[twin.pk] == 1
    assert lines[players[2].pk] == lines[players[3].pk] == -1


def test_a_renamed_player_keeps_his_old_name_in_old_lists(liste, players):
    from league.clubs.services import player_update

    player_update(player=players[0], name="Anna Neu", club=None)
    snap = spielliste_snapshot(pk=liste.pk)
    assert snap.seat_names[0] == "Anna"
    assert (
        AuditEntry.objects.filter(target="clubs.player", action="update").get().before["name"]
        == "Anna"
    )
