// The pure parts of the mixed-load benchmark (bench/service): the figures it reports must be right, and its mix
// must be the 90% reads, 10% writes the issue asks for.
import { describe, expect, it } from 'vitest';
import { nearestRankPercentile, summarizeLatencies } from '../bench/service/latency-summary.ts';
import { memoryTrend } from '../bench/service/memory-trend.ts';
import { loadOperations } from '../bench/service/mixed-load.ts';
import { operationPicker, writeShare } from '../bench/service/operation-mix.ts';
import { seededRandom } from './support/seeded-random.ts';

describe('latency summary', () => {
  it('gives nearest-rank percentiles, max and mean of 1..100 ms in any order', () => {
    const latencies = Array.from({ length: 100 }, (_, index) => 100 - index);
    expect(summarizeLatencies(latencies)).toEqual({ count: 100, p50Ms: 50, p90Ms: 90, p99Ms: 99, maxMs: 100, meanMs: 50.5 });
    expect(latencies[0]).toBe(100); // the caller's array is left as it was
  });

  it('takes the value at or above the rank on small sets, and zeros for none', () => {
    expect(nearestRankPercentile([1, 2, 3, 4], 50)).toBe(2);
    expect(nearestRankPercentile([1, 2, 3, 4], 99)).toBe(4);
    expect(nearestRankPercentile([7], 0)).toBe(7);
    expect(summarizeLatencies([])).toEqual({ count: 0, p50Ms: 0, p90Ms: 0, p99Ms: 0, maxMs: 0, meanMs: 0 });
  });
});

describe('operation mix', () => {
  it('weighs reads 90 and writes 10 in the benchmark', () => {
    expect(writeShare(loadOperations)).toBeCloseTo(0.1, 10);
  });

  it('draws the benchmark operations in their weights, writes 10% ± 0.5 over 100,000 seeded draws, the same on every run', () => {
    const draws = (seed: number) => {
      const pick = operationPicker(loadOperations, seededRandom(seed).next);
      return Array.from({ length: 100_000 }, () => pick());
    };
    const drawn = draws(7);
    const writes = drawn.filter((operation) => operation.writes).length / drawn.length;
    expect(writes).toBeGreaterThan(0.095);
    expect(writes).toBeLessThan(0.105);
    const total = loadOperations.reduce((sum, operation) => sum + operation.weight, 0);
    for (const operation of loadOperations) {
      const share = drawn.filter((drawnOperation) => drawnOperation === operation).length / drawn.length;
      expect(Math.abs(share - operation.weight / total), operation.name).toBeLessThan(0.01);
    }
    expect(draws(7).map((operation) => operation.name)).toEqual(drawn.map((operation) => operation.name));
    expect(draws(8).map((operation) => operation.name)).not.toEqual(drawn.map((operation) => operation.name));
  });

  it('refuses an empty mix and a weight that is not positive, naming the operation', () => {
    expect(() => operationPicker([], Math.random)).toThrow(/at least one operation/);
    expect(() => operationPicker([{ name: 'read', writes: false, weight: 0 }], Math.random)).toThrow(/read has weight 0/);
  });
});

describe('memory trend', () => {
  const series = (values: number[]) => values.map((mib, index) => ({ atSeconds: index * 5, mib }));

  it('calls a series that levels off after the warm-up flat', () => {
    const trend = memoryTrend(series([100, 140, 150, 151, 150, 152, 151, 150, 152]));
    expect(trend).toMatchObject({ firstMiB: 100, lastMiB: 152, peakMiB: 152, verdict: 'flat' });
    expect(trend.middleThirdMiB).toBeCloseTo(151, 5);
  });

  it('calls a series that keeps climbing growth', () => {
    const trend = memoryTrend(series([100, 120, 140, 160, 180, 200, 220, 240, 260]));
    expect(trend.verdict).toBe('growth');
    expect(trend.growth).toBeCloseTo(240 / 180 - 1, 5);
  });

  it('gives no verdict on fewer than 6 samples', () => {
    expect(memoryTrend(series([100, 200, 300])).verdict).toBe('too short');
  });
});
