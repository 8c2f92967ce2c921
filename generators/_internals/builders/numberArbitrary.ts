/** Integers and numbers within a flat schema's bounds. */
import fc from 'fast-check';
import { type FlatSchema, integerBounds } from '../helpers/flatSchema.js';

/** Span used on a side the schema leaves unbounded (default 1000). */
const DEFAULT_SPAN = 1000;

function withDefaults(lo?: number, hi?: number): [number, number] {
  if (lo === undefined && hi === undefined) return [-DEFAULT_SPAN, DEFAULT_SPAN];
  if (lo === undefined) return [hi! - DEFAULT_SPAN, hi!];
  if (hi === undefined) return [lo, lo + DEFAULT_SPAN];
  return [lo, hi];
}

export function integerArbitrary(flat: FlatSchema): fc.Arbitrary<number> {
  const b = integerBounds(flat);
  const [lo, hi] = withDefaults(b.lo, b.hi);
  const step = flat.multipleOf;
  if (step && Number.isInteger(step) && step > 1) {
    // Draw the multiplier, so shrinking walks through multiples only.
    return fc.integer({ min: Math.ceil(lo / step), max: Math.floor(hi / step) }).map(
      (k) => k * step,
      (v) => (v as number) / step,
    );
  }
  return fc.integer({ min: lo, max: hi });
}

export function numberArbitrary(flat: FlatSchema): fc.Arbitrary<number> {
  const exMin = typeof flat.exclusiveMinimum === 'number' ? flat.exclusiveMinimum : undefined;
  const exMax = typeof flat.exclusiveMaximum === 'number' ? flat.exclusiveMaximum : undefined;
  const loIn = flat.minimum !== undefined && (exMin === undefined || flat.minimum > exMin);
  const hiIn = flat.maximum !== undefined && (exMax === undefined || flat.maximum < exMax);
  const [lo, hi] = withDefaults(loIn ? flat.minimum : exMin, hiIn ? flat.maximum : exMax);
  const double = fc.double({
    min: lo,
    max: hi,
    noNaN: true,
    noDefaultInfinity: true,
    minExcluded: !loIn && exMin !== undefined,
    maxExcluded: !hiIn && exMax !== undefined,
  });
  // Whole amounts first: they are what real requests carry, and shrink to readable values.
  const whole = integerBounds(flat);
  const [ilo, ihi] = withDefaults(whole.lo, whole.hi);
  if (flat.multipleOf || ilo > ihi) return flat.multipleOf ? integerArbitrary(flat) : double;
  return fc.oneof(fc.integer({ min: ilo, max: ihi }), double);
}
