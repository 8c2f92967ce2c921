/**
 * Objects for a flat schema: declared properties (required ones always, optional ones as
 * optional record keys), known values, `$forbidden` members left out. A map-like schema
 * (additionalProperties schema, no properties) gives a small dictionary; extra members are
 * never added to objects that declare properties, since a target may reject unknown input.
 */
import fc from 'fast-check';
import { type GenContext, childContext } from '../helpers/context.js';
import type { FlatSchema } from '../helpers/flatSchema.js';
import { knownRecord, type RecordField } from './knownRecord.js';
import { resolveSchema } from '../helpers/resolveSchema.js';
import { memberArbitrary } from './schemaArbitrary.js';

/** Most entries a map-like object gets (default 3). */
const MAX_MAP_ENTRIES = 3;

export function objectArbitrary(flat: FlatSchema, ctx: GenContext): fc.Arbitrary<Record<string, unknown>> {
  const forbidden = new Set(flat.$forbidden ?? []);
  const required = new Set((flat.required ?? []).filter((n) => !forbidden.has(n)));
  const properties = flat.properties ?? {};
  const names = new Set([...Object.keys(properties), ...required]);
  const fields: RecordField[] = [];
  for (const name of names) {
    const schema = properties[name] ?? true;
    // A member no value satisfies (`false`, `not: {}`) is one the request must leave out.
    if (forbidden.has(name) || resolveSchema(schema).length === 0) continue;
    const isRequired = required.has(name);
    if (!isRequired && ctx.requiredOnly) continue;
    fields.push({ key: name, name, required: isRequired, arbitrary: memberArbitrary(schema, childContext(ctx, name)) });
  }
  const extra = flat.additionalProperties;
  if (fields.length === 0 && typeof extra === 'object' && !ctx.requiredOnly) {
    const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/).filter((k) => !forbidden.has(k));
    return fc.dictionary(key, memberArbitrary(extra, childContext(ctx, '*')), { maxKeys: MAX_MAP_ENTRIES });
  }
  return knownRecord(fields, ctx.known, ctx.requiredOnly);
}
