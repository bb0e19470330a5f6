"""The helpers every app's views share: a service's refusal on a form, spreadsheet
downloads, the event printouts' ruled table."""

from __future__ import annotations

import csv
import io
from typing import Any

from django import forms
from openpyxl import load_workbook
from pypdf import PdfReader
from reportlab.platypus import Table

from league.core.errors import ServiceError
from league.core.forms import form_error_from_service
from league.core.pdf import build_pdf
from league.core.pdf.grid import grid, heading_styles
from league.core.spreadsheets import EXPORT_FORMATS, spreadsheet_response


class NameForm(forms.Form):
    name = forms.CharField()
    club = forms.CharField(required=False)


def _form():
    form = NameForm({"name": "Anna", "club": ""})
    assert form.is_valid()
    return form


def test_a_refusal_goes_on_the_named_field():
    form = _form()
    form_error_from_service(form, ServiceError("name_missing", field="club"), "name")
    assert form.errors == {"name": ["Der Name fehlt."]}


def test_a_refusal_goes_on_its_own_field_when_the_form_has_it():
    form = _form()
    form_error_from_service(form, ServiceError("name_missing", field="club"))
    assert form.errors == {"club": ["Der Name fehlt."]}


def test_a_refusal_without_a_field_of_the_form_is_a_non_field_error():
    for error, field in (
        (ServiceError("name_missing"), None),
        (ServiceError("name_missing", field="tables"), None),
        (ServiceError("name_missing", field="tables"), "nope"),  # not a field of the form
    ):
        form = _form()
        form_error_from_service(form, error, field)
        assert form.non_field_errors() == ["Der Name fehlt."]
        assert list(form.errors) == ["__all__"]


VALUES: list[list[Any]] = [["Platz", "Name", "Punkte"], [1, "=1+1", 2.5], [2, "Bärbel", -3]]


def test_every_format_downloads_with_its_name():
    for fmt, (content_type, extension) in EXPORT_FORMATS.items():
        response = spreadsheet_response(VALUES, fmt, title="Wertung", filename="wertung-7")
        assert response["Content-Type"] == content_type
        suffix = "-excel" if fmt == "csv-excel" else ""
        assert response["Content-Disposition"] == (
            f'attachment; filename="wertung-7{suffix}.{extension}"'
        )
    plain = spreadsheet_response(
        VALUES, "csv-excel", title="Rangliste", filename="rangliste", excel_suffix=False
    )
    assert plain["Content-Disposition"] == 'attachment; filename="rangliste.csv"'


def test_csv_and_xlsx_keep_numbers_and_neutralise_formulas():
    text = spreadsheet_response(VALUES, "csv-excel", title="T", filename="f").content
    assert text.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(text.decode("utf-8-sig")), delimiter=";"))
    assert rows == [["Platz", "Name", "Punkte"], ["1", "'=1+1", "2,5"], ["2", "Bärbel", "-3"]]
    book = load_workbook(
        io.BytesIO(spreadsheet_response(VALUES, "xlsx", title="T", filename="f").content)
    )
    sheet = book.active
    assert sheet.title == "T"
    assert [list(r) for r in sheet.iter_rows(values_only=True)] == VALUES
    assert sheet["B2"].data_type == "s"  # the formula's text, never a formula


def test_the_grid_prints_markup_as_text_and_right_aligns_numbers():
    h, h2, p = heading_styles()
    assert (h.fontSize, h2.fontSize, p.fontSize) == (16, 12, 10)
    flowable = grid([["Name", "Punkte"], ["<b>Anna</b> & Co", "12"]], [200, 60], text_columns=(0,))
    assert isinstance(flowable, Table)
    assert flowable._cellvalues[1][1] == "12"  # a number: a plain cell
    assert flowable._cellStyles[1][1].alignment == "RIGHT"
    assert flowable._cellStyles[1][0].alignment != "RIGHT"
    pdf = build_pdf([flowable], "Test")
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert "<b>Anna</b> & Co" in text
