"""A sample opening hand from a deck, as the deck page draws it: the game's opening hand from its draw
section, seeded so that the same seed always gives the same hand (a hand can be shared by its seed), and
the game's own opening step on it where it declares one (DrawRules.redraw: kannagi's 零探し): the chosen
cards go to the bottom of the deck, as many are drawn from the top. Nothing of a goldfish game is started.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .declare.base import GameDef

MAX_SEED = 2**31 - 1


@dataclass(frozen=True)
class SampleHand:
    seed: int
    hand: list[int]  # card ids, in the order drawn
    drawn: list[int] = field(default_factory=list)  # positions in `hand` drawn by the redraw
    put_back: list[int] = field(default_factory=list)  # card ids put at the bottom by the redraw, in order
    redrawn: bool = False  # the game's opening step was taken
    library: int = 0  # cards left in the deck


def new_seed(rng: random.Random | None = None) -> int:
    return (rng or random.SystemRandom()).randint(0, MAX_SEED)


def sample_hand(game: GameDef, population: Mapping[int, int], seed: int, put_back: Iterable[int] = ()) -> SampleHand:
    """The opening hand `seed` draws from `population` (card id -> copies); with `put_back` (positions in
    that hand) the game's redraw taken on it: those cards go to the bottom in that order and as many are
    drawn. Positions out of range or repeated are ignored; a game without a redraw ignores them all."""
    size = game.draw.opening if game.draw else 0
    library = [cid for cid in sorted(population) for _ in range(max(0, int(population[cid])))]
    random.Random(seed).shuffle(library)
    hand, rest = library[:size], library[size:]
    positions = []
    if game.draw and game.draw.redraw is not None:
        for p in put_back:
            if isinstance(p, int) and 0 <= p < len(hand) and p not in positions:
                positions.append(p)
    if not positions:
        return SampleHand(seed, hand, library=len(rest))
    back = [hand[p] for p in positions]
    rest = rest + back  # to the bottom, in the order chosen
    kept = [cid for i, cid in enumerate(hand) if i not in positions]
    new, rest = rest[: len(back)], rest[len(back):]
    return SampleHand(seed, kept + new, drawn=list(range(len(kept), len(kept) + len(new))), put_back=back,
                      redrawn=True, library=len(rest))
