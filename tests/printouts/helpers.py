"""Worst-case lists and tournaments for the printout tests."""

from __future__ import annotations

import io
import random
import re

from pypdf import PdfReader

from league.clubs.models import Club, Player
from league.lists import services
from league.lists.selectors import spielliste_snapshot
from scoring.simulate import next_random_game

# Long real-looking names: the widest a list has to hold.
LONG_NAMES = [
    "Maximilian-Alexander Großkopf",
    "Bärbel Schmidt-Öztürk",
    "Hans-Jürgen Weißenberger",
    "Anne-Kathrin Müller-Lüdenscheidt",
    "Wolfgang Zimmermann",
]


def full_list(size: int, penalties: int = 3, *, names=None, title="Vereinsabend Herz-Dame"):
    """A finished list of ``size`` players (24 or 30 games), with ``penalties`` minor
    penalty rows spread over the round."""
    club = Club.objects.get_or_create(name="Herz-Dame Köln-Ehrenfeld 1987 e.V.")[0]
    players = [Player.objects.create(name=n, club=club) for n in (names or LONG_NAMES)[:size]]
    liste = services.spielliste_create(title=title, players=players, club=club)
    rng = random.Random(size * 7 + penalties)
    state = spielliste_snapshot(pk=liste.pk).state
    by_name = dict(zip(services.table_names(players), players, strict=True))
    after = {6 * (i + 1): i for i in range(penalties)}
    while state.next_game is not None:
        record = next_random_game(rng, state)
        services.game_record(spielliste=liste, record=record)
        done = state.games_played + 1
        if done in after:
            services.penalty_add(
                spielliste=liste,
                after_game=done,
                kind="minor",
                offender=by_name[record.players[after[done] % 4]],
                referee="Turnierleitung",
            )
        state = spielliste_snapshot(pk=liste.pk).state
    return liste


def reader(content: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(content))


def text_of(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in reader(content).pages)


def flat(text: str) -> str:
    """Extracted text with line breaks and runs of spaces as one space (wrapped cells)."""
    return re.sub(r"\s+", " ", text)


def fonts_of(content: bytes) -> dict[str, bool]:
    """{font name: embedded (has a FontFile/FontFile2/FontFile3)} over all pages,
    including fonts inside form XObjects."""
    found: dict[str, bool] = {}

    def visit(resources):
        if resources is None:
            return
        resources = resources.get_object()
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            embedded = any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            found[str(font.get("/BaseFont"))] = embedded
        for xobject in (resources.get("/XObject") or {}).values():
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Form":
                visit(xobject.get("/Resources"))

    for page in reader(content).pages:
        visit(page.get("/Resources"))
    return found
