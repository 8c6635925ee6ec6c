"""What a player's view shows: in random games of every game, no player's view names a card that player
cannot see (a face-down card outside their own zones, a card in a zone they may not look into), and every
card they can see is named; moves of hidden cards are told without the card."""

import random

import pytest

from rules.declare import GAMES
from rules.declare.samples import player_deck, timestorm_decks
from rules.engine import apply, events_for, legal_actions, new_game, view
from rules.engine.core import _rules


def decks(slug):
    return timestorm_decks() if slug == GAMES["timestorm"].slug else player_deck(slug)


def may_see(rules, state, name, card, player) -> bool:
    """The rule, said independently of the engine's code: face up, or face down in a zone the player may
    look into that is theirs (or, in a zone of no player, a card of theirs)."""
    if card["face_up"]:
        return True
    if not rules.zone_visible(state, name, player):
        return False
    prefix = name.split(".")[0]
    whose = int(prefix[1:]) if prefix[:1] == "p" and prefix[1:].isdigit() else card["owner"]
    return whose == player


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_no_view_names_a_card_its_player_cannot_see(slug):
    rules, checked = _rules(slug), 0
    for seed in range(12):
        state, pick = new_game(slug, decks(slug), seed), random.Random(seed)
        for _ in range(120):
            for player in range(len(state["players"])):
                seen = view(state, player)
                for name, ids in state["zones"].items():
                    for iid, shown in zip(ids, seen["zones"][name], strict=True):
                        expected = may_see(rules, state, name, state["cards"][iid], player)
                        assert (shown == iid) is expected, f"{slug} seed {seed}: {iid} in {name} for player {player}"
                        assert (iid in seen["cards"]) is expected or shown is None
                        checked += 1
            actions = legal_actions(state)
            if state["result"] is not None or not actions:
                break
            events = apply(state, pick.choice(actions))
            for player in range(1, len(state["players"])):
                for event in events_for(state, events, player):
                    if event.get("type") == "move" and event.get("card"):
                        card = state["cards"][event["card"]]
                        assert may_see(rules, state, event["to"], card, player) or may_see(rules, state, event["from"], card, player)
                    elif isinstance(event.get("card"), str) and event["card"] in state["cards"]:
                        card = state["cards"][event["card"]]
                        assert may_see(rules, state, card["zone"], card, player), f"{slug}: {event} told to player {player}"
    assert checked > 1000


def test_a_card_cast_face_down_is_hidden_from_the_opponent_but_not_from_its_owner():
    """original: ★裏向きで(のみ)詠唱出来る呪術カード — the opponent sees a face-down card on the board, not which."""
    state = new_game("original", player_deck("original"), 1)
    board = "board"
    iid = state["zones"]["p0.hand"][0]
    apply(state, {"type": "manual.move", "card": iid, "to": board, "face_up": False})
    assert state["cards"][iid]["zone"] == board and not state["cards"][iid]["face_up"]
    assert iid in view(state, 0)["zones"][board]
    assert iid not in view(state, 1)["zones"][board] and iid not in view(state, 1)["cards"]


def test_another_players_decision_and_the_cards_of_the_log_are_not_shown():
    """The goldfish's view of the player's 零探し: that a decision is pending, not the hand it chooses from;
    and the log does not name a card the viewer cannot see."""
    state = new_game("kannagi", player_deck("kannagi"), 3)
    hand = state["zones"]["p0.hand"]
    mine, theirs = view(state, 0), view(state, 1)
    assert mine["decision"]["candidates"] == hand
    assert theirs["decision"] is None and theirs["pending"] == {"type": "zero_search", "player": 0}
    chosen = hand[:2]
    apply(state, {"type": "zero_search", "cards": chosen})
    logged = view(state, 1)["log"][0]["action"]
    assert logged["cards"] == [None, None] and view(state, 0)["log"][0]["action"]["cards"] == chosen


@pytest.mark.parametrize("slug", sorted(s for s in GAMES if GAMES[s].play and _rules(s).versus))
def test_no_view_or_event_names_a_hidden_card_with_two_real_seats(slug):
    """Issue 34: with every seat a player (the seats the engine owns), the rule holds for every seat's view and
    for the events told to every seat, whoever acted."""
    from rules.engine.core import SEAT

    rules, checked = _rules(slug), 0
    count = len(new_game(slug, decks(slug), 0)["players"])
    given = [d for d in decks(slug) if d]
    seated = (given * count)[:count] if len(given) < count else decks(slug)  # every real seat plays a deck
    for seed in range(6):
        state, pick = new_game(slug, seated, seed, seats=[SEAT] * count), random.Random(seed)
        for _ in range(150):
            for player in range(count):
                seen = view(state, player)
                for name, ids in state["zones"].items():
                    for iid, shown in zip(ids, seen["zones"][name], strict=True):
                        assert (shown == iid) is may_see(rules, state, name, state["cards"][iid], player)
                        checked += 1
            actions = legal_actions(state)
            if state["result"] is not None or not actions:
                break
            events = apply(state, pick.choice(actions))
            for player in range(count):
                for event in events_for(state, events, player):
                    if event.get("type") == "move" and event.get("card"):
                        card = state["cards"][event["card"]]
                        assert may_see(rules, state, event["to"], card, player) or may_see(rules, state, event["from"], card, player)
    assert checked > 1000
