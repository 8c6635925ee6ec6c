"""Every offered choice is accepted: random walks from the sample decks of every game that, at each pending
decision, answer with a random choice inside the decision's declared candidates and bounds (and otherwise
take a random legal action). The rules must refuse none of them. DECISION_SCALE multiplies the walks
(DECISION_SCALE=5 makes about 10,000 decisions a game)."""

import os
import random

import pytest

from rules.declare import GAMES
from rules.declare.samples import player_deck, timestorm_decks
from rules.engine import IllegalAction, apply, decision, legal_actions, new_game

SCALE = int(os.environ.get("DECISION_SCALE", "1"))
DECISIONS = 2_000 * SCALE  # decisions answered per game
MAX_ACTIONS = 400  # per walk


def decks(slug):
    return timestorm_decks() if slug == GAMES["timestorm"].slug else player_deck(slug)


def answer(asked: dict, pick: random.Random) -> dict:
    """A random answer inside the decision's declared shape."""
    action = {"type": asked["answer"]}
    candidates = asked["candidates"]
    if asked["many"]:
        size = pick.randint(asked["min"], asked["max"])
        action[asked["field"]] = pick.sample(candidates, size)
    elif candidates:
        action[asked["field"]] = pick.choice(candidates)
    else:
        action[asked["field"]] = None
    return action


def walk(slug: str, seed: int, refusals: list, counts: dict) -> None:
    pick = random.Random(seed)
    state = new_game(slug, decks(slug), seed)
    for _ in range(MAX_ACTIONS):
        if state["result"] is not None:
            return
        asked = decision(state)
        legal = legal_actions(state)
        if asked and asked["player"] == 0 and asked.get("answers") and pick.random() < 0.8:
            action = dict(pick.choice(asked["answers"]))
            counts["decisions"] += 1
        elif asked and asked["player"] == 0 and asked["field"] and pick.random() < 0.8:
            action = answer(asked, pick)
            counts["decisions"] += 1
        elif legal:
            action = pick.choice(legal)
            counts["actions"] += 1
        else:
            return
        try:
            apply(state, action)
        except IllegalAction as exc:
            refusals.append((seed, action, str(exc)))
            return


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_no_answer_inside_a_declared_decision_and_no_legal_action_is_refused(slug):
    refusals: list = []
    counts = {"decisions": 0, "actions": 0}
    seed = 0
    while counts["decisions"] < DECISIONS and seed < 50 * DECISIONS:
        walk(slug, seed, refusals, counts)
        seed += 1
    assert not refusals, f"{slug}: {len(refusals)} refused, e.g. {refusals[:3]}"
    assert counts["decisions"] >= DECISIONS, f"{slug}: only {counts['decisions']} decisions in {seed} walks"
