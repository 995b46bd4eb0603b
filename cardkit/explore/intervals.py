"""Honest intervals for the figures the explore tools print, with the number of deals behind them.

- A **rate** (how often a contract makes: ``k`` of ``n`` deals) gets Wilson's score interval, which
  stays inside [0, 1] and is never empty at 0 or ``n`` of ``n``: 20 made of 20 is 84 %–100 %, not
  "100 % ± 0".
- A **mean** (a mean score change, a paired difference per deal) gets Student's *t* interval,
  ``mean ± t(n−1) · sd / √n``, the right width at small ``n`` where ``± 1.96`` standard errors is
  too narrow. A sample with no spread at all (every deal gave the same score) has no interval a
  sample can give: its bounds are the value itself and :attr:`Interval.spread` is false, so a
  display says "all 20 deals" rather than "± 0". One deal gives no interval (NaN bounds).

Both come from scipy's distributions (``scipy.stats``). The level is 95 % unless asked otherwise.

>>> rate_interval(20, 20).low.__round__(3), rate_interval(20, 20).high
(0.839, 1.0)
>>> m = mean_interval([2.0, 4.0, 6.0, 8.0])
>>> m.estimate, round(m.low, 2), round(m.high, 2), m.n
(5.0, 0.89, 9.11, 4)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

#: The confidence level of every interval the explore tools print.
LEVEL = 0.95


@dataclass(frozen=True)
class Interval:
    """An estimate with its interval.

    Attributes:
        estimate: the share (0–1) or the mean.
        low, high: the interval's bounds (NaN when ``n`` is too small to give one).
        n: the number of deals (or paired deals) behind it.
        level: the confidence level (0.95).
        spread: false when every value of a mean's sample was the same (the bounds are then the
            value itself: no interval can be read from such a sample).
    """

    estimate: float
    low: float
    high: float
    n: int
    level: float = LEVEL
    spread: bool = True

    @property
    def halfwidth(self) -> float:
        """Half the interval's width (NaN without an interval)."""
        return (self.high - self.low) / 2

    def covers(self, value: float) -> bool:
        """True when ``value`` lies inside the interval (bounds included)."""
        return self.low <= value <= self.high

    def excludes_zero(self) -> bool:
        """True when the interval lies wholly on one side of 0 (a difference the deals show,
        at this level; false without an interval)."""
        return self.spread and (self.low > 0 or self.high < 0)


def rate_interval(k: int, n: int, level: float = LEVEL) -> Interval:
    """``k`` successes of ``n`` (e.g. deals made) with Wilson's score interval.

    Raises:
        ValueError: ``n`` below 1, or ``k`` outside ``0..n``.
    """
    if n < 1 or not 0 <= k <= n:
        raise ValueError(f"a rate of {k} out of {n}: n must be at least 1 and k between 0 and n")
    from scipy.stats import binomtest

    ci = binomtest(int(k), int(n)).proportion_ci(confidence_level=level, method="wilson")
    return Interval(k / n, max(0.0, float(ci.low)), min(1.0, float(ci.high)), n, level)


def mean_interval(values: Iterable[float], level: float = LEVEL) -> Interval:
    """The mean of ``values`` with Student's *t* interval (see the module doc for a sample with no
    spread, and for a single value).

    Raises:
        ValueError: no values.
    """
    xs = [float(v) for v in values]
    n = len(xs)
    if n == 0:
        raise ValueError("the mean of no values")
    mean = math.fsum(xs) / n
    if n == 1:
        return Interval(mean, math.nan, math.nan, 1, level)
    sd = math.sqrt(math.fsum((x - mean) ** 2 for x in xs) / (n - 1))
    if sd == 0:
        return Interval(mean, mean, mean, n, level, spread=False)
    from scipy.stats import t

    half = float(t.ppf((1 + level) / 2, n - 1)) * sd / math.sqrt(n)
    return Interval(mean, mean - half, mean + half, n, level)


__all__ = ["LEVEL", "Interval", "mean_interval", "rate_interval"]
