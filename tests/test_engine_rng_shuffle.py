"""rng.shuffle carries below()'s step inline, with a bound under which no draw needs its rejection limit:
the same permutation and the same generator state as Fisher–Yates drawn with rng.below, card by card."""

import random

from rules.engine import rng


def reference(state: dict, items: list) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(state, i + 1)
        items[i], items[j] = items[j], items[i]


def test_shuffle_is_fisher_yates_of_below():
    pick = random.Random(36)
    for _ in range(3000):
        seed, n = pick.getrandbits(64), pick.randrange(0, 130)
        a, b = list(range(n)), list(range(n))
        s1, s2 = {"rng": seed}, {"rng": seed}
        rng.shuffle(s1, a)
        reference(s2, b)
        assert a == b and s1 == s2
