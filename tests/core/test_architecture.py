"""The house's plan, measured over the source tree (DEVELOPING.md "The layers").

Pure AST over every ``.py`` file of ``league/`` and ``scoring/`` (migrations aside): no
Django, nothing of the code under test is imported; about a second. ``make arch`` runs
this file alone; ``make lint`` and ``make test`` include it.

(a) **Layers.** The apps of ``league/`` stand in ``LAYERS``, lowest first; an app imports
    only apps on a lower level, never one on its own level. ``league``'s own modules
    (settings, urls, wsgi) stand above every app, and no app imports them. ``scoring``
    imports nothing of ``league`` and nothing of Django or DRF. An app that ``LAYERS`` does
    not name fails: a new app takes its place there first.
(b) **No circle of files.** The strongly connected components of the module graph are
    single files. An edge runs from a module to each project module it imports and to that
    module's parent packages (Python runs their ``__init__`` first), except a package the
    importer itself lies in.
(c) **No module over 700 lines** (``MAX_LINES``).
(d) **No sentence typed into a ``raise``** in ``league/``: refusal texts are codes with
    parameters in ``league/core/messages.py``. The rule: a ``raise`` whose raised
    expression holds, anywhere, a string literal (or the literal part of an f-string) with
    two words of two or more letters separated by white space ("Diese Liste gibt es
    nicht.", "bulk insert returned no keys"). Separators (", "), ranges ("1 … 99") and
    codes ("no_games") are no sentences. Management commands and ``league/settings.py``
    are exempt: they speak to the operator in a shell (English, no catalogue).
(e) **Every import inside a function says which cycle forces it**: a comment holding the
    word "cycle", on the import's first line or the line above, e.g.
    ``# cycle: lists.owners ↔ tournaments.selectors (registered while apps load)``.
    Pragmas (``noqa``, ``type: ignore``) are no such comment. Standard-library and
    third-party imports count too: with no cycle to name, they belong at module level.

(f) **No private name reached across modules**: nothing imports ``_name`` from another
    module of ``league/`` or ``scoring/`` or reads ``module._name`` through an imported
    module; a name two modules share is public (no underscore).
(g) **No ``type: ignore``** in ``league/`` or ``scoring/``: an untyped library gets a stub
    (``stubs/``), a Django class generic only in django-stubs a ``TYPE_CHECKING`` alias,
    a value whose type the checker cannot know an honest ``cast``.

(a), (b) and (e) see module-level and in-function imports alike; an import under
``if TYPE_CHECKING:`` never runs and is skipped (its ``else:`` branch is not).

The ``KNOWN_*`` sets list what other branches are fixing while this test lands, each with
who; a listed item that no longer occurs fails the test as well, so the lists only shrink
(to empty) as the branches merge: delete the item the message names.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

# Nothing here depends on the database server or the cache: CI's PostgreSQL run leaves it out.
pytestmark = pytest.mark.once

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("league", "scoring")
MAX_LINES = 700

LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"core"}),
    frozenset({"accounts"}),
    frozenset({"clubs"}),
    frozenset({"lists"}),
    frozenset({"tournaments", "leagues", "evenings"}),  # the owners of lists
    frozenset({"rankings"}),
    frozenset({"api", "backup", "privacy", "embed", "opendata"}),  # embed: the widgets
    frozenset({"federation"}),  # venue ↔ site: the venue's health page reads its link
    frozenset({"venue", "demo", "start"}),  # start: home page, Meine Aufgaben
)
SITE = "<site>"  # league/*.py: settings, urls, wsgi
NOT_FOR_SCORING = ("league", "django", "rest_framework", "drf_spectacular")

# --- known violations: being fixed on other branches; each set must become empty --------

# (a) imports up or sideways, (importer, imported module).
KNOWN_UPWARD: set[tuple[str, str]] = set()

# (b) circles of files.
KNOWN_CIRCLES: set[frozenset[str]] = set()

# (c) modules over MAX_LINES lines.
KNOWN_LONG: set[str] = set()

# (d) sentences typed into a raise, per file: how many.
KNOWN_RAISE_SENTENCES: dict[str, int] = {}

# (e) imports inside functions without a comment naming their cycle, (file, module).
KNOWN_UNCOMMENTED: set[tuple[str, str]] = set()


# --- the source tree --------------------------------------------------------------------


@dataclass(frozen=True)
class Module:
    name: str  # dotted, a package by its own name ("scoring.interchange")
    path: str  # relative to the repository, "/"-separated
    source: str
    is_package: bool


@dataclass(frozen=True)
class Import:
    importer: str
    path: str
    line: int
    module: str  # the module the statement names ("from x.y import z": "x.y")
    names: tuple[str, ...]  # fully qualified candidates ("x.y.z": a submodule or a name)
    in_function: bool
    commented: bool  # a comment naming a cycle on its first line or the line above


@cache
def modules() -> Mapping[str, Module]:
    found: dict[str, Module] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT)
            if "migrations" in rel.parts:
                continue
            parts = list(rel.with_suffix("").parts)
            is_package = parts[-1] == "__init__"
            if is_package:
                parts.pop()
            name = ".".join(parts)
            found[name] = Module(name, rel.as_posix(), path.read_text("utf-8"), is_package)
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def import_nodes(tree: ast.AST) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement that can run, and whether it sits inside a function."""
    stack: list[tuple[ast.AST, bool]] = [(tree, False)]
    while stack:
        node, in_function = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            children: Iterable[ast.AST] = node.orelse
        else:
            children = ast.iter_child_nodes(node)
        for child in children:
            if isinstance(child, ast.Import | ast.ImportFrom):
                yield child, in_function
            stack.append((child, in_function or isinstance(child, _FUNCTIONS)))


_PRAGMA = re.compile(r"\s*(noqa|type:|pragma|fmt:|isort:)", re.IGNORECASE)


def names_a_cycle(lines: list[str], line: int) -> bool:
    """Whether import statement ``line`` (1-based) carries a comment with the word "cycle",
    pragmas aside: on its own line, or in the comment lines right above the block of import
    statements it belongs to (one comment may speak for a group of imports; an import line
    holds no string, so its first "#" starts the comment)."""
    here = lines[line - 1]
    comments = [here[here.index("#") :]] if "#" in here else []
    i = line - 2
    while i >= 0 and _IMPORT_LINE.match(lines[i]):  # up over the block's earlier imports
        i -= 1
    while i >= 0 and lines[i].strip().startswith("#"):
        comments.append(lines[i].strip())
        i -= 1
    parts = [part for comment in comments for part in comment.split("#")]
    return any("cycle" in part.lower() and not _PRAGMA.match(part) for part in parts)


# A line of an import statement: its start, a name inside its parentheses, or the ")".
_IMPORT_LINE = re.compile(r"\s*(from\s|import\s|[\w.]+( as \w+)?,?\s*$|\)\s*$)")


@cache
def tree(name: str) -> ast.Module:
    module = modules()[name]
    return ast.parse(module.source, module.path)


def imports_of(module: Module, parsed: ast.Module | None = None) -> list[Import]:
    lines = module.source.splitlines()
    out = []
    parsed = parsed or ast.parse(module.source, module.path)
    for node, in_function in sorted(import_nodes(parsed), key=lambda item: item[0].lineno):
        statements: list[tuple[str, tuple[str, ...]]]
        if isinstance(node, ast.Import):
            statements = [(alias.name, (alias.name,)) for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                parts = module.name.split(".")
                if not module.is_package:
                    parts.pop()
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            statements = [(base, tuple(f"{base}.{alias.name}" for alias in node.names))]
        commented = names_a_cycle(lines, node.lineno)
        for name, names in statements:
            out.append(
                Import(
                    module.name,
                    module.path,
                    node.lineno,
                    name,
                    names,
                    in_function,
                    commented,
                )
            )
    return out


@cache
def all_imports() -> tuple[Import, ...]:
    return tuple(
        imp for module in modules().values() for imp in imports_of(module, tree(module.name))
    )


def project_module(name: str, known: Mapping[str, object]) -> str | None:
    """The project module ``name`` is, or lies in (a class, a function); None outside."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def _ancestors(module: str) -> list[str]:
    parts = module.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def direct_targets(imp: Import, known: Mapping[str, object]) -> set[str]:
    """The project modules whose contents an import reads: each named submodule, or the
    module a named class or function lies in."""
    out = set()
    for name in imp.names:
        target = project_module(name, known)
        if target is not None and target != imp.importer:
            out.add(target)
    return out


def targets(imp: Import, known: Mapping[str, object]) -> set[str]:
    """The project modules an import runs: ``direct_targets`` and their parent packages,
    except the packages the importer lies in (already running when it runs)."""
    own = set(_ancestors(imp.importer))
    out = direct_targets(imp, known)
    for target in list(out):
        out |= {p for p in _ancestors(target) if p in known and p not in own}
    out.discard(imp.importer)
    return out


@cache
def graph() -> Mapping[str, frozenset[str]]:
    known = modules()
    edges: dict[str, set[str]] = {name: set() for name in known}
    for imp in all_imports():
        edges[imp.importer] |= targets(imp, known)
    return {name: frozenset(out) for name, out in edges.items()}


def circles(edges: Mapping[str, Iterable[str]]) -> set[frozenset[str]]:
    """The strongly connected components of more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[frozenset[str]] = set()

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in edges.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.add(frozenset(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def app_of(module: str) -> str | None:
    """``league.<app>.…`` -> app; ``league``'s own modules -> SITE; else None."""
    parts = module.split(".")
    if parts[0] != "league":
        return None
    if len(parts) == 1 or (ROOT / "league" / f"{parts[1]}.py").is_file():
        return SITE
    return parts[1]


_WORDS = re.compile(r"[^\W\d_]{2,}\s+[^\W\d_]{2,}")


def raise_sentences(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """(line, text) of every sentence typed into a ``raise`` (rule (d))."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and node.exc is not None:
            for part in ast.walk(node.exc):
                if (
                    isinstance(part, ast.Constant)
                    and isinstance(part.value, str)
                    and _WORDS.search(part.value)
                ):
                    yield node.lineno, part.value
                    break


def compare(found: Mapping[object, str], known: Iterable[object], what: str) -> list[str]:
    """Messages: each violation not in ``known``, each ``known`` item no longer found."""
    known = set(known)
    problems = [f"{what}: {found[key]}" for key in sorted(found, key=str) if key not in known]
    problems += [
        f"{what}: fixed, delete it from the test's KNOWN_ list: {key!r}"
        for key in sorted(known, key=str)
        if key not in found
    ]
    return problems


# --- (a) layers -------------------------------------------------------------------------


def test_every_app_has_a_layer():
    level = {app for apps in LAYERS for app in apps}
    apps = {app_of(name) for name in modules()} - {None, SITE}
    assert apps - level == set(), "a new app: give it its level in LAYERS (and DEVELOPING.md)"


def test_apps_import_only_apps_below_them():
    known = modules()
    level = {app: i for i, apps in enumerate(LAYERS) for app in apps}
    found: dict[object, str] = {}
    for imp in all_imports():
        source = app_of(imp.importer)
        if source not in level:  # scoring, the site's modules; an unknown app: see above
            continue
        for target in direct_targets(imp, known):
            dest = app_of(target)
            if dest is None or dest == source or (dest != SITE and dest not in level):
                continue
            if dest == SITE or level[dest] >= level[source]:
                where = "sideways" if level.get(dest) == level.get(source) else "up"
                found[(imp.importer, target)] = f"{imp.path}:{imp.line} imports {where}: {target}"
    problems = compare(found, KNOWN_UPWARD, "layers")
    assert not problems, "\n".join(problems)


def test_scoring_imports_nothing_of_the_site_or_django():
    wrong = [
        f"{imp.path}:{imp.line}: {imp.module}"
        for imp in all_imports()
        if imp.importer.split(".")[0] == "scoring"
        and imp.module.split(".")[0].startswith(NOT_FOR_SCORING)
    ]
    assert wrong == []


# --- (b) circles ------------------------------------------------------------------------


def test_no_circle_of_files():
    found: dict[object, str] = {circle: " <-> ".join(sorted(circle)) for circle in circles(graph())}
    problems = compare(found, KNOWN_CIRCLES, "circle")
    assert not problems, "\n".join(problems)


# --- (c) length -------------------------------------------------------------------------


def test_no_module_over_700_lines():
    found: dict[object, str] = {}
    for module in modules().values():
        lines = module.source.count("\n")
        if lines > MAX_LINES:
            found[module.path] = f"{module.path} has {lines} lines (at most {MAX_LINES})"
    problems = compare(found, KNOWN_LONG, "too long")
    assert not problems, "\n".join(problems)


# --- (d) sentences in a raise -----------------------------------------------------------


def _speaks_to_the_operator(path: str) -> bool:
    return "/management/commands/" in path or path == "league/settings.py"


def test_no_sentence_typed_into_a_raise():
    counts: dict[str, list[str]] = {}
    for module in modules().values():
        if module.path.startswith("league/") and not _speaks_to_the_operator(module.path):
            for line, text in raise_sentences(tree(module.name)):
                counts.setdefault(module.path, []).append(f"{module.path}:{line}: {text!r}")
    problems = []
    for path, sites in sorted(counts.items()):
        allowed = KNOWN_RAISE_SENTENCES.get(path, 0)
        if len(sites) > allowed:
            problems += sites if not allowed else [f"{path}: {len(sites)} sentences, not {allowed}"]
        elif len(sites) < allowed:
            problems.append(f"{path}: {len(sites)} left; set KNOWN_RAISE_SENTENCES to that")
    problems += [
        f"{path}: fixed, delete it from KNOWN_RAISE_SENTENCES"
        for path in sorted(KNOWN_RAISE_SENTENCES)
        if path not in counts
    ]
    assert not problems, "\n".join(problems)


# --- (e) imports inside functions -------------------------------------------------------


def test_every_import_inside_a_function_names_its_cycle():
    found: dict[object, str] = {
        (imp.path, imp.module): f"{imp.path}:{imp.line}: {imp.module}"
        for imp in all_imports()
        if imp.in_function and not imp.commented
    }
    problems = compare(found, KNOWN_UNCOMMENTED, "import inside a function without its cycle")
    assert not problems, "\n".join(problems)


# --- (f) private names ------------------------------------------------------------------


def private_reaches(module: Module, parsed: ast.Module, known: Mapping[str, object]) -> list[str]:
    """Where ``module`` imports a private name of another project module or reads one
    through an imported module (``services._x``)."""
    out = []
    modules_bound: dict[str, str] = {}  # local name -> the project module it is
    for imp in imports_of(module, parsed):
        for name in imp.names:
            target = project_module(name, known)
            if target is None or target == module.name:
                continue
            last = name.rpartition(".")[2]
            if name != target and last.startswith("_") and not last.startswith("__"):
                out.append(f"{module.path}:{imp.line} imports {name}")
    for node in ast.walk(parsed):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname and alias.name in known:  # import x.y as z
                    modules_bound[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:  # from x import y (as z), y a module
                full = f"{node.module}.{alias.name}"
                if full in known and full != module.name:
                    modules_bound[alias.asname or alias.name] = full
    for node in ast.walk(parsed):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules_bound
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            out.append(f"{module.path}:{node.lineno} reads {node.value.id}.{node.attr}")
    return out


def test_no_private_name_is_reached_across_modules():
    known = modules()
    found = [
        reach
        for module in known.values()
        for reach in private_reaches(module, tree(module.name), known)
    ]
    assert found == []


# --- (g) type: ignore --------------------------------------------------------------------

_TYPE_IGNORE = re.compile(r"#\s*type:\s*ignore")


def type_ignores(source: str) -> list[int]:
    """The lines whose comment holds a ``type: ignore``."""
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    return [
        tok.start[0]
        for tok in tokens
        if tok.type == tokenize.COMMENT and _TYPE_IGNORE.search(tok.string)
    ]


def test_no_type_ignore():
    found = [
        f"{module.path}:{line}"
        for module in modules().values()
        for line in type_ignores(module.source)
    ]
    assert found == []


# --- the rules themselves, on small sources ---------------------------------------------


def _module(name: str, source: str, is_package: bool = False) -> Module:
    return Module(name, name.replace(".", "/") + ".py", source, is_package)


def test_the_walk_skips_type_checking_and_sees_imports_in_functions():
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from league.clubs.models import Club\n"
        "else:\n"
        "    import json\n"
        "def f():\n"
        "    # cycle: lists <-> tournaments\n"
        "    from . import selectors\n"
        "    x = 1\n"
        "    from ..core import errors  # noqa: cycle-free\n"
    )
    found = imports_of(_module("league.lists.views", source))
    assert [(i.module, i.names, i.in_function, i.commented) for i in found] == [
        ("typing", ("typing.TYPE_CHECKING",), False, False),
        ("json", ("json",), False, False),
        ("league.lists", ("league.lists.selectors",), True, True),
        ("league.core", ("league.core.errors",), True, False),
    ]


def test_a_pragma_names_no_cycle():
    lines = [
        "# cycle: a <-> b",
        "from a import b",
        "x = 0",
        "from a import c  # noqa: cycle",
        "from a import d  # type: ignore[misc]  # cycle: a <-> d",
        "x = 1  # cycle",
        "from a import e",
    ]
    assert [names_a_cycle(lines, n) for n in (2, 4, 5, 7)] == [True, False, True, False]


def test_one_comment_speaks_for_a_block_of_imports():
    lines = [
        "    # the app registry's order (a cycle of apps)",
        "    from a import b",
        "    from a import (",
        "        c,",
        "        d as e,",
        "    )",
        "    from f import g",
        "    register()",
        "    from h import i",
    ]
    assert [names_a_cycle(lines, n) for n in (2, 3, 7, 9)] == [True, True, True, False]


def test_edges_reach_parent_packages_but_not_ones_own():
    known = {name: None for name in ("a", "a.b", "a.b.c", "a.d", "e", "e.f")}
    imp = Import("a.d", "a/d.py", 1, "a.b.c", ("a.b.c.name",), False, False)
    assert targets(imp, known) == {"a.b", "a.b.c"}
    inside = Import("a.b.c", "a/b/c.py", 1, "e", ("e.f",), False, False)
    assert targets(inside, known) == {"e", "e.f"}
    sibling = Import("a.b.c", "a/b/c.py", 1, "a.b", ("a.b.c2",), False, False)
    assert targets(sibling, {**known, "a.b.c2": None}) == {"a.b.c2"}
    from_own_package = Import("a.b.c", "a/b/c.py", 1, "a.b", ("a.b.name",), False, False)
    assert targets(from_own_package, known) == {"a.b"}  # a name of a.b's __init__: it runs


def test_circles_are_components_of_two_or_more():
    edges = {"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"], "e": ["e"]}
    assert circles(edges) == {frozenset("abc")}


def test_what_counts_as_a_sentence():
    source = (
        "raise ServiceError('no_games')\n"
        "raise ServiceError('x', {'tables': ', '.join(t)})\n"
        "raise ServiceError('x', {'detail': f'1 … {n}'})\n"
        "raise Http404(_('Diese Liste gibt es nicht.'))\n"
        "raise ValueError(f'{name} must be set')\n"
    )
    assert [line for line, _ in raise_sentences(ast.parse(source))] == [4, 5]


def test_what_counts_as_a_private_reach():
    known = {name: None for name in ("league.a", "league.a.b", "league.c")}
    source = (
        "from league.a.b import _hidden, shown\n"
        "from league.a import b as mod\n"
        "from league.c import _Row as Row\n"
        "import league.c\n"
        "x = mod._secret + mod.public + Row._meta + mod.__name__\n"
    )
    module = _module("league.d", source)
    assert private_reaches(module, ast.parse(source), known) == [
        "league/d.py:1 imports league.a.b._hidden",
        "league/d.py:3 imports league.c._Row",
        "league/d.py:5 reads mod._secret",
    ]


def test_what_counts_as_a_type_ignore():
    source = (
        "x: int = y  # type: ignore[assignment]\n"
        "s = '# type: ignore in a string'\n"
        "z = 1  #type:ignore\n"
    )
    assert type_ignores(source) == [1, 3]
