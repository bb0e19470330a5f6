"""league.api.query: the API's query parameters read strictly (a day, a number in its
range); absent is none, empty is none only where a filter may be left open."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import RequestFactory
from rest_framework.test import APIClient

from league.api import query
from league.core.errors import ServiceError


def _get(**params: str):
    return RequestFactory().get("/", params)


def test_day_reads_a_date_and_refuses_the_rest():
    assert query.day(_get(d="2026-05-06"), "d") == dt.date(2026, 5, 6)
    assert query.day(_get(), "d") is None
    assert query.day(_get(d=""), "d", blank=True) is None
    for raw in ["", "gestern", "2026-5-6", "1899-12-31", "3000-01-01", "20260506"]:
        with pytest.raises(ServiceError) as err:
            query.day(_get(d=raw), "d")
        assert err.value.code == "invalid_value"
        assert err.value.params == {"name": "d", "detail": "YYYY-MM-DD"}
        assert err.value.field == "d"


def test_number_reads_plain_digits_in_range():
    assert query.number(_get(n="1900"), "n", low=1900, high=2999) == 1900
    assert query.number(_get(n="2999"), "n", low=1900, high=2999) == 2999
    assert query.number(_get(), "n", low=1, high=9) is None
    assert query.number(_get(n=""), "n", low=1, high=9, blank=True) is None
    for raw in ["", "0", "1899", "3000", "²", "1e3", "-1", "20000"]:
        with pytest.raises(ServiceError) as err:
            query.number(_get(n=raw), "n", low=1900, high=2999)
        assert err.value.params == {"name": "n", "detail": "1900 … 2999"}


@pytest.mark.django_db
def test_rangliste_takes_a_stichtag_and_refuses_an_empty_one():
    api = APIClient()
    assert api.get("/api/v1/rangliste/", {"stichtag": "2026-05-06"}).status_code == 200
    bad = api.get("/api/v1/rangliste/", {"stichtag": ""})
    assert bad.status_code == 400
    assert bad.json()["error"]["code"] == "invalid_value"
