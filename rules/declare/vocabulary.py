"""The player's words for a game: what its zones, phases, rule actions and decisions are called, in Japanese
and in English.

Each game declares one `Vocabulary` (rules/games/<slug>/vocabulary.py, `GameDef.vocabulary`); the goldfish
board shows `vocabulary.labels(lang)` in the page's language, so a game's own names (original's 支援 for its
deck, kannagi's 魂) and the prompts of its decisions live with the game, not in the web app. Plain data, no
Django: every word is a `Label` holding both languages.

Keys are the engine's names: a zone by its kind ("p0.hand" -> "hand"; a shared zone by its name, "board",
or its kind, "shared.deck" -> "deck"), a phase by `state["phase"]`, an action by its "type", a decision by
the pending "type", an option by an action's "option" value, a logged event by its "type" (`events`, the
log's story: rules/engine/story.py).

Turns are said one way in every game: each player's turns counted ("あなたの3ターン目", "相手の3ターン目"),
whatever the engine counts in `state["turn"]` (`turn_count` says what it counts, rules/engine/story.py
converts).
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

# -- the log's story (rules/engine/story.py) --------------------------------------------------------------------
# One wording of turns for every game: each player's own turns counted.
YOUR_TURN = Label("あなたの%(n)sターン目", "Your turn %(n)s")
THEIR_TURN = Label("%(who)sの%(n)sターン目", "%(who)s's turn %(n)s")
BEFORE_TURNS = Label("ゲーム開始前", "Before the first turn")
YOU = Label("あなた", "You")
OPPONENT = Label("相手", "Opponent")
HIDDEN_CARD = Label("裏向きのカード", "a face-down card")
HIDDEN_CARDS = Label("裏向き%(n)s枚", "%(n)s face down")
OF_PLAYER = Label("%(who)sの%(zone)s", "%(who)s's %(zone)s")  # a zone of the opponent: 相手の手札
AND = Label("、", ", ")
SOURCE = Label("（%(source)s）", " (%(source)s)")  # where damage or life came from
TIMES = Label(" ×%(n)s", " ×%(n)s")  # the same line several times in a row

# What the engine's own events say (the core, manual actions, the effect runner's common steps). A key
# "type[field,…]" is used when those fields are present in the event ("[!field]": absent), before "type";
# the first whose fields are all there wins. Placeholders: a card (card, target, attacker, defender, source)
# or cards (cards, mana, skill) by name, player (あなた/相手), zone/from/to (their labels), phase, stat (the
# card field's label), pos (the square), option, signed (an amount with its sign) and the event's numbers.
COMMON_EVENTS = {
    "draw[cards]": Label("%(player)s: %(n)s枚引いた（%(cards)s）", "%(player)s: drew %(n)s (%(cards)s)"),
    "draw": Label("%(player)s: %(n)s枚引いた", "%(player)s: drew %(n)s"),
    "move[pos]": Label("%(cards)s: %(from)s → %(to)s（%(pos)s）", "%(cards)s: %(from)s → %(to)s (%(pos)s)"),
    "move": Label("%(cards)s: %(from)s → %(to)s", "%(cards)s: %(from)s → %(to)s"),
    "draw_from_empty": Label("%(player)s: 山札が尽きて引けない", "%(player)s: cannot draw, the deck is empty"),
    "shuffle": Label("%(zone)sをシャッフルした", "Shuffled %(zone)s"),
    "damage[player,life,source]": Label(
        "%(player)s: %(amount)sダメージ（%(source)s）→ ライフ %(life)s",
        "%(player)s: %(amount)s damage (%(source)s) → life %(life)s",
    ),
    "damage[player,life]": Label("%(player)s: %(amount)sダメージ → ライフ %(life)s", "%(player)s: %(amount)s damage → life %(life)s"),
    "damage[source]": Label("%(card)s: %(amount)sダメージ（%(source)s）", "%(card)s: %(amount)s damage (%(source)s)"),
    "damage": Label("%(card)s: %(amount)sダメージ", "%(card)s: %(amount)s damage"),
    "life[amount,source]": Label(
        "%(player)s: ライフ +%(amount)s（%(source)s）→ %(life)s", "%(player)s: life +%(amount)s (%(source)s) → %(life)s"
    ),
    "life[amount]": Label("%(player)s: ライフ +%(amount)s → %(life)s", "%(player)s: life +%(amount)s → %(life)s"),
    "life": Label("%(player)s: ライフ → %(life)s", "%(player)s: life → %(life)s"),
    "heal": Label("%(player)s: %(amount)s回復", "%(player)s: healed %(amount)s"),
    "resource": Label("%(player)s: リソース %(value)s", "%(player)s: resource %(value)s"),
    "stat": Label("%(card)s: %(stat)s %(signed)s", "%(card)s: %(stat)s %(signed)s"),
    "stat_ends": Label("%(card)s: %(stat)sの修正が終わった", "%(card)s: the change to %(stat)s ended"),
    "step_skipped[card]": Label(
        "%(card)s: 自動で処理できない効果があります（手動で処理してください）",
        "%(card)s: part of its effect is not automated (apply it by hand)",
    ),
    "step_skipped": Label("自動で処理できない効果があります（手動で処理してください）", "An effect is not automated (apply it by hand)"),
    "win[card]": Label("%(player)sの勝利（%(card)s）", "%(player)s won (%(card)s)"),
    "win": Label("%(player)sの勝利", "%(player)s won"),
    "roll": Label("サイコロ（%(sides)s面）: %(value)s", "Die (d%(sides)s): %(value)s"),
    "counter": Label("%(card)s: %(name)s %(value)s", "%(card)s: %(name)s %(value)s"),
    "flip[face_up]": Label("%(card)sを表向きにした", "Turned %(card)s face up"),
    "flip": Label("%(card)sを裏向きにした", "Turned %(card)s face down"),
    "tap[tapped]": Label("使用済みにした: %(cards)s", "Used: %(cards)s"),
    "tap": Label("未使用に戻した: %(cards)s", "Made ready: %(cards)s"),
    "token": Label("トークン%(card)sを%(to)sに出した", "Token %(card)s put into %(to)s"),
    "reveal[zone]": Label("%(zone)sの上から%(n)s枚を公開: %(cards)s", "Revealed the top %(n)s of %(zone)s: %(cards)s"),
    "search": Label("%(zone)sを見た（%(n)s枚）", "Looked through %(zone)s (%(n)s cards)"),
    "pass[player]": Label("%(player)s: パス", "%(player)s: pass"),
    "play[player]": Label("%(player)s: %(card)sをプレイ", "%(player)s: played %(card)s"),
    "play": Label("%(card)sをプレイ", "Played %(card)s"),
    "resolve[card]": Label("%(card)sが解決した", "%(card)s resolved"),
    "countered[card]": Label("%(card)sは打ち消された", "%(card)s was countered"),
    "trigger": Label("%(card)sが誘発した", "%(card)s triggered"),
    "attack[card]": Label("%(card)sで攻撃", "Attack with %(card)s"),
    "destroyed": Label("%(card)sが破棄された", "%(card)s was destroyed"),
    "destroy[card]": Label("%(card)sが破棄された", "%(card)s was destroyed"),
    "choose[card]": Label("%(card)sを選んだ", "Chose %(card)s"),
    "phase": Label("%(phase)s", "%(phase)s"),
}
# Events the story leaves out (the line above them says it, or they are the engine's bookkeeping).
QUIET_EVENTS = frozenset({"turn_end", "end_turn", "cancel", "cancelled"})


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
    # What state["turn"] counts: "own" (the player's own turns: a goldfish's turn comes between two of them) or
    # "every" (every player's turn, in seating order from the first player). The board and the log say each
    # player's own turns either way ("あなたの3ターン目"): rules/engine/story.py converts.
    turn_count: str = "own"
    turn_starts: frozenset[str] = frozenset({"turn", "goldfish_turn"})  # the events that begin someone's turn
    events: Mapping[str, Label] = field(default_factory=dict)  # the log's words for the game's own events
    quiet: frozenset[str] = frozenset()  # the game's events the log leaves out ("move:deck>exile": such moves)

    def __post_init__(self):
        merged = {
            "phases": {**ENGINE_PHASES, **self.phases},
            "actions": {**SCRIPT_ACTIONS, **self.actions},
            "decisions": {**SCRIPT_DECISIONS, **self.decisions},
            "events": {**self.events, **{k: v for k, v in COMMON_EVENTS.items() if k not in self.events}},
        }
        for name in ("zones", "phases", "actions", "decisions", "options", "words", "reasons", "events"):
            object.__setattr__(self, name, _frozen(merged.get(name, getattr(self, name))))
        object.__setattr__(self, "hidden", frozenset(self.hidden))
        object.__setattr__(self, "quiet", frozenset(self.quiet) | QUIET_EVENTS)
        object.__setattr__(self, "turn_starts", frozenset(self.turn_starts))
        if self.turn_count not in ("own", "every"):
            raise ValueError(f"vocabulary: turn_count is 'own' or 'every', not {self.turn_count!r}")
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
        """The words the board draws with, in one language, as JSON-able data: {"zones": {kind: text}, …,
        "rows": [text], "turn": text, "on_turn": text, "hidden": [kind], "your_turn": "あなたの%(n)sターン目", …}
        (the log's event words stay on the server: rules/engine/story.py writes the log)."""
        out: dict = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in ("events", "quiet", "turn_starts", "turn_count"):
                continue
            if isinstance(value, Label):
                out[f.name] = value.text(lang)
            elif f.name == "hidden":
                out[f.name] = sorted(value)
            elif f.name == "rows":
                out[f.name] = [row.text(lang) for row in value]
            else:
                out[f.name] = {key: word.text(lang) for key, word in value.items()}
        for name, word in (("your_turn", YOUR_TURN), ("their_turn", THEIR_TURN), ("before_turns", BEFORE_TURNS),
                           ("you", YOU), ("opponent", OPPONENT)):
            out[name] = word.text(lang)
        return out


# A game that has declared no words: the engine's keys are shown as they are.
EMPTY = Vocabulary(zones={}, phases={}, actions={}, decisions={}, hidden=frozenset())
