"""The win-turn chart on its own (no database): escaped text, well-formed XML, and legends that stay apart
and keep the part that tells two runs apart however long the deck names are."""

import xml.etree.ElementTree as ET

from goldfish.charts import HEIGHT, LEFT, RIGHT, WIDTH, fit, fit_name, text_width, win_turn_svg

SVG = "{http://www.w3.org/2000/svg}"
LABELS = {"title": "Games won", "turn": "Turn", "won": "won", "cumulative": "by then", "legend": "bars: won on that turn · line: won by then"}


def result(shares):
    rows, running = [], 0.0
    for turn, share in enumerate(shares, start=1):
        running += share
        rows.append({"turn": turn, "count": int(share * 100), "share": share, "cumulative": running})
    return {"distribution": rows}


def legends(svg):
    root = ET.fromstring(svg)
    return [
        (float(g.find(f"{SVG}text").get("y")), g.find(f"{SVG}text").text, g.find(f"{SVG}title").text)
        for g in root.iter(f"{SVG}g") if g.get("class") == "legend"
    ]


def test_two_runs_of_a_long_named_deck_keep_their_revision_and_their_own_legend_row():
    name = "とても長い名前のデッキ" * 9  # 99 characters: as long as a deck name may be
    svg = win_turn_svg([(f"{name} #3", result([0, 0.2, 0.3])), (f"{name} #12", result([0.1, 0.1, 0.5]))], LABELS)
    rows = legends(svg)
    assert [r[1].endswith(suffix) for r, suffix in zip(rows, (" #3", " #12"), strict=True)] == [True, True]
    assert rows[0][1] != rows[1][1] and all("…" in r[1] for r in rows)
    assert rows[0][0] != rows[1][0]  # one row each: the legends do not overlap
    assert [r[2] for r in rows] == [f"{name} #3", f"{name} #12"]  # the full names as tooltips
    explanation_starts = WIDTH - RIGHT - text_width(LABELS["legend"])  # right-aligned on the first row
    assert all(LEFT + 22 + text_width(r[1]) < explanation_starts for r in rows)


def test_the_plot_makes_room_for_each_legend_row():
    one = ET.fromstring(win_turn_svg([("a #1", result([0.5]))], LABELS))
    two = ET.fromstring(win_turn_svg([("a #1", result([0.5])), ("b #1", result([0.5]))], LABELS))

    def plot_top(root):
        return min(float(line.get("y1")) for line in root.iter(f"{SVG}line") if line.get("class") == "grid")

    assert plot_top(two) > plot_top(one) > 17
    assert max(float(r.get("y")) + float(r.get("height")) for r in two.iter(f"{SVG}rect") if r.get("class") == "bar") <= HEIGHT


def test_text_is_escaped_and_characters_xml_forbids_are_left_out():
    svg = win_turn_svg([('<script>alert("x")</script>\x00\x0b\x1b & co #1', result([0.5, 0.5]))], LABELS)
    root = ET.fromstring(svg)  # parses: well-formed
    assert "<script>" not in svg and "&lt;script&gt;" in svg and "\x0b" not in svg and "\x1b" not in svg
    assert root.find(f"{SVG}title").text == "Games won"


def test_fit_measures_wide_characters_as_wide():
    assert text_width("ab") < text_width("あい")
    assert fit("abc", 100) == "abc"
    cut = fit("あ" * 40, 110)
    assert cut.endswith("…") and text_width(cut) <= 110
    assert fit_name("x" * 200 + " #7", 120).endswith("… #7")
    assert fit_name("short #7", 120) == "short #7"


def test_the_axis_labels_say_where_they_are():
    root = ET.fromstring(win_turn_svg([("a #1", result([0.02, 0.08]))], LABELS))  # the bars' scale: 12%
    left_axis = [t.text for t in root.iter(f"{SVG}text") if t.get("text-anchor") == "end" and t.text.endswith("%")]
    assert left_axis == ["0%", "3%", "6%", "9%", "12%"]
    root = ET.fromstring(win_turn_svg([("a #1", result([0.05, 0.142]))], LABELS))  # 16%
    left_axis = [t.text for t in root.iter(f"{SVG}text") if t.get("text-anchor") == "end" and t.text.endswith("%")]
    assert left_axis == ["0%", "4%", "8%", "12%", "16%"]


def test_the_chart_needs_no_inline_style_or_script():
    """Drawn with presentation attributes only, so a page whose content security policy forbids inline
    styles and scripts shows it as drawn."""
    svg = win_turn_svg([("a #1", result([0.02, 0.08]))], LABELS)
    root = ET.fromstring(svg)
    for element in root.iter():
        assert element.tag.rpartition("}")[2] not in ("style", "script"), element.tag
        assert not [a for a in element.attrib if a == "style" or a.startswith("on")], element.attrib
    assert root.get("font-family") == "sans-serif" and root.get("fill") == "#333"


def test_the_phone_chart_is_drawn_at_its_width_with_every_bar_and_labels_that_do_not_touch():
    from goldfish.charts import FONT, NARROW

    shares = [0.0] * 6 + [0.05] * 14  # twenty turns, as the sample decks' runs
    wide = ET.fromstring(win_turn_svg([("deck #1", result(shares))], LABELS))
    svg = win_turn_svg([("deck #1", result(shares))], LABELS, width=NARROW, ids="chart-narrow", css="win-chart-narrow")
    root = ET.fromstring(svg)
    assert root.get("viewBox") == f"0 0 {NARROW} {HEIGHT}" and root.get("class") == "win-chart-narrow"
    assert root.get("aria-labelledby") == "chart-narrow-title chart-narrow-desc"
    assert {e.get("id") for e in root.iter() if e.get("id")} == {"chart-narrow-title", "chart-narrow-desc"}
    bars = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "bar"]
    assert len(bars) == 20 and all(float(r.get("x")) + float(r.get("width")) <= NARROW - RIGHT for r in bars)
    axis_y = max(float(t.get("y")) for t in root.iter(f"{SVG}text") if (t.text or "").isdigit())
    turns = [(float(t.get("x")), t.text) for t in root.iter(f"{SVG}text") if t.get("y") == f"{axis_y:g}" and (t.text or "").isdigit()]
    assert [label for _x, label in turns] == [str(n) for n in range(1, 21, 2)]  # every second turn
    xs = [x for x, _label in turns]
    assert min(b - a for a, b in zip(xs, xs[1:], strict=False)) > 2 * 0.6 * FONT  # two digits fit between labels
    wide_turns = [t.text for t in wide.iter(f"{SVG}text") if (t.text or "").isdigit() and t.get("text-anchor") == "middle"]
    assert [str(n) for n in range(1, 21)] == wide_turns  # the wide chart labels every turn, as before
    explanation = [t for t in root.iter(f"{SVG}text") if t.text == LABELS["legend"]]
    assert explanation and explanation[0].get("x") == "8"  # its own row, whole, from the left edge
    assert float(explanation[0].get("y")) > legends(svg)[0][0]
