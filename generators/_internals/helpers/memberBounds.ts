/**
 * The values of one member on the bounds its schema states, inside and one step outside: the
 * least and greatest number (one below, one above), a fraction where a number is stated (inside)
 * and where an integer is (outside), texts of the shortest and longest length in characters
 * (one shorter, one longer), dates on their edges in the member's own form, lists of the least
 * and greatest size, each enum value and one outside. Only what the schema states: a member
 * with no bound gives nothing, and a clamped one (clamped.ts) nothing outside its range.
 */
import fc from 'fast-check';
import { textOfLength } from '../../domain/textOfLength.js';
import { dateEdges, dateFormOf, yearOf } from './dateEdges.js';
import { includesValue } from './deepEqual.js';
import { type FlatSchema, integerBounds, typesOf } from './flatSchema.js';

export interface MemberBound {
  side: 'inside' | 'outside';
  /** The bound in words: `maximum 50`, `maxLength 50 (characters)`, `a fraction (integer stated)`. */
  bound: string;
  value: fc.Arbitrary<unknown>;
}

export interface MemberContext {
  /** The member's value in the request it is sent in (a query value as its text); undefined when absent. */
  base: unknown;
  /** Out-of-range values are clamped, not refused: nothing is sent outside the range. */
  clamped: boolean;
  /** The year a date member without a value is sent in. */
  year: number;
}

/** One step past a bound of a number that is not an integer: a cent, as amounts are written. */
const NUMBER_STEP = 0.01;

const inside = (bound: string, value: unknown): MemberBound => ({ side: 'inside', bound, value: fc.constant(value) });
const outside = (bound: string, value: unknown): MemberBound => ({ side: 'outside', bound, value: fc.constant(value) });

const numeric = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
};

function integerBoundsOf(flat: FlatSchema, ctx: MemberContext): MemberBound[] {
  const { lo, hi } = integerBounds(flat);
  const out: MemberBound[] = [];
  if (lo !== undefined) out.push(inside(`minimum ${lo}`, lo));
  if (hi !== undefined) out.push(inside(`maximum ${hi}`, hi));
  if (!ctx.clamped && lo !== undefined) out.push(outside(`one below the minimum ${lo}`, lo - 1));
  if (!ctx.clamped && hi !== undefined) out.push(outside(`one above the maximum ${hi}`, hi + 1));
  const from = numeric(ctx.base) ?? lo ?? hi ?? 1;
  out.push(outside('a fraction where an integer is stated', Math.trunc(from) + 0.5));
  return out;
}

function numberBoundsOf(flat: FlatSchema, ctx: MemberContext): MemberBound[] {
  const out: MemberBound[] = [];
  const exMin = typeof flat.exclusiveMinimum === 'number' ? flat.exclusiveMinimum : undefined;
  const exMax = typeof flat.exclusiveMaximum === 'number' ? flat.exclusiveMaximum : undefined;
  if (flat.minimum !== undefined) out.push(inside(`minimum ${flat.minimum}`, flat.minimum));
  if (flat.maximum !== undefined) out.push(inside(`maximum ${flat.maximum}`, flat.maximum));
  if (!ctx.clamped) {
    if (flat.minimum !== undefined) out.push(outside(`below the minimum ${flat.minimum}`, flat.minimum - NUMBER_STEP));
    if (exMin !== undefined) out.push(outside(`the exclusive minimum ${exMin}`, exMin));
    if (flat.maximum !== undefined) out.push(outside(`above the maximum ${flat.maximum}`, flat.maximum + NUMBER_STEP));
    if (exMax !== undefined) out.push(outside(`the exclusive maximum ${exMax}`, exMax));
  }
  // A fraction inside every stated bound, near the value sent; none where a multipleOf says which fractions.
  const lo = flat.minimum ?? exMin;
  const hi = flat.maximum ?? exMax;
  const near = Math.trunc(numeric(ctx.base) ?? lo ?? 0) + 0.5;
  const fraction = hi !== undefined && near >= hi ? hi - 0.5 : lo !== undefined && near <= lo ? lo + 0.5 : near;
  if (flat.multipleOf === undefined && (lo === undefined || fraction > lo) && (hi === undefined || fraction < hi))
    out.push(inside('a fraction where a number is stated', fraction));
  return out;
}

function lengthBoundsOf(flat: FlatSchema): MemberBound[] {
  // A pattern or a format says what the characters are: a text of any letters would break it, not the length.
  if (flat.pattern || flat.format || flat.$patterns) return [];
  const text = (n: number) => textOfLength({ length: n });
  const out: MemberBound[] = [];
  const { minLength, maxLength } = flat;
  if (minLength !== undefined && minLength > 0) {
    out.push({ side: 'inside', bound: `minLength ${minLength} (characters)`, value: text(minLength) });
    out.push({ side: 'outside', bound: `one character under minLength ${minLength}`, value: text(minLength - 1) });
  }
  if (maxLength !== undefined) {
    out.push({ side: 'inside', bound: `maxLength ${maxLength} (characters)`, value: text(maxLength) });
    out.push({ side: 'outside', bound: `one character over maxLength ${maxLength}`, value: text(maxLength + 1) });
  }
  return out;
}

function dateBoundsOf(flat: FlatSchema, ctx: MemberContext): MemberBound[] | undefined {
  const form = dateFormOf(flat);
  if (!form) return undefined;
  const edges = dateEdges(form, yearOf(form, ctx.base) ?? ctx.year);
  return [...edges.inside.map((e) => inside(e.bound, e.value)), ...edges.outside.map((e) => outside(e.bound, e.value))];
}

/** A list of `n` items from the one sent: cut short, or its first item repeated (where items need not be unique). */
function listOf(base: readonly unknown[], n: number, unique: boolean): unknown[] | undefined {
  if (n <= base.length) return base.slice(0, n);
  return unique || base.length === 0 ? undefined : [...base, ...Array.from({ length: n - base.length }, () => base[0])];
}

function itemBoundsOf(flat: FlatSchema, ctx: MemberContext): MemberBound[] {
  if (!Array.isArray(ctx.base)) return [];
  const unique = flat.uniqueItems === true;
  const out: MemberBound[] = [];
  const add = (side: MemberBound['side'], bound: string, n: number) => {
    const list = n < 0 ? undefined : listOf(ctx.base as unknown[], n, unique);
    if (list) out.push({ side, bound, value: fc.constant(list) });
  };
  if (flat.minItems !== undefined) {
    add('inside', `minItems ${flat.minItems}`, flat.minItems);
    add('outside', `one item under minItems ${flat.minItems}`, flat.minItems - 1);
  }
  if (flat.maxItems !== undefined) {
    add('inside', `maxItems ${flat.maxItems}`, flat.maxItems);
    add('outside', `one item over maxItems ${flat.maxItems}`, flat.maxItems + 1);
  }
  return out;
}

/** A value no enum holds: the first value's text with a suffix, or one above the greatest number. */
function notIn(values: readonly unknown[]): unknown {
  const numbers = values.filter((v): v is number => typeof v === 'number');
  let candidate: unknown = numbers.length === values.length ? Math.max(...numbers) + 1 : `${String(values[0])}_outside`;
  while (includesValue(values, candidate)) candidate = `${String(candidate)}_`;
  return candidate;
}

function enumBoundsOf(flat: FlatSchema): MemberBound[] {
  const values = (flat.enum ?? []).filter((v) => !includesValue(flat.$notIn ?? [], v) && v !== null);
  if (values.length === 0) return [];
  return [
    ...values.map((v) => inside(`enum value ${JSON.stringify(v)}`, v)),
    outside(`a value outside the enum (${values.length} values)`, notIn(values)),
  ];
}

/** Every bound `flat` states, inside and outside, for a member sent with `ctx`. */
export function memberBounds(flat: FlatSchema, ctx: MemberContext): MemberBound[] {
  if (flat.const !== undefined) return [];
  if (flat.enum) return enumBoundsOf(flat);
  const types = typesOf(flat);
  const out: MemberBound[] = [];
  if (types.includes('integer') && !types.includes('number')) out.push(...integerBoundsOf(flat, ctx));
  else if (types.includes('number')) out.push(...numberBoundsOf(flat, ctx));
  if (types.includes('string')) out.push(...(dateBoundsOf(flat, ctx) ?? lengthBoundsOf(flat)));
  if (types.includes('array')) out.push(...itemBoundsOf(flat, ctx));
  return out;
}
