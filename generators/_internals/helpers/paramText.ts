/**
 * Parameter values to the strings a request carries, and back. Arrays use the OpenAPI
 * default for a single string (comma-separated, style form without explode); objects JSON.
 */
import type { Schema } from '../../types.js';
import { typesOf } from './flatSchema.js';
import { resolveSchema } from './resolveSchema.js';

export function paramToText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(paramToText).join(',');
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value ?? '');
}

/** Best-effort inverse of paramToText; throws when the text cannot be the schema's type. */
export function textToParam(text: string, schema: Schema): unknown {
  const flat = resolveSchema(schema)[0] ?? {};
  const types = typesOf(flat);
  if (flat.enum) return flat.enum.find((v) => paramToText(v) === text) ?? text;
  if (types.includes('string') || types.length === 0) return text;
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text))
    return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  if (types.includes('array')) return text === '' ? [] : text.split(',').map((t) => textToParam(t, flat.items ?? true));
  if (types.includes('object')) return JSON.parse(text);
  throw new Error(`"${text}" is not a ${types.join('|')}`);
}
