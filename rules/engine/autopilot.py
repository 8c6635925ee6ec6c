"""What a game's autopilot provides (rules/games/<slug>/autopilot.py defines `Autopilot`, a subclass).

An autopilot plays the human player's side of a goldfish game by a documented heuristic: it looks at the
state and returns one of the actions `legal_actions(state)` lists now. It holds no state of its own and
draws no random numbers, so a game's seed alone decides the game (the same seed, the same game).

The simulator (simulate.py) also asks it what to count: which action types play a card, the opening hand
and what it was dealt from, when the mulligan is over, the player's own turn number, and the game's key
cards (the opening-hand question, e.g. kannagi's 0-cost places)."""

from __future__ import annotations

from types import SimpleNamespace

from ..declare import GAMES


def reads_of(rules) -> SimpleNamespace:
    """The read helpers the game's rules declare (`Play.reads`), and nothing else of the rules object: what
    an autopilot may ask of the rules besides the legal actions."""
    return SimpleNamespace(**{name: getattr(rules, name) for name in rules.reads})


class Autopilot:
    slug = ""
    plays: frozenset[str] = frozenset()  # action types that play the card named by the action's "card"
    # whether choose() writes to the game it is given (original drops display stats: its stats.undisplayed); the
    # versus AI hands an autopilot that does not a world sharing the seen cards with the game (versus.determinize)
    writes_game: bool = False

    def __init__(self, rules):
        self.rules = reads_of(rules)  # the declared read helpers only (GameDef.pilot hands the game's rules)

    @property
    def key_label(self) -> str:
        """What the key cards are, in English (the game's declared key_cards; the web shell translates it)."""
        group = GAMES[self.slug].key_cards if self.slug in GAMES else None
        return group.en if group else ""

    def is_key(self, card: dict) -> bool:
        """A key card for the opening-hand figures (card: its data, as in state["defs"]): the game's declared
        key_cards pick it."""
        group = GAMES[self.slug].key_cards if self.slug in GAMES else None
        return bool(group and group.picks(card))

    def opening_hand(self, state: dict) -> list[str]:
        """The player's hand (instance ids): at the start, the opening hand; after the mulligan, the kept one."""
        return list(state["zones"]["p0.hand"])

    def opening_pool(self, state: dict) -> list[str]:
        """Right after setup: the cards the opening hand was dealt from at random (the hand included)."""
        return list(state["zones"]["p0.hand"]) + list(state["zones"]["p0.deck"])

    def mulligan_done(self, state: dict) -> bool:
        """The opening hand is final (no mulligan, or it was taken)."""
        return True

    def own_turn(self, state: dict) -> int:
        """How many of the player's own turns have begun (the win turn is this number when the game is won).

        A function of state["turn"] and of what is settled when the game starts (its options, who went
        first): the simulator works it out again only when state["turn"] changes."""
        return state["turn"]

    def choose(self, state: dict) -> dict | None:
        """The player's next action (one the rules list now), or None when there is nothing to do."""
        raise NotImplementedError
