"""The engine's random numbers: a small generator whose whole state is one integer in the game state.

SplitMix64 (Steele, Lea, Flood 2014): fast in pure Python, statistically sound for shuffles and dice,
and the same on every platform and Python version, so a seed and a log reproduce a game exactly.

`below` and `shuffle` carry the generator's step inline (the same arithmetic as `next_u64`, the same
numbers): a shuffle of a 40-card deck is 39 draws, and every simulated game shuffles, so a function call
per draw was a visible share of a simulation. A shuffle draws its numbers together, in the lanes of one long integer
(see shuffle): the same numbers, at half the cost of drawing them one by one.
"""

from __future__ import annotations

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
M1 = 0xBF58476D1CE4E5B9
M2 = 0x94D049BB133111EB
SPAN = 1 << 64

# n -> the rejection limit of below(n) (the largest multiple of n not above 2**64): a deck's shuffle asks for
# the same few dozen n in every game. Bounded: n is any positive integer a rule may ask for.
_LIMITS: dict[int, int] = {}


def seed_state(seed: int) -> int:
    return seed & MASK


def next_u64(state: dict) -> int:
    """Advance state["rng"] and return 64 random bits."""
    s = (state["rng"] + GOLDEN) & MASK
    state["rng"] = s
    z = s
    z = ((z ^ (z >> 30)) * M1) & MASK
    z = ((z ^ (z >> 27)) * M2) & MASK
    return z ^ (z >> 31)


def _limit(n: int) -> int:
    limit = _LIMITS.get(n)
    if limit is None:
        if len(_LIMITS) > 4096:
            _LIMITS.clear()
        limit = _LIMITS[n] = SPAN - (SPAN % n)
    return limit


def below(state: dict, n: int) -> int:
    """A uniform integer in [0, n) (rejection sampling: no modulo bias)."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = _limit(n)
    s = state["rng"]
    while True:  # next_u64, inline
        s = (s + GOLDEN) & MASK
        z = ((s ^ (s >> 30)) * M1) & MASK
        z = ((z ^ (z >> 27)) * M2) & MASK
        r = z ^ (z >> 31)
        if r < limit:
            state["rng"] = s
            return r % n


# k -> (the lane constants of a shuffle of k + 1 items): see shuffle. Bounded: a zone may hold any number of cards.
_LANES: dict[int, tuple[int, int, int, int]] = {}


def _lanes(k: int) -> tuple[int, int, int, int]:
    """For k draws packed in one integer, a 128-bit lane each (draw d in bits 128 d .. 128 d + 63): 1 in
    every lane, GOLDEN * (d + 1) in lane d, 2**64 - 1 in every lane, and the integer's size in bytes."""
    found = _LANES.get(k)
    if found is None:
        if len(_LANES) > 256:
            _LANES.clear()
        ones = ramp = lanes = 0
        for d in range(k):
            ones |= 1 << (128 * d)
            ramp |= (GOLDEN * (d + 1)) << (128 * d)
            lanes |= MASK << (128 * d)
        found = _LANES[k] = (ones, ramp, lanes, 16 * k)
    return found


def shuffle(state: dict, items: list) -> None:
    """Fisher–Yates in place, from the state's generator (below(i + 1) for i from the last index down).

    The n - 1 draws of a shuffle come from the generator's next n - 1 states, s + GOLDEN * d, which are known
    before any is drawn; so they are worked out together, each in a 128-bit lane of one integer (its 64-bit
    value times a 64-bit constant fits its lane; the lanes are masked before every product, so nothing spills
    into the next): a dozen operations on one long integer instead of a dozen on each of n - 1 integers, the
    same numbers. A draw that below() might reject (one in 2**57) hands the rest to `_shuffle_from`, card by
    card from that state."""
    n = len(items)
    if n < 2:
        return
    k = n - 1
    s = state["rng"]
    ones, ramp, lanes, size = _lanes(k)
    z = (s * ones + ramp) & lanes  # lane d: the state of draw d
    z = (((z ^ (z >> 30)) & lanes) * M1) & lanes
    z = (((z ^ (z >> 27)) & lanes) * M2) & lanes
    draws = memoryview((z ^ (z >> 31)).to_bytes(size, "little")).cast("Q")[::2].tolist()  # (lane's low 64 bits)
    # below(n) rejects a draw r only when r >= its limit, 2**64 - 2**64 % n, which is above 2**64 - n: a draw
    # under 2**64 - len(items) (all but a chance in 2**57 of them) is kept for every n of the shuffle without
    # looking its limit up
    sure = SPAN - n
    for i, r in zip(range(k, 0, -1), draws, strict=True):
        if r >= sure:  # (perhaps a rejection: from this draw's state on, card by card)
            state["rng"] = (s + GOLDEN * (k - i)) & MASK
            _shuffle_from(state, items, i + 1)
            return
        j = r % (i + 1)
        items[i], items[j] = items[j], items[i]
    state["rng"] = (s + GOLDEN * k) & MASK


def _shuffle_from(state: dict, items: list, n: int) -> None:
    """Fisher–Yates of items[:n] in place, one draw at a time (below(i + 1) for i from n - 1 down)."""
    s = state["rng"]
    sure = SPAN - n
    while n > 1:
        s = (s + GOLDEN) & MASK  # below(n), inline: next_u64, then a rejection that almost never happens
        z = ((s ^ (s >> 30)) * M1) & MASK
        z = ((z ^ (z >> 27)) * M2) & MASK
        r = z ^ (z >> 31)
        if r >= sure:
            limit = _limit(n)
            while r >= limit:
                s = (s + GOLDEN) & MASK
                z = ((s ^ (s >> 30)) * M1) & MASK
                z = ((z ^ (z >> 27)) * M2) & MASK
                r = z ^ (z >> 31)
        j = r % n
        n -= 1  # (now the index i = n - 1 of the draw)
        items[n], items[j] = items[j], items[n]
    state["rng"] = s
