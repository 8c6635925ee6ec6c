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


def test_shuffle_from_any_draw_card_by_card():
    """Where the packed draws hand over to _shuffle_from (a draw below() might reject), the rest is the same:
    a hand-over forced at every draw of the shuffle gives the same permutation and generator state."""
    pick = random.Random(37)
    for _ in range(300):
        seed, n = pick.getrandbits(64), pick.randrange(2, 60)
        for at in range(n, 1, -1):  # hand over with items[:at] still to shuffle
            a, b = list(range(n)), list(range(n))
            s1, s2 = {"rng": seed}, {"rng": seed}
            rng.shuffle(s1, a)
            for i in range(n - 1, at - 1, -1):
                j = rng.below(s2, i + 1)
                b[i], b[j] = b[j], b[i]
            rng._shuffle_from(s2, b, at)
            assert a == b and s1 == s2
