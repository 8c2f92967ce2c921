/**
 * OpenAPI schema objects to plain JSON Schema, so one ajv dialect validates both 3.0 and 3.1
 * documents. 3.0's `nullable` becomes a `null` type (and enum member); its boolean
 * `exclusiveMinimum`/`exclusiveMaximum` become the numeric form. Everything else is kept:
 * unknown keywords (`example`, `discriminator`, `x-*`) are ignored by ajv in non-strict mode.
 */
import type { JsonObject } from './types.js';
import { isObject } from '../is-object.js';

/** Keywords whose value is one subschema. */
const SINGLE = [
  'additionalProperties',
  'additionalItems',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contentSchema',
];
/** Keywords whose value is a list of subschemas. */
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
/** Keywords whose value maps names to subschemas. */
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

/** A converted deep copy; shared and circular parts stay shared and circular. */
export function toJsonSchema(schema: unknown, memo = new Map<object, unknown>()): unknown {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const seen = memo.get(schema);
  if (seen !== undefined) return seen;
  const out: JsonObject = {};
  memo.set(schema, out);
  for (const [key, value] of Object.entries(schema as JsonObject)) {
    out[key] = convertKeyword(key, value, memo);
  }
  applyNullable(out);
  applyExclusive(out, 'exclusiveMinimum', 'minimum');
  applyExclusive(out, 'exclusiveMaximum', 'maximum');
  return out;
}

function convertKeyword(key: string, value: unknown, memo: Map<object, unknown>): unknown {
  if (key === 'items')
    return Array.isArray(value) ? value.map((v) => toJsonSchema(v, memo)) : toJsonSchema(value, memo);
  if (SINGLE.includes(key)) return toJsonSchema(value, memo);
  if (LIST.includes(key) && Array.isArray(value)) return value.map((v) => toJsonSchema(v, memo));
  if (MAP.includes(key) && isObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, toJsonSchema(sub, memo)]));
  }
  return value;
}

function applyNullable(schema: JsonObject): void {
  if (!('nullable' in schema)) return;
  const nullable = schema.nullable === true;
  delete schema.nullable;
  if (!nullable) return;
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  if (typeof schema.type === 'string') schema.type = [schema.type, 'null'];
  else if (Array.isArray(schema.type)) {
    if (!schema.type.includes('null')) schema.type = [...schema.type, 'null'];
  } else if (!Array.isArray(schema.enum)) {
    // No type to widen (e.g. a nullable allOf): null is allowed beside whatever the rest says.
    const rest = { ...schema };
    for (const key of Object.keys(schema)) delete schema[key];
    schema.anyOf = [rest, { type: 'null' }];
  }
}

function applyExclusive(schema: JsonObject, exclusive: string, bound: string): void {
  if (typeof schema[exclusive] !== 'boolean') return;
  if (schema[exclusive] === true && typeof schema[bound] === 'number') {
    schema[exclusive] = schema[bound];
    delete schema[bound];
  } else {
    delete schema[exclusive];
  }
}
