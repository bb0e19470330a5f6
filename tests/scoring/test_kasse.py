"""The Kasse (statistics.md): balances, the pot and the settlement — worked examples by
hand and properties over random lists of every profile."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.interchange.stats import kasse_to_dict, list_from_dict
from scoring.kasse import Balance, KasseError, Payment, check_rate, kasse, kasse_of_totals, settle

from .random_lists import PROFILES, random_list
from .test_stats import FIVE_LIST, TSR_LIST, VEREIN_LIST


def test_four_players_without_a_pot():
    # Stand: Anna −3, Bernd 3, Carla 1, Dieter −1 (games and the minor penalty row).
    result = kasse(list_from_dict(TSR_LIST), 10)
    assert result.balances == (
        Balance("Anna", -3, -30),
        Balance("Bernd", 3, 30),
        Balance("Carla", 1, 10),
        Balance("Dieter", -1, -10),
    )
    assert result.pot == 0
    assert result.payments == (Payment("Anna", "Bernd", 30), Payment("Dieter", "Carla", 10))


def test_five_players_with_a_deduction_owe_the_pot():
    """Stand A 0, B −1, C 3, D −10 (−5 in games, −5 deducted), E 3: the balances sum to
    −25 cents at 5 per point, owed to the pot. Dieter owes most and pays the largest
    creditor, the pot (25); then Carla and Erika tie at 15: Carla first by name."""
    result = kasse(list_from_dict(FIVE_LIST), 5)
    assert [(b.player, b.points, b.cents) for b in result.balances] == [
        ("Anna", 0, 0),
        ("Bernd", -1, -5),
        ("Carla", 3, 15),
        ("Dieter", -10, -50),
        ("Erika", 3, 15),
    ]
    assert result.pot == 25
    assert result.payments == (
        Payment("Dieter", None, 25),
        Payment("Dieter", "Carla", 15),
        Payment("Dieter", "Erika", 10),
        Payment("Bernd", "Erika", 5),
    )
    assert kasse_to_dict(result) == {
        "balances": [
            {"player": "Anna", "points": 0, "cents": 0},
            {"player": "Bernd", "points": -1, "cents": -5},
            {"player": "Carla", "points": 3, "cents": 15},
            {"player": "Dieter", "points": -10, "cents": -50},
            {"player": "Erika", "points": 3, "cents": 15},
        ],
        "pot": 25,
        "payments": [
            {"from": "Dieter", "to": None, "cents": 25},
            {"from": "Dieter", "to": "Carla", "cents": 15},
            {"from": "Dieter", "to": "Erika", "cents": 10},
            {"from": "Bernd", "to": "Erika", "cents": 5},
        ],
    }


def test_house_rules_list_balances_in_seat_order():
    # verein-002 example: A −8, B 32, C −16, D −8.
    result = kasse(list_from_dict(VEREIN_LIST), 1)
    assert [b.cents for b in result.balances] == [-8, 32, -16, -8]
    assert result.payments == (
        Payment("Carla", "Bernd", 16),
        Payment("Anna", "Bernd", 8),  # Anna and Dieter owe 8 each: Anna first
        Payment("Dieter", "Bernd", 8),
    )


def test_ties_by_code_point_order_and_the_pot_after_every_player():
    # The pot and a player are owed alike: the player first.
    assert settle({"Anna": -10, "Bernd": 5}, pot=5) == (
        Payment("Anna", "Bernd", 5),
        Payment("Anna", None, 5),
    )
    # Code-point order: upper case before lower case, "Z" before "a", "ä" last.
    assert settle({"anna": -5, "Zoe": -5, "Äda": -5, "Carl": 15}) == (
        Payment("Zoe", "Carl", 5),
        Payment("anna", "Carl", 5),
        Payment("Äda", "Carl", 5),
    )
    assert settle({"Carl": -15, "anna": 5, "Zoe": 5, "Äda": 5}) == (
        Payment("Carl", "Zoe", 5),
        Payment("Carl", "anna", 5),
        Payment("Carl", "Äda", 5),
    )
    # The one who owes the most pays the one owed the most the smaller amount.
    assert settle({"A": -70, "B": -30, "C": 60, "D": 40}) == (
        Payment("A", "C", 60),
        Payment("B", "D", 30),
        Payment("A", "D", 10),
    )


def test_nothing_to_settle():
    assert settle({"A": 0, "B": 0}) == ()
    result = kasse_of_totals({"A": 0, "B": 0, "C": 0, "D": 0}, 50)
    assert (result.pot, result.payments) == (0, ())


def test_settle_refuses_balances_that_do_not_sum_to_the_pot():
    with pytest.raises(ValueError, match="sum to zero"):
        settle({"A": 5, "B": -3})
    with pytest.raises(ValueError, match="sum to zero"):
        settle({"A": 5}, pot=-5)


@pytest.mark.parametrize("rate", [0, -5, 1.5, "5", True, None])
def test_a_rate_that_is_not_a_positive_integer_is_refused(rate):
    with pytest.raises(KasseError) as err:
        check_rate(rate)
    assert (err.value.code, err.value.field) == ("kasse_invalid_rate", "cent")
    with pytest.raises(KasseError):
        kasse(list_from_dict(TSR_LIST), rate)


# --- properties ---------------------------------------------------------------------------


def _check_settlement(cents: dict[str, int], pot: int, payments) -> None:
    left: dict[str | None, int] = {**cents, None: pot}
    for payment in payments:
        assert payment.cents > 0
        assert payment.payer is not None
        assert payment.payer != payment.payee
        left[payment.payer] += payment.cents
        left[payment.payee] -= payment.cents
        # Nobody is paid past his balance nor pays more than he owes.
        assert left[payment.payer] <= 0
        assert left[payment.payee] >= 0
    assert set(left.values()) <= {0}
    parties = sum(1 for c in cents.values() if c) + (pot > 0)
    assert len(payments) <= max(0, parties - 1)
    assert len(payments) <= len(cents) + (pot > 0) - 1 or not payments
    payers = {p.payer for p in payments}
    assert not payers & {p.payee for p in payments}  # nobody both pays and receives


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 2**32),
    st.sampled_from(PROFILES),
    st.sampled_from([4, 5]),
    st.integers(1, 100),
)
def test_the_payments_settle_every_balance_of_random_lists(seed, profile, size, rate):
    state = list_from_dict(random_list(random.Random(seed), profile, size))
    result = kasse(state, rate)
    assert [b.player for b in result.balances] == list(state.seats)
    assert all(b.cents == b.points * rate for b in result.balances)
    assert [b.points for b in result.balances] == [state.totals[s] for s in state.seats]
    # The pot is what the deductions (9.7.2 b) took out: the balances and pot sum to 0.
    deducted = sum(row.penalty.deduction for row in state.rows if row.penalty is not None)
    assert result.pot == deducted * rate >= 0
    assert sum(b.cents for b in result.balances) + result.pot == 0
    _check_settlement({b.player: b.cents for b in result.balances}, result.pot, result.payments)


names = st.sampled_from(["Anna", "anna", "Bernd", "Zoe", "Äda", "Carl", "E", "F"])


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(names, st.integers(-10_000, 10_000), max_size=8), st.integers(0, 500))
def test_settle_any_balances(raw, extra_pot):
    # Shift one player so the balances sum to minus a pot of 0 or more.
    cents = dict(raw)
    if cents:
        first = next(iter(cents))
        cents[first] -= sum(cents.values()) + extra_pot
        pot = extra_pot
    else:
        pot = 0
    payments = settle(cents, pot)
    _check_settlement(cents, pot, payments)
