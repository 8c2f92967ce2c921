/**
 * Request-side schemas for the generators, in plain JSON Schema (3.0 documents converted).
 * Defective parts are left out: a generator must not build requests from a broken schema.
 */
import { findDefect } from './defects.js';
import { toJsonSchema } from './dialect.js';
import { mediaKeyFor } from './lookup.js';
import type { JsonObject, Operation, ParameterSchema } from './types.js';
import { isObject } from '../is-object.js';

const LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;

export function requestSchemaOf(op: Operation | undefined, contentType: string): JsonObject | undefined {
  const content = op?.requestBody?.content;
  if (!isObject(content)) return undefined;
  const key = mediaKeyFor(Object.keys(content), contentType);
  const media = key === undefined ? undefined : content[key];
  return isObject(media) ? usableSchema(media.schema) : undefined;
}

export function parameterSchemasOf(op: Operation | undefined): ParameterSchema[] {
  const out: ParameterSchema[] = [];
  for (const p of op?.parameters ?? []) {
    const where = LOCATIONS.find((l) => l === p.in);
    if (typeof p.name !== 'string' || !where) continue;
    const schema = usableSchema(p.schema ?? firstContentSchema(p.content));
    out.push({
      name: p.name,
      in: where,
      // Path parameters are always required, whatever the document says.
      required: where === 'path' || p.required === true,
      ...(schema ? { schema } : {}),
      ...(typeof p.style === 'string' ? { style: p.style } : {}),
      ...(typeof p.explode === 'boolean' ? { explode: p.explode } : {}),
    });
  }
  return out;
}

function firstContentSchema(content: unknown): unknown {
  if (!isObject(content)) return undefined;
  const media = Object.values(content)[0];
  return isObject(media) ? media.schema : undefined;
}

function usableSchema(schema: unknown): JsonObject | undefined {
  if (!isObject(schema) || findDefect(schema)) return undefined;
  return toJsonSchema(schema) as JsonObject;
}
