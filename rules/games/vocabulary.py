"""The player's words for a game: what its zones, phases, rule actions and decisions are called, in Japanese
and in English.

Each game declares one `Vocabulary` (rules/games/<slug>/vocabulary.py, `GameDef.vocabulary`); the goldfish
board shows `vocabulary.labels(lang)` in the page's language, so a game's own names (original's 支援 for its
deck, kannagi's 魂) and the prompts of its decisions live with the game, not in the web app. Plain data, no
Django: every word is a `Label` holding both languages.

Keys are the engine's names: a zone by its kind ("p0.hand" -> "hand"; a shared zone by its name, "board",
or its kind, "shared.deck" -> "deck"), a phase by `state["phase"]`, an action by its "type", a decision by
the pending "type", an option by an action's "option" value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType


@dataclass(frozen=True)
class Label:
    """One word or sentence in both languages."""

    ja: str
    en: str

    def text(self, lang: str) -> str:
        return self.ja if (lang or "ja").startswith("ja") else self.en


# -- words several games share (each game still lists the ones it uses) ---------------------------------------

DECK = Label("山札", "Deck")
HAND = Label("手札", "Hand")
FIELD = Label("場", "Field")
DISCARD = Label("捨て札", "Discard")
EXILE = Label("除外", "Exile")

MAIN_PHASE = Label("メインフェイズ", "Main phase")
DRAW_PHASE = Label("ドローフェイズ", "Draw phase")
END_PHASE = Label("エンドフェイズ", "End phase")

END_TURN = Label("ターン終了", "End turn")
PASS = Label("パス", "Pass")
PLAY = Label("プレイ", "Play")
ATTACK = Label("攻撃", "Attack")
SUMMON = Label("召喚", "Summon")
DEPLOY = Label("展開", "Deploy")
PAY = Label("支払う", "Pay")
CANCEL = Label("取り消す", "Cancel")
CHOOSE = Label("選ぶ", "Choose")
DESTROY = Label("支払わない（破棄）", "Do not pay (destroy)")

UPKEEP = Label("維持コスト: 支払わなければそのカードは破棄されます。", "Upkeep: pay it, or the card is destroyed.")

# What the engine's effect runner (rules/engine/effects.py) asks of any game whose cards carry a script: a
# step that chooses among cards. Every vocabulary has these unless the game words them itself.
SCRIPT_ACTIONS = {"choose": CHOOSE}
SCRIPT_DECISIONS = {"choose": Label("選んでください。", "Choose.")}
# The phase of a game the engine has made and the game's setup has not started yet.
ENGINE_PHASES = {"setup": Label("準備", "Setup")}


def _frozen(words: Mapping[str, Label]) -> Mapping[str, Label]:
    for key, word in words.items():
        if not isinstance(key, str) or not isinstance(word, Label):
            raise TypeError(f"vocabulary: {key!r} must name a Label, not {word!r}")
    return MappingProxyType(dict(words))


@dataclass(frozen=True)
class Vocabulary:
    """A game's words. `hidden` are the zone kinds the opponent does not see into (only the count, and the
    cards put there face up): what the game's rules hide, said once for the board."""

    zones: Mapping[str, Label]
    phases: Mapping[str, Label]
    actions: Mapping[str, Label]
    decisions: Mapping[str, Label]  # a pending decision's prompt, by its type
    hidden: frozenset[str] = frozenset({"deck", "hand"})
    options: Mapping[str, Label] = field(default_factory=dict)  # an action's "option" values (manacard's passes)
    rows: tuple[Label, ...] = ()  # the rows of the game's grid, from the player's side (original)
    words: Mapping[str, Label] = field(default_factory=dict)  # other words its board shows (vision's weather)
    reasons: Mapping[str, Label] = field(default_factory=dict)  # why a game ends, by the result's reason
    turn: Label = Label("ターン", "Turn")  # what one turn is called ("Turn 3")
    on_turn: Label = Label("ターン", "on turn")  # "won on turn 3"

    def __post_init__(self):
        merged = {
            "phases": {**ENGINE_PHASES, **self.phases},
            "actions": {**SCRIPT_ACTIONS, **self.actions},
            "decisions": {**SCRIPT_DECISIONS, **self.decisions},
        }
        for name in ("zones", "phases", "actions", "decisions", "options", "words", "reasons"):
            object.__setattr__(self, name, _frozen(merged.get(name, getattr(self, name))))
        object.__setattr__(self, "hidden", frozenset(self.hidden))
        object.__setattr__(self, "rows", tuple(self.rows))
        unknown = self.hidden - set(self.zones)
        if unknown:
            raise ValueError(f"vocabulary: hidden zones without a label: {sorted(unknown)}")
        for name in ("turn", "on_turn"):
            if not isinstance(getattr(self, name), Label):
                raise TypeError(f"vocabulary: {name} must be a Label")

    def zone(self, kind: str, lang: str) -> str:
        """A zone's label ("p0.hand", "hand" or "board"); the kind itself when the game has no word for it."""
        kind = kind.rpartition(".")[2] if kind not in self.zones else kind
        word = self.zones.get(kind)
        return word.text(lang) if word else kind

    def labels(self, lang: str) -> dict:
        """Every word in one language, as JSON-able data: {"zones": {kind: text}, …, "rows": [text],
        "turn": text, "on_turn": text, "hidden": [kind]}."""
        out: dict = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Label):
                out[f.name] = value.text(lang)
            elif f.name == "hidden":
                out[f.name] = sorted(value)
            elif f.name == "rows":
                out[f.name] = [row.text(lang) for row in value]
            else:
                out[f.name] = {key: word.text(lang) for key, word in value.items()}
        return out


# A game that has declared no words: the engine's keys are shown as they are.
EMPTY = Vocabulary(zones={}, phases={}, actions={}, decisions={}, hidden=frozenset())
