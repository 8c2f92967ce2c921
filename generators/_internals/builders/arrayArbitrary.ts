/** Arrays for a flat schema: items, minItems/maxItems, uniqueItems. */
import fc from 'fast-check';
import { type GenContext, childContext } from '../helpers/context.js';
import { deepEqual } from '../helpers/deepEqual.js';
import type { FlatSchema } from '../helpers/flatSchema.js';
import { memberArbitrary } from './schemaArbitrary.js';

/** Extra items allowed above minItems when maxItems is absent (default 3). */
const DEFAULT_EXTRA_ITEMS = 3;

export function arrayArbitrary(flat: FlatSchema, ctx: GenContext): fc.Arbitrary<unknown[]> {
  const item = memberArbitrary(flat.items ?? true, childContext(ctx, '[]'));
  const minLength = flat.minItems ?? 0;
  const maxLength = flat.maxItems ?? minLength + (ctx.requiredOnly ? 0 : DEFAULT_EXTRA_ITEMS);
  return flat.uniqueItems
    ? fc.uniqueArray(item, { minLength, maxLength, comparator: deepEqual })
    : fc.array(item, { minLength, maxLength });
}
