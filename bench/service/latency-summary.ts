// Latency percentiles of a set of timed requests: the figures BENCHMARKS.md reports for each operation.

export interface LatencySummary {
  count: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
}

/**
 * The nearest-rank percentile `p` (0 to 100) of `sorted`, which must be sorted ascending: the smallest value that
 * at least `p`% of the values do not exceed. 0 for no values.
 *
 * @example
 * nearestRankPercentile([1, 2, 3, 4], 50); // 2
 */
export function nearestRankPercentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1]!;
}

/**
 * Count, p50, p90, p99, max and mean of `latencies` (milliseconds, any order; the array is not changed).
 *
 * @example
 * summarizeLatencies([5, 1, 3]); // { count: 3, p50Ms: 3, p90Ms: 5, p99Ms: 5, maxMs: 5, meanMs: 3 }
 */
export function summarizeLatencies(latencies: readonly number[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    count: sorted.length,
    p50Ms: nearestRankPercentile(sorted, 50),
    p90Ms: nearestRankPercentile(sorted, 90),
    p99Ms: nearestRankPercentile(sorted, 99),
    maxMs: sorted.at(-1) ?? 0,
    meanMs: sorted.length === 0 ? 0 : total / sorted.length,
  };
}
