"""Every PDF: names printed as text (never markup), one page per list with its signatures,
every glyph from an embedded font, in the request's language."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from league.core.pdf import esc, markup, wrapped
from league.core.pdf.fonts import has_glyph
from league.lists.pdf import blank_spielliste_pdf, spielliste_pdf
from league.lists.selectors import spielliste_snapshot
from league.tournaments import services as ts
from league.tournaments.pdf import surname_key
from tests.printouts.helpers import flat, fonts_of, full_list, reader, text_of
from tests.tournaments.helpers import play_round

HOSTILE = [
    '<img src="/etc/passwd"/>',
    "Anna < Bernd & Co",
    "<b>Fett</b> Ohne",
    "Dieter </para> Ende",
    'Eva "&amp;" Echt',
    "Fritz <font size=40>",
    "Gabi <a href='x'>",
    "Heinz >>",
]


@pytest.fixture
def organiser(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("org", password="pw", is_staff=True))
    return client


@pytest.fixture
def hostile_tournament(db):
    """A tournament whose name, clubs and players are markup; round 1 played, round 2 drawn."""
    t = ts.tournament_create(
        name="Pokal <b>& Co</b> <img src='/etc/hostname'>",
        date=dt.date(2026, 11, 21),
        rounds_planned=2,
    )
    for i, name in enumerate(HOSTILE):
        ts.participant_add(tournament=t, name=name, club_name=f"<Club {i % 2}> & Söhne")
    rnd, _ = ts.round_draw(tournament=t, seed=5)
    play_round(rnd, seed=5)
    ts.round_close(tournament_round=rnd)
    ts.round_draw(tournament=t, seed=6)
    return t


def _no_image(content: bytes) -> bool:
    return b"/Subtype /Image" not in content and b"/DCTDecode" not in content


def _endpoints(t):
    liste = t.rounds.get(number=1).lists.first()
    return [
        ("liste-pdf", [liste.pk], {}),
        ("liste-blank-pdf", [liste.pk], {}),
        ("draw-pdf", [t.pk, 1], {}),
        ("draw-pdf", [t.pk, 2], {}),
        ("round-lists-pdf", [t.pk, 1], {}),
        ("round-lists-pdf", [t.pk, 2], {}),
        ("round-lists-pdf", [t.pk, 2], {"leer": "1"}),
        ("codes-pdf", [t.pk, 2], {}),
        ("standings-pdf", [t.pk], {}),
        ("standings-pdf", [t.pk], {"vorlaeufig": "1"}),
    ]


def test_markup_in_names_prints_as_text_in_every_pdf(organiser, hostile_tournament):
    t = hostile_tournament
    for name, args, query in _endpoints(t):
        response = organiser.get(reverse(name, args=args), query)
        assert response.status_code == 200, name
        content = response.content
        assert _no_image(content), name  # <img src=…> never embeds a file
        text = flat(text_of(content))
        if name in ("draw-pdf", "codes-pdf", "standings-pdf"):
            assert "Pokal <b>& Co</b> <img src='/etc/hostname'>" in text, name
        shown = [n for n in HOSTILE if n in text]
        if name in ("liste-pdf", "liste-blank-pdf"):
            seats = spielliste_snapshot(pk=args[0]).seat_names
            assert seats, name
            assert all(seat in text for seat in seats), name
        else:
            assert shown == HOSTILE, (name, set(HOSTILE) - set(shown))
        if name in ("draw-pdf", "standings-pdf"):
            assert "<Club 0> & Söhne" in text, name


# What only the organiser's printout carries: each open table's code and its QR address.
CODE_BLOCK = re.compile(
    r"Tisch-Code: [A-Z0-9]{4} [A-Z0-9]{4} Spiele am Handy eintragen: QR-Code scannen oder "
    r"http://testserver/t/([A-Z0-9]{8})/ öffnen\. "
)
PRINTED_AT = re.compile(r"\d\d\.\d\d\.\d{4} \d\d:\d\d")  # the time of printing


def test_the_public_gets_the_same_pdfs_without_a_500(organiser, hostile_tournament):
    """Every printout the public may fetch reads exactly as the organiser's, less the table
    codes (which only the organiser's printout of an open round carries)."""
    t = hostile_tournament
    client = Client()  # the public (the ``client`` fixture is the organiser's)
    open_codes = sorted(t.rounds.get(number=2).lists.values_list("code", flat=True))
    for name, args, query in _endpoints(t):
        if name == "codes-pdf":
            assert client.get(reverse(name, args=args), query).status_code == 302  # login
            continue  # organisers only
        public = client.get(reverse(name, args=args), query)
        assert public.status_code == 200, name
        own = organiser.get(reverse(name, args=args), query)
        theirs = PRINTED_AT.sub("…", flat(text_of(public.content)))
        mine = PRINTED_AT.sub("…", flat(text_of(own.content)))
        codes = CODE_BLOCK.findall(mine)
        expected = open_codes if name == "round-lists-pdf" and args[1] == 2 else []
        assert sorted(codes) == expected, (name, args, query)
        assert theirs == CODE_BLOCK.sub("", mine), (name, args, query)
        assert "Tisch-Code" not in theirs, name


def test_the_escaping_helpers():
    assert esc('<img src="/etc/passwd">') == '&lt;img src="/etc/passwd"&gt;'
    assert markup("%(a)s & <%(b)s>", a="<x>", b="&") == "&lt;x&gt; &amp; &lt;&amp;&gt;"
    assert wrapped("A<B Müller-Lüdenscheidt", 30, 8) == "A&lt;B<br/>Müller-<br/>Lüdenscheidt"


def test_no_printout_builds_paragraphs_or_tables_around_the_helpers():
    """One way into a PDF: ``league.core.pdf`` (``para`` escapes, ``table`` sets the
    embedded font). A module calling reportlab's Paragraph or Table itself would bypass it."""
    root = Path(__file__).resolve().parents[2] / "league"
    offenders = []
    for path in root.rglob("*.py"):
        if path.is_relative_to(root / "core" / "pdf"):
            continue
        source = path.read_text()
        if re.search(r"\b(Paragraph|Table|LongTable|XPreformatted)\(", source):
            offenders.append(str(path.relative_to(root)))
    assert offenders == []


# --- one page, signatures, fonts ----------------------------------------------------------


def _check_page(content: bytes, names: list[str], *, chart: bool):
    pdf = reader(content)
    assert len(pdf.pages) == 1
    text = flat(pdf.pages[0].extract_text())
    assert "Unterschriften" in text
    signatures = text[text.index("Unterschriften") :]
    assert all(name in signatures for name in names)  # a name under each signature line
    assert "Pflichtsolo" in text
    assert ("Punktestand nach jedem Spiel" in text) is chart
    fonts = fonts_of(content)
    assert fonts
    assert all(fonts.values()), fonts  # every font embedded (FontFile2)
    assert all("DejaVu" in name for name in fonts), fonts
    missing = {c for c in text if not c.isspace() and not has_glyph(c)}
    assert missing == set()


@pytest.mark.parametrize(("size", "games"), [(4, 24), (5, 30)])
def test_a_full_list_with_penalties_fits_one_page_with_signatures_and_chart(
    client, db, size, games
):
    liste = full_list(size, penalties=3)
    snap = spielliste_snapshot(pk=liste.pk)
    assert snap.state.games_played == games
    assert sum(1 for r in snap.state.rows if r.penalty is not None) == 3
    content = client.get(reverse("liste-pdf", args=[liste.pk])).content
    _check_page(content, snap.seat_names, chart=True)
    text = text_of(content)
    assert "✓" in text
    assert "Strafzeile nach Spiel 18" in flat(text)
    assert "vorgeführt" in text
    blank = client.get(reverse("liste-blank-pdf", args=[liste.pk])).content
    _check_page(blank, snap.seat_names, chart=False)
    assert str(games) in text_of(blank).split()
    # The table's own printout, with its code and QR code, still one page.
    url = f"http://testserver/t/{liste.code}/"
    for content, chart in (
        (spielliste_pdf(snap, url), True),
        (blank_spielliste_pdf(snap, url), False),
    ):
        _check_page(content, snap.seat_names, chart=chart)
        assert f"{liste.code[:4]} {liste.code[4:]}" in text_of(content)


def test_all_lists_of_a_round_one_page_per_table_with_its_signatures(organiser, db):
    t = ts.tournament_create(name="T", date=dt.date(2026, 11, 21))
    for i in range(20):
        ts.participant_add(tournament=t, name=f"Spielerin Nummer{i:02d}", club_name="A")
    rnd, _ = ts.round_draw(tournament=t, seed=2)
    play_round(rnd, seed=2)
    for query in ({}, {"leer": "1"}):
        content = organiser.get(reverse("round-lists-pdf", args=[t.pk, 1]), query).content
        pdf = reader(content)
        assert len(pdf.pages) == 5
        for page, liste in zip(pdf.pages, rnd.lists, strict=True):
            text = flat(page.extract_text())
            names = [s.name for s in liste.seats.all()]
            signatures = text[text.index("Unterschriften") :]
            assert all(n in signatures for n in names)
            assert f"{liste.code[:4]} {liste.code[4:]}" in text  # the organiser's copy
        assert all(fonts_of(content).values())


def test_pdfs_follow_the_request_language(client, db):
    liste = full_list(4, penalties=1)
    english = flat(
        text_of(
            client.get(reverse("liste-pdf", args=[liste.pk]), HTTP_ACCEPT_LANGUAGE="en").content
        )
    )
    german = flat(
        text_of(
            client.get(reverse("liste-pdf", args=[liste.pk]), HTTP_ACCEPT_LANGUAGE="de").content
        )
    )
    assert "Signatures" in english
    assert "Unterschriften" not in english
    assert "Score sheet" in english
    assert "Running total after each game" in english
    assert "Unterschriften" in german
    assert "Signatures" not in german
    assert "Punktestand nach jedem Spiel" in german


def test_where_do_i_sit_is_sorted_by_surname_ignoring_accents(client, db):
    names = [
        "Zoe Ärger",
        "Anna Zimmer",
        "Bernd Österreich",
        "Carl Oberst",
        "Dora Becker",
        "Emil Weiß",
        "Erna Weiss",
        "Frieda von Aachen",
    ]
    t = ts.tournament_create(name="T", date=dt.date(2026, 11, 21))
    for name in names:
        ts.participant_add(tournament=t, name=name)
    ts.round_draw(tournament=t, seed=1)
    text = text_of(client.get(reverse("draw-pdf", args=[t.pk, 1])).content)
    where = text[text.index("Wo sitze ich?") :]
    order = sorted(names, key=lambda n: where.index(n))
    assert order == [
        "Frieda von Aachen",
        "Zoe Ärger",
        "Dora Becker",
        "Carl Oberst",
        "Bernd Österreich",
        "Emil Weiß",
        "Erna Weiss",
        "Anna Zimmer",
    ]
    assert surname_key("Bernd Österreich") == ("osterreich", "bernd")


def test_the_vorgefuehrt_header_fits_its_cell_in_both_languages(db):
    """Each column is at least as wide as every word of its header (which wraps at spaces)
    plus the cell padding, in German and in English ("forced (Vorführung)")."""
    from django.utils import translation

    from league.core.pdf import text_width
    from league.lists.pdf import _pflicht_table, seating

    liste = full_list(5, penalties=0)
    snap = spielliste_snapshot(pk=liste.pk)
    scale = 0.8
    for language in ("de", "en"):
        with translation.override(language):
            seated = seating(snap, blank=False)
            table = _pflicht_table(snap, seated, blank=False, scale=scale, width=86 * 2.8346)
            headers = [translation.gettext(h) for h in ("Spiel", "Solo", "Punkte", "vorgeführt")]
            for width, header in zip(table._colWidths[1:], headers, strict=True):
                words = max(text_width(w, 7.5 * scale, bold_face=True) for w in header.split())
                assert width >= words + 6 * scale, (language, header)
