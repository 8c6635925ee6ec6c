"""The listing and the decision agree: at every decision reached in autopilot games of every game, every answer
the decision accepts is offered by legal_actions (an entry, or an answer of an entry's declared "choice" of
cards: rules/engine/play.py with_choice), and every entry legal_actions lists, and every answer of its choice,
is accepted. (零探し puts back any number of cards; a listing of 0 or 1 of them would leave an autopilot or a
client that picks from the listing unable to put back 2.)"""

import copy
import itertools
import random
from math import comb

import pytest

from rules.declare import GAMES, get_game
from rules.declare.samples import player_deck, timestorm_decks
from rules.engine import IllegalAction, apply, decision, legal_actions, new_game, offers

GAMES_PLAYED = 12  # autopilot games a game
TURN_CAP = 8
SAMPLED = 24  # answers tried of a decision too large to try in full


def decks(slug):
    return timestorm_decks() if slug == GAMES["timestorm"].slug else player_deck(slug)


def accepted(state, action) -> bool:
    try:
        apply(copy.deepcopy(state), action)
    except IllegalAction:
        return False
    return True


def shaped(asked, pick):
    """Answers inside the decision's declared shape: every one when few, else the smallest, the largest and
    random ones (in random orders)."""
    base = {"type": asked["answer"]}
    if asked.get("answers") is not None:
        return [dict(a) for a in asked["answers"]]
    field, candidates = asked["field"], asked["candidates"]
    out = [{**base, key: value} for key, values in (asked.get("instead") or {}).items() for value in values]
    if field is None:
        return out
    if not asked["many"]:
        return out + [{**base, field: c} for c in candidates] + ([{**base, field: None}] if asked["min"] == 0 else [])
    low, high = asked["min"], asked["max"]
    if sum(comb(len(candidates), k) for k in range(low, high + 1)) <= SAMPLED:
        return out + [{**base, field: list(s)} for k in range(low, high + 1) for s in itertools.combinations(candidates, k)]
    sizes = [low, high] + [pick.randint(low, high) for _ in range(SAMPLED - 2)]
    return out + [{**base, field: pick.sample(candidates, size)} for size in sizes]


def instances(entry, pick):
    """An entry of the listing as it is, and answers of its declared choice."""
    choice = entry.get("choice")
    if choice is None:
        return [entry]
    low, high, pool = choice["min"], choice["max"], choice["from"]
    sizes = [low, high] + [pick.randint(low, high) for _ in range(6)]
    return [entry] + [{**{k: v for k, v in entry.items() if k != "choice"}, choice["field"]: pick.sample(pool, n)} for n in sizes]


def offered(listed, asked, answer) -> bool:
    """offers(), where choosing nothing of a one-card decision may be listed in its own words (kannagi's
    {"type": "tool", "option": "skip"} for {"type": "tool", "card": None}): an entry of the answer's type, or of
    an action that ends the decision, that names no card."""
    if not asked["many"] and asked["field"] and answer.get(asked["field"], 0) is None:
        ends = {answer["type"], *asked["also"]}  # (or the action that ends it: kannagi's potential_done)
        return any(a["type"] in ends and a.get(asked["field"]) is None and not a.get("choice") for a in listed)
    return offers(listed, answer)


def check_decision(state, pick, problems, seen):
    asked = decision(state)
    listed = legal_actions(state)
    seen[asked["type"]] = seen.get(asked["type"], 0) + 1
    for answer in shaped(asked, pick):
        if accepted(state, answer) and not offered(listed, asked, answer):
            problems.append(("accepted, not offered", asked["type"], answer))
    for entry in listed:
        for action in instances(entry, pick):
            if not accepted(state, action):
                problems.append(("offered, refused", asked["type"], action))


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_answer_a_decision_accepts_is_offered_and_every_offered_one_is_accepted(slug):
    pilot = get_game(slug).pilot
    problems, seen, many = [], {}, set()
    for seed in range(GAMES_PLAYED):
        pick = random.Random(seed)
        state = new_game(slug, decks(slug), seed)
        while state["result"] is None and pilot.own_turn(state) <= TURN_CAP and len(state["log"]) < 2_000:
            if state["pending"]:
                asked = decision(state)
                if asked["many"]:
                    many.add(asked["type"])
                check_decision(state, pick, problems, seen)
            action = pilot.choose(state)
            if action is None:
                break
            apply(state, action)
    assert seen, f"{slug}: no decision reached"
    assert not problems, f"{slug}: {len(problems)} disagreements, e.g. {problems[:3]}"


def test_zero_search_offers_putting_back_any_number_of_cards_in_any_order():
    """『零探し』…手札を任意の枚数公開し、好きな順番で山札の1番下に置き… (seed 002 line 104): the listing offers 2 and
    more cards back, as the decision accepts."""
    state = new_game("kannagi", player_deck("kannagi"), 3, {"first": "player"})
    hand = list(state["zones"]["p0.hand"])
    listed = legal_actions(state)
    for back in (hand[:2], hand[::-1], hand[3:7]):
        assert offers(listed, {"type": "zero_search", "cards": back}), back
    assert not offers(listed, {"type": "zero_search", "cards": [hand[0], hand[0]]})
    assert not offers(listed, {"type": "zero_search", "cards": state["zones"]["p0.deck"][:1]})
    entry = next(a for a in listed if "choice" in a)
    assert entry["choice"] == {"field": "cards", "from": hand, "min": 0, "max": 8}
    apply(state, entry)  # an entry played as it is: its own answer, the choice left out of the log
    assert state["log"][-1]["action"] == {"type": "zero_search", "cards": []}
