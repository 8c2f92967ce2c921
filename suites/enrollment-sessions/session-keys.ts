/** Idempotency keys of the key property: the key one character away from a drawn one. */

/**
 * The same key with one character changed: the case of its last letter, else its last
 * character replaced (a key of digits, - and _): near its end, so a key cut short or compared
 * without case is taken for the first.
 */
export function keyNextTo(key: string): string {
  const at = key.search(/[A-Za-z][^A-Za-z]*$/);
  if (at >= 0) {
    const c = key[at]!;
    return key.slice(0, at) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + key.slice(at + 1);
  }
  return key.slice(0, -1) + (key.endsWith('0') ? '1' : '0');
}
