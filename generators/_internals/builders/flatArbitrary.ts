/** Values for one flat alternative: const, enum, or one builder per JSON type. */
import fc from 'fast-check';
import type { GenContext } from '../helpers/context.js';
import { includesValue } from '../helpers/deepEqual.js';
import { type FlatSchema, typeAllows, typesOf } from '../helpers/flatSchema.js';
import { arrayArbitrary } from './arrayArbitrary.js';
import { integerArbitrary, numberArbitrary } from './numberArbitrary.js';
import { objectArbitrary } from './objectArbitrary.js';
import { stringArbitrary } from './stringArbitrary.js';

type Builder = (flat: FlatSchema, ctx: GenContext) => fc.Arbitrary<unknown>;

const TYPE_BUILDERS: Record<string, Builder> = {
  string: stringArbitrary,
  integer: integerArbitrary,
  number: numberArbitrary,
  boolean: () => fc.boolean(),
  object: objectArbitrary,
  array: arrayArbitrary,
  null: () => fc.constant(null),
};

/** Used where a schema says nothing about the value (default: short text, integer, boolean). */
const anyValue = () => fc.oneof(fc.string({ maxLength: 12 }), fc.integer({ min: -1000, max: 1000 }), fc.boolean());

export function flatArbitrary(flat: FlatSchema, ctx: GenContext): fc.Arbitrary<unknown> {
  const notIn = flat.$notIn ?? [];
  const declared = typesOf(flat);
  if (flat.const !== undefined) return fc.constant(flat.const);
  if (flat.enum) {
    const allowed = flat.enum.filter(
      (v) => typeAllows(declared, v) && !includesValue(notIn, v) && !(ctx.noNull && v === null),
    );
    return fc.constantFrom(...(allowed.length ? allowed : flat.enum));
  }
  // Null last: fc.oneof shrinks towards its first member.
  let types = declared.filter((t) => t !== 'null' && !(t === 'integer' && declared.includes('number')));
  if (declared.includes('null') && !ctx.noNull) types = [...types, 'null'];
  const arbs = types.filter((t) => TYPE_BUILDERS[t]).map((t) => TYPE_BUILDERS[t](flat, ctx));
  const arb = arbs.length === 0 ? anyValue() : arbs.length === 1 ? arbs[0] : fc.oneof(...arbs);
  return notIn.length ? arb.filter((v) => !includesValue(notIn, v)) : arb;
}
