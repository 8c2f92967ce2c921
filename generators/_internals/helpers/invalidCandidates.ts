/**
 * Candidate values that may break one constraint, per constraint. The caller keeps the first
 * candidate that breaks that constraint and nothing else (see leafViolations), so a table
 * entry may offer values that are wrong for some schemas. Parameters travel as text, so for
 * them a wrong type is only text that cannot be read as the type.
 */
import type { Constraint } from '../../types.js';
import { type FlatSchema, integerBounds, declaredTypes } from './flatSchema.js';

type Candidates = (flat: FlatSchema, base: unknown, asText: boolean) => unknown[];

const text = (base: unknown) => (typeof base === 'string' ? base : typeof base === 'number' ? String(base) : '');
const swapCase = (s: string) => [...s].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');

const WRONG_TYPE: Record<string, unknown[]> = {
  string: [12345, true],
  integer: ['not-a-number', 1.5],
  number: ['not-a-number'],
  boolean: ['not-a-boolean'],
  array: ['not-an-array'],
  object: ['not-an-object'],
};

const BAD_FORMAT: Record<string, string[]> = {
  date: ['2024-13-45', 'not-a-date'],
  'date-time': ['2024-01-01T25:00:00Z', 'not-a-date-time'],
  email: ['not-an-email', 'a@'],
  uri: ['not a uri', 'relative/path'],
  uuid: ['not-a-uuid'],
};

function numericBounds(flat: FlatSchema, side: 'lo' | 'hi'): number[] {
  const integer = declaredTypes(flat).every((t) => t === 'integer' || t === 'null');
  const b = integerBounds(flat)[side];
  const exact = side === 'lo' ? [flat.minimum, flat.exclusiveMinimum] : [flat.maximum, flat.exclusiveMaximum];
  const step = side === 'lo' ? -1 : 1;
  const out = b !== undefined ? [b + step] : [];
  if (!integer) for (const e of exact) if (typeof e === 'number') out.push(e, e + step);
  return out;
}

export const INVALID_CANDIDATES: Record<Exclude<Constraint, 'required'>, Candidates> = {
  type: (flat, _base, asText) => {
    const wrong = declaredTypes(flat).flatMap((t) => WRONG_TYPE[t] ?? []);
    return asText ? wrong.filter((v) => typeof v === 'string') : wrong;
  },
  enum: (flat, base) => {
    const s = text(base);
    const numbers = [...(flat.enum ?? []), flat.const].filter((v): v is number => typeof v === 'number');
    return [`${s}_unknown`, 'unknown', swapCase(s), ...(numbers.length ? [Math.max(...numbers) + 1] : [])];
  },
  pattern: (_flat, base) => {
    const s = text(base);
    return [
      swapCase(s),
      `${s.slice(0, -1)}x`,
      `${s.slice(0, -1)}!`,
      `!${s.slice(1)}`,
      s.slice(0, -1),
      `${s}!`,
      '!',
      '',
    ];
  },
  format: (flat) => BAD_FORMAT[flat.format ?? ''] ?? [],
  minLength: (flat, base) => {
    const n = (flat.minLength ?? 0) - 1;
    return n < 0 ? [] : [text(base).slice(0, n), 'a'.repeat(n)];
  },
  maxLength: (flat, base) => {
    if (flat.maxLength === undefined) return [];
    const s = text(base) || 'a';
    return [s.padEnd(flat.maxLength + 1, s.slice(-1)), 'a'.repeat(flat.maxLength + 1)];
  },
  minimum: (flat) => numericBounds(flat, 'lo'),
  maximum: (flat) => numericBounds(flat, 'hi'),
};

/** One-line detail of what a constraint demands, for variant descriptions. */
export const CONSTRAINT_DETAIL: Record<Constraint, (flat: FlatSchema) => string> = {
  required: () => 'is required',
  type: (flat) => `must be ${declaredTypes(flat).join(' or ')}`,
  enum: (flat) => `must be one of ${JSON.stringify(flat.enum ?? [flat.const])}`,
  pattern: (flat) => `must match ${flat.pattern}`,
  format: (flat) => `must be a ${flat.format}`,
  minLength: (flat) => `must have at least ${flat.minLength} characters`,
  maxLength: (flat) => `must have at most ${flat.maxLength} characters`,
  minimum: (flat) => (flat.minimum !== undefined ? `must be >= ${flat.minimum}` : `must be > ${flat.exclusiveMinimum}`),
  maximum: (flat) => (flat.maximum !== undefined ? `must be <= ${flat.maximum}` : `must be < ${flat.exclusiveMaximum}`),
};
