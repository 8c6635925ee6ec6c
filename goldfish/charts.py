"""The win-turn chart of a simulation, drawn on the server as SVG (readable without JavaScript): bars for
the share of games won on each turn, a line for the cumulative share, for one run or several side by side.
Every text is escaped (and stripped of the characters XML does not allow); the SVG carries its own <title>
and <desc> for screen readers.

Above the plot, each run has a legend row of its own, its name shortened to the room left (by display
width: a Japanese character takes about twice a Latin one) so that the "#revision" that tells two runs
of one deck apart is always seen; the full name is the legend's tooltip."""

from __future__ import annotations

import re
import unicodedata
from xml.sax.saxutils import escape as _escape

WIDTH, HEIGHT = 720, 300
NARROW = 360  # the phone's chart: drawn at about its own size in a 390 px screen, so its text stays readable
LEFT, RIGHT, TOP, BOTTOM = 48, 44, 28, 44
ROW = 14  # one legend row
FONT = 11  # px: the chart's text
COLOURS = ("#3b6ea8", "#c2572b", "#4a8a3c", "#8a4a9c")

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def escape(text) -> str:
    return _escape(_NOT_XML.sub("", str(text)))


def _pct(value: float) -> str:
    return f"{100 * value:.0f}%"


def _tick(value: float) -> str:
    """An axis label: whole percents as such (the scale's quarters are whole percents), else one decimal."""
    percent = round(100 * value, 1)
    return f"{percent:.0f}%" if percent == int(percent) else f"{percent:.1f}%"


def _char_width(ch: str) -> float:
    """The width of a character in the chart's font, in ems (a rough measure: wide characters 1, else 0.6)."""
    if unicodedata.combining(ch):
        return 0.0
    return 1.0 if unicodedata.east_asian_width(ch) in ("W", "F") else 0.6


def text_width(text: str) -> float:
    """About how many pixels wide `text` is drawn in the chart's font."""
    return FONT * sum(_char_width(ch) for ch in text)


def fit(text: str, width: float) -> str:
    """`text`, cut with an ellipsis to fit `width` pixels."""
    if text_width(text) <= width:
        return text
    room = width - text_width("…")
    out, used = [], 0.0
    for ch in text:
        used += FONT * _char_width(ch)
        if used > room:
            break
        out.append(ch)
    return "".join(out).rstrip() + "…"


def fit_name(name: str, width: float) -> str:
    """A run's name shortened to `width` pixels, keeping its last part (" #3", " #3 (abcd)") whole."""
    if text_width(name) <= width:
        return name
    head, sep, tail = name.rpartition(" #")
    if not sep or text_width(sep + tail) > width / 2:
        return fit(name, width)
    return fit(head, width - text_width(sep + tail)) + sep + tail


def win_turn_svg(series: list[tuple[str, dict]], labels: dict, width: int = WIDTH, ids: str = "chart",
                 css: str = "win-chart") -> str:
    """series: (name, simulation result) pairs; labels: translated "title", "turn" (the axis: the player's own
    turns), "won", "cumulative", "legend", and optionally "turn_n" ("your turn %(n)s", a bar's tooltip).
    `width`: the drawing's width (NARROW for a phone: every turn still has its bar, the axis labels every
    second or fifth turn where they would touch); `ids`, `css`: the prefix of its title and desc ids and its
    class (two charts on one page: the page shows one of them by the screen's width)."""
    narrow = width < WIDTH  # (the legend's explanation gets a row of its own)
    turns = max((len(result["distribution"]) for _name, result in series), default=0)
    top_share = max((row["share"] for _name, result in series for row in result["distribution"]), default=0)
    bar_max = max(0.04, min(1.0, (int(top_share * 25) + 1) / 25))  # the bars' scale, in steps of 4%: whole-percent quarters
    rows = max(len(series), 1) + (1 if narrow else 0)
    top = TOP + ROW * (rows - 1)  # one legend row per run above the plot
    plot_w, plot_h = width - LEFT - RIGHT, HEIGHT - top - BOTTOM
    slot = plot_w / max(turns, 1)
    bar_w = max(1.0, (slot * 0.8) / max(len(series), 1))
    legend = fit(str(labels["legend"]), width - 2 * 8 if narrow else plot_w / 2)
    name_room = width - RIGHT - (LEFT + 22) - (0 if narrow else text_width(legend) + 16)  # left of the legend explanation
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{css}" viewBox="0 0 {width} {HEIGHT}" role="img" '
        f'font-family="sans-serif" font-size="{FONT}" fill="#333" '
        f'aria-labelledby="{ids}-title {ids}-desc">',
        f'<title id="{ids}-title">{escape(labels["title"])}</title>',
        f'<desc id="{ids}-desc">' + escape(" / ".join(
            f'{name}: ' + ", ".join(f'{row["turn"]}: {_pct(row["cumulative"])}' for row in result["distribution"] if row["count"])
            for name, result in series)) + "</desc>",
    ]
    # horizontal grid: left axis for the bars (share won on that turn), right axis for the cumulative line
    for step in range(5):
        frac = step / 4
        y = top + plot_h * (1 - frac)
        out.append(f'<line class="grid" stroke="#ddd" x1="{LEFT}" x2="{width - RIGHT}" y1="{y:.1f}" y2="{y:.1f}"/>')
        out.append(f'<text x="{LEFT - 4}" y="{y + 4:.1f}" text-anchor="end">{_tick(bar_max * frac)}</text>')
        out.append(f'<text x="{width - RIGHT + 2}" y="{y + 4:.1f}" text-anchor="start" class="cum-axis" fill="#777">{_pct(frac)}</text>')
    out.append(f'<line class="axis" stroke="#666" x1="{LEFT}" x2="{width - RIGHT}" y1="{top + plot_h}" y2="{top + plot_h}"/>')
    # (narrow: a label on every second turn where two-digit labels would touch, else every fifth)
    every = 1 if not narrow or slot >= 2.2 * FONT else 2 if slot >= 1.1 * FONT else 5
    for turn in range(1, turns + 1):
        if every == 1:
            shown = turns <= 25 or turn % 5 == 0 or turn == 1
        else:
            shown = turn == 1 or (turn % 2 == 1 if every == 2 else turn % 5 == 0)
        if shown:
            x = LEFT + slot * (turn - 0.5)
            out.append(f'<text x="{x:.1f}" y="{top + plot_h + 14}" text-anchor="middle">{turn}</text>')
    out.append(f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 6}" text-anchor="middle">{escape(labels["turn"])}</text>')
    for k, (name, result) in enumerate(series):
        colour = COLOURS[k % len(COLOURS)]
        points = []
        for row in result["distribution"]:
            x0 = LEFT + slot * (row["turn"] - 1) + slot * 0.1 + bar_w * k
            h = plot_h * min(row["share"], bar_max) / bar_max
            when = labels["turn_n"] % {"n": row["turn"]} if labels.get("turn_n") else f'{labels["turn"]} {row["turn"]}'
            tip = f'{name} · {when}: {labels["won"]} {row["count"]} ({_pct(row["share"])}), {labels["cumulative"]} {_pct(row["cumulative"])}'
            out.append(
                f'<rect class="bar" data-turn="{row["turn"]}" x="{x0:.1f}" y="{top + plot_h - h:.1f}" width="{bar_w:.1f}" '
                f'height="{h:.1f}" fill="{colour}" fill-opacity="0.75"><title>{escape(tip)}</title></rect>'
            )
            cx = LEFT + slot * (row["turn"] - 0.5)
            points.append(f"{cx:.1f},{top + plot_h * (1 - row['cumulative']):.1f}")
        if points:
            out.append(f'<polyline class="cumulative" points="{" ".join(points)}" fill="none" stroke="{colour}" stroke-width="2"/>')
        y = 8 + ROW * k
        out.append(
            f'<g class="legend"><title>{escape(name)}</title><rect x="{LEFT + 8}" y="{y}" width="10" height="10" fill="{colour}"/>'
            f'<text x="{LEFT + 22}" y="{y + 9}">{escape(fit_name(name, name_room))}</text></g>'
        )
    if narrow:  # below the runs' names, from the left edge
        out.append(f'<text x="8" y="{17 + ROW * (rows - 1)}" text-anchor="start">{escape(legend)}</text>')
    else:
        out.append(f'<text x="{width - RIGHT}" y="17" text-anchor="end">{escape(legend)}</text>')
    out.append("</svg>")
    return "\n".join(out)


IMPACT_WIDTH = 520  # narrower than the win-turn chart: its text stays readable when a phone scales it down
IMPACT_NAME = 150  # px for the card names left of the impact chart
IMPACT_ROW = 22
IMPACT_FONT = 13


def impact_svg(rows: list[dict], labels: dict) -> str:
    """The designer report's chart: one row per card (in the report's order), a bar from zero to its impact
    (the change in the share of games won by turn T when it was drawn early, in percentage points) and a
    whisker for its 95% interval; significant bars are solid, the others pale. rows: {"name", "impact",
    "low", "high", "significant"} (impact None: no bar, "–"); labels: translated "title", "axis", "none"."""
    shown = [r for r in rows if r.get("impact") is not None]
    span = max([0.05] + [max(abs(r["low"]), abs(r["high"])) for r in shown])
    span = min(1.0, (int(span * 10) + 1) / 10)  # the scale in steps of 10 points: its halves are whole multiples of 5
    height = TOP + IMPACT_ROW * max(len(rows), 1) + BOTTOM
    plot_w = IMPACT_WIDTH - IMPACT_NAME - 24
    zero = IMPACT_NAME + plot_w / 2

    def x(value: float) -> float:
        return zero + plot_w / 2 * max(-1.0, min(1.0, value / span))

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="impact-chart" viewBox="0 0 {IMPACT_WIDTH} {height}" role="img" '
        f'font-family="sans-serif" font-size="{IMPACT_FONT}" fill="#333" aria-labelledby="impact-title impact-desc">',
        f'<title id="impact-title">{escape(labels["title"])}</title>',
        '<desc id="impact-desc">' + escape(" / ".join(
            f'{r["name"]}: ' + ("–" if r.get("impact") is None else f'{100 * r["impact"]:+.1f}') for r in rows)) + "</desc>",
    ]
    for step in range(-2, 3):
        value = span * step / 2
        gx = x(value)
        out.append(f'<line class="grid" stroke="{"#666" if step == 0 else "#ddd"}" x1="{gx:.1f}" x2="{gx:.1f}" y1="{TOP - 6}" y2="{height - BOTTOM}"/>')
        out.append(f'<text x="{gx:.1f}" y="{height - BOTTOM + 14}" text-anchor="middle">{100 * value:+.0f}</text>')
    axis = fit(str(labels["axis"]), (IMPACT_WIDTH - 12) * FONT / IMPACT_FONT)
    out.append(f'<text x="{IMPACT_WIDTH / 2:.1f}" y="{height - 8}" text-anchor="middle"><title>{escape(labels["axis"])}</title>{escape(axis)}</text>')
    for i, r in enumerate(rows):
        y = TOP + IMPACT_ROW * i
        out.append(f'<text x="{IMPACT_NAME - 6}" y="{y + 14}" text-anchor="end"><title>{escape(r["name"])}</title>{escape(fit(r["name"], (IMPACT_NAME - 10) * FONT / IMPACT_FONT))}</text>')
        if r.get("impact") is None:
            out.append(f'<text x="{zero + 4:.1f}" y="{y + 14}" fill="#777">{escape(labels["none"])}</text>')
            continue
        colour = "#3b6ea8" if r["impact"] >= 0 else "#c2572b"
        x0, x1 = sorted((zero, x(r["impact"])))
        opacity = "0.85" if r["significant"] else "0.35"
        tip = f'{r["name"]}: {100 * r["impact"]:+.1f} [{100 * r["low"]:+.1f}, {100 * r["high"]:+.1f}]'
        out.append(
            f'<rect class="impact-bar" x="{x0:.1f}" y="{y + 4}" width="{max(x1 - x0, 1):.1f}" height="{IMPACT_ROW - 8}" '
            f'fill="{colour}" fill-opacity="{opacity}"><title>{escape(tip)}</title></rect>'
        )
        lo, hi = x(r["low"]), x(r["high"])
        mid = y + IMPACT_ROW / 2
        out.append(
            f'<path class="whisker" d="M{lo:.1f} {mid:.1f}H{hi:.1f}M{lo:.1f} {mid - 4:.1f}V{mid + 4:.1f}M{hi:.1f} {mid - 4:.1f}V{mid + 4:.1f}" '
            f'stroke="#333" fill="none"/>'
        )
    out.append("</svg>")
    return "\n".join(out)
