"""The win-turn chart of a simulation, drawn on the server as SVG (readable without JavaScript): bars for
the share of games won on each turn, a line for the cumulative share, for one run or several side by side.
Every text is escaped; the SVG carries its own <title> and <desc> for screen readers."""

from __future__ import annotations

from xml.sax.saxutils import escape

WIDTH, HEIGHT = 720, 300
LEFT, RIGHT, TOP, BOTTOM = 48, 44, 28, 44
COLOURS = ("#3b6ea8", "#c2572b", "#4a8a3c", "#8a4a9c")


def _pct(value: float) -> str:
    return f"{100 * value:.0f}%"


def win_turn_svg(series: list[tuple[str, dict]], labels: dict) -> str:
    """series: (name, simulation result) pairs; labels: translated "title", "turn", "won", "cumulative"."""
    turns = max((len(result["distribution"]) for _name, result in series), default=0)
    top_share = max((row["share"] for _name, result in series for row in result["distribution"]), default=0)
    bar_max = max(0.05, min(1.0, (int(top_share * 20) + 1) / 20))  # the bars' scale, in steps of 5%
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    slot = plot_w / max(turns, 1)
    bar_w = max(1.0, (slot * 0.8) / max(len(series), 1))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="win-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="chart-title chart-desc">',
        f'<title id="chart-title">{escape(labels["title"])}</title>',
        '<desc id="chart-desc">' + escape(" / ".join(
            f'{name}: ' + ", ".join(f'{row["turn"]}: {_pct(row["cumulative"])}' for row in result["distribution"] if row["count"])
            for name, result in series)) + "</desc>",
        '<style>text{font:11px sans-serif;fill:#333}.grid{stroke:#ddd}.cum-axis{fill:#777}.axis{stroke:#666}</style>',
    ]
    # horizontal grid: left axis for the bars (share won on that turn), right axis for the cumulative line
    for step in range(5):
        frac = step / 4
        y = TOP + plot_h * (1 - frac)
        out.append(f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}"/>')
        out.append(f'<text x="{LEFT - 4}" y="{y + 4:.1f}" text-anchor="end">{_pct(bar_max * frac)}</text>')
        out.append(f'<text x="{WIDTH - RIGHT + 2}" y="{y + 4:.1f}" text-anchor="start" class="cum-axis">{_pct(frac)}</text>')
    out.append(f'<line class="axis" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{TOP + plot_h}" y2="{TOP + plot_h}"/>')
    for turn in range(1, turns + 1):
        if turns <= 25 or turn % 5 == 0 or turn == 1:
            x = LEFT + slot * (turn - 0.5)
            out.append(f'<text x="{x:.1f}" y="{TOP + plot_h + 14}" text-anchor="middle">{turn}</text>')
    out.append(f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 6}" text-anchor="middle">{escape(labels["turn"])}</text>')
    for k, (name, result) in enumerate(series):
        colour = COLOURS[k % len(COLOURS)]
        points = []
        for row in result["distribution"]:
            x0 = LEFT + slot * (row["turn"] - 1) + slot * 0.1 + bar_w * k
            h = plot_h * min(row["share"], bar_max) / bar_max
            tip = f'{name} · {labels["turn"]} {row["turn"]}: {labels["won"]} {row["count"]} ({_pct(row["share"])}), {labels["cumulative"]} {_pct(row["cumulative"])}'
            out.append(
                f'<rect class="bar" data-turn="{row["turn"]}" x="{x0:.1f}" y="{TOP + plot_h - h:.1f}" width="{bar_w:.1f}" '
                f'height="{h:.1f}" fill="{colour}" fill-opacity="0.75"><title>{escape(tip)}</title></rect>'
            )
            cx = LEFT + slot * (row["turn"] - 0.5)
            points.append(f"{cx:.1f},{TOP + plot_h * (1 - row['cumulative']):.1f}")
        if points:
            out.append(f'<polyline class="cumulative" points="{" ".join(points)}" fill="none" stroke="{colour}" stroke-width="2"/>')
        lx = LEFT + 8 + 180 * k
        out.append(f'<rect x="{lx}" y="8" width="10" height="10" fill="{colour}"/>')
        out.append(f'<text x="{lx + 14}" y="17">{escape(name[:28])}</text>')
    out.append(f'<text x="{WIDTH - RIGHT}" y="17" text-anchor="end">{escape(labels["legend"])}</text>')
    out.append("</svg>")
    return "\n".join(out)
