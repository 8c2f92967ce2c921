/**
 * A schema as a list of flat alternatives (disjunctive form): allOf merges, oneOf/anyOf
 * branch, if/then/else becomes "if and then" or "not-if and else", `not` becomes its negation.
 * A value satisfying any alternative satisfies the schema (up to `$unchecked` alternatives,
 * where a rule could not be negated). Contradicting combinations are dropped.
 */
import type { Schema } from '../../types.js';
import { asObject, type FlatSchema, normalizeOwn } from './flatSchema.js';
import { mergeFlat } from './mergeSchemas.js';
import { negateSchema } from './negateSchema.js';

/** Upper bound on alternatives kept per schema (default 32), so nested choices stay cheap. */
const MAX_ALTERNATIVES = 32;

function product(left: FlatSchema[], right: FlatSchema[]): FlatSchema[] {
  const out: FlatSchema[] = [];
  for (const a of left) {
    for (const b of right) {
      const merged = mergeFlat(a, b);
      if (merged) out.push(merged);
      if (out.length >= MAX_ALTERNATIVES) return out;
    }
  }
  return out;
}

function unchecked(alts: FlatSchema[]): FlatSchema[] {
  return alts.map((a) => ({ ...a, $unchecked: true }));
}

function conditional(cond: Schema, then: Schema | undefined, otherwise: Schema | undefined): FlatSchema[] {
  const thenAlts = resolveSchema({ allOf: [cond, then ?? true] });
  const negated = negateSchema(cond);
  const elseAlts = negated
    ? negated.flatMap((n) => resolveSchema({ allOf: [n, otherwise ?? true] }))
    : unchecked(resolveSchema(otherwise ?? true));
  return [...thenAlts, ...elseAlts];
}

function negation(not: Schema): FlatSchema[] {
  const negated = negateSchema(not);
  return negated ? negated.flatMap(resolveSchema) : [{ $unchecked: true }];
}

/** How deep required members are checked for satisfiability (default 3). */
const REQUIRED_CHECK_DEPTH = 3;

/** Whether every required member of `flat` admits a value, `depth` levels down. */
function requiredSatisfiable(flat: FlatSchema, depth: number): boolean {
  if (depth === 0) return true;
  return (flat.required ?? []).every((name) => {
    const member = flat.properties?.[name];
    return member === undefined || resolveAt(member, depth - 1).length > 0;
  });
}

// Schemas are never mutated once loaded, so alternatives are computed once per schema object.
const cache = new WeakMap<object, FlatSchema[]>();

/** The flat alternatives of `schema`; empty when it admits no value. */
export function resolveSchema(schema: Schema | undefined): FlatSchema[] {
  if (typeof schema !== 'object') return resolveAt(schema, REQUIRED_CHECK_DEPTH);
  let alts = cache.get(schema);
  if (!alts) cache.set(schema, (alts = resolveAt(schema, REQUIRED_CHECK_DEPTH)));
  return alts;
}

function resolveAt(schema: Schema | undefined, depth: number): FlatSchema[] {
  const obj = asObject(schema);
  if (obj === false) return [];
  let alts: FlatSchema[] = [normalizeOwn(obj)];
  for (const part of obj.allOf ?? []) alts = product(alts, resolveSchema(part));
  if (obj.oneOf) alts = product(alts, obj.oneOf.flatMap(resolveSchema));
  if (obj.anyOf) alts = product(alts, obj.anyOf.flatMap(resolveSchema));
  if (obj.if !== undefined && (obj.then !== undefined || obj.else !== undefined)) {
    alts = product(alts, conditional(obj.if, obj.then, obj.else));
  }
  if (obj.not !== undefined) alts = product(alts, negation(obj.not));
  return alts.filter((flat) => requiredSatisfiable(flat, depth));
}
