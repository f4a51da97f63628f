"""Summaries of timing samples."""

from __future__ import annotations

import math
from collections.abc import Sequence


def percentile(samples: Sequence[float], fraction: float) -> float:
    """The ``fraction`` quantile of ``samples`` (nearest rank); 0 for no samples.

    >>> percentile([5.0, 1.0, 3.0, 2.0, 4.0], 0.5)
    3.0
    >>> percentile([float(i) for i in range(1, 101)], 0.99)
    99.0
    """
    if not samples:
        return 0.0
    ordered = sorted(samples)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def latency_summary(seconds: Sequence[float]) -> dict[str, float]:
    """Count, mean, p50, p99 and max of latencies given in seconds, reported in milliseconds."""
    if not seconds:
        return {"count": 0, "mean_ms": 0.0, "p50_ms": 0.0, "p99_ms": 0.0, "max_ms": 0.0}
    return {
        "count": len(seconds),
        "mean_ms": 1000 * sum(seconds) / len(seconds),
        "p50_ms": 1000 * percentile(seconds, 0.5),
        "p99_ms": 1000 * percentile(seconds, 0.99),
        "max_ms": 1000 * max(seconds),
    }
