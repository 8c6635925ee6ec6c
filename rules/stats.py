"""Deck statistics: draw odds, cost curve, breakdowns, and named card groups for the odds form.

No Django. Decks are `DeckData` (section -> {card id: copies}) and cards are card dicts keyed by id, as
for rules.decks.validate.

Draw odds
---------
"Seen by turn N" is the number of cards in a player's hand at the start of their turn N's main phase,
counting every card drawn so far (nothing played, discarded or put back):

- turn 0 is the opening hand: `opening` cards, plus `second_player_extra` for the second player;
- first player, turn N >= 1: opening + per_turn * (N - 1) when `first_player_skips_first_draw`, else
  opening + per_turn * N;
- second player, turn N >= 1: opening + second_player_extra + per_turn * N.

N counts each player's own turns (the second player's turn 1 comes after the first player's turn 1).
The count never exceeds the cards in the population. Kannagi (8, draw 1, the first player skips the first
draw): 8 / 8 / 9 / 10 … for the first player, 8 / 9 / 10 / 11 … for the second. Manacard (5, no draw step,
the second player starts with 6): 5 and 6 on every turn. Effects that draw, search or put cards back
(零探し, mulligans) are not modelled: the odds are for what the draws alone give.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .deckdata import DeckData
from .declare.base import CardGroup, GameDef
from .declare.fields import BOOL, CHOICE, CHOICES

# -- hypergeometric odds -------------------------------------------------------------


def hypergeom_at_least(population: int, successes: int, draws: int, k: int) -> float:
    """Exact P(X >= k) for X the number of successes among `draws` cards drawn without replacement from
    `population` cards of which `successes` are successes. Draws beyond the population draw it all."""
    if population < 0 or successes < 0:
        raise ValueError("population and successes must not be negative")
    successes = min(successes, population)
    draws = max(0, min(draws, population))
    if k <= 0:
        return 1.0
    top = min(successes, draws)
    if k > top:
        return 0.0
    failures = population - successes
    hits = sum(math.comb(successes, i) * math.comb(failures, draws - i) for i in range(k, top + 1))
    return hits / math.comb(population, draws)


def seen(game: GameDef, turn: int, second: bool = False) -> int:
    """Cards seen by the start of the player's turn `turn` main phase (turn 0: the opening hand); see the
    module doc. Not capped by the deck size."""
    rules = game.draw
    if rules is None:
        raise ValueError(f"{game.slug} declares no draw rules")
    if second:
        return rules.opening + rules.second_player_extra + rules.per_turn * turn
    if turn <= 0:
        return rules.opening
    return rules.opening + rules.per_turn * (turn - 1 if rules.first_player_skips_first_draw else turn)


def draw_odds(game: GameDef, population: Mapping, group: Iterable, k: int, turns: int) -> list[dict]:
    """For turn 0 (the opening hand) and turns 1..`turns`: the cards each player has seen and the chance
    that at least `k` of them are in `group`.

    `population` is card id -> copies of the section hands are drawn from (game.draw.section); `group` is
    the card ids that count. Returns one dict per turn:
    {"turn", "first_seen", "first", "second_seen", "second"} (first / second: probabilities 0..1).
    """
    group = set(group)
    size = sum(population.values())
    successes = sum(n for card_id, n in population.items() if card_id in group)
    rows = []
    for turn in range(0, max(0, turns) + 1):
        first = min(seen(game, turn), size)
        second = min(seen(game, turn, second=True), size)
        rows.append(
            {
                "turn": turn,
                "first_seen": first,
                "first": hypergeom_at_least(size, successes, first, k),
                "second_seen": second,
                "second": hypergeom_at_least(size, successes, second, k),
            }
        )
    return rows


# -- curve and breakdown -------------------------------------------------------------


def _cost_key(cost) -> tuple:
    return (cost is None, cost if cost is not None else 0)


def cost_curve(deck: DeckData, cards: Mapping) -> dict[str, list[tuple]]:
    """For each section of the deck: [(cost, copies), ...] by cost, cards without a cost (None) last.
    Ids missing from `cards` are left out."""
    out: dict[str, list[tuple]] = {}
    for section, entries in deck.sections.items():
        counts: dict = {}
        for card_id, copies in entries.items():
            card = cards.get(card_id)
            if card is None or not copies:
                continue
            cost = card.get("cost")
            counts[cost] = counts.get(cost, 0) + copies
        out[section] = sorted(counts.items(), key=lambda item: _cost_key(item[0]))
    return out


@dataclass(frozen=True)
class Bucket:
    """One bar of a breakdown: a value (card type code, field value, True/False, or None for "no value"),
    its labels and the copies of the deck's cards that have it."""

    value: object
    ja: str
    en: str
    copies: int

    def label(self, lang: str) -> str:
        return self.ja if lang.startswith("ja") else self.en


_NONE_LABELS = ("なし", "None")
_BOOL_LABELS = {True: ("はい", "Yes"), False: ("いいえ", "No")}


def _entries(deck: DeckData, section: str | None) -> dict:
    if section is None:
        return deck.counts()
    return dict(deck.sections.get(section, {}))


def breakdown(game: GameDef, deck: DeckData, cards: Mapping, section: str | None = None) -> dict[str, list[Bucket]]:
    """Copies of the deck's cards (all sections, or one) by card type and by each of `game.stat_fields`.

    Returns {"type": [Bucket, ...], <field key>: [Bucket, ...], ...}. Types come in game.card_types order;
    choice fields in their choices order; other values by copies, most first. A card with several values
    (a mixed-season card: ["春", "夏"]) counts under each. Booleans give yes / no (no value is no). A card
    of a type the field applies to but without a value counts under None ("なし" / "None"); cards of other
    types are left out of that field. Empty buckets are left out.
    """
    entries = {i: n for i, n in _entries(deck, section).items() if n and i in cards}
    out: dict[str, list[Bucket]] = {}

    by_type: dict = {}
    for card_id, copies in entries.items():
        code = cards[card_id].get("card_type")
        by_type[code] = by_type.get(code, 0) + copies
    buckets = [Bucket(t.code, t.ja, t.en, by_type.pop(t.code)) for t in game.card_types if t.code in by_type]
    buckets += [Bucket(code, str(code), str(code), n) for code, n in by_type.items()]  # types the game lacks
    out["type"] = buckets

    for key in game.stat_fields:
        f = game.field(key)
        counts: dict = {}
        for card_id, copies in entries.items():
            card = cards[card_id]
            if not f.applies_to(card.get("card_type", "")):
                continue
            value = (card.get("fields") or {}).get(key)
            if f.kind == BOOL:
                values = [bool(value)]
            elif isinstance(value, list | tuple | set):
                values = list(dict.fromkeys(value)) or [None]
            else:
                values = [value]
            for v in values:
                counts[v] = counts.get(v, 0) + copies
        if f.kind == BOOL:
            order = [v for v in (True, False) if v in counts]
        elif f.kind in (CHOICE, CHOICES):
            order = [c for c in f.choices if c in counts]
            order += sorted((v for v in counts if v not in f.choices and v is not None), key=str)
        else:
            order = sorted((v for v in counts if v is not None), key=lambda v: (-counts[v], str(v)))
        if None in counts and f.kind != BOOL:
            order.append(None)
        fb = []
        for v in order:
            if v is None:
                ja, en = _NONE_LABELS
            elif f.kind == BOOL:
                ja, en = _BOOL_LABELS[v]
            else:
                ja, en = f.choice_label(str(v), "ja"), f.choice_label(str(v), "en")
            fb.append(Bucket(v, ja, en, counts[v]))
        out[key] = fb
    return out


# -- presets: named card groups for the odds form ------------------------------------

# A preset is a card group as the game declares it (rules/declare/base.py CardGroup): the same definition the
# simulation counts as the opening hand's key cards.
Preset = CardGroup


def _type_preset(code: str, ja: str, en: str) -> Preset:
    return Preset(f"type:{code}", ja, en, types=(code,))


def presets(game: GameDef) -> list[Preset]:
    """The game's key cards and its other declared groups (GameDef.key_cards, card_groups), then one group
    per card type (code "type:<card type>")."""
    out = [g for g in (game.key_cards, *game.card_groups) if g is not None]
    out += [_type_preset(t.code, t.ja, t.en) for t in game.card_types]
    return out


def preset(game: GameDef, code: str) -> Preset | None:
    return next((p for p in presets(game) if p.code == code), None)


def group_ids(preset: Preset, cards: Mapping | Iterable[Mapping]) -> set:
    """The ids of the cards (a mapping id -> card dict, or card dicts with "id") the preset picks."""
    if isinstance(cards, Mapping):
        return {card_id for card_id, card in cards.items() if preset.picks(card)}
    return {card["id"] for card in cards if preset.picks(card)}


# -- values: a card field's value as an odds target (a season, an attribute) ----------------------------


@dataclass(frozen=True)
class ValueTarget:
    """The cards with one value of one of the game's `stat_fields` (kannagi: season 春): code
    "value:<field key>=<value>". A card with several values has each; a yes/no field's value is "yes"."""

    key: str
    value: str
    ja: str
    en: str

    @property
    def code(self) -> str:
        return f"value:{self.key}={self.value}"

    def label(self, lang: str) -> str:
        return self.ja if lang.startswith("ja") else self.en

    def picks(self, card: Mapping) -> bool:
        value = (card.get("fields") or {}).get(self.key)
        if isinstance(value, list | tuple | set):
            return self.value in {str(v) for v in value}
        if isinstance(value, bool):
            return value and self.value == "yes"
        return value is not None and str(value) == self.value


def value_targets(game: GameDef, cards: Iterable[Mapping]) -> list[ValueTarget]:
    """One target per value of each of the game's `stat_fields` that some of `cards` (card dicts) has: in
    the field's choices order, other values by name. Labels read "季節：春" / "Season: 春"."""
    out = []
    cards = list(cards)
    for key in game.stat_fields:
        f = game.field(key)
        seen: set[str] = set()
        for card in cards:
            if not f.applies_to(card.get("card_type", "")):
                continue
            value = (card.get("fields") or {}).get(key)
            if f.kind == BOOL:
                if value:
                    seen.add("yes")
            elif isinstance(value, list | tuple | set):
                seen |= {str(v) for v in value if v not in (None, "")}
            elif value not in (None, ""):
                seen.add(str(value))
        order = [c for c in f.choices if c in seen] if f.kind in (CHOICE, CHOICES) else []
        order += sorted(v for v in seen if v not in order)
        for v in order:
            if f.kind == BOOL:
                ja, en = f.ja, f.en
            else:
                ja = f"{f.ja}：{f.choice_label(v, 'ja')}"
                en = f"{f.en}: {f.choice_label(v, 'en')}"
            out.append(ValueTarget(key, v, ja, en))
    return out


def value_target(game: GameDef, code: str) -> ValueTarget | None:
    """The target a "value:<key>=<value>" code names, when the key is one of the game's stat_fields."""
    if not code.startswith("value:"):
        return None
    key, sep, value = code[len("value:"):].partition("=")
    if not sep or key not in game.stat_fields or not value:
        return None
    f = game.field(key)
    if f.kind == BOOL:
        return ValueTarget(key, "yes", f.ja, f.en) if value == "yes" else None
    return ValueTarget(key, value, f"{f.ja}：{f.choice_label(value, 'ja')}", f"{f.en}: {f.choice_label(value, 'en')}")
