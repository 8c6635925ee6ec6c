"""異世界TCG マナカード deck construction, besides the common checks.

The common checks of `rules.decks.validate` cover the section sizes (main deck and skill deck exactly 50
each: `section_size`; status cards any number) and copies (unlimited, except a card's own
`fields.copy_limit`). This module adds the game's own rules (〇デッキ構成):
- each card sits in a deck its TYPE may go in (`wrong_deck`): a unit in the main deck (ユニット、アイテム、
  装備品などから構成される), magic and techniques in the skill deck (魔法、技能、アイテム、装備品等), items and
  equipment in either (the one its `fields.deck` names, when it names one of those), status cards among the
  status cards. The `deck` field never moves a card out of the deck its type belongs in, so a unit tagged
  "status" still counts towards the main deck's 50;
- the 【恩恵スキルレベル】 of everything used adds up to at most `regulation.options["blessing_max"]` (10)
  (`blessing_over`); a card's level is `fields.blessing_level`, or the level its text prints with the
  keyword (【恩恵スキル Lv3】, 【恩恵スキルレベル3】); a card with 【恩恵スキル】 (keyword or text) whose level
  is nowhere cannot be counted (`blessing_level_unknown`);
- a 【ユニーク】 card (`fields.unique`, the keyword, or 【ユニーク】 in its text) appears at most once across the
  main deck, the skill deck and the status cards together, reprints and aliases of its name included
  (`unique_twice`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ...deckdata import DeckView, Violation
from . import TYPE_DECKS

# The game's own words for its messages (GameDef.words): the template each violation is built with, and
# what the site shows for it in Japanese and English.
WRONG_DECK = "{name} belongs in the {deck} deck, not in the {section} section."
LEVEL_UNKNOWN = "{name} has 【恩恵スキル】 but no 【恩恵スキルレベル】: its level cannot be counted."
BLESSING_OVER = "The blessing skill levels add up to {total}; at most {max} are allowed."
UNIQUE_TWICE = "{name} is unique: {count} copies in the deck, but at most 1 is allowed."
WORDS = {
    WRONG_DECK: {"ja": "{name} は{deck}のカードです。「{section}」には入れられません。", "en": WRONG_DECK},
    LEVEL_UNKNOWN: {"ja": "{name} は【恩恵スキル】を持っていますが【恩恵スキルレベル】がないため、合計に数えられません。",
                    "en": LEVEL_UNKNOWN},
    BLESSING_OVER: {"ja": "恩恵スキルレベルの合計が{total}です。{max}までです。", "en": BLESSING_OVER},
    UNIQUE_TWICE: {"ja": "{name} はユニークです。デッキ全体で{count}枚ありますが、1枚までです。", "en": UNIQUE_TWICE},
}

BLESSING_MAX = 10
BLESSING = "恩恵スキル"
UNIQUE = "ユニーク"
# the level printed with the keyword: 【恩恵スキル Lv3】, 【恩恵スキルLv.3】, 【恩恵スキルレベル3】, 【恩恵スキルレベル】3
_LEVEL = re.compile(r"恩恵スキル\s*(?:レベル|[Ll][Vv]\.?)\s*】?\s*[:：]?\s*([0-9０-９]+)")


def _has(card: Mapping, word: str) -> bool:
    """The card has the keyword: among its keywords, or 【word】 in its text."""
    return word in (card.get("keywords") or ()) or f"【{word}" in (card.get("rules_text") or "")


def is_unique(card: Mapping) -> bool:
    """【ユニーク】: the field, the keyword or the text."""
    return bool((card.get("fields") or {}).get("unique")) or _has(card, UNIQUE)


def blessing_level(card: Mapping) -> int | None:
    """The card's 【恩恵スキルレベル】 (0 without 【恩恵スキル】), None when it has the skill but no level."""
    level = (card.get("fields") or {}).get("blessing_level")
    if isinstance(level, int) and not isinstance(level, bool) and level > 0:
        return level
    found = _LEVEL.search(card.get("rules_text") or "")
    if found:
        return int(found.group(1).translate(str.maketrans("０１２３４５６７８９", "0123456789")))
    return None if _has(card, BLESSING) else 0


def decks_for(card: Mapping) -> tuple[str, ...]:
    """The decks the card may go in: its type's (TYPE_DECKS), narrowed to the one its `deck` field names when
    the type allows it; a type the game does not know goes where the field says."""
    home = (card.get("fields") or {}).get("deck")
    allowed = TYPE_DECKS.get(card.get("card_type") or "")
    if allowed is None:
        return (home,) if home else ()
    return (home,) if home in allowed else allowed


def check(game, regulation, deck, cards, view=None) -> list[Violation]:
    view = view or DeckView(regulation, deck, cards)
    out: list[Violation] = []
    total = 0
    blessed: dict = {}  # card id -> None: the blessed cards in deck order, each once
    for entry in view.entries:
        card = entry.card
        allowed = decks_for(card)
        if allowed and entry.section not in allowed:
            out.append(
                Violation(
                    "wrong_deck",
                    WRONG_DECK,
                    {"name": card.get("name", ""), "deck": allowed[0], "section": entry.section},
                    (entry.card_id,),
                    entry.section,
                )
            )
        level = blessing_level(card)
        if level is None:
            out.append(
                Violation(
                    "blessing_level_unknown",
                    LEVEL_UNKNOWN,
                    {"name": card.get("name", "")},
                    (entry.card_id,),
                    entry.section,
                )
            )
        elif level > 0:
            total += level * entry.count
            blessed.setdefault(entry.card_id)
    limit = regulation.options.get("blessing_max", BLESSING_MAX)
    if total > limit:
        out.append(
            Violation(
                "blessing_over",
                BLESSING_OVER,
                {"total": total, "max": limit},
                tuple(blessed),
            )
        )
    for group in view.groups:
        if group.count > 1 and any(is_unique(c) for c in group.cards):
            out.append(
                Violation(
                    "unique_twice",
                    UNIQUE_TWICE,
                    {"name": group.name, "count": group.count},
                    tuple(group.ids),
                    group.section,
                )
            )
    return out
