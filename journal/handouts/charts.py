"""Hand-written inline SVG line charts for the handouts: axes, grid, legend, labelled points.

No plotting library and no script: the SVG is a string (every label escaped here), sized by
its `viewBox` so it scales to a phone and prints crisply. The drawing is small (480 units
wide) and its text large (15 units and up), so shrunk to a phone's width (about 360 px) the
text stays about 11 px or more; on a wide page the CSS caps the chart at 560 px.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

#: series styles: stroke colour, dash pattern and marker shape (the same palette as the
#: handout CSS). Each differs from the others in all three, so two series on the same
#: values stay apart in black and white too.
STYLES = {
    "a": ("#1f5f5b", "", "circle"),
    "b": ("#9b1c1c", "9 5", "square"),
    "c": ("#2d4e8a", "3 4", "triangle"),
    "d": ("#8a8178", "12 4 3 4", "diamond"),
}

#: the drawing's width: the narrow one for a phone, the wide one for a desktop and print
NARROW, WIDE = 480, 800
WIDTH, HEIGHT = NARROW, 300
LEFT, RIGHT, TOP, BOTTOM = 50, 18, 70, 50
#: font sizes in SVG units (the handout CSS sets the same; these serve a page without it)
TITLE_SIZE, LEGEND_SIZE, TICK_SIZE = 18, 16, 15
#: an estimate of one character's width, as a share of the font size
CHAR_WIDTH = 0.6
#: draw a circle on each point up to this many points (past it, the line alone)
MOST_MARKERS = 60
#: how far apart (SVG units) the markers of series that meet at a point are drawn, side
#: by side, so that none hides another
DODGE = 10.0
#: what joins a stretch's label and a point's place in it: `S1.2`, the 2nd point of S1
WITHIN = "."


def nth_in(label: str, n: int) -> str:
    """The label of the `n`th point of the stretch `label` names (`S1`, `S1.2`, `S1.3`)."""
    return label if n <= 1 else f"{label}{WITHIN}{n}"


@dataclass(frozen=True)
class Series:
    label: str
    values: Sequence[int | None]
    style: str = "a"
    #: points to mark with a cross (e.g. a turn the character froze), by index
    crossed: frozenset[int] = frozenset()


def _marker(shape: str, x: float, y: float, colour: str, tip: str) -> str:
    """A point's marker: its series' shape, with a tooltip."""
    title = f"<title>{escape(tip)}</title>"
    paint = f'fill="#fff" stroke="{colour}" stroke-width="2.5"'
    if shape == "square":
        return f'<rect x="{x - 4:.1f}" y="{y - 4:.1f}" width="8" height="8" {paint}>{title}</rect>'
    if shape == "triangle":
        corners = f"{x:.1f},{y - 5.5:.1f} {x + 5:.1f},{y + 4:.1f} {x - 5:.1f},{y + 4:.1f}"
        return f'<polygon points="{corners}" {paint}>{title}</polygon>'
    if shape == "diamond":
        corners = f"{x:.1f},{y - 6:.1f} {x + 5:.1f},{y:.1f} {x:.1f},{y + 6:.1f} {x - 5:.1f},{y:.1f}"
        return f'<polygon points="{corners}" {paint}>{title}</polygon>'
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4.5" {paint}>{title}</circle>'


def _cross(x: float, y: float, colour: str, tip: str) -> str:
    """A cross over a point (a frozen turn), drawn bold so it reads without colour."""
    return (
        f'<path d="M{x - 6:.1f},{y - 6:.1f} L{x + 6:.1f},{y + 6:.1f} M{x + 6:.1f},{y - 6:.1f} '
        f'L{x - 6:.1f},{y + 6:.1f}" stroke="{colour}" stroke-width="3.5" class="cross">'
        f"<title>{escape(tip)}</title></path>"
    )


def _step(y_max: int) -> int:
    for step in (1, 2, 5, 10, 20, 50, 100):
        if y_max / step <= 8:
            return step
    return max(1, y_max // 8)


def _shown_labels(labels: Sequence[str], room: float) -> set[int]:
    """The x labels that fit without overlapping: of the labels that begin a stretch
    (`S2`, not `S2.3`), every k-th one and the last; then each point inside a stretch
    whose label fits between those. A blank label is never shown."""
    count = len(labels)
    starts = [i for i, label in enumerate(labels) if label and WITHIN not in label]
    shown = _every_kth(labels, starts, room)
    at = room / max(1, count - 1)

    def half(i: int) -> float:
        return (len(labels[i]) * TICK_SIZE * CHAR_WIDTH + 10) / 2

    for i, label in enumerate(labels):
        if label and i not in shown and all(abs(i - j) * at >= half(i) + half(j) for j in shown):
            shown.add(i)
    return shown


def _every_kth(labels: Sequence[str], named: list[int], room: float) -> set[int]:
    """Every k-th of the labels `named` (indexes), and the last, spaced not to overlap."""
    count = len(labels)
    if len(named) <= 1:
        return set(named)
    widest = max(len(labels[i]) for i in named) * TICK_SIZE * CHAR_WIDTH + 10
    gap = min(b - a for a, b in itertools.pairwise(named))
    every = max(1, math.ceil(widest / (room / max(1, count - 1) * gap)))
    shown = set(named[::every])
    last = named[-1]
    if last not in shown:
        if named.index(last) - named.index(max(shown)) < every * 0.7 and max(shown) != named[0]:
            shown.discard(max(shown))
        shown.add(last)
    return shown


def _dodged(series: Sequence[Series], count: int, marked: set[int]) -> dict[tuple[int, int], float]:
    """(series, point) -> how far its marker moves sideways: the markers of series that
    meet at a point stand side by side, centred on it (a marker drawn over another hid
    it: "checks made" under "checks failed")."""
    moved: dict[tuple[int, int], float] = {}
    for i in marked:
        meeting: dict[int, list[int]] = {}
        for k, s in enumerate(series):
            value = s.values[i] if i < len(s.values) else None
            if value is not None and i not in s.crossed:
                meeting.setdefault(value, []).append(k)
        for together in meeting.values():
            for place, k in enumerate(together):
                moved[(k, i)] = (place - (len(together) - 1) / 2) * DODGE
    return moved


def _shared_runs(series: Sequence[Series], k: int, count: int) -> list[list[int]]:
    """The runs of points (two or more) where series `k`'s line lies under a later one's
    (the same values at both ends of each step): there it is drawn wide beneath."""
    mine = series[k].values
    runs: list[list[int]] = [[]]
    for i in range(count - 1):
        shared = any(
            i + 1 < min(len(mine), len(later.values))
            and mine[i] is not None
            and mine[i + 1] is not None
            and (later.values[i], later.values[i + 1]) == (mine[i], mine[i + 1])
            for later in series[k + 1 :]
        )
        if shared:
            if not runs[-1] or runs[-1][-1] != i:
                runs.append([i])
            runs[-1].append(i + 1)
        elif runs[-1]:
            runs.append([])
    return [run for run in runs if len(run) > 1]


def _legend(series: Sequence[Series], total: int) -> list[tuple[Series, float, int]]:
    """Each series' legend entry: its x and its row (a new row when one is full)."""
    placed: list[tuple[Series, float, int]] = []
    x, row = 12.0, 0
    for s in series:
        width = 30 + len(s.label) * LEGEND_SIZE * CHAR_WIDTH + 16
        if x > 12 and x + width > total:
            x, row = 12.0, row + 1
        placed.append((s, x, row))
        x += width
    return placed


def _segments(points: Sequence[tuple[float, float] | None]) -> list[list[tuple[float, float]]]:
    """Runs of consecutive known points (a character absent at first has a gap)."""
    runs: list[list[tuple[float, float]]] = [[]]
    for point in points:
        if point is None:
            if runs[-1]:
                runs.append([])
        else:
            runs[-1].append(point)
    return [run for run in runs if run]


def line_chart(
    title: str,
    x_labels: Sequence[str],
    series: Sequence[Series],
    y_max: int,
    y_label: str = "",
    x_title: str = "session",
    width: int = WIDTH,
) -> str:
    """An SVG line chart of whole-number series over `x_labels` (one value per label; a
    blank label belongs to the stretch the one before it names), `width` units wide."""
    step = _step(max(1, y_max))
    y_max = -(-max(1, y_max) // step) * step  # the axis ends at a labelled tick
    legend = _legend(series, width)
    height = HEIGHT + 22 * (legend[-1][2] if legend else 0)
    top = TOP + 22 * (legend[-1][2] if legend else 0)
    plot_w = width - LEFT - RIGHT
    plot_h = height - top - BOTTOM
    count = max(1, len(x_labels))

    def x_at(i: int) -> float:
        return LEFT + (plot_w / 2 if count == 1 else plot_w * i / (count - 1))

    def y_at(value: int) -> float:
        return top + plot_h * (1 - min(value, y_max) / y_max)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart {_kind(width)}" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{escape(title)}" '
        'font-family="DejaVu Sans, sans-serif">',
        f"<title>{escape(title)}</title>",
        f'<text x="12" y="24" class="chart-title" font-size="{TITLE_SIZE}" '
        f'font-weight="600">{escape(title)}</text>',
    ]
    for value in range(0, y_max + 1, step):
        y = y_at(value)
        out.append(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{width - RIGHT}" y2="{y:.1f}" class="grid"/>'
        )
        out.append(
            f'<text x="{LEFT - 8}" y="{y + 5:.1f}" class="tick" font-size="{TICK_SIZE}" '
            f'text-anchor="end">{value}</text>'
        )
    out.append(
        f'<line x1="{LEFT}" y1="{top}" x2="{LEFT}" y2="{top + plot_h}" class="axis"/>'
        f'<line x1="{LEFT}" y1="{top + plot_h}" x2="{width - RIGHT}" '
        f'y2="{top + plot_h}" class="axis"/>'
    )
    shown = _shown_labels(x_labels, plot_w)
    for i, label in enumerate(x_labels):
        if i not in shown:
            continue
        anchor, half = "middle", len(label) * TICK_SIZE * CHAR_WIDTH / 2
        if count > 1 and i == 0 and half > LEFT - 4:
            anchor = "start"
        elif count > 1 and i == count - 1 and half > RIGHT - 2:
            anchor = "end"
        out.append(
            f'<text x="{x_at(i):.1f}" y="{top + plot_h + 20}" class="tick" '
            f'font-size="{TICK_SIZE}" text-anchor="{anchor}">{escape(label)}</text>'
        )
    out.append(
        f'<text x="{LEFT + plot_w / 2:.1f}" y="{height - 6}" class="axis-label" '
        f'font-size="{TICK_SIZE}" text-anchor="middle">{escape(x_title)}</text>'
    )
    if y_label:
        middle = top + plot_h / 2
        out.append(
            f'<text x="16" y="{middle:.1f}" class="axis-label" font-size="{TICK_SIZE}" '
            f'text-anchor="middle" transform="rotate(-90 16 {middle:.1f})">'
            f"{escape(y_label)}</text>"
        )
    for s, legend_x, row in legend:
        colour, dash, shape = STYLES.get(s.style, STYLES["a"])
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        legend_y = 50.0 + 22 * row
        out.append(
            f'<line x1="{legend_x:.1f}" y1="{legend_y - 5:.1f}" x2="{legend_x + 22:.1f}" '
            f'y2="{legend_y - 5:.1f}" stroke="{colour}" stroke-width="3"{dashed}/>'
            + _marker(shape, legend_x + 11, legend_y - 5, colour, s.label)
            + f'<text x="{legend_x + 28:.1f}" y="{legend_y:.1f}" class="legend" '
            f'font-size="{LEGEND_SIZE}">{escape(s.label)}</text>'
        )
    named = _stretches(x_labels)
    # a marker where its point's label shows (every mark labelled), up to MOST_MARKERS
    marked = shown if count <= MOST_MARKERS else set()
    moved = _dodged(series, count, marked)
    for k, s in enumerate(series):
        colour = STYLES.get(s.style, STYLES["a"])[0]
        for shared in _shared_runs(series, k, count):
            coords = " ".join(f"{x_at(i):.1f},{y_at(s.values[i] or 0):.1f}" for i in shared)
            out.append(
                f'<polyline points="{coords}" fill="none" stroke="{colour}" '
                'stroke-width="9" stroke-opacity="0.45" stroke-linejoin="round" '
                'class="beneath"/>'
            )
    for s in series:
        colour, dash, _ = STYLES.get(s.style, STYLES["a"])
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        points = [None if v is None else (x_at(i), y_at(v)) for i, v in enumerate(s.values[:count])]
        for run in _segments(points):
            coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in run)
            out.append(
                f'<polyline points="{coords}" fill="none" stroke="{colour}" '
                f'stroke-width="3" stroke-linejoin="round"{dashed}/>'
            )
    for k, s in enumerate(series):
        colour, _, shape = STYLES.get(s.style, STYLES["a"])
        for i, v in enumerate(s.values[:count]):
            if v is None:
                continue
            x, y = x_at(i), y_at(v)
            tip = f"{s.label} {v} ({named[i]})" if named[i] else f"{s.label} {v}"
            if i in s.crossed:
                out.append(_cross(x, y, colour, f"{tip}: froze"))
            elif i in marked:
                out.append(_marker(shape, x + moved.get((k, i), 0.0), y, colour, tip))
    out.append("</svg>")
    return "\n".join(out)


def _kind(width: int) -> str:
    return "chart-narrow" if width <= NARROW else "chart-wide"


def _stretches(labels: Sequence[str]) -> list[str]:
    """Each point's label: its own, or (blank) the one of the stretch it belongs to."""
    named, last = [], ""
    for label in labels:
        last = label or last
        named.append(last)
    return named


def both_widths(
    title: str,
    x_labels: Sequence[str],
    series: Sequence[Series],
    y_max: int,
    y_label: str = "",
    x_title: str = "session",
) -> str:
    """The chart drawn twice: wide for a desktop page and print, narrow for a phone (the
    handout CSS shows one); the same numbers, text of the same size on each screen."""
    return "\n".join(
        line_chart(title, x_labels, series, y_max, y_label, x_title, width)
        for width in (WIDE, NARROW)
    )
