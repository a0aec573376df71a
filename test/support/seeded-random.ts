// A small deterministic generator (mulberry32): the same seed gives the same sequence, so a randomized test or
// benchmark that fails can be run again exactly (print the seed with the failure).

export interface SeededRandom {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [low, high] (both included). */
  between(low: number, high: number): number;
  /** An integer in [0, count). */
  int(count: number): number;
  pick<T>(items: readonly T[]): T;
}

/**
 * A seeded generator.
 *
 * @example
 * const random = seededRandom(12);
 * const delayMs = random.between(100, 900); // the same for seed 12 on every machine
 */
export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (low, high) => low + Math.floor(next() * (high - low + 1)),
    int: (count) => Math.floor(next() * count),
    pick: (items) => items[Math.floor(next() * items.length)]!,
  };
}
