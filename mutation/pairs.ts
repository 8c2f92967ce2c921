/**
 * Which variant runs beside which fault: a fault must still be caught by its own rule with any
 * valid choice of the target switched on. `sample` picks one variant per fault, of the fault's
 * own family when it has any (they touch the same answers), deterministically from the seed;
 * `all` pairs every fault with every variant (a nightly run).
 */
import { createHash } from 'node:crypto';
import type { FaultInfo } from './outcome.js';

export const WITH_VARIANTS = ['none', 'sample', 'all'] as const;
export type WithVariants = (typeof WITH_VARIANTS)[number];

/** What the campaign needs of a variant. */
export interface VariantInfo {
  name: string;
  family: string;
}

export interface Pair {
  fault: FaultInfo;
  variant?: string;
}

/** A stable index in [0, n) from the seed and a name. */
function pick(seed: number, name: string, n: number): number {
  return createHash('sha256').update(`${seed}:${name}`).digest().readUInt32BE(0) % n;
}

export function pairsOf(
  faults: readonly FaultInfo[],
  variants: readonly VariantInfo[],
  mode: WithVariants,
  seed: number,
): Pair[] {
  if (mode === 'none' || variants.length === 0) return faults.map((fault) => ({ fault }));
  if (mode === 'all') return faults.flatMap((fault) => variants.map((v) => ({ fault, variant: v.name })));
  return faults.map((fault) => {
    const own = variants.filter((v) => v.family === fault.family);
    const pool = own.length ? own : variants;
    return { fault, variant: pool[pick(seed, fault.name, pool.length)]!.name };
  });
}
