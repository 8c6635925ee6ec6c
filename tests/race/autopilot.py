"""The test game's autopilot: the longest step first, then end the turn; a hand limit discards the shortest."""

from rules.engine.autopilot import Autopilot as Base
from rules.engine.core import legal_actions


class Autopilot(Base):
    slug = "race"
    plays = frozenset({"step"})
    key_label = "3-step cards"

    def is_key(self, card):
        return (card.get("fields") or {}).get("steps") == 3

    def choose(self, state):
        actions = legal_actions(state)
        if not actions:
            return None
        steps = [a for a in actions if a["type"] == "step"]
        if steps:
            return max(steps, key=lambda a: (self.rules.steps(state, a["card"]), a["card"]))
        if state["pending"]:
            hand = sorted(state["zones"]["p0.hand"], key=lambda i: (self.rules.steps(state, i), i))
            return {"type": "discard", "cards": hand[: state["pending"]["choose"]["min"]]}
        return actions[-1]
