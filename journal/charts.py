"""Hand-written inline SVG line charts for the handouts: axes, grid, legend, labelled points.

No plotting library and no script: the SVG is a string (every label escaped here), sized by
its `viewBox` so it scales to a phone and prints crisply.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

#: series styles: stroke colour and dash pattern (the same palette as the handout CSS)
STYLES = {
    "a": ("#1f5f5b", ""),
    "b": ("#9b1c1c", ""),
    "c": ("#2d4e8a", ""),
    "d": ("#8a8178", "6 4"),
}

WIDTH, HEIGHT = 640, 280
LEFT, RIGHT, TOP, BOTTOM = 52, 20, 52, 46


@dataclass(frozen=True)
class Series:
    label: str
    values: Sequence[int | None]
    style: str = "a"


def _step(y_max: int) -> int:
    for step in (1, 2, 5, 10, 20, 50, 100):
        if y_max / step <= 8:
            return step
    return max(1, y_max // 8)


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
) -> str:
    """An SVG line chart of whole-number series over `x_labels` (one value per label)."""
    y_max = max(1, y_max)
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM
    count = max(1, len(x_labels))

    def x_at(i: int) -> float:
        return LEFT + (plot_w / 2 if count == 1 else plot_w * i / (count - 1))

    def y_at(value: int) -> float:
        return TOP + plot_h * (1 - min(value, y_max) / y_max)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<text x="{LEFT}" y="20" class="chart-title">{escape(title)}</text>',
    ]
    step = _step(y_max)
    for value in range(0, y_max + 1, step):
        y = y_at(value)
        out.append(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" class="grid"/>'
        )
        out.append(
            f'<text x="{LEFT - 8}" y="{y + 4:.1f}" class="tick" text-anchor="end">{value}</text>'
        )
    out.append(
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + plot_h}" class="axis"/>'
        f'<line x1="{LEFT}" y1="{TOP + plot_h}" x2="{WIDTH - RIGHT}" '
        f'y2="{TOP + plot_h}" class="axis"/>'
    )
    for i, label in enumerate(x_labels):
        out.append(
            f'<text x="{x_at(i):.1f}" y="{TOP + plot_h + 18}" class="tick" '
            f'text-anchor="middle">{escape(label)}</text>'
        )
    out.append(
        f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 6}" class="axis-label" '
        'text-anchor="middle">session</text>'
    )
    if y_label:
        middle = TOP + plot_h / 2
        out.append(
            f'<text x="14" y="{middle:.1f}" class="axis-label" text-anchor="middle" '
            f'transform="rotate(-90 14 {middle:.1f})">{escape(y_label)}</text>'
        )
    legend_x = float(LEFT)
    for s in series:
        colour, dash = STYLES.get(s.style, STYLES["a"])
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(
            f'<line x1="{legend_x:.1f}" y1="36" x2="{legend_x + 22:.1f}" y2="36" '
            f'stroke="{colour}" stroke-width="3"{dashed}/>'
            f'<text x="{legend_x + 28:.1f}" y="40" class="legend">{escape(s.label)}</text>'
        )
        legend_x += 40 + 7.5 * len(s.label)
    for s in series:
        colour, dash = STYLES.get(s.style, STYLES["a"])
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        points = [None if v is None else (x_at(i), y_at(v)) for i, v in enumerate(s.values[:count])]
        for run in _segments(points):
            coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in run)
            out.append(
                f'<polyline points="{coords}" fill="none" stroke="{colour}" '
                f'stroke-width="3" stroke-linejoin="round"{dashed}/>'
            )
        for i, v in enumerate(s.values[:count]):
            if v is None:
                continue
            x, y = x_at(i), y_at(v)
            out.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4.5" fill="#fff" stroke="{colour}" '
                f'stroke-width="2.5"><title>{escape(s.label)} {v} '
                f"({escape(x_labels[i])})</title></circle>"
            )
    out.append("</svg>")
    return "\n".join(out)
