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
  const unit = fc.oneof(fc.constantFrom(...ODD_CHARACTERS), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }));
  return fc
    .array(unit, { minLength: 1, maxLength: room })
    .map((parts) => stamp + [...parts.join('')].slice(0, room).join(''));
}
