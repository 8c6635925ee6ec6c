"""The game contract: everything the site knows about a game, declared once in the game's own package.

This module is the reference; it defines nothing new and re-exports the pieces a game declares with.
A game is a package `rules/games/<slug>/` whose `GAME` is a `GameDef`; the registry (`rules.declare`) finds
every such package, so adding a game touches that package only. A game declared elsewhere (a test's, see
tests/race/) is added with `register(GAME)`. The Django apps read the declaration; none of them names a
game (tests/test_no_slug_branches.py walks the tree), and `rules` imports nothing of Django or the apps
(tests/test_imports.py).

What a `GameDef` carries, and who reads it
-------------------------------------------
- **Names and cards**: `slug`, `name_ja`/`name_en`, `summary_*`, `card_types` (`CardType`: code, labels,
  what its cost is called), `fields` (`Field`: the game's own card fields with kinds and allowed values;
  every write path validates cards against them), `known_keywords`, `list_fields`, `stat_fields`.
- **Construction**: `regulations` (`Regulation`: sections, copy limits, restricted lists; the first is the
  seed's rules; a section's `headers` are the words decklists use for it, 山札 or HP, which the decklist
  reader rules/decklist.py takes from there; a restricted-list entry's `spellings` are its card's other
  spellings, so the entry holds whichever one a card list uses), `construction` ("module:function", the game's own check beside the common ones of
  rules/decks.py), `regulation_options` (what a regulation may set), `pools` (decks pool into one shared
  deck), `draw` (`DrawRules`: the opening hand and draws, for the odds and the deck page's sample hand; its
  `redraw`, an `OpeningRedraw`, is the game's own step on the opening hand where it has one, kannagi's 零探し).
- **Options** (`Option` in rules/declare/options.py): key, kind (whole number in a range, true/false, or one
  of `Choice`s), default, Japanese and English label and help. The engine checks a game's start options
  against them before the setup (`IllegalOption`, with messages in both languages); the goldfish start
  form, `/api/games/<slug>/` and `manage.py goldfish --option` are built from them.
- **Play** (`play`: "module:Class", a subclass of `Play`, rules/engine/play.py): the actions it declares
  (`ACTIONS`: for no decision and for each decision type, the action types allowed), their listers and
  handlers; the core dispatches, guards and lists from that table. ONE shape of pending decision
  (`decision(state)`: who decides, the action and field that answer it, the exact candidates, min and
  max), checked by the core before the game sees an answer and drawn by the board from the view, so the
  board offers only what the rules accept. Games with a stack mix in `StackPlay` (rules/engine/stack.py),
  the one priority loop; card facts come from one cache (`CardCache`, rules/engine/cards.py); card effects
  run in one interpreter (rules/engine/effects.py). Hooks (`zone_visible`, `draw_source`, `after_effects`,
  `damage_player` …) have defaults on `Play`.
- **Seats** (on `Play`: `versus`, `to_act`, `first_seat`, `as_seat`): which seats may be real players
  (new_game's `seats`; goldfish by default), who acts now, who went first, and the game relabelled for any
  seat; rules/engine/versus.py plays a seat with the autopilot from that seat's view only (rules/README.md).
- **Autopilot** (`autopilot`: "module:Class", a subclass of `Autopilot`, rules/engine/autopilot.py): the
  policy simulations play the player's side with. It sees the legal actions and the read helpers the rules
  declare (`Play.reads`), nothing else of the rules.
- **Key cards** (`key_cards`, `card_groups`: `CardGroup`): the one definition of the cards the opening-hand
  figures count, for the simulation, the deck page's odds and the deck statistics.
- **Vocabulary** (`Vocabulary`, rules/declare/vocabulary.py): zone, phase, action and decision labels in
  Japanese and English, which zones are hidden, what `state["turn"]` counts (`turn_count`: turns are said
  one way in every game, each player's own: "あなたの3ターン目"), and the words of the game's logged events
  (`events`, `quiet`); the goldfish board reads them, and rules/engine/story.py writes the log with them.
- **Face** (`FaceLayout`, rules/declare/face.py): what a printed proxy shows in each corner, the type line,
  the stats, the colours and the default card size; printing/faces.py draws it element by element.
- **Search help**: `search_examples`, worked queries for /search/help/.
- **Deck codes** (`deck_codes`: `DeckCodeFormat`s, rules/declare/deckcodes.py): the codes and share links of
  another deck tool the game's players hand decks around in, each naming the game's own functions that read
  it and (optionally) write it. rules/deckcode.py reads a text that is one such code (the only non-empty
  line) as the deck it holds, numbers being the cards' collector numbers, wherever a decklist is read; the
  deck page and the deck API offer the deck in each format with a writer (kannagi: 巫カードフィルター's v7
  code and share link).

The engine's state is JSON-able data with its random generator (rules/engine/rng.py); the log plus the
seed reproduces a game (`replay`), undo is a replay, and manual actions are always legal and logged as
overrides (rules/engine/manual.py). rules/README.md says how to add a game.
"""

from __future__ import annotations

from .declare import GAMES, get_game, register, unregister
from .declare.base import CardGroup, CardType, DrawRules, GameDef, OpeningRedraw
from .declare.deckcodes import DeckCodeError, DeckCodeFormat, DecodedDeck
from .declare.face import Block, FaceLayout, Show
from .declare.fields import Field
from .declare.options import Choice, Option
from .declare.regulation import Regulation, SectionRule
from .declare.vocabulary import Label, Vocabulary
from .engine.autopilot import Autopilot
from .engine.cards import CardCache, CardTable
from .engine.play import FREE, Play
from .engine.stack import StackPlay

__all__ = [
    "FREE",
    "GAMES",
    "Autopilot",
    "Block",
    "CardCache",
    "CardGroup",
    "CardTable",
    "CardType",
    "Choice",
    "DeckCodeError",
    "DeckCodeFormat",
    "DecodedDeck",
    "DrawRules",
    "FaceLayout",
    "Field",
    "GameDef",
    "Label",
    "OpeningRedraw",
    "Option",
    "Play",
    "Regulation",
    "SectionRule",
    "Show",
    "StackPlay",
    "Vocabulary",
    "get_game",
    "register",
    "unregister",
]
