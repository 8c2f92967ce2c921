/** Strings for a flat schema: pattern (fc.stringMatching), format, or plain printable text. */
import fc from 'fast-check';
import type { FlatSchema } from '../helpers/flatSchema.js';
import { codePointLength, matchesFormat, patternRegExp } from '../helpers/formats.js';
import { FORMAT_ARBITRARIES } from './formatArbitrary.js';

/** Extra length allowed above minLength when maxLength is absent (default 24). */
const DEFAULT_EXTRA_LENGTH = 24;

export function stringArbitrary(flat: FlatSchema): fc.Arbitrary<string> {
  const minLength = flat.minLength ?? 0;
  // The default cap is for free text only: patterns and formats bring their own lengths.
  const maxLength = flat.maxLength ?? Infinity;
  const encoded = flat.contentEncoding === 'base64' ? 'byte' : undefined;
  const format = FORMAT_ARBITRARIES[flat.format ?? encoded ?? ''];
  const base = flat.pattern
    ? fc.stringMatching(patternRegExp(flat.pattern), flat.maxLength !== undefined ? { maxLength } : {})
    : format
      ? format()
      : fc.string({ minLength, maxLength: flat.maxLength ?? minLength + DEFAULT_EXTRA_LENGTH });
  const extra = (flat.$patterns ?? []).map(patternRegExp);
  const needsFilter = flat.pattern !== undefined || format !== undefined || extra.length > 0;
  if (!needsFilter) return base;
  return base.filter((s) => {
    const n = codePointLength(s);
    return (
      n >= minLength &&
      n <= maxLength &&
      extra.every((r) => r.test(s)) &&
      (!flat.pattern || matchesFormat(flat.format, s))
    );
  });
}
