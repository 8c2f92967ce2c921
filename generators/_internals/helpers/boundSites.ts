/**
 * The members of a request that bound cases put values in: each query and path parameter the
 * operation declares, and each member of its body, nested ones too. A body is walked along the
 * value it is sent with: every declared member of an object present in it (present or not), of
 * an absent object that requires nothing (created with the member alone), and of the first item
 * of a list present in it; a list is not created. Without a body, every member the schema
 * declares, as the document alone states them. Each member comes with the alternative of its
 * schema its value satisfies (the first one when absent).
 */
import type { Schema } from '../../types.js';
import { isClamped } from './clamped.js';
import { matchingAlternative } from './conforms.js';
import { isPlainObject } from './deepEqual.js';
import { type FlatSchema, typesOf } from './flatSchema.js';
import type { OperationModel } from './operationModel.js';

export interface BoundSite {
  in: 'query' | 'path' | 'body';
  /** A parameter's name alone; a body member's path, list items by index. */
  path: readonly (string | number)[];
  flat: FlatSchema;
  /** The value the request sends there; undefined when it sends none. */
  base: unknown;
  clamped: boolean;
}

/** How deep the walk enters a body (the documents nest applicants' guardians four levels down). */
const MAX_DEPTH = 8;

/** `household.applicants[0].age`: a site's member as a report names it. */
export const memberName = (path: readonly (string | number)[]): string =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');

/** The member without list indexes (`household.applicants.age`), as known values and kept members name it. */
export const dottedName = (path: readonly (string | number)[]): string =>
  path.filter((p) => typeof p === 'string').join('.');

export function paramSites(model: OperationModel, values: Record<string, unknown>): BoundSite[] {
  return model.params
    .filter((p) => p.in === 'query' || p.in === 'path')
    .flatMap((p) => {
      const flat = matchingAlternative(p.schema, undefined);
      if (!flat) return [];
      const clamped = isClamped(p.parameter, typeof p.schema === 'object' ? p.schema : undefined, flat);
      return [{ in: p.in as 'query' | 'path', path: [p.name], flat, base: values[p.key], clamped }];
    });
}

/** `declared`: walk every member the schema declares, whatever a value holds (the document alone). */
function walk(schema: Schema, value: unknown, path: (string | number)[], out: BoundSite[], declared: boolean): void {
  const flat = matchingAlternative(schema, value);
  if (!flat || path.length > MAX_DEPTH) return;
  if (path.length > 0) out.push({ in: 'body', path, flat, base: value, clamped: isClamped(flat) });
  const types = typesOf(flat);
  const enters = declared || isPlainObject(value) || (value === undefined && (flat.required ?? []).length === 0);
  if (types.includes('object') && enters) {
    const forbidden = new Set(flat.$forbidden ?? []);
    for (const [name, member] of Object.entries(flat.properties ?? {})) {
      if (member === false || forbidden.has(name)) continue;
      walk(member, isPlainObject(value) ? value[name] : undefined, [...path, name], out, declared);
    }
  }
  const item = Array.isArray(value) && value.length > 0 ? value[0] : undefined;
  if (types.includes('array') && (declared || item !== undefined))
    walk(flat.items ?? true, item, [...path, 0], out, declared);
}

/** The members of a body sent as `body`, or (undefined) of any body the schema declares. */
export function bodySites(schema: Schema, body: unknown): BoundSite[] {
  if (body !== undefined && !isPlainObject(body)) return [];
  const out: BoundSite[] = [];
  walk(schema, body, [], out, body === undefined);
  return out;
}
