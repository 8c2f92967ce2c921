import fc from 'fast-check';

/** The stated alphabet of an Idempotency-Key (section 8): `A-Z a-z 0-9 - _`. */
export const IDEMPOTENCY_KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** The stated lengths: 1 to 255 characters. */
const IDEMPOTENCY_KEY_LENGTH = { min: 1, max: 255 } as const;

/** The alphabet's edges, drawn as often as the rest together: a key made of them tests the class bounds. */
const EDGE_CHARACTERS = ['A', 'Z', 'a', 'z', '0', '9', '-', '_'];

export interface IdempotencyKeyOptions {
  /** Shortest (default 1). */
  minLength?: number;
  /** Longest (default 255). */
  maxLength?: number;
  /**
   * Characters of the alphabet that make the key unique (e.g. a run's prefix and a counter): they
   * end every key long enough to hold them and one character more; shorter keys cannot be unique.
   */
  stamp?: string;
}

/**
 * `idempotencyKey({ minLength = 1, maxLength = 255, stamp })`: a key of the stated alphabet and
 * length range, half the lengths on the edges (1, 2, 254, 255 within the range), characters from
 * the whole alphabet with its edges (A Z a z 0 9 - _) as likely as the rest together. Shrinks
 * towards the shortest key of `A`s.
 */
export function idempotencyKey(options: IdempotencyKeyOptions = {}): fc.Arbitrary<string> {
  const min = options.minLength ?? IDEMPOTENCY_KEY_LENGTH.min;
  const max = options.maxLength ?? IDEMPOTENCY_KEY_LENGTH.max;
  const stamp = options.stamp ?? '';
  const edgeLengths = [...new Set([min, min + 1, max - 1, max])].filter((n) => n >= min && n <= max);
  const length = fc.oneof(fc.constantFrom(...edgeLengths), fc.integer({ min, max }));
  const character = fc.oneof(fc.constantFrom(...EDGE_CHARACTERS), fc.constantFrom(...IDEMPOTENCY_KEY_ALPHABET));
  return fc.tuple(length, fc.array(character, { minLength: max, maxLength: max })).map(([n, chars]) => {
    const drawn = chars.slice(0, n).join('');
    return stamp && n > stamp.length ? drawn.slice(0, n - stamp.length) + stamp : drawn;
  });
}
