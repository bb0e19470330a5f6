"""One person, one record at national size (issue 33): matching a typed name and finding the
likely pairs of a register of 20,000 players (scoring.people), pure Python, no database.

The register is generated: German first names × surnames drawn with a realistic skew (a few
surnames very common), plus a share of the same people written again the six ways a club
writes them (upper case, "Nachname, Vorname", ae/oe/ue/ss, doubled spaces, decomposed
Unicode, a typo). Prints the time of ``normalise`` over the register, of ``likely_pairs``
(blocking; never every pair — 20,000² / 2 = 200 million comparisons would take hours), the
number of pairs and of planted duplicates found, and per-name ``match`` against the block a
form reads (league.clubs.matching's keys), as one JSON object on the last line.

Usage: python bench/people.py [--players 20000] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
import unicodedata

from scoring.people import Candidate, likely_pairs, match, normalise, skeleton

FIRST = [
    "Jörg",
    "Jürgen",
    "Jan",
    "Jana",
    "Anna",
    "Anne",
    "Bernd",
    "Carla",
    "Dieter",
    "Elke",
    "Frank",
    "Gabi",
    "Günter",
    "Hans",
    "Heike",
    "Ingo",
    "Jens",
    "Karin",
    "Klaus",
    "Lutz",
    "Maren",
    "Martin",
    "Monika",
    "Nils",
    "Olaf",
    "Petra",
    "Ralf",
    "Sabine",
    "Stefan",
    "Thomas",
    "Ute",
    "Uwe",
    "Volker",
    "Walter",
    "Yvonne",
    "Zoë",
    "Björn",
    "Sören",
    "Ömer",
    "Ayşe",
    "Renée",
    "José",
    "Lukas",
    "Leonie",
    "Paul",
    "Marie",
]
LAST = [
    "Müller",
    "Schmidt",
    "Schneider",
    "Fischer",
    "Weber",
    "Meyer",
    "Wagner",
    "Becker",
    "Schulz",
    "Hoffmann",
    "Schäfer",
    "Koch",
    "Bauer",
    "Richter",
    "Klein",
    "Wolf",
    "Schröder",
    "Neumann",
    "Schwarz",
    "Zimmermann",
    "Braun",
    "Krüger",
    "Hofmann",
    "Hartmann",
    "Lange",
    "Schmitt",
    "Werner",
    "Schmitz",
    "Krause",
    "Meier",
    "Lehmann",
    "Schmid",
    "Schulze",
    "Maier",
    "Köhler",
    "Herrmann",
    "König",
    "Walter",
    "Mayer",
    "Huber",
    "Kaiser",
    "Fuchs",
    "Peters",
    "Lang",
    "Scholz",
    "Möller",
    "Weiß",
    "Jung",
    "Hahn",
    "Schubert",
    "Vogel",
    "Friedrich",
    "Keller",
    "Günther",
    "Frank",
    "Berger",
    "Winkler",
    "Roth",
    "Beck",
    "Lorenz",
    "Baumann",
    "Franke",
    "Albrecht",
    "Schuster",
    "Simon",
    "Ludwig",
    "Böhm",
    "Winter",
    "Kraus",
    "Martin",
    "Schumacher",
    "Krämer",
    "Vogt",
    "Stein",
    "Jäger",
    "Otto",
    "Sommer",
    "Groß",
    "Seidel",
    "Heinrich",
    "Brandt",
    "Haas",
    "Schreiber",
    "Graf",
    "Schulte",
    "Dietrich",
    "Ziegler",
    "Kuhn",
    "Kühn",
    "Pohl",
    "Engel",
    "Horn",
    "Busch",
    "Bergmann",
    "Thomas",
    "Voigt",
    "Sauer",
    "Arnold",
    "Wolff",
    "Pfeiffer",
]


def _spelled(name: str) -> str:
    for a, b in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")):
        name = name.replace(a, b)
    return name


def _typo(name: str, rng: random.Random) -> str:
    i = rng.randrange(1, len(name))
    return name[:i] + name[i + 1 :]


ONSETS = [
    "Al",
    "Bra",
    "Kal",
    "Lin",
    "Ros",
    "Stein",
    "Wal",
    "Ham",
    "Hel",
    "Bus",
    "Dör",
    "Eck",
    "Fal",
    "Gro",
    "Hil",
    "Jo",
    "Kre",
    "Lan",
    "Mer",
    "Ol",
]
ENDS = [
    "bach",
    "berg",
    "mann",
    "feld",
    "hoff",
    "er",
    "ing",
    "ke",
    "mayer",
    "brück",
    "rath",
    "wald",
    "kamp",
    "hauer",
    "stedt",
]


def _surname(rng: random.Random, weights: list[float]) -> str:
    # A third from the common surnames (skewed: Müller is everywhere), the rest the long
    # tail a national register has (made of syllables: "Steinbrück", "Kalkamp").
    if rng.random() < 0.35:
        return rng.choices(LAST, weights)[0]
    return rng.choice(ONSETS) + rng.choice(ENDS) + rng.choice(["", "", "s", "t", "e"])


def register(players: int, seed: int) -> tuple[list[Candidate], int]:
    rng = random.Random(seed)
    weights = [1 / (rank + 1) ** 0.8 for rank in range(len(LAST))]
    out: list[Candidate] = []
    planted = 0
    while len(out) < players:
        first, last = rng.choice(FIRST), _surname(rng, weights)
        name = f"{first} {last}"
        out.append(Candidate(len(out) + 1, name, None, frozenset({rng.randrange(1, 600)})))
        if rng.random() < 0.05 and len(out) < players:
            way = rng.randrange(6)
            again = (
                name.upper(),
                f"{last}, {first}",
                _spelled(name),
                name.replace(" ", "  "),
                unicodedata.normalize("NFD", name),
                _typo(name, rng),
            )[way]
            out.append(Candidate(len(out) + 1, again, None, frozenset()))
            planted += 1
    return out, planted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    people, planted = register(args.players, args.seed)

    start = time.perf_counter()
    keys = [normalise(p.name) for p in people]
    normalise_s = time.perf_counter() - start

    start = time.perf_counter()
    pairs = likely_pairs(people)
    pairs_s = time.perf_counter() - start
    found_planted = sum(1 for p in pairs if p.second == p.first + 1)

    # A form's match: the records sharing a key with the typed name (what the database
    # index hands matching), then match() over them.
    by_key: dict[str, list[Candidate]] = {}
    for person, key in zip(people, keys, strict=True):
        words = key.split()
        for block in {key, skeleton(key), words[0], words[-1]}:
            by_key.setdefault(block, []).append(person)
    rng = random.Random(args.seed + 1)
    timings, block_sizes = [], []
    for person in rng.sample(people, 500):
        key = normalise(person.name)
        words = key.split()
        near = {
            c.id: c
            for block in {key, skeleton(key), words[0], words[-1]}
            for c in by_key.get(block, [])
        }
        start = time.perf_counter()
        match(person.name, near.values())
        timings.append((time.perf_counter() - start) * 1000)
        block_sizes.append(len(near))
    timings.sort()
    figures = {
        "players": len(people),
        "planted_duplicates": planted,
        "normalise_s": round(normalise_s, 3),
        "likely_pairs_s": round(pairs_s, 3),
        "pairs": len(pairs),
        "planted_found": found_planted,
        "match_ms_p50": round(statistics.median(timings), 2),
        "match_ms_p95": round(timings[int(len(timings) * 0.95)], 2),
        "match_block_p95": sorted(block_sizes)[int(len(block_sizes) * 0.95)],
    }
    print(f"{len(people)} players ({planted} written again): normalise {normalise_s:.2f} s")
    print(f"likely_pairs {pairs_s:.2f} s: {len(pairs)} pairs, {found_planted} planted found")
    print(
        f"match over a form's block: p50 {figures['match_ms_p50']} ms, "
        f"p95 {figures['match_ms_p95']} ms (block p95 {figures['match_block_p95']} records)"
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
