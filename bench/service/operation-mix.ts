// Which operation a load worker sends next: a weighted draw from a seeded generator, so a run's mix is
// reproducible and a test can check that it holds the stated share of reads and writes.

/** An operation the mixed load sends: its name, whether it writes, and its share of the mix (any positive number). */
export interface WeightedOperation<Name extends string = string> {
  name: Name;
  writes: boolean;
  weight: number;
}

/**
 * A picker that draws an operation from `operations` in proportion to its weight, using `random` (for instance
 * `seededRandom(seed).next` of test/support/seeded-random.ts). Throws when there is no operation or a weight is not a positive finite number.
 *
 * @example
 * const pick = operationPicker([{ name: 'read', writes: false, weight: 9 }, { name: 'write', writes: true, weight: 1 }], seededRandom(1).next);
 * pick().name; // 'read' nine times in ten, over many draws
 */
export function operationPicker<Name extends string>(operations: readonly WeightedOperation<Name>[], random: () => number): () => WeightedOperation<Name> {
  if (operations.length === 0) throw new Error('operations: at least one operation is needed');
  for (const operation of operations) {
    if (!(Number.isFinite(operation.weight) && operation.weight > 0)) throw new Error(`operations: ${operation.name} has weight ${operation.weight}; weights must be positive finite numbers`);
  }
  const total = operations.reduce((sum, operation) => sum + operation.weight, 0);
  return () => {
    let point = random() * total;
    for (const operation of operations) {
      point -= operation.weight;
      if (point < 0) return operation;
    }
    return operations.at(-1)!;
  };
}

/**
 * The share (0 to 1) of the total weight that writing operations carry.
 *
 * @example
 * writeShare([{ name: 'read', writes: false, weight: 9 }, { name: 'write', writes: true, weight: 1 }]); // 0.1
 */
export function writeShare(operations: readonly WeightedOperation[]): number {
  const total = operations.reduce((sum, operation) => sum + operation.weight, 0);
  return operations.filter((operation) => operation.writes).reduce((sum, operation) => sum + operation.weight, 0) / total;
}
