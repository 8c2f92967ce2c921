/**
 * Negation of the simple schemas that `if` conditions and `not` rules are made of, as a list
 * of alternatives (any one of them satisfies "not schema"). Returns undefined for schemas it
 * cannot negate; the caller then marks the branch unchecked (see RequestOptions.validateBody).
 *
 * Handled: const, enum, required, type, properties (each member negated), anyOf (all negated),
 * allOf (any negated), not (double negation), and conjunctions of those keywords.
 */
import type { Schema, SchemaObject } from '../../types.js';
import { ANNOTATIONS, JSON_TYPES } from './flatSchema.js';

type Negator = (value: unknown, schema: SchemaObject) => Schema[] | undefined;

const NEGATORS: Record<string, Negator> = {
  const: (c) => [{ $notIn: [c] }],
  enum: (e) => [{ $notIn: e as unknown[] }],
  required: (names) => (names as string[]).map((n) => ({ $forbidden: [n] })),
  type: (t) => {
    const allowed = [t].flat() as string[];
    const rest = JSON_TYPES.filter((x) => !allowed.includes(x) && !(x === 'integer' && allowed.includes('number')));
    return [{ type: rest }];
  },
  properties: (props) =>
    negateEach(
      Object.entries(props as Record<string, Schema>).map(([name, s]) =>
        negateSchema(s)?.map((n) => ({ required: [name], properties: { [name]: n } })),
      ),
    ),
  anyOf: (list) => conjoinAll((list as Schema[]).map(negateSchema)),
  allOf: (list) => negateEach((list as Schema[]).map(negateSchema)),
  not: (s) => [s as Schema],
};

function negateEach(parts: (Schema[] | undefined)[]): Schema[] | undefined {
  return parts.some((p) => p === undefined) ? undefined : (parts.flat() as Schema[]);
}

/** Every combination of one alternative per part, as allOf (a conjunction of negations). */
function conjoinAll(parts: (Schema[] | undefined)[]): Schema[] | undefined {
  if (parts.some((p) => p === undefined)) return undefined;
  let combos: Schema[][] = [[]];
  for (const part of parts as Schema[][]) combos = combos.flatMap((c) => part.map((alt) => [...c, alt]));
  return combos.map((c) => ({ allOf: c }));
}

/** Alternatives whose union is the complement of `schema`; undefined when not supported. */
export function negateSchema(schema: Schema): Schema[] | undefined {
  if (schema === true) return [];
  if (schema === false) return [true];
  const parts: (Schema[] | undefined)[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
    const negate = NEGATORS[key];
    parts.push(negate ? negate(value, schema) : undefined);
  }
  return negateEach(parts);
}
