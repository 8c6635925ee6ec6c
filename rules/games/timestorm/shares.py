"""What each goldfish brings to the shared deck (its "share"), as the start option "goldfish_entry" says.

Seed 001: 各プレイヤーは好きな勝利条件カードを1種類選び、基本のカードと混ぜて全員で1つのデッキとする (standard:
every player brings one kind of win-condition card), and バリアント: 各プレイヤーは好きなカード13枚を持ち寄る
(every player brings 13 cards). The goldfish are players, so each brings its share, from the game's
bundled data (its package's cards.json and the sample pools of its samples.json):

- "auto" (the default): the share the format asks for. The player's cards are a 13-card pooling entry when
  every one of them is in the entry section (the site hands over a standard deck as the regulation's basic
  cards, outside any section, followed by the entry) and they are not all win-condition cards; otherwise
  they are the standard shared deck (the basic cards and the player's kind). Standard: the goldfish brings a bundled win-condition kind the
  player's cards do not hold (goldfish k the k-th such kind in name order, round again when there are
  more goldfish than kinds). Pooling: a bundled sample pool other than the player's own 13 (goldfish k the
  k-th, in the samples' order).
- "kind:<name>": every goldfish brings that bundled win-condition kind.
- "pool:<n>": every goldfish brings the n-th bundled sample pool.
- "none": the goldfish bring nothing (the shared deck is the player's cards alone).

A kind comes in as many copies as the player's own kind has (at least one): each player's share of the
win-condition cards is the same size. A card the player's list already holds (same name) is taken from
that list, so the two are the same card in the game; any other is the bundled card, keyed by its name.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from ...declare.options import Choice
from ...declare.samples import bundled_cards, bundled_samples

SLUG = "timestorm"
ENTRY_SECTION = "entry"
POOLING = "pool13"  # the regulation code of the 13-card pooling variant
AUTO, NONE, KIND, POOL = "auto", "none", "kind:", "pool:"


@cache
def kinds() -> tuple[str, ...]:
    """The bundled win-condition cards' names, in name order."""
    return tuple(sorted(n for n, c in bundled_cards(SLUG).items() if (c.get("fields") or {}).get("win_condition")))


@cache
def pools() -> tuple[tuple[str, tuple[dict, ...]], ...]:
    """The bundled 13-card sample pools: (name, cards) in the samples' order."""
    return tuple((s["name"], tuple(s["cards"])) for s in bundled_samples(SLUG) if s["regulation"] == POOLING)


def choices() -> tuple[Choice, ...]:
    out = [Choice(AUTO, "形式に合わせる（基本ルール：あなたが選ばなかった勝利条件カード1種類／13枚持ち寄り：サンプルの13枚）",
                  "As the format asks (standard: a win-condition kind you did not choose; pooling: a sample 13)")]
    out += [Choice(f"{KIND}{name}", f"基本ルール：勝利条件カード「{name}」", f"Standard: the win-condition card {name}") for name in kinds()]
    out += [Choice(f"{POOL}{n}", f"13枚持ち寄り：{name}", f"13-card pooling: sample {n} ({name})") for n, (name, _cards) in enumerate(pools(), 1)]
    out.append(Choice(NONE, "持ち寄らない（デッキはあなたのカードだけ）", "Nothing (the deck is your cards alone)"))
    return tuple(out)


def is_pooling(cards: list[dict]) -> bool:
    """The player's cards are a 13-card pooling entry: every one of them in the entry section, and not all
    win-condition cards (that is a standard entry whose regulation lists no basic cards)."""
    return (
        bool(cards)
        and all(c.get("section") == ENTRY_SECTION for c in cards)
        and not all((c.get("fields") or {}).get("win_condition") for c in cards)
    )


def _win_names(cards: list[dict]) -> Counter:
    return Counter(c.get("name") for c in cards if (c.get("fields") or {}).get("win_condition"))


def _as_cards(names: list[str], mine: list[dict]) -> list[dict]:
    """The cards of these names: the player's own data where they hold the name, else the bundled card."""
    own = {}
    for card in mine:
        own.setdefault(card.get("name"), card)
    bundled = bundled_cards(SLUG)
    out = []
    for name in names:
        card = own.get(name) or bundled[name]
        out.append({k: v for k, v in card.items() if k != "section"})
    return sorted(out, key=lambda c: (str(c.get("name") or ""), str(c.get("key") or "")))


def _kind(name: str, mine: list[dict]) -> list[dict]:
    copies = max(_win_names(mine).values(), default=0) or 1
    return _as_cards([name] * copies, mine)


def _pool(cards: tuple[dict, ...], mine: list[dict]) -> list[dict]:
    return _as_cards([c["name"] for c in cards], mine)


def own_share(cards: list[dict]) -> list[dict]:
    """What another player brings from a deck of their own: a list as the site hands over a standard deck
    (the regulation's basic cards and the player's kind) brings its win-condition cards alone, since the basic
    cards are in the shared deck once (seed 001: 勝利条件カードを1種類選び、基本のカードと混ぜて全員で1つのデッキ);
    a pooling entry, a list of win-condition cards only, or one without any, comes in whole."""
    wins = [c for c in cards if (c.get("fields") or {}).get("win_condition")]
    if is_pooling(cards) or not wins or len(wins) == len(cards):
        return cards
    return wins


def share(mine: list[dict], choice: str, goldfish: int) -> list[dict]:
    """The cards goldfish number `goldfish` (1, 2, …) brings, given the player's cards `mine`."""
    if choice == NONE:
        return []
    if choice.startswith(KIND):
        return _kind(choice[len(KIND):], mine)
    if choice.startswith(POOL):
        return _pool(pools()[int(choice[len(POOL):]) - 1][1], mine)
    if is_pooling(mine):
        own = Counter(c.get("name") for c in mine)
        others = [cards for _name, cards in pools() if Counter(c["name"] for c in cards) != own] or [c for _n, c in pools()]
        return _pool(others[(goldfish - 1) % len(others)], mine) if others else []
    chosen = _win_names(mine)
    others = [k for k in kinds() if k not in chosen] or list(kinds())
    return _kind(others[(goldfish - 1) % len(others)], mine) if others else []
