/**
 * A small structural validator over resolved alternatives: enough to keep boundary requests
 * and invalid variants inside the alternative their base value came from. Not a replacement
 * for ajv (multipleOf, uniqueItems and the like are not checked).
 */
import type { Schema } from '../../types.js';
import { includesValue, isPlainObject } from './deepEqual.js';
import type { FlatSchema } from './flatSchema.js';
import { leafViolations } from './leafViolations.js';
import { resolveSchema } from './resolveSchema.js';

export function conformsFlat(flat: FlatSchema, value: unknown): boolean {
  if (leafViolations(flat, value).length > 0) return false;
  if (flat.$notIn && includesValue(flat.$notIn, value)) return false;
  if (isPlainObject(value)) {
    const props = flat.properties ?? {};
    if ((flat.required ?? []).some((n) => !Object.hasOwn(value, n))) return false;
    if ((flat.$forbidden ?? []).some((n) => Object.hasOwn(value, n))) return false;
    for (const [name, member] of Object.entries(value)) {
      const schema = props[name] ?? flat.additionalProperties ?? true;
      if (!conforms(schema, member)) return false;
    }
  }
  if (Array.isArray(value)) {
    if (value.length < (flat.minItems ?? 0) || value.length > (flat.maxItems ?? Infinity)) return false;
    if (!value.every((item) => conforms(flat.items ?? true, item))) return false;
  }
  return true;
}

/** Whether `value` satisfies some alternative of `schema`. */
export function conforms(schema: Schema, value: unknown): boolean {
  return resolveSchema(schema).some((flat) => conformsFlat(flat, value));
}

/** The first alternative of `schema` that `value` satisfies (else the first alternative). */
export function matchingAlternative(schema: Schema, value: unknown): FlatSchema | undefined {
  const alts = resolveSchema(schema);
  return alts.find((flat) => conformsFlat(flat, value)) ?? alts[0];
}
