"""Time Storm deck construction: what one player brings to the shared deck (an "entry").

`regulation.options["entry"]` says what an entry is:
- "win_condition" (standard): one kind of win-condition card. Every card of the entry must be a
  win-condition card (`fields.win_condition`: `entry_not_win_condition`) and the entry holds exactly one
  kind, i.e. one name (`entry_kinds`). Copies are not limited.
- "any" (the 13-card pooling variant): any cards; the size (exactly 13) is the section rule, checked by
  the common checks (`section_size`).

Combining the entries into the shared deck is `rules.decks.pool`.
"""

from __future__ import annotations

from ...deckdata import DeckView, Violation

ENTRY = "entry"
WIN_CONDITION = "win_condition"
# The game's own words for its messages (GameDef.words): the template each violation is built with, and
# what the site shows for it in Japanese and English.
NOT_WIN_CONDITION = "{name} is not a win-condition card; an entry holds win-condition cards only."
KINDS = "The entry holds {count} kinds of win-condition card; it must hold exactly one."
WORDS = {
    NOT_WIN_CONDITION: {"ja": "{name} は勝利条件カードではありません。持ち寄りは勝利条件カードのみです。",
                        "en": NOT_WIN_CONDITION},
    KINDS: {"ja": "勝利条件カードが{count}種類あります。ちょうど1種類にしてください。", "en": KINDS},
}


def check(game, regulation, deck, cards, view=None) -> list[Violation]:
    if regulation.options.get("entry") != WIN_CONDITION:
        return []
    view = view or DeckView(regulation, deck, cards)
    out: list[Violation] = []
    win_ids = set()
    for entry in view.in_section(ENTRY):
        if (entry.card.get("fields") or {}).get("win_condition"):
            win_ids.add(entry.card_id)
        else:
            out.append(
                Violation(
                    "entry_not_win_condition",
                    NOT_WIN_CONDITION,
                    {"name": entry.card.get("name", "")},
                    (entry.card_id,),
                    ENTRY,
                )
            )
    kinds = [g for g in view.groups if ENTRY in g.sections and win_ids.intersection(g.ids)]
    rule = regulation.section(ENTRY)
    # An empty entry is already a size violation when the section asks for at least one card.
    empty_reported = rule is not None and (rule.min or 0) >= 1
    if len(kinds) > 1 or (not kinds and not out and not empty_reported and rule is not None):
        out.append(
            Violation(
                "entry_kinds",
                KINDS,
                {"count": len(kinds)},
                tuple(card_id for g in kinds for card_id in g.ids if card_id in win_ids),
                ENTRY,
            )
        )
    return out
