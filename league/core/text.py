"""Text helpers for finding people: accent- and case-insensitive name matching."""

from __future__ import annotations

import unicodedata

# German spellings without umlauts: "Joerg" is "Jörg", "Mueller" is "Müller". Applied to
# both sides after the accents are gone, so "Michael" still finds "Michael".
_DIGRAPHS = (("ae", "a"), ("oe", "o"), ("ue", "u"))
# Letters that Unicode does not decompose into a base letter and an accent: "Søren" is
# found as "Soren", "Łukasz" as "Lukasz" (after case folding; static/js/names.js the same).
_LETTERS = str.maketrans({"ø": "o", "ł": "l", "đ": "d", "ı": "i", "æ": "ae", "œ": "oe", "þ": "th"})


def squeeze(text: str) -> str:
    """A typed name as stored: Unicode NFC (a "ü" typed as u + combining diaeresis is the
    same name as "ü"), runs of white space made one, none at the ends."""
    return " ".join(unicodedata.normalize("NFC", text).split())


def fold(text: str) -> str:
    """A name as search compares it: case-folded (ß → ss), accents removed (ö → o, é → e),
    the umlaut spellings ae/oe/ue reduced, runs of spaces made one.

    >>> fold("Jörg Weiß") == fold("JOERG weiss") == fold("Jorg Weiss")
    True
    >>> fold("Søren Łukasz") == fold("soren lukasz")
    True
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(_LETTERS))
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    for digraph, vowel in _DIGRAPHS:
        plain = plain.replace(digraph, vowel)
    return " ".join(plain.split())


def name_matches(query: str, name: str) -> bool:
    """Whether every word of ``query`` occurs in ``name`` (folded): "jorg" finds "Jörg Fuß",
    "fuss j" finds him too; an empty query matches nothing."""
    words = fold(query).split()
    folded = fold(name)
    return bool(words) and all(word in folded for word in words)
