/** Lookups in KnownValues: single-name entries and linked tuples (see KnownValues). */
import type { KnownValues } from '../../types.js';
import { isPlainObject } from './deepEqual.js';

export interface LinkedEntry {
  label: string;
  /** Every name carried by at least one tuple. */
  names: string[];
  tuples: Record<string, unknown>[];
}

function isLinked(values: unknown[]): values is Record<string, unknown>[] {
  return values.length > 0 && values.every(isPlainObject);
}

/** Known values for a member: by dotted path first, then by bare name. */
export function singleKnown(known: KnownValues, path: string, name: string): unknown[] | undefined {
  for (const key of [path, name]) {
    const values = key ? known[key] : undefined;
    if (values && values.length > 0 && !isLinked(values)) return values;
  }
  return undefined;
}

/** Linked entries that name at least one of `siblings`. */
export function linkedEntries(known: KnownValues, siblings: Iterable<string>): LinkedEntry[] {
  const present = new Set(siblings);
  const out: LinkedEntry[] = [];
  for (const [label, values] of Object.entries(known)) {
    if (!isLinked(values)) continue;
    const names = [...new Set(values.flatMap((t) => Object.keys(t)))];
    if (names.some((n) => present.has(n))) out.push({ label, names, tuples: values });
  }
  return out;
}

/** Whether `name` is pinned by known values (single or linked) anywhere. */
export function isKnownName(known: KnownValues, path: string, name: string): boolean {
  if (singleKnown(known, path, name)) return true;
  return linkedEntries(known, [name]).length > 0;
}
