"""Goldfish rules for a game the engine does not automate yet (it declares
play="rules.engine.generic:GenericRules"): zones, the opening hand, turns, draws.

The player's deck is shuffled and the opening hand drawn (the game's DrawRules); each turn the player
draws (except the first player's first turn where the game says so), plays with manual actions and passes
the turn. The goldfish takes its turns doing nothing, and loses when its life reaches 0. The player loses
when they must draw from an empty deck.
"""

from __future__ import annotations

from ..declare import get_game
from .play import FREE, Play
from .state import draw, shuffle_zone, zone


class GenericRules(Play):
    zones = ("deck", "hand", "field", "discard", "exile")
    ACTIONS = {FREE: ("end_turn",)}

    def players(self, decks: list[list[dict]], options: dict) -> list[dict]:
        out = [{"name": "player", "cards": decks[0] if decks else []}]
        out.append({"name": "goldfish", "goldfish": True, "cards": decks[1] if len(decks) > 1 else []})
        return out

    @staticmethod
    def section_zone(section: str) -> str | None:
        """A deck section other than the main deck (vision's weather deck, manacard's skill deck and status
        cards) starts in a zone of its own, named by the section; the main deck is the deck."""
        return None if section in ("main", "deck") else section

    def zone_visible(self, state: dict, name: str, player: int) -> bool:
        owner, _, kind = name.partition(".")
        if kind in ("field", "discard", "exile"):
            return True
        if owner != f"p{player}":
            return False
        return kind == "hand" or kind not in self.zones  # and the side sections they built; not the deck

    def setup(self, state: dict) -> None:
        draw_rules = get_game(state["game"]).draw
        opening = draw_rules.opening if draw_rules else 5
        shuffle_zone(state, zone(0, "deck"))
        draw(state, 0, opening)
        state["players"][1]["life"] = state["options"].get("goldfish_life", 20)
        state["turn"], state["phase"], state["active"] = 1, "main", 0
        if draw_rules and not draw_rules.first_player_skips_first_draw:
            self._draw_for_turn(state)

    def _draw_for_turn(self, state: dict) -> list[dict]:
        draw_rules = get_game(state["game"]).draw
        return draw(state, 0, draw_rules.per_turn if draw_rules else 1, forced=True)

    def _legal_free(self, state: dict) -> list[dict]:
        return [{"type": "end_turn"}]

    def _do_end_turn(self, state: dict, action: dict) -> list[dict]:
        # the goldfish's turn: it does nothing; then the player's next turn begins with its draw
        state["turn"] += 1
        events = [{"type": "turn", "turn": state["turn"], "player": 0}]
        return events + self._draw_for_turn(state)

    def check_result(self, state: dict) -> None:
        fish = state["players"][1]
        if fish["life"] is not None and fish["life"] <= 0:
            state["result"] = {"winner": 0, "turn": state["turn"], "reason": "life"}
        elif state["players"][0]["lost"]:
            state["result"] = {"winner": 1, "turn": state["turn"], "reason": "deck"}
