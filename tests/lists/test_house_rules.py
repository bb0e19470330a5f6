"""House rules on the site: a club's profile, lists that keep their copy and replay with
it, the entry form, Bock on the list page, "neu gegeben", "Runde beenden", the API."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.clubs import services as club_services
from league.clubs.models import Club, Player
from league.core.errors import ServiceError
from league.core.models import AuditEntry
from league.lists import services
from league.lists.models import Game, ScoreLine, Spielliste
from league.lists.rules import rules_summary
from league.lists.selectors import spielliste_snapshot
from scoring.interchange import record_from_dict
from scoring.rules import PRESETS, TSR
from tests.site_helpers import NAMES

VEREIN = PRESETS["verein-002"]


def rec(liste: Spielliste, **data):
    base = {"kind": "normal", "players": list(NAMES), "re": ["Anna", "Carla"], "re_augen": 130}
    base.update(data)
    return record_from_dict(base, liste.profile)


@pytest.fixture
def club(db, user):
    club = Club.objects.create(name="Herz-Dame")
    club.managers.add(user)
    return club


@pytest.fixture
def evening(club, user):
    club_services.club_set_rules(club=club, profile=VEREIN, user=user)
    players = [Player.objects.create(name=n, club=club) for n in NAMES]
    return services.spielliste_create(
        title="Clubabend", players=players, club=club, created_by=user, rules=club.profile
    )


def test_existing_and_tournament_lists_are_tsr(liste):
    assert liste.rules == {}
    assert liste.profile == TSR
    assert rules_summary(TSR) == "Turnierspielregeln (TSR)"


def test_a_club_list_keeps_its_own_copy(evening, club, user):
    assert evening.profile == VEREIN
    club_services.club_set_rules(club=club, profile=TSR, user=user)
    evening.refresh_from_db()
    assert evening.profile == VEREIN  # the list keeps the rules it was started with
    assert club.profile == TSR


def test_summary_in_plain_german():
    text = rules_summary(VEREIN)
    assert text.startswith("Re/Kontra verdoppeln, Solo +1, Sonderpunkte auch im Solo")
    assert "Bock nach verlorenem Re/Kontra" in text


def test_replay_with_the_lists_profile_stores_bock_and_points(evening):
    lost_re = rec(evening, re_augen=110, announcements={"re": "ansage", "kontra": "none"})
    services.game_record(spielliste=evening, record=lost_re)
    game2 = services.game_record(spielliste=evening, record=rec(evening)).item
    game2.refresh_from_db()
    assert game2.bock == 2
    assert game2.value == 2  # won 1, × 2 Bock
    points = dict(ScoreLine.objects.filter(game=game2).values_list("player__name", "points"))
    assert points == {"Anna": 2, "Bernd": -2, "Carla": 2, "Dieter": -2}
    snap = spielliste_snapshot(pk=evening.pk)
    assert snap.state.bock_queue == (2, 2, 2)
    assert snap.state.games_left is None


def test_an_option_the_list_does_not_use_is_refused_and_nothing_written(liste):
    armut = record_from_dict(
        {"kind": "armut", "players": list(NAMES), "re": ["Anna", "Bernd"], "re_augen": 130},
        VEREIN,
    )
    with pytest.raises(ServiceError) as exc:
        services.game_record(spielliste=liste, record=armut)
    assert exc.value.code == "option_not_enabled"
    assert not Game.objects.filter(spielliste=liste).exists()
    liste.refresh_from_db()
    assert liste.version == 0


def test_redeal_and_close(evening):
    services.redeal_record(spielliste=evening)
    evening.refresh_from_db()
    assert evening.redeals == [1]
    snap = spielliste_snapshot(pk=evening.pk)
    assert snap.state.rows[0].redeal
    assert snap.state.next_game.dealer == "Anna"
    services.redeal_undo(spielliste=evening)
    evening.refresh_from_db()
    assert evening.redeals == []
    with pytest.raises(ServiceError) as exc:
        services.redeal_undo(spielliste=evening)
    assert exc.value.code == "no_redeal"
    for _ in range(3):
        services.game_record(spielliste=evening, record=rec(evening))
    with pytest.raises(ServiceError) as exc:
        services.spielliste_close(spielliste=evening)
    assert exc.value.code == "close_not_allowed"
    evening.refresh_from_db()
    assert not evening.closed
    services.game_record(spielliste=evening, record=rec(evening))
    services.spielliste_close(spielliste=evening)
    evening.refresh_from_db()
    assert evening.closed
    assert evening.complete
    with pytest.raises(ServiceError):
        services.game_record(spielliste=evening, record=rec(evening))
    services.spielliste_close(spielliste=evening, closed=False)
    evening.refresh_from_db()
    assert not evening.complete


def test_redeal_refused_without_schmeissen(liste):
    with pytest.raises(ServiceError) as exc:
        services.redeal_record(spielliste=liste)
    assert exc.value.code == "option_not_enabled"
    liste.refresh_from_db()
    assert liste.redeals == []


def test_list_page_shows_rules_bock_and_close(lf_client, evening):
    lost_re = rec(evening, re_augen=110, announcements={"re": "ansage", "kontra": "none"})
    services.game_record(spielliste=evening, record=lost_re)
    for _ in range(3):
        services.game_record(spielliste=evening, record=rec(evening))
    page = lf_client.get(evening.get_absolute_url()).content.decode()
    assert "Re/Kontra verdoppeln" in page
    assert 'data-bock="2"' in page
    assert "data-bock-queue" in page
    assert "data-close-list" in page
    assert "data-redeal" in page
    assert "Pflichtsoli" not in page
    assert 'name="karlchen_gefangen"' in page
    assert 'value="armut"' in page
    assert 'name="pflicht"' not in page
    # One Bock game is still queued: the page says so before "Trotzdem beenden" …
    assert "data-close-bock" in page
    assert "Noch 1 Bockspiel in der Warteschlange" in page
    # … and a close that did not come from that warning is refused, nothing written.
    response = lf_client.post(
        reverse("liste-close", args=[evening.pk]), {"version": evening.version + 4}, follow=True
    )
    html = response.content.decode()
    assert "Es stehen noch Bockspiele in der Warteschlange (1)" in html
    evening.refresh_from_db()
    assert not evening.closed
    response = lf_client.post(
        reverse("liste-close", args=[evening.pk]),
        {"version": evening.version, "drop_bock": "1"},
        follow=True,
    )
    assert "1 Bockspiel der Warteschlange verfällt mit dem Ende der Runde." in (
        response.content.decode()
    )
    evening.refresh_from_db()
    assert evening.closed


def test_close_without_queued_bock_needs_no_confirmation(lf_client, evening):
    for _ in range(4):
        services.game_record(spielliste=evening, record=rec(evening))
    evening.refresh_from_db()
    page = lf_client.get(evening.get_absolute_url()).content.decode()
    assert "data-close-list" in page
    assert "data-close-bock" not in page
    response = lf_client.post(
        reverse("liste-close", args=[evening.pk]), {"version": evening.version}, follow=True
    )
    assert "Bockspiel" not in response.content.decode().split("<main")[1]
    evening.refresh_from_db()
    assert evening.closed


def test_the_service_refuses_to_drop_queued_bock_unless_told(evening):
    lost_re = rec(evening, re_augen=110, announcements={"re": "ansage", "kontra": "none"})
    services.game_record(spielliste=evening, record=lost_re)
    for _ in range(3):
        services.game_record(spielliste=evening, record=rec(evening))
    with pytest.raises(ServiceError) as exc:
        services.spielliste_close(spielliste=evening, drop_bock=False)
    assert exc.value.code == "close_bock_queued"
    assert exc.value.params == {"n": 1}
    evening.refresh_from_db()
    assert not evening.closed
    assert services.spielliste_close(spielliste=evening).item == 1  # the default drops


def test_correcting_a_game_names_the_games_it_revalued(lf_client, evening):
    """Issue 29: correcting game 2 into a lost announcement puts games 3–6 in Bock; the
    message says so instead of only "Spiel 2 berichtigt."."""
    for _ in range(6):
        services.game_record(spielliste=evening, record=rec(evening))
    evening.refresh_from_db()
    lost = rec(evening, re_augen=110, announcements={"re": "ansage", "kontra": "none"})
    written = services.game_correct(
        spielliste=evening, number=2, record=lost, expected_version=evening.version
    )
    assert written.revalued == (3, 4, 5, 6)
    assert written.rebocked == (3, 4, 5, 6)
    from league.lists.presenters import corrected_text, numbers_text

    assert corrected_text(2, written.revalued, written.rebocked) == (
        "Spiel 2 berichtigt; Spiele 3–6 neu bewertet (Bock)."
    )
    assert corrected_text(2, (), ()) == "Spiel 2 berichtigt."
    assert numbers_text((9, 3, 4, 5, 7)) == "3–5, 7, 9"
    # Through the page: back to a won game, games 3–6 leave Bock again.
    evening.refresh_from_db()
    data = {
        "version": evening.version,
        "kind": "normal",
        "re": ["0", "2"],
        "augen_side": "re",
        "re_augen": "130",
        "ann_re": "none",
        "ann_kontra": "none",
    }
    response = lf_client.post(reverse("game-edit", args=[evening.pk, 2]), data, follow=True)
    html = response.content.decode()
    assert "Spiel 2 berichtigt; Spiele 3–6 neu bewertet (Bock)." in html, html[:3000]
    assert not Game.objects.filter(spielliste=evening, number__gt=2, bock__gt=1).exists()


def test_tsr_list_page_has_no_house_fields(lf_client, liste):
    page = lf_client.get(liste.get_absolute_url()).content.decode()
    assert 'value="armut"' not in page
    assert 'name="karlchen_gefangen"' not in page
    assert "data-redeal" not in page
    assert "Pflichtsoli" in page


def test_entry_form_saves_a_house_game_with_karlchen_gefangen(lf_client, evening):
    data = {
        "version": evening.version,
        "kind": "normal",
        "re": ["0", "2"],
        "augen_side": "re",
        "re_augen": "125",
        "ann_re": "none",
        "ann_kontra": "none",
        "karlchen_gefangen": "kontra",
    }
    response = lf_client.post(reverse("game-add", args=[evening.pk]), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    game = Game.objects.get(spielliste=evening)
    assert game.karlchen_gefangen == "kontra"
    assert game.value == 0  # won 1 − Karlchen gefangen 1: a zero game, Bock follows
    snap = spielliste_snapshot(pk=evening.pk)
    assert snap.state.bock_queue == (2, 2, 2, 2)


def test_club_manager_sets_rules_option_by_option(lf_client, club):
    url = reverse("club-rules", args=[club.pk])
    data = {
        "preset": "eigene",
        "announcements": "doubling",
        "solo_bonus": "1",
        "pflichtsolo": "none",
        "repeat_deal_after": "every_solo",
        "games": "open",
        "bock_triggers": ["split"],
        "bock_stacking": "multiply",
        "no_winner_specials": "on",
    }
    assert lf_client.post(url, data).status_code == 302
    club.refresh_from_db()
    assert club.rules["bock"] == {"triggers": ["split"], "stacking": "multiply"}
    assert club.profile.games_open
    page = lf_client.get(reverse("club-detail", args=[club.pk])).content.decode()
    assert "Bock bei 120 : 120" in page
    # Contradictory: open games with a Pflichtsolo: refused, nothing written.
    bad = dict(data, pflichtsolo="required")
    response = lf_client.post(url, bad)
    assert response.status_code == 200
    assert "widerspricht" in response.content.decode()
    club.refresh_from_db()
    assert club.profile.games_open
    assert not club.profile.pflicht


def test_a_stranger_cannot_set_club_rules(client, club, django_user_model):
    club_services.club_set_rules(club=club, profile=VEREIN)
    entries = AuditEntry.objects.count()
    other = django_user_model.objects.create_user("other", password="pw-secret-123")
    client.force_login(other)
    response = client.post(reverse("club-rules", args=[club.pk]), {"preset": "tsr"})
    assert response.status_code == 403
    club.refresh_from_db()
    assert club.profile == VEREIN  # the club's rules stayed
    assert AuditEntry.objects.count() == entries  # and nothing was recorded


def test_free_list_picks_a_preset_on_the_page(lf_client):
    data = {"title": "", "seat_1": "A", "seat_2": "B", "seat_3": "C", "seat_4": "D"}
    lf_client.post(reverse("liste-create"), dict(data, rules="palast-003"))
    liste = Spielliste.objects.get()
    assert liste.profile == PRESETS["palast-003"]


def test_api_create_with_rules(lf_client, club):
    club_services.club_set_rules(club=club, profile=VEREIN)
    response = lf_client.post(
        "/api/v1/listen/",
        {"title": "x", "seats": list(NAMES), "rules": "palast-003"},
        content_type="application/json",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["rules"]["herzstich"] is True
    assert body["bock_queue"] == []
    response = lf_client.post(
        "/api/v1/listen/",
        {"title": "y", "seats": list(NAMES), "club": club.pk},
        content_type="application/json",
    )
    assert response.status_code == 201, response.content
    assert response.json()["games_left"] is None  # the club's verein-002: open
    response = lf_client.post(
        "/api/v1/listen/", {"title": "z", "seats": list(NAMES)}, content_type="application/json"
    )
    assert "rules" not in response.json()


@pytest.mark.parametrize("games", [4, 16])
def test_list_page_queries_do_not_grow_with_house_rules(
    lf_client, evening, games, django_assert_max_num_queries
):
    services.games_import(spielliste=evening, records=[rec(evening)] * games)
    # the same at 4 and 16 games (one owner query per owner kind: tournaments, leagues,
    # and for a club's list, club evenings; one for the outbox's recent write keys; one for
    # the version the page's live tag names)
    with django_assert_max_num_queries(13):
        assert lf_client.get(evening.get_absolute_url()).status_code == 200


def test_backup_round_trip_keeps_rules_redeals_and_close(tmp_path, evening, club):
    import json
    from io import StringIO

    from django.core.management import call_command

    lost_re = rec(evening, re_augen=110, announcements={"re": "ansage", "kontra": "none"})
    services.game_record(spielliste=evening, record=lost_re)
    services.redeal_record(spielliste=evening)
    for _ in range(3):
        services.game_record(spielliste=evening, record=rec(evening))
    services.spielliste_close(spielliste=evening)
    before = [(g.number, g.bock, g.value) for g in Game.objects.filter(spielliste=evening)]
    path = tmp_path / "backup.json"
    call_command("export", "-o", str(path), stderr=StringIO())
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["lists"][0]["redeals"] == [2]
    assert doc["lists"][0]["closed"] is True
    assert doc["clubs"][0]["rules"]["announcements"] == "doubling"
    Spielliste.objects.all().delete()
    Player.objects.all().delete()
    Club.objects.all().delete()
    call_command("import", str(path), stdout=StringIO(), stderr=StringIO())
    liste = Spielliste.objects.get()
    assert liste.profile == VEREIN
    assert liste.redeals == [2]
    assert liste.closed
    assert liste.complete
    assert [(g.number, g.bock, g.value) for g in Game.objects.filter(spielliste=liste)] == before
    assert Club.objects.get().profile == VEREIN


def test_quick_entry_next_to_the_full_entry(lf_client, evening):
    page = lf_client.get(evening.get_absolute_url()).content.decode()
    assert "data-quick-entry" in page
    url = reverse("quick-add", args=[evening.pk])
    data = {
        "quick-version": evening.version,
        "quick-winners": ["1", "3"],
        "quick-value": "3",
        "quick-bock_triggers": "1",
    }
    assert lf_client.post(url, data).status_code == 302
    game = Game.objects.get(spielliste=evening)
    assert game.kind == "quick"
    assert game.value == 3
    evening.refresh_from_db()
    solo_lost = {
        "quick-version": evening.version,
        "quick-winners": ["0", "1", "3"],
        "quick-value": "2",
        "quick-soloist": "2",
        "quick-bock_triggers": "0",
    }
    assert lf_client.post(url, solo_lost).status_code == 302
    second = Game.objects.get(spielliste=evening, number=2)
    assert second.bock == 2
    points = dict(ScoreLine.objects.filter(game=second).values_list("player__name", "points"))
    assert points == {"Anna": 4, "Bernd": 4, "Carla": -12, "Dieter": 4}
    page = lf_client.get(evening.get_absolute_url()).content.decode()
    assert "schnell" in page
    # Carla's solo: she deals again (every_solo), the quick row counts as a solo.
    snap = spielliste_snapshot(pk=evening.pk)
    assert snap.state.next_game.dealer == "Bernd"
    evening.refresh_from_db()
    bad = dict(solo_lost, **{"quick-version": evening.version, "quick-winners": ["0", "1"]})
    response = lf_client.post(url, bad)
    assert response.status_code == 422
    assert Game.objects.filter(spielliste=evening).count() == 2
    services.game_delete_last(spielliste=evening)
    assert Game.objects.filter(spielliste=evening).count() == 1


def test_no_quick_entry_on_tournament_lists(world, client):
    l1 = world["l1"]
    client.force_login(world["users"]["organiser_this"])
    page = client.get(l1.get_absolute_url()).content.decode()
    assert "data-quick-entry" not in page
    assert "Turniere und Ligen spielen immer nach TSR" in page


def test_preview_and_correction_score_with_the_bock_factor(lf_client, evening):
    lost_re = rec(evening, re_augen=110, announcements={"re": "ansage", "kontra": "none"})
    services.game_record(spielliste=evening, record=lost_re)
    services.game_record(spielliste=evening, record=rec(evening))
    evening.refresh_from_db()
    data = {
        "version": evening.version,
        "kind": "normal",
        "re": ["0", "2"],
        "augen_side": "re",
        "re_augen": "130",
        "ann_re": "ansage",
        "ann_kontra": "none",
    }
    preview = lf_client.post(reverse("game-preview", args=[evening.pk]), data)
    html = preview.content.decode()
    assert "data-doubling" in html
    assert "data-bock-factor" in html
    assert 'data-player="Anna">+4<' in html  # won 1, × 2 Re, × 2 Bock
    page = lf_client.get(reverse("game-edit", args=[evening.pk, 2]))
    assert page.status_code == 200
    assert "data-bock-factor" in page.content.decode()
    response = lf_client.post(reverse("game-edit", args=[evening.pk, 2]), data)
    assert response.status_code == 302
    game = Game.objects.get(spielliste=evening, number=2)
    assert game.value == 4
    assert game.bock == 2
