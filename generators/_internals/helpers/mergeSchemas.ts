/**
 * Merging two flat alternatives into one (the meaning of allOf). Returns null when they
 * contradict each other, so that a contradicting branch is dropped instead of generated.
 */
import type { Schema } from '../../types.js';
import { deepEqual, includesValue } from './deepEqual.js';
import { type FlatSchema, integerBounds } from './flatSchema.js';

const COMBINATORS = ['allOf', 'oneOf', 'anyOf', 'not', 'if'];

function isFlat(schema: Schema): boolean {
  return typeof schema === 'boolean' || !COMBINATORS.some((k) => k in schema);
}

/** Merge two member schemas; when either holds combinators, defer with an allOf. */
function mergeMember(a: Schema | undefined, b: Schema | undefined): Schema {
  if (a === undefined || a === true) return b ?? true;
  if (b === undefined || b === true) return a;
  if (a === false || b === false) return false;
  if (isFlat(a) && isFlat(b)) return mergeFlat(a as FlatSchema, b as FlatSchema) ?? false;
  return { allOf: [a, b] };
}

function intersectTypes(a: FlatSchema['type'], b: FlatSchema['type']): string[] | undefined | null {
  if (a === undefined) return b === undefined ? undefined : [b].flat();
  if (b === undefined) return [a].flat();
  const tb = [b].flat();
  const out = [a].flat().flatMap((t) => {
    if (tb.includes(t)) return [t];
    if (t === 'number' && tb.includes('integer')) return ['integer'];
    if (t === 'integer' && tb.includes('number')) return ['integer'];
    return [];
  });
  return out.length ? [...new Set(out)] : null;
}

const stricterMin = (x?: number, y?: number) => (x === undefined ? y : y === undefined ? x : Math.max(x, y));
const stricterMax = (x?: number, y?: number) => (x === undefined ? y : y === undefined ? x : Math.min(x, y));
const union = <T>(x?: T[], y?: T[]) => (x || y ? [...new Set([...(x ?? []), ...(y ?? [])])] : undefined);

/** Both alternatives at once, or null when no value can satisfy both. */
export function mergeFlat(a: FlatSchema, b: FlatSchema): FlatSchema | null {
  const out: FlatSchema = { ...b, ...a };
  const type = intersectTypes(a.type, b.type);
  if (type === null) return null;
  if (type) out.type = type.length === 1 ? type[0] : type;

  if (a.const !== undefined && b.const !== undefined && !deepEqual(a.const, b.const)) return null;
  if (a.enum && b.enum) out.enum = a.enum.filter((v) => includesValue(b.enum!, v));
  out.$notIn = union(a.$notIn, b.$notIn);
  if (
    out.const !== undefined &&
    ((out.enum && !includesValue(out.enum, out.const)) || (out.$notIn && includesValue(out.$notIn, out.const)))
  )
    return null;
  if (out.enum && out.$notIn) out.enum = out.enum.filter((v) => !includesValue(out.$notIn!, v));
  if (out.enum && out.enum.length === 0) return null;

  out.required = union(a.required, b.required);
  out.$forbidden = union(a.$forbidden, b.$forbidden);
  if (out.required && out.$forbidden?.some((n) => out.required!.includes(n))) return null;
  if (a.properties && b.properties) {
    out.properties = { ...a.properties };
    for (const [name, s] of Object.entries(b.properties)) out.properties[name] = mergeMember(a.properties[name], s);
  }
  if (out.required?.some((n) => out.properties?.[n] === false)) return null;
  if (a.additionalProperties !== undefined && b.additionalProperties !== undefined) {
    out.additionalProperties = mergeMember(a.additionalProperties, b.additionalProperties);
  }
  if (a.items !== undefined && b.items !== undefined) out.items = mergeMember(a.items, b.items);

  out.minimum = stricterMin(a.minimum, b.minimum);
  out.maximum = stricterMax(a.maximum, b.maximum);
  out.exclusiveMinimum = stricterMin(
    a.exclusiveMinimum as number | undefined,
    b.exclusiveMinimum as number | undefined,
  );
  out.exclusiveMaximum = stricterMax(
    a.exclusiveMaximum as number | undefined,
    b.exclusiveMaximum as number | undefined,
  );
  out.minLength = stricterMin(a.minLength, b.minLength);
  out.maxLength = stricterMax(a.maxLength, b.maxLength);
  out.minItems = stricterMin(a.minItems, b.minItems);
  out.maxItems = stricterMax(a.maxItems, b.maxItems);
  if (a.pattern && b.pattern && a.pattern !== b.pattern)
    out.$patterns = union(union(a.$patterns, b.$patterns), [b.pattern]);
  out.$unchecked = a.$unchecked || b.$unchecked || undefined;
  out['x-clamped'] = a['x-clamped'] || b['x-clamped'] || undefined;

  for (const key of Object.keys(out) as (keyof FlatSchema)[]) if (out[key] === undefined) delete out[key];
  return satisfiable(out) ? out : null;
}

/** Cheap emptiness checks on ranges and lengths. */
function satisfiable(flat: FlatSchema): boolean {
  const types = [flat.type ?? []].flat();
  if (types.length === 1 && types[0] === 'integer') {
    const { lo, hi } = integerBounds(flat);
    if (lo !== undefined && hi !== undefined && lo > hi) return false;
  }
  if (flat.minimum !== undefined && flat.maximum !== undefined && flat.minimum > flat.maximum) return false;
  if ((flat.minLength ?? 0) > (flat.maxLength ?? Infinity)) return false;
  return (flat.minItems ?? 0) <= (flat.maxItems ?? Infinity);
}
