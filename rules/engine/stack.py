"""The one priority/stack loop, for the games that have a stack (timestorm's shared stack, original's 対抗
chain): after every rule action the core-side loop passes for whoever does not decide (a goldfish always;
the player where the game's auto_pass says so) and resolves what everybody passed on, until the human
player must decide, a decision is pending, or the game is over.

A game with a stack mixes `StackPlay` into its `Play` rules and gives:
- `_pass(state, player) -> events`: the holder passes (the game's rule for who holds priority next and
  when the newest entry resolves);
- `auto_passes(state, player) -> bool`: the player (not a goldfish) passes by themselves now;
- `_resolve(state) -> events`, called while nobody holds priority and the stack is not empty, when the
  game resolves entries outside `_pass` (`resolves_unheld = True`, original's chain);
- `check_each_step = True` where the game's result is checked before each step (a game whose steps may
  leave a player's loss unchecked; timestorm checks where a loss happens, and declares result_checked).
"""

from __future__ import annotations


class StackPlay:
    resolves_unheld = False
    check_each_step = False
    max_steps = 10_000  # a game that does not come back to the player by then is a bug: it raises

    def auto_passes(self, state: dict, player: int) -> bool:
        return False

    def _advance(self, state: dict) -> list[dict]:
        """Pass for whoever does not decide, and resolve, until the human player must decide."""
        events: list[dict] = []
        players = state["players"]
        check = self.check_result if self.check_each_step else None  # (the class's settings, read once a call)
        unheld = self.resolves_unheld
        for _ in range(self.max_steps):
            if check is not None:
                check(state)
            if state["result"] is not None or state["pending"]:
                return events
            holder = state["priority"]
            if holder is None:
                if unheld and state["stack"]:
                    events += self._resolve(state)
                    continue
                return events
            if players[holder]["goldfish"] or self.auto_passes(state, holder):
                events += self._pass(state, holder)
                continue
            return events
        raise RuntimeError(f"{self.slug}: the game did not come back to the player")
