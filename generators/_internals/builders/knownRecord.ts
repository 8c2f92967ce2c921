/**
 * A record of named members (object properties or operation parameters) honouring linked
 * known values: members named by a linked entry are not drawn one by one; one tuple is drawn
 * and sets them all (required when any of them is). Optional members are fc.record optional
 * keys, so shrinking drops them first.
 */
import fc from 'fast-check';
import type { KnownValues } from '../../types.js';
import { linkedEntries } from '../helpers/knownValues.js';
import { applyLinked, groupKey, type LinkedGroup, unapplyLinked } from '../mappers/linkedValues.js';

export interface RecordField {
  /** Key in the produced record. */
  key: string;
  /** Name known values are matched against. */
  name: string;
  required: boolean;
  arbitrary: fc.Arbitrary<unknown>;
}

export function knownRecord(
  fields: RecordField[],
  known: KnownValues,
  requiredOnly: boolean,
): fc.Arbitrary<Record<string, unknown>> {
  const entries = linkedEntries(
    known,
    fields.map((f) => f.name),
  );
  const linked = new Set(entries.flatMap((e) => e.names));
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredKeys: string[] = [];
  for (const f of fields) {
    if (linked.has(f.name) || (!f.required && requiredOnly)) continue;
    model[f.key] = f.arbitrary;
    if (f.required) requiredKeys.push(f.key);
  }
  const groups: LinkedGroup[] = [];
  for (const entry of entries) {
    const members = fields.filter((f) => entry.names.includes(f.name));
    const required = members.some((f) => f.required);
    if (!required && requiredOnly) continue;
    const keysByName = new Map<string, string[]>();
    for (const f of members) keysByName.set(f.name, [...(keysByName.get(f.name) ?? []), f.key]);
    groups.push({ entry, keysByName });
    model[groupKey(entry.label)] = fc.constantFrom(...entry.tuples);
    if (required) requiredKeys.push(groupKey(entry.label));
  }
  const record = fc.record(model, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
  return groups.length ? record.map(applyLinked(groups), unapplyLinked(groups)) : record;
}
