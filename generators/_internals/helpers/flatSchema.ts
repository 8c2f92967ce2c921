/**
 * A flat schema: one alternative of a schema, with no combinator (allOf, oneOf, anyOf,
 * if/then/else, not) left at its root. Nested member schemas may still hold combinators;
 * they are resolved when their own value is generated.
 */
import type { Schema, SchemaObject } from '../../types.js';

export interface FlatSchema extends SchemaObject {
  /** Values excluded by a `not` (const or enum) rule. */
  $notIn?: unknown[];
  /** Members excluded by a `not: { required }` rule. */
  $forbidden?: string[];
  /** Patterns beyond `pattern` (from merged allOf members). */
  $patterns?: string[];
  /** Part of this alternative came from a rule the generator could not negate: validate it. */
  $unchecked?: boolean;
  allOf?: never;
  oneOf?: never;
  anyOf?: never;
  not?: never;
  if?: never;
}

export const JSON_TYPES = ['null', 'boolean', 'object', 'array', 'number', 'integer', 'string'] as const;

/** Keywords that say nothing about validity; ignored when negating. */
export const ANNOTATIONS = new Set([
  'title',
  'description',
  'default',
  'examples',
  'example',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  '$id',
  '$schema',
  '$anchor',
  'discriminator',
  'xml',
  'externalDocs',
]);

/** The own (non-combinator) keywords of a schema, with 3.0 forms turned into 3.1 forms. */
export function normalizeOwn(schema: SchemaObject): FlatSchema {
  const { allOf, oneOf, anyOf, not, if: cond, then, else: otherwise, nullable, ...own } = schema;
  const flat: FlatSchema = { ...own } as FlatSchema;
  // 3.0 spells an exclusive bound as a boolean modifier; 3.1 as the bound itself.
  for (const [excl, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof flat[excl] !== 'boolean') continue;
    if (flat[excl] && flat[bound] !== undefined) {
      flat[excl] = flat[bound];
      delete flat[bound];
    } else delete flat[excl];
  }
  if (nullable === true && flat.type !== undefined) {
    const types = Array.isArray(flat.type) ? flat.type : [flat.type];
    flat.type = types.includes('null') ? types : [...types, 'null'];
  }
  return flat;
}

/** Types the schema states (empty: any type is valid). What checks and invalid variants use. */
export function declaredTypes(flat: FlatSchema): string[] {
  return flat.type === undefined ? [] : [flat.type].flat();
}

/**
 * Declared types, or the types the keywords present suggest (empty: any JSON value). What
 * generation uses: `properties` alone does not make a value an object, but a generated
 * member with properties is more useful as one.
 */
export function typesOf(flat: FlatSchema): string[] {
  if (flat.type !== undefined) return declaredTypes(flat);
  if (flat.properties || flat.required || flat.additionalProperties !== undefined) return ['object'];
  if (flat.items !== undefined || flat.minItems !== undefined || flat.maxItems !== undefined) return ['array'];
  if (
    flat.pattern !== undefined ||
    flat.minLength !== undefined ||
    flat.maxLength !== undefined ||
    flat.format !== undefined
  )
    return ['string'];
  if (
    flat.minimum !== undefined ||
    flat.maximum !== undefined ||
    flat.exclusiveMinimum !== undefined ||
    flat.exclusiveMaximum !== undefined
  )
    return ['number'];
  return [];
}

/** The JSON type of a value, `integer` for whole numbers. */
function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Whether a value's JSON type is one of `types` (an integer is also a number). */
export function typeAllows(types: string[], value: unknown): boolean {
  if (types.length === 0) return true;
  const t = jsonTypeOf(value);
  return types.includes(t) || (t === 'integer' && types.includes('number'));
}

/** Inclusive integer bounds of a numeric schema (undefined: unbounded on that side). */
export function integerBounds(flat: FlatSchema): { lo?: number; hi?: number } {
  const los: number[] = [];
  const his: number[] = [];
  if (flat.minimum !== undefined) los.push(Math.ceil(flat.minimum));
  if (typeof flat.exclusiveMinimum === 'number') los.push(Math.floor(flat.exclusiveMinimum) + 1);
  if (flat.maximum !== undefined) his.push(Math.floor(flat.maximum));
  if (typeof flat.exclusiveMaximum === 'number') his.push(Math.ceil(flat.exclusiveMaximum) - 1);
  return { lo: los.length ? Math.max(...los) : undefined, hi: his.length ? Math.min(...his) : undefined };
}

/** A schema as an object (`true` is `{}`); `false` stays false. */
export function asObject(schema: Schema | undefined): SchemaObject | false {
  if (schema === undefined || schema === true) return {};
  return schema;
}
