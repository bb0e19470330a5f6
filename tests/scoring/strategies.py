"""Hypothesis strategies: every valid game record (scoring.md §1, §5)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scoring.interchange import LEVEL_CODES, SOLO_TYPES

names = st.text(
    alphabet=st.characters(categories=("L", "N"), include_characters=" -äöüß"),
    min_size=1,
    max_size=12,
).filter(lambda s: s.strip() != "")


@st.composite
def game_records(draw: st.DrawFn) -> dict[str, Any]:
    players = draw(st.lists(names, min_size=4, max_size=4, unique=True))
    kind = draw(st.sampled_from(["normal", "hochzeit", "stille_hochzeit", "solo"]))
    if kind == "normal":
        re_size = 2
    elif kind == "hochzeit":
        re_size = draw(st.sampled_from([1, 2]))
    else:
        re_size = 1
    re = draw(st.permutations(players))[:re_size]
    augen = draw(st.integers(0, 240))
    schwarz = None
    if augen == 240:
        schwarz = draw(st.sampled_from([None, "kontra"]))
    elif augen == 0:
        schwarz = draw(st.sampled_from([None, "re"]))
    data: dict[str, Any] = {
        "kind": kind,
        "solo": draw(st.sampled_from(sorted(SOLO_TYPES))) if kind == "solo" else None,
        "pflicht": draw(st.booleans()) if kind == "solo" else False,
        "players": players,
        "re": re,
        "re_augen": augen,
        "schwarz": schwarz,
        "announcements": {
            "re": draw(st.sampled_from(LEVEL_CODES)),
            "kontra": draw(st.sampled_from(LEVEL_CODES)),
        },
    }
    if re_size == 2 and draw(st.booleans()):
        kontra_augen = 240 - augen
        dk_re = draw(st.integers(0, min(4, augen // 40)))
        dk_ko = draw(st.integers(0, min(4 - dk_re, kontra_augen // 40)))
        fuchs_re = draw(st.integers(0, 0 if schwarz == "re" else 2))
        fuchs_ko = draw(st.integers(0, 0 if schwarz == "kontra" else 2 - fuchs_re))
        karlchen_choices = [None, "re", "kontra"]
        if schwarz is not None:
            karlchen_choices.remove(schwarz)
        data["specials"] = {
            "doppelkopf": {"re": dk_re, "kontra": dk_ko},
            "fuchs": {"re": fuchs_re, "kontra": fuchs_ko},
            "karlchen": draw(st.sampled_from(karlchen_choices)),
        }
    return data
