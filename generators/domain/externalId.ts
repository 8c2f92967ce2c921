import fc from 'fast-check';

/**
 * Characters a partner's id may hold that ids of the suite's own alphabet never do: URL and
 * query syntax, quotes and backslash, space and other whitespace, control characters, letters
 * with diacritics, other scripts, a combining mark and a character outside the Basic
 * Multilingual Plane (a surrogate pair in JSON).
 */
const ODD_CHARACTERS = [
  ...' +/%&=?#;:,.@!$*()[]{}<>|^~`\'"\\',
  '\t',
  '\n',
  '\u0000',
  '\u001f',
  '\u007f',
  '\u00a0',
  'é',
  'ß',
  'Ø',
  'ñ',
  'Ж',
  'Ω',
  'ע',
  'ع',
  '中',
  'あ',
  '한',
  'e\u0301',
  '\u200b',
  '\u2028',
  '€',
  '😀',
  '𝔸',
];

/** Surrogate code points, which no Unicode scalar value is. */
const SURROGATES = { first: 0xd800, count: 0x800 };

/**
 * Any Unicode scalar value, as a string of one code point: an integer over the scalar values,
 * surrogates skipped (fast-check's own 'binary' unit costs over a second to build its table).
 */
const scalarValue = fc
  .integer({ min: 0, max: 0x10ffff - SURROGATES.count })
  .map((n) => String.fromCodePoint(n < SURROGATES.first ? n : n + SURROGATES.count));

export interface ExternalIdOptions {
  /** Longest, in code points, the stamp included (default 64). */
  maxLength?: number;
  /** Text that makes the id unique (e.g. a run's prefix and a counter): it begins every id. */
  stamp?: string;
}

/**
 * `externalId({ maxLength = 64, stamp })`: a partner id over every character a JSON string
 * can carry: every Unicode scalar value (controls and astral characters included; never a lone
 * surrogate, which no UTF-8 body can hold), with ODD_CHARACTERS as likely as the rest together.
 * After `stamp` when given. Shrinks towards the stamp and one `a`.
 */
export function externalId(options: ExternalIdOptions = {}): fc.Arbitrary<string> {
  const stamp = options.stamp ?? '';
  const room = Math.max(1, (options.maxLength ?? 64) - [...stamp].length);
  const unit = fc.oneof(fc.constantFrom(...ODD_CHARACTERS), scalarValue);
  return fc
    .array(unit, { minLength: 1, maxLength: room })
    .map((parts) => stamp + [...parts.join('')].slice(0, room).join(''));
}
