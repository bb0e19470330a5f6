"""A save writes only the score lines that changed (``lists.services.context.lines_store``),
and what is stored is always what writing every line again would store."""

import contextlib
import random
from collections import Counter

import pytest
from django.db import transaction

from league.core.errors import ServiceError
from league.lists import services
from league.lists.models import ScoreLine
from league.lists.selectors import spielliste_snapshot
from league.lists.services.context import Context, lock
from scoring.simulate import next_random_game
from tests.site_helpers import normal

pytestmark = pytest.mark.django_db


def stored(liste) -> Counter:
    return Counter(
        ScoreLine.objects.filter(spielliste=liste).values_list(
            "game_id", "penalty_id", "player_id", "points"
        )
    )


def written_whole(liste) -> Counter:
    """The lines of the list written from nothing (every line of every row), then rolled
    back: the reference the diffing write must equal."""
    with transaction.atomic():
        ScoreLine.objects.filter(spielliste=liste).delete()
        ctx = Context(lock(liste), None)
        ctx.replay_and_store()
        whole = stored(liste)
        transaction.set_rollback(True)
    return whole


def test_an_appended_game_adds_its_lines_and_leaves_the_others(liste):
    services.game_record(spielliste=liste, record=normal())
    before = dict(ScoreLine.objects.filter(spielliste=liste).values_list("pk", "game_id"))
    services.game_record(spielliste=liste, record=normal(augen=100))
    after = dict(ScoreLine.objects.filter(spielliste=liste).values_list("pk", "game_id"))
    assert before.items() <= after.items()  # the first game's lines kept, ids and all
    assert len(after) == len(before) + 4


def test_every_write_stores_what_a_whole_write_would(liste, players):
    rng = random.Random(7)
    state = spielliste_snapshot(pk=liste.pk).state
    actions: Counter[str] = Counter()
    for step in range(40):
        if state.next_game is None:
            break
        action = step % 7 if step > 3 else None
        if action == 4:
            # A correction of an early game: its value changes, and with Bock the later ones;
            # one the later games refuse writes nothing.
            with contextlib.suppress(ServiceError):
                services.game_correct(
                    spielliste=liste, number=1, record=normal(augen=rng.choice((100, 130, 160)))
                )
            actions["correct"] += 1
        elif action == 5:
            services.game_delete_last(spielliste=liste)
            actions["delete"] += 1
        elif action == 6:
            services.penalty_add(
                spielliste=liste,
                after_game=1,
                kind="unsporting",
                offender=players[rng.randrange(4)],
                points=rng.choice((1, 2)),
                referee="Wolf",
            )
            actions["penalty"] += 1
        else:
            services.game_record(spielliste=liste, record=next_random_game(rng, state))
        liste.refresh_from_db()
        assert stored(liste) == written_whole(liste), step
        state = spielliste_snapshot(pk=liste.pk).state
    assert min(actions["correct"], actions["delete"], actions["penalty"]) >= 1, actions
    assert sum(stored(liste).values()) > 40
