"""The designer report (rules/engine/report.py): its win turns are the simulator's, its figures and
intervals hold their properties, a card swapped for itself changes nothing and the same seed gives the same
report."""

import json

import pytest

from rules.declare import GAMES as REGISTRY
from rules.declare.samples import bundled_cards, player_deck
from rules.engine.intervals import mean_difference, mean_interval, share_difference, t95, wilson
from rules.engine.report import NOT_WON, ReportError, card_key, card_report, compare, summarize, swap_decks, swap_report
from rules.engine.simulate import simulate

GAMES = sorted(g for g, d in REGISTRY.items() if d.play)


# -- the intervals -----------------------------------------------------------------------------------------


def test_wilson_matches_published_values():
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0) is None


def test_newcombe_difference_matches_his_worked_example():
    # Newcombe (1998), example (a): 56/70 - 48/80 = 0.2000, 95% CI 0.0524 to 0.3339 (method 10)
    d = share_difference(56, 70, 48, 80)
    assert d["diff"] == pytest.approx(0.2) and d["low"] == pytest.approx(0.0524, abs=1e-4)
    assert d["high"] == pytest.approx(0.3339, abs=1e-4) and d["significant"]


def test_t_quantiles_are_close_to_the_tables():
    for df, value in ((1, 12.706), (5, 2.571), (10, 2.228), (30, 2.042), (120, 1.980), (1_000_000, 1.960)):
        assert t95(df) == pytest.approx(value, abs=2e-3)
    assert t95(2) > t95(2.5) > t95(3)  # between tabled values, in order


def test_mean_and_welch_intervals():
    values = [3, 4, 5, 6, 7]
    mean, (low, high) = mean_interval(len(values), sum(values), sum(v * v for v in values))
    assert mean == 5 and low == pytest.approx(5 - 2.776 * (2.5 / 5) ** 0.5, abs=1e-3) and high == pytest.approx(10 - low)
    assert mean_interval(1, 4, 16) == (4, None) and mean_interval(0, 0, 0) == (None, None)
    same = mean_difference(5, 25, 135, 5, 25, 135)
    assert same["diff"] == 0 and same["low"] < 0 < same["high"] and not same["significant"]
    assert mean_difference(1, 3, 9, 5, 25, 135) is None


# -- the report ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def kannagi_report():
    return card_report("kannagi", player_deck("kannagi"), 120, seed=7)


@pytest.mark.parametrize("game", GAMES)
def test_the_report_wins_as_the_simulation_does(game):
    decks = player_deck(game)
    report = card_report(game, decks, 30, seed=3)
    sim = simulate(game, decks, 30, seed=3)
    assert report["deck"]["wins"] == sim["won"] and report["median"] == sim["median"]
    assert report["deck"]["mean"] == pytest.approx(sim["mean"]) if sim["mean"] is not None else report["deck"]["mean"] is None
    assert report["not_won"] == sim["not_won"]
    deck = {card_key(c) for c in decks[0]}
    assert {row["key"] for row in report["cards"]} == deck  # every distinct card, once


@pytest.mark.parametrize("game", GAMES)
def test_swapping_a_card_for_itself_changes_nothing(game):
    decks = player_deck(game)
    card = decks[0][len(decks[0]) // 2]
    out = swap_report(game, decks, card_key(card), card, 25, seed=11)
    changes = out["changes"]
    figures = [changes["deck"]["share"], changes["deck"]["mean"]]
    for row in changes["cards"]:
        figures += [row[k] for k in ("impact", "share_with", "mean_with", "stuck", "play_share")]
    assert len(changes["cards"]) == len(out["base"]["cards"])
    for figure in figures:
        if figure is not None:
            assert figure["diff"] == 0 and not figure["significant"]
            assert figure["low"] <= 0 <= figure["high"]
    assert out["base"] == out["swapped"]


def test_the_same_seed_gives_the_same_report(kannagi_report):
    again = card_report("kannagi", player_deck("kannagi"), 120, seed=7)
    assert json.dumps(again, sort_keys=True) == json.dumps(kannagi_report, sort_keys=True)
    other = card_report("kannagi", player_deck("kannagi"), 120, seed=8)
    assert other != kannagi_report


def _intervals(report):
    yield report["deck"]["share"], report["deck"]["interval"]
    yield report["deck"]["mean"], report["deck"]["mean_interval"]
    for row in report["cards"]:
        for name in ("opening", "early"):
            for side in ("with", "without"):
                g = row[name][side]
                yield g["share"], g["interval"]
                yield g["mean"], g["mean_interval"]
            for diff in (row[name]["share_diff"], row[name]["mean_diff"]):
                if diff:
                    yield diff["diff"], [diff["low"], diff["high"]]
        yield row["stuck"], row["stuck_interval"]
        yield row["play_share"], row["play_share_interval"]
        yield row["impact"], row["impact_interval"]


def test_every_interval_holds_its_point_estimate(kannagi_report):
    checked = 0
    for value, interval in _intervals(kannagi_report):
        if interval is not None:
            assert interval[0] <= value <= interval[1]
            checked += 1
    assert checked > 50


def test_shares_are_within_zero_and_one(kannagi_report):
    r = kannagi_report
    shares = [r["deck"]["share"]]
    for row in r["cards"]:
        shares += [row["drawn"], row["stuck"], row["play_share"]]
        shares += [row[n][s]["share"] for n in ("opening", "early") for s in ("with", "without")]
        shares += [x for n in ("opening", "early") for s in ("with", "without") for x in (row[n][s]["interval"] or [])]
    shares = [s for s in shares if s is not None]
    assert shares and all(0.0 <= s <= 1.0 for s in shares)
    assert sum(row["play_share"] or 0 for row in r["cards"]) == pytest.approx(1.0)
    for row in r["cards"]:  # the two groups split the games
        for n in ("opening", "early"):
            assert row[n]["with"]["games"] + row[n]["without"]["games"] == r["games"]


def test_cards_are_sorted_by_the_size_of_their_impact(kannagi_report):
    sizes = [abs(row["impact"]) for row in kannagi_report["cards"] if row["impact"] is not None]
    assert sizes == sorted(sizes, reverse=True)
    nones = [row["impact"] is None for row in kannagi_report["cards"]]
    assert nones == sorted(nones)  # the cards without an impact last


def test_a_card_never_drawn_has_no_impact_and_no_stuck_share():
    decks = [[{"key": "a", "name": "A"}, {"key": "b", "name": "B"}, {"key": "never", "name": "Never"}]]
    total = {
        "games": 4, "won": {"3": 2, "5": 1, NOT_WON: 1}, "plays": 3,
        "cards": {
            "a": {"opening": {"3": 2}, "early": {"3": 2, "5": 1}, "seen": 3, "stuck": 1, "plays": 2},
            "b": {"opening": {"5": 1, NOT_WON: 1}, "early": {"5": 1, NOT_WON: 1}, "seen": 2, "stuck": 0, "plays": 1},
        },
    }
    report = summarize(total, decks, turn_cap=20, by_turn=4)
    rows = {row["key"]: row for row in report["cards"]}
    never = rows["never"]
    assert never["impact"] is None and never["stuck"] is None and never["drawn"] == 0 and never["plays"] == 0
    assert never["early"]["with"]["games"] == 0 and never["early"]["with"]["share"] is None
    assert never["early"]["without"]["games"] == 4 and never["early"]["without"]["share"] == pytest.approx(0.5)
    assert report["cards"][-1]["key"] == "never"
    assert rows["a"]["early"]["with"]["share"] == pytest.approx(2 / 3) and rows["a"]["stuck"] == pytest.approx(1 / 3)
    assert rows["b"]["impact"] == pytest.approx(0 - 1.0)  # b drawn: 0 of 2 won by turn 4; not drawn: 2 of 2
    assert report["median"] == 3 and report["deck"]["won_by"] == 2


def test_the_turn_defaults_to_the_median_and_can_be_given(kannagi_report):
    assert kannagi_report["by_turn"] == (kannagi_report["median"] or kannagi_report["turn_cap"])
    given = card_report("kannagi", player_deck("kannagi"), 40, seed=7, by_turn=5)
    assert given["by_turn"] == 5
    with pytest.raises(ReportError, match="by_turn"):
        card_report("kannagi", player_deck("kannagi"), 10, seed=7, by_turn=0)


def test_a_swap_replaces_every_copy_and_reports_the_new_card():
    decks = player_deck("kannagi")
    keys = {card_key(c) for c in decks[0]}
    old = card_key(decks[0][0])
    new = next(c for name, c in bundled_cards("kannagi").items() if name not in keys)
    swapped = swap_decks(decks, old, new)
    assert len(swapped[0]) == len(decks[0]) and old not in {card_key(c) for c in swapped[0]}
    copies = sum(card_key(c) == old for c in decks[0])
    assert sum(card_key(c) == card_key(new) for c in swapped[0]) == copies
    out = swap_report("kannagi", decks, old, new, 30, seed=2)
    row = next(r for r in out["changes"]["cards"] if r["swapped"])
    assert row["key"] == old and row["new_key"] == card_key(new) and row["new_name"] == new["name"]
    assert card_key(new) in {r["key"] for r in out["swapped"]["cards"]}


def test_a_swap_of_a_card_not_in_the_deck_is_refused():
    with pytest.raises(ReportError, match="not a card of the deck"):
        swap_decks(player_deck("kannagi"), "no such card", {"key": "x", "name": "X"})


def test_reports_counted_by_different_turns_are_not_compared(kannagi_report):
    other = card_report("kannagi", player_deck("kannagi"), 20, seed=7, by_turn=kannagi_report["by_turn"] + 1)
    with pytest.raises(ReportError, match="by_turn"):
        compare(kannagi_report, other, "a", "a")


# -- the chart -----------------------------------------------------------------------------------------------


def test_the_impact_chart_draws_a_bar_per_card_with_an_impact_and_escapes_names():
    from xml.etree import ElementTree

    from goldfish.charts import impact_svg

    rows = [
        {"name": "<script>&", "impact": 0.2, "low": 0.1, "high": 0.3, "significant": True},
        {"name": "負の札", "impact": -0.05, "low": -0.2, "high": 0.1, "significant": False},
        {"name": "引かれない札", "impact": None, "low": 0, "high": 0, "significant": False},
    ]
    svg = impact_svg(rows, {"title": "影響", "axis": "軸", "none": "対局数が足りません"})
    root = ElementTree.fromstring(svg)  # well-formed: the name was escaped
    ns = "{http://www.w3.org/2000/svg}"
    bars = [r for r in root.iter(f"{ns}rect") if r.get("class") == "impact-bar"]
    assert len(bars) == 2 and "<script>" not in svg
    assert float(bars[0].get("fill-opacity")) > float(bars[1].get("fill-opacity"))  # significant: solid
    assert "対局数が足りません" in svg
