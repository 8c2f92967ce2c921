/**
 * Mapper and inverse for linked known values. The record drawn holds the unlinked members
 * plus one entry per linked group (the tuple drawn); the mapper spreads the tuple over the
 * members it names, the inverse finds the tuple back from those members, so a mapped value
 * shrinks without context.
 */
import { deepEqual, isPlainObject } from '../helpers/deepEqual.js';
import type { LinkedEntry } from '../helpers/knownValues.js';

/** Record key under which a group's tuple is drawn (cannot clash with a JSON member name). */
export const groupKey = (label: string) => `\u0000linked:${label}`;

/** A linked entry applied to one record: member name to record keys. */
export interface LinkedGroup {
  entry: LinkedEntry;
  keysByName: Map<string, string[]>;
}

export function applyLinked(groups: LinkedGroup[]) {
  return (record: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(record)) if (!k.startsWith('\u0000')) out[k] = v;
    for (const g of groups) {
      const tuple = record[groupKey(g.entry.label)] as Record<string, unknown> | undefined;
      if (!tuple) continue;
      for (const [name, value] of Object.entries(tuple)) for (const k of g.keysByName.get(name) ?? []) out[k] = value;
    }
    return out;
  };
}

export function unapplyLinked(groups: LinkedGroup[]) {
  return (value: unknown): Record<string, unknown> => {
    if (!isPlainObject(value)) throw new Error('not an object');
    const record: Record<string, unknown> = { ...value };
    for (const g of groups) {
      const keys = [...g.keysByName.values()].flat();
      if (!keys.some((k) => Object.hasOwn(value, k))) continue;
      const tuple = g.entry.tuples.find((t) =>
        Object.entries(t).every(([name, v]) =>
          (g.keysByName.get(name) ?? []).every((k) => !Object.hasOwn(value, k) || deepEqual(value[k], v)),
        ),
      );
      if (!tuple) throw new Error(`no known ${g.entry.label} tuple matches`);
      for (const k of keys) delete record[k];
      record[groupKey(g.entry.label)] = tuple;
    }
    return record;
  };
}
