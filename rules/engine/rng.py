"""The engine's random numbers: a small generator whose whole state is one integer in the game state.

SplitMix64 (Steele, Lea, Flood 2014): fast in pure Python, statistically sound for shuffles and dice,
and the same on every platform and Python version, so a seed and a log reproduce a game exactly.
"""

from __future__ import annotations

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    return seed & MASK


def next_u64(state: dict) -> int:
    """Advance state["rng"] and return 64 random bits."""
    s = (state["rng"] + GOLDEN) & MASK
    state["rng"] = s
    z = s
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def below(state: dict, n: int) -> int:
    """A uniform integer in [0, n) (rejection sampling: no modulo bias)."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        r = next_u64(state)
        if r < limit:
            return r % n


def shuffle(state: dict, items: list) -> None:
    """Fisher–Yates in place, from the state's generator."""
    for i in range(len(items) - 1, 0, -1):
        j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
