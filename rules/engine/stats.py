"""Exact probabilities for opening hands (hypergeometric) and the interval a simulated share must fall in.

A hand of n cards drawn at random from N cards of which K are "hits" holds X hits with
P(X = x) = C(K, x) C(N - K, n - x) / C(N, n). Computed with integers (math.comb), so it is exact up to the
final division."""

from __future__ import annotations

from math import comb, sqrt

Z99 = 2.5758293035489  # the two-sided 99% normal quantile


def hypergeom_pmf(N: int, K: int, n: int, x: int) -> float:
    if not (0 <= K <= N and 0 <= n <= N) or x < 0 or x > min(K, n) or n - x > N - K:
        return 0.0
    return comb(K, x) * comb(N - K, n - x) / comb(N, n)


def at_least(N: int, K: int, n: int, k: int) -> float:
    """P(at least k hits in a hand of n from N cards with K hits)."""
    if k <= 0:
        return 1.0
    total = comb(N, n)
    if total == 0:
        return 0.0
    hits = sum(comb(K, x) * comb(N - K, n - x) for x in range(k, min(K, n) + 1))
    return hits / total


def interval99(p: float, games: int) -> tuple[float, float]:
    """Where the share of `games` independent trials with chance p falls 99% of the time (normal
    approximation, with a continuity correction of half a game)."""
    if games <= 0:
        return (0.0, 1.0)
    half = Z99 * sqrt(p * (1 - p) / games) + 0.5 / games
    return (max(0.0, p - half), min(1.0, p + half))
