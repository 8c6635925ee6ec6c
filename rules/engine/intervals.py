"""95% intervals for the designer report (rules/engine/report.py): Wilson's for a share, Student's t for a
mean, Newcombe's (hybrid Wilson) for a difference of two shares and Welch's for a difference of two means.
Plain Python (no scipy): the t quantile is exact from a table for small samples and the Cornish-Fisher
expansion beyond, which is within 0.001 of it from 10 degrees of freedom on."""

from __future__ import annotations

from math import sqrt

Z95 = 1.959963984540054  # the two-sided 95% normal quantile

_T95 = {1: 12.706204736, 2: 4.302652730, 3: 3.182446305, 4: 2.776445105, 5: 2.570581836, 6: 2.446911851,
        7: 2.364624252, 8: 2.306004135, 9: 2.262157163}


def t95(df: float) -> float:
    """The two-sided 95% quantile of Student's t with `df` degrees of freedom (df >= 1)."""
    if df < 1:
        df = 1
    whole = int(df)
    if whole == df and whole in _T95:
        return _T95[whole]
    if df < 10:  # between two tabled values (Welch's degrees of freedom are not whole): interpolate in 1/df
        low, high = max(1, int(df)), min(10, int(df) + 1)
        tl, th = _T95[low], t95(float(high)) if high == 10 else _T95[high]
        w = (1 / df - 1 / high) / (1 / low - 1 / high)
        return th + w * (tl - th)
    z = Z95
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def wilson(k: int, n: int) -> tuple[float, float] | None:
    """Wilson's 95% interval for k successes in n trials (None for no trials); always within [0, 1] and
    around k / n."""
    if n <= 0:
        return None
    p = k / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low, high = max(0.0, centre - half), min(1.0, centre + half)
    return (min(low, p), max(high, p))  # guard the last bit of rounding: the interval holds the share


def mean_interval(n: int, total: float, squares: float) -> tuple[float | None, tuple[float, float] | None]:
    """The mean of n values given their sum and sum of squares, with its 95% t interval (None below 2)."""
    if n <= 0:
        return None, None
    mean = total / n
    if n < 2:
        return mean, None
    var = max(0.0, (squares - n * mean * mean) / (n - 1))
    half = t95(n - 1) * sqrt(var / n)
    return mean, (mean - half, mean + half)


def share_difference(k1: int, n1: int, k2: int, n2: int) -> dict | None:
    """p1 - p2 with Newcombe's hybrid-Wilson 95% interval; None when either group is empty."""
    a, b = wilson(k1, n1), wilson(k2, n2)
    if a is None or b is None:
        return None
    p1, p2 = k1 / n1, k2 / n2
    d = p1 - p2
    low = d - sqrt((p1 - a[0]) ** 2 + (b[1] - p2) ** 2)
    high = d + sqrt((a[1] - p1) ** 2 + (p2 - b[0]) ** 2)
    return difference(d, low, high)


def mean_difference(n1: int, s1: float, q1: float, n2: int, s2: float, q2: float) -> dict | None:
    """mean1 - mean2 with Welch's 95% interval; None when either group has fewer than 2 values."""
    if n1 < 2 or n2 < 2:
        return None
    m1, m2 = s1 / n1, s2 / n2
    v1 = max(0.0, (q1 - n1 * m1 * m1) / (n1 - 1)) / n1
    v2 = max(0.0, (q2 - n2 * m2 * m2) / (n2 - 1)) / n2
    d = m1 - m2
    se = sqrt(v1 + v2)
    if se == 0:
        return difference(d, d, d)
    df = (v1 + v2) ** 2 / ((v1 * v1 / (n1 - 1) if v1 else 0) + (v2 * v2 / (n2 - 1) if v2 else 0))
    half = t95(df) * se
    return difference(d, d - half, d + half)


def difference(d: float, low: float, high: float) -> dict:
    """A difference with its interval, significant when the interval leaves out zero."""
    low, high = min(low, d), max(high, d)
    return {"diff": d, "low": low, "high": high, "significant": low > 0 or high < 0}
