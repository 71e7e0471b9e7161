"""The statistics the report rests on: intervals for rates and means, tests of differences,
spreads and histograms. Plain Python (math), so the core needs no numerical library."""
from __future__ import annotations

import math
import statistics
from typing import Optional

Z95 = 1.959964       # two-sided 95 %


def wilson(k: int, n: int, z: float = Z95) -> tuple:
    """95 % Wilson score interval of a rate k/n (good near 0 and 1, unlike the normal one)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: list, z: float = Z95) -> tuple:
    """(mean, low, high): the mean with a 95 % normal interval (None for no values)."""
    if not values:
        return (None, None, None)
    mean = statistics.fmean(values)
    if len(values) < 2:
        return (mean, mean, mean)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return (mean, mean - half, mean + half)


def normal_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def two_rates_p(k1: int, n1: int, k2: int, n2: int) -> Optional[float]:
    """p-value that two rates k1/n1 and k2/n2 differ only by chance (pooled two-proportion z test)."""
    if n1 == 0 or n2 == 0:
        return None
    pooled = (k1 + k2) / (n1 + n2)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if spread == 0:
        return 1.0 if k1 / n1 == k2 / n2 else 0.0
    return normal_p((k1 / n1 - k2 / n2) / spread)


def two_means_p(a: list, b: list) -> Optional[float]:
    """p-value that two samples' means differ only by chance (Welch's statistic, read against
    the normal distribution: the report's samples are tens of games or more)."""
    if len(a) < 2 or len(b) < 2:
        return None
    spread = math.sqrt(statistics.variance(a) / len(a) + statistics.variance(b) / len(b))
    if spread == 0:
        return 1.0 if statistics.fmean(a) == statistics.fmean(b) else 0.0
    return normal_p((statistics.fmean(a) - statistics.fmean(b)) / spread)


def chi_square_p(statistic: float, dof: int) -> float:
    """Upper tail of the chi-square distribution (the regularized gamma function Q(dof/2, x/2),
    by its series: exact enough for the handful of degrees of freedom seats give)."""
    if dof <= 0:
        return 1.0
    if statistic <= 0:
        return 1.0
    a, x = dof / 2, statistic / 2
    if x < a + 1:         # the lower series converges fast here
        term = total = 1 / a
        for n in range(1, 500):
            term *= x / (a + n)
            total += term
            if term < total * 1e-15:
                break
        return max(0.0, 1 - total * math.exp(-x + a * math.log(x) - math.lgamma(a)))
    # Lentz's continued fraction for the upper tail
    b, c, d = x + 1 - a, 1e300, 1 / (x + 1 - a)
    h = d
    for i in range(1, 500):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
    return min(1.0, math.exp(-x + a * math.log(x) - math.lgamma(a)) * h)


def even_shares_p(counts: list) -> Optional[float]:
    """p-value that counts (wins per seat) come from equal chances (chi-square goodness of fit)."""
    total = sum(counts)
    if total == 0 or len(counts) < 2:
        return None
    expected = total / len(counts)
    statistic = sum((c - expected) ** 2 / expected for c in counts)
    return chi_square_p(statistic, len(counts) - 1)


def spread(values: list) -> Optional[dict]:
    """Mean, standard deviation, quartiles, 10th and 90th percentiles, min and max."""
    if not values:
        return None
    ordered = sorted(values)

    def pct(q: float) -> float:
        pos = q * (len(ordered) - 1)
        low = math.floor(pos)
        high = min(low + 1, len(ordered) - 1)
        return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)

    return {"mean": statistics.fmean(values), "sd": statistics.pstdev(values), "min": ordered[0],
            "p10": pct(0.1), "q1": pct(0.25), "median": pct(0.5), "q3": pct(0.75), "p90": pct(0.9),
            "max": ordered[-1]}


def histogram(values: list, bins: int = 20) -> dict:
    """{"edges": [...], "counts": [...]}: whole-number bins of equal width over the values."""
    if not values:
        return {"edges": [], "counts": []}
    low, high = min(values), max(values)
    width = max(1, math.ceil((high - low + 1) / bins))
    count = math.ceil((high - low + 1) / width)
    counts = [0] * count
    for v in values:
        counts[int((v - low) // width)] += 1
    return {"edges": [low + i * width for i in range(count + 1)], "counts": counts}


def significant(p: Optional[float], level: float = 0.05) -> bool:
    return p is not None and p < level
