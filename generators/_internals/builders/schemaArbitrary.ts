/** Values for any schema: its flat alternatives, one of them per value; known values first. */
import fc from 'fast-check';
import type { Schema } from '../../types.js';
import { type GenContext, lastName } from '../helpers/context.js';
import { GeneratorError } from '../helpers/errors.js';
import { singleKnown } from '../helpers/knownValues.js';
import { resolveSchema } from '../helpers/resolveSchema.js';
import { flatArbitrary } from './flatArbitrary.js';

function schemaArbitrary(schema: Schema, ctx: GenContext): fc.Arbitrary<unknown> {
  const alternatives = resolveSchema(schema);
  if (alternatives.length === 0) throw new GeneratorError('E_SCHEMA_UNSATISFIABLE', ctx.path);
  const arbs = alternatives.map((flat) => flatArbitrary(flat, ctx));
  return arbs.length === 1 ? arbs[0] : fc.oneof(...arbs);
}

/** A member's values: its known values when it has some, else its schema's. */
export function memberArbitrary(schema: Schema, ctx: GenContext): fc.Arbitrary<unknown> {
  const known = singleKnown(ctx.known, ctx.path, lastName(ctx.path));
  return known ? fc.constantFrom(...known) : schemaArbitrary(schema, ctx);
}
