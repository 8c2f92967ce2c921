/**
 * A schema reduced to its facts, so two documents that say the same thing in different
 * words compare equal: annotations and extensions dropped, 3.0 `nullable` turned into a
 * `null` type, `additionalProperties: true` (the default) dropped, `type` as a sorted list,
 * and `allOf` merged into its parent where the merge keeps the meaning.
 */
import { toJsonSchema } from '../../harness/contract/dialect.js';
import type { JsonObject } from '../../harness/contract/types.js';
import { isObject } from '../../harness/is-object.js';

/** Keywords that say nothing a validator enforces. */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'summary',
  'example',
  'examples',
  '$comment',
  'externalDocs',
  'xml',
]);

/** Keywords that cannot be merged into a parent: an `allOf` branch holding one stays a branch. */
const CONDITIONALS = ['if', 'then', 'else'];

/** The schema in plain JSON Schema form (3.0 `nullable` and boolean bounds converted), deeply. */
export function asJsonSchema(schema: unknown): unknown {
  return toJsonSchema(schema);
}

/** One level of a schema reduced to its facts; subschemas are reduced when visited. */
export function normalize(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const out = withoutNoise(schema);
  if (Array.isArray(out.allOf)) return flattenAllOf(out);
  return out;
}

function withoutNoise(schema: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
    if ((key === 'additionalProperties' || key === 'unevaluatedProperties') && isOpen(value)) continue;
    out[key] = key === 'type' ? typeList(value) : value;
  }
  return out;
}

/** `true` and `{}` allow anything: the same as leaving the keyword out. */
function isOpen(value: unknown): boolean {
  return value === true || (isObject(value) && Object.keys(withoutNoise(value)).length === 0);
}

function typeList(value: unknown): unknown {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? [...value].sort() : value;
}

/**
 * `allOf` branches merged into the parent: properties by name, `required` as a union, equal
 * keywords once. A branch with a conditional, or a keyword that clashes, stays in `allOf`.
 */
function flattenAllOf(schema: JsonObject): JsonObject {
  const { allOf, ...base } = schema;
  const rest: unknown[] = [];
  for (const raw of allOf as unknown[]) {
    const branch = normalize(raw);
    if (!isObject(branch) || CONDITIONALS.some((k) => k in branch)) {
      rest.push(branch);
      continue;
    }
    for (const [key, value] of Object.entries(branch)) mergeKeyword(base, key, value, rest);
  }
  return rest.length > 0 ? { ...base, allOf: rest } : base;
}

function mergeKeyword(base: JsonObject, key: string, value: unknown, rest: unknown[]): void {
  if (!(key in base)) {
    base[key] = value;
  } else if (key === 'properties' && isObject(base.properties) && isObject(value)) {
    const merged: JsonObject = { ...base.properties };
    for (const [name, sub] of Object.entries(value))
      merged[name] = name in merged ? { allOf: [merged[name], sub] } : sub;
    base.properties = merged;
  } else if (key === 'required' && Array.isArray(base.required) && Array.isArray(value)) {
    base.required = [...new Set([...base.required, ...value])];
  } else if (key === 'type' && Array.isArray(base.type) && Array.isArray(value)) {
    base.type = (base.type as unknown[]).filter((t) => value.includes(t));
  } else if (canonical(base[key]) !== canonical(value)) {
    rest.push({ [key]: value });
  }
}

/** Keywords whose value is one subschema. */
export const SUBSCHEMA = new Set([
  'items',
  'additionalProperties',
  'unevaluatedProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'contentSchema',
]);
/** Keywords whose value maps names to subschemas. */
export const SUBSCHEMA_MAP = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);
/** Keywords whose value is a list of subschemas; the order of alternatives carries no meaning. */
export const SUBSCHEMA_LIST = new Set(['allOf', 'anyOf', 'oneOf']);
/** Keywords whose list is a set: order carries no meaning. */
export const SET_KEYWORDS = new Set(['required', 'enum', 'type']);

/** A stable text of a schema reduced to its facts, for equality and for pairing alternatives. */
export function canonical(schema: unknown, depth = 0): string {
  if (depth > 64) return '…';
  if (!isObject(schema)) return plain(schema);
  const reduced = normalize(schema) as JsonObject;
  const keys = Object.keys(reduced).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalKeyword(k, reduced[k], depth + 1)}`).join(',')}}`;
}

function canonicalKeyword(key: string, value: unknown, depth: number): string {
  if (SUBSCHEMA.has(key) && !Array.isArray(value)) return canonical(value, depth);
  if (SUBSCHEMA_MAP.has(key) && isObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k], depth)}`)
      .join(',')}}`;
  }
  if ((SUBSCHEMA_LIST.has(key) || key === 'prefixItems') && Array.isArray(value)) {
    const items = value.map((v) => canonical(v, depth));
    return `[${(key === 'prefixItems' ? items : items.sort()).join(',')}]`;
  }
  if (SET_KEYWORDS.has(key) && Array.isArray(value)) return `[${value.map(plain).sort().join(',')}]`;
  return plain(value);
}

/** JSON with object keys sorted. */
export function plain(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(plain).join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${plain(value[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}
