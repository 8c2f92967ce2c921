/**
 * The members of a body that boundary and invalid requests vary: every declared property of
 * every object present in the base body (arrays are not entered), each with the alternative
 * of its schema that the base value satisfies. Members a `not` rule forbids are left out.
 */
import type { Schema } from '../../types.js';
import { conformsFlat, matchingAlternative } from './conforms.js';
import { isPlainObject } from './deepEqual.js';
import type { FlatSchema } from './flatSchema.js';
import { resolveSchema } from './resolveSchema.js';

export interface BodyMember {
  path: string[];
  /** The member's alternative its base value satisfies (the first one when absent). */
  flat: FlatSchema;
  required: boolean;
  present: boolean;
}

export function bodyMembers(schema: Schema, value: unknown, prefix: string[] = []): BodyMember[] {
  if (!isPlainObject(value)) return [];
  const alt = resolveSchema(schema).find((f) => conformsFlat(f, value));
  if (!alt) return [];
  const forbidden = new Set(alt.$forbidden ?? []);
  const out: BodyMember[] = [];
  for (const [name, member] of Object.entries(alt.properties ?? {})) {
    if (forbidden.has(name) || member === false) continue;
    const present = Object.hasOwn(value, name);
    const flat = matchingAlternative(member, present ? value[name] : undefined);
    if (!flat) continue;
    const path = [...prefix, name];
    out.push({ path, flat, required: (alt.required ?? []).includes(name), present });
    if (present) out.push(...bodyMembers(member, value[name], path));
  }
  return out;
}
