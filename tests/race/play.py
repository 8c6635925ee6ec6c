"""The play rules of the test game レース, on the game contract (rules/engine/play.py)."""

from rules.engine.cards import CardCache
from rules.engine.core import IllegalAction, draw, move, shuffle_zone
from rules.engine.play import FREE, Play


class RaceRules(Play):
    slug = "race"
    zones = ("deck", "hand", "field", "discard")
    ACTIONS = {FREE: ("step", "end_turn"), "discard": ("discard",)}
    reads = ("steps",)

    def __init__(self):
        super().__init__()
        self.cards = CardCache(lambda data, options: (data.get("fields") or {}).get("steps", 1))

    def steps(self, state, iid) -> int:
        """How far a card moves the runner."""
        return self.cards.table(state)[state["cards"][iid]["def"]]

    def players(self, decks, options):
        return [{"name": "player", "cards": decks[0] if decks else []}, {"name": "goldfish", "goldfish": True, "cards": []}]

    def setup(self, state):
        shuffle_zone(state, "p0.deck")
        draw(state, 0, 3)
        state["flags"] = {"stepped": False, "position": 0}
        state["turn"], state["phase"] = 1, "main"

    def _legal_free(self, state):
        out = [] if state["flags"]["stepped"] else [{"type": "step", "card": i} for i in state["zones"]["p0.hand"]]
        return out + [{"type": "end_turn"}]

    def _legal_discard(self, state, pending):
        return [{"type": "discard", "cards": state["zones"]["p0.hand"][: pending["choose"]["min"]]}]

    def _do_step(self, state, action):
        iid = action.get("card")
        if state["flags"]["stepped"]:
            raise IllegalAction("step: once a turn")
        if iid not in state["zones"]["p0.hand"]:
            raise IllegalAction(f"card: {iid!r} is not in your hand")
        state["flags"]["stepped"] = True
        state["flags"]["position"] += self.steps(state, iid)
        return [move(state, iid, "p0.field", face_up=True), {"type": "advance", "to": state["flags"]["position"]}]

    def _do_end_turn(self, state, action):
        over = len(state["zones"]["p0.hand"]) - state["options"]["hand_limit"]
        if over > 0:
            state["pending"] = {"type": "discard", "player": 0, "choose": {"zone": "p0.hand", "min": over, "max": over}}
            return []
        return self._next_turn(state)

    def _do_discard(self, state, action):
        state["pending"] = None
        events = [move(state, iid, "p0.discard", face_up=True) for iid in action["cards"]]
        return events + self._next_turn(state)

    def _next_turn(self, state):
        state["turn"] += 1
        state["flags"]["stepped"] = False
        return [{"type": "turn", "turn": state["turn"]}] + draw(state, 0, 1, forced=True)

    def check_result(self, state):
        if state["flags"]["position"] >= state["options"]["goal"]:
            state["result"] = {"winner": 0, "turn": state["turn"], "reason": "goal"}
        elif state["players"][0]["lost"]:
            state["result"] = {"winner": 1, "turn": state["turn"], "reason": "deck"}
