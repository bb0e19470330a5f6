"""A running-totals chart as inline SVG: pure Python, no Django, no JavaScript.

Each series is one player's total after each step (game or round). The drawing uses
``currentColor`` for axes and labels, so it follows the page's text colour in light and dark
mode; the line colours are mid tones with at least 3 : 1 contrast against both a white and
a near-black background (WCAG 1.4.11 for graphics), and every line also has its own dash
pattern and end label, so the chart never relies on colour alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

# Blue, red, green, amber, purple: each >= 3:1 against #ffffff and against #0f172a.
COLOURS = ("#2f6fde", "#d83a3a", "#16884a", "#a65f00", "#9b4fd6")
DASHES = ("", "6 3", "2 3", "9 3 2 3", "4 2 1 2")


@dataclass(frozen=True)
class Series:
    name: str  # the legend text (a player's name)
    short: str  # the end label on the line (initials)
    values: tuple[int, ...]  # total after step 1, 2, ...


def _ticks(low: int, high: int, count: int = 4) -> list[int]:
    """Round tick values covering low..high (always including 0)."""
    span = max(high - low, 1)
    raw = span / count
    step = 1
    for candidate in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        step = candidate
        if candidate >= raw:
            break
    first = (low // step) * step
    return list(range(first, high + step, step))


def running_totals_svg(
    series: Sequence[Series],
    *,
    title: str,
    x_label: str = "",
    width: int = 420,
    height: int = 210,
    start: int = 0,
) -> str:
    """The chart as an ``<svg>`` element (a string of markup, every text escaped).
    ``start``: every line's value before step 1 (the baseline: 0 for points, 1000 for
    the Spielstärke).

    The SVG scales to its container (``viewBox``, width 100 %); with no step at all it
    returns an empty string, so the caller shows nothing.
    """
    steps = max((len(s.values) for s in series), default=0)
    if steps == 0:
        return ""
    values = [v for s in series for v in s.values]
    ticks = _ticks(min(start, *values), max(start, *values))
    low, high = ticks[0], ticks[-1]
    if high == low:
        high = low + 1
    left, right, top, bottom = 34, 30, 10, 24
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(step: int) -> float:  # step 0 is the start (everybody at ``start``)
        return left + plot_w * step / steps

    def y(value: int) -> float:
        return top + plot_h * (high - value) / (high - low)

    out = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg" '
        'preserveAspectRatio="xMidYMid meet">',
        f"<title>{escape(title)}</title>",
        '<g class="axes" fill="currentColor" stroke="currentColor" font-size="11">',
    ]
    for tick in ticks:
        ty = y(tick)
        opacity = "0.55" if tick == start else "0.18"
        out.append(
            f'<line x1="{left}" x2="{width - right}" y1="{ty:.1f}" y2="{ty:.1f}" '
            f'stroke-opacity="{opacity}" stroke-width="1"/>'
        )
        out.append(
            f'<text x="{left - 6}" y="{ty + 4:.1f}" text-anchor="end" stroke="none">{tick}</text>'
        )
    label_every = max(1, -(-steps // 8))
    for step in range(label_every, steps + 1, label_every):
        out.append(
            f'<text x="{x(step):.1f}" y="{height - 8}" text-anchor="middle" '
            f'stroke="none">{step}</text>'
        )
    if x_label:
        out.append(
            f'<text x="{left}" y="{height - 8}" text-anchor="start" stroke="none">'
            f"{escape(x_label)}</text>"
        )
    out.append("</g>")
    for i, s in enumerate(series):
        colour = COLOURS[i % len(COLOURS)]
        dash = DASHES[i % len(DASHES)]
        points = [(x(0), y(start))] + [(x(n), y(v)) for n, v in enumerate(s.values, start=1)]
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(
            f'<polyline class="series" data-series="{escape(s.name)}" points="{path}" '
            f'fill="none" stroke="{colour}" stroke-width="2.5" stroke-linejoin="round"'
            f"{dash_attr}><title>{escape(s.name)}: {s.values[-1] if s.values else 0}</title>"
            "</polyline>"
        )
        end_x, end_y = points[-1]
        out.append(
            f'<text x="{end_x + 4:.1f}" y="{end_y + 4:.1f}" font-size="11" font-weight="700" '
            f'fill="{colour}">{escape(s.short)}</text>'
        )
    out.append("</svg>")
    return "".join(out)
