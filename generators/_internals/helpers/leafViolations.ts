/**
 * The named constraints one value breaks against one flat alternative, checked at that level
 * only (members and items are not visited). Mirrors how ajv reports them: a wrong type hides
 * the type-specific keywords, while enum/const are checked whatever the type.
 */
import type { Constraint } from '../../types.js';
import { includesValue } from './deepEqual.js';
import { type FlatSchema, typeAllows, declaredTypes } from './flatSchema.js';
import { codePointLength, matchesFormat, patternRegExp } from './formats.js';

function numberViolations(flat: FlatSchema, n: number): Constraint[] {
  const out: Constraint[] = [];
  const exMin = typeof flat.exclusiveMinimum === 'number' ? flat.exclusiveMinimum : undefined;
  const exMax = typeof flat.exclusiveMaximum === 'number' ? flat.exclusiveMaximum : undefined;
  if ((flat.minimum !== undefined && n < flat.minimum) || (exMin !== undefined && n <= exMin)) out.push('minimum');
  if ((flat.maximum !== undefined && n > flat.maximum) || (exMax !== undefined && n >= exMax)) out.push('maximum');
  return out;
}

function stringViolations(flat: FlatSchema, s: string): Constraint[] {
  const out: Constraint[] = [];
  const patterns = [flat.pattern, ...(flat.$patterns ?? [])].filter((p): p is string => !!p);
  if (patterns.some((p) => !patternRegExp(p).test(s))) out.push('pattern');
  if (flat.minLength !== undefined && codePointLength(s) < flat.minLength) out.push('minLength');
  if (flat.maxLength !== undefined && codePointLength(s) > flat.maxLength) out.push('maxLength');
  if (!matchesFormat(flat.format, s)) out.push('format');
  return out;
}

export function leafViolations(flat: FlatSchema, value: unknown): Constraint[] {
  const out: Constraint[] = [];
  if (!typeAllows(declaredTypes(flat), value)) out.push('type');
  if (
    (flat.enum && !includesValue(flat.enum, value)) ||
    (flat.const !== undefined && !includesValue([flat.const], value))
  )
    out.push('enum');
  if (out.includes('type')) return out;
  if (typeof value === 'number') out.push(...numberViolations(flat, value));
  if (typeof value === 'string') out.push(...stringViolations(flat, value));
  return out;
}
