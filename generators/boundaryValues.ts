import { includesValue } from './_internals/helpers/deepEqual.js';
import { type FlatSchema, integerBounds, typesOf } from './_internals/helpers/flatSchema.js';
import { resolveSchema } from './_internals/helpers/resolveSchema.js';
import { memberArbitrary } from './_internals/builders/schemaArbitrary.js';
import { rootContext } from './_internals/helpers/context.js';
import { sampleValue } from './_internals/helpers/sampleValue.js';
import type { Schema } from './types.js';

/** How far inside an exclusive bound of a non-integer number the boundary sits (relative, default 1e-9). */
const EXCLUSIVE_STEP = 1e-9;

function numberBounds(flat: FlatSchema): number[] {
  const types = typesOf(flat);
  if (!types.includes('number')) {
    const { lo, hi } = integerBounds(flat);
    return [lo, hi].filter((n): n is number => n !== undefined);
  }
  const inside = (b: number, dir: 1 | -1) => b + dir * EXCLUSIVE_STEP * Math.max(1, Math.abs(b));
  const out: number[] = [];
  if (flat.minimum !== undefined) out.push(flat.minimum);
  if (typeof flat.exclusiveMinimum === 'number') out.push(inside(flat.exclusiveMinimum, 1));
  if (flat.maximum !== undefined) out.push(flat.maximum);
  if (typeof flat.exclusiveMaximum === 'number') out.push(inside(flat.exclusiveMaximum, -1));
  return out;
}

/** Strings at the length bounds; only where no pattern or format shapes the string. */
function lengthBounds(flat: FlatSchema): string[] {
  if (flat.pattern || flat.format || flat.$patterns) return [];
  return [flat.minLength, flat.maxLength].filter((n): n is number => n !== undefined).map((n) => 'a'.repeat(n));
}

function itemBounds(flat: FlatSchema): unknown[][] {
  const counts = [flat.minItems, flat.maxItems].filter((n): n is number => n !== undefined);
  if (counts.length === 0) return [];
  const item = sampleValue(memberArbitrary(flat.items ?? true, rootContext({}, '', true)));
  // Distinct items would need a generator per slot; repeat one only where that is allowed.
  return counts.filter((n) => n <= 1 || !flat.uniqueItems).map((n) => Array.from({ length: n }, () => item));
}

function flatBoundaries(flat: FlatSchema): unknown[] {
  if (flat.const !== undefined) return [flat.const];
  if (flat.enum) return flat.enum.filter((v) => !includesValue(flat.$notIn ?? [], v));
  const types = typesOf(flat);
  const out: unknown[] = [];
  if (types.includes('integer') || types.includes('number')) out.push(...numberBounds(flat));
  if (types.includes('string')) out.push(...lengthBounds(flat));
  if (types.includes('array')) out.push(...itemBounds(flat));
  if (types.includes('null')) out.push(null);
  return out;
}

/**
 * The values of `schema` that sit on its stated bounds: minimum and maximum (the nearest
 * valid value for exclusive bounds), strings at minLength and maxLength (when no pattern or
 * format shapes them), arrays at minItems and maxItems, every enum value, the const, and null
 * when allowed. Only bounds the schema states: an unbounded side gives nothing.
 */
export function boundaryValues(schema: Schema): unknown[] {
  const out: unknown[] = [];
  for (const flat of resolveSchema(schema)) {
    for (const v of flatBoundaries(flat)) if (!includesValue(out, v)) out.push(v);
  }
  return out;
}
