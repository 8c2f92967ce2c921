/**
 * Whether a string that should be an environment variable's name looks like a key value
 * instead (a key pasted into a profile's `env`). Such a string is refused and never echoed.
 */

/** What a variable name looks like (the profile schema's `env` pattern). */
export const VARIABLE_NAME = /^[A-Z_][A-Z0-9_]*$/;

/** Shapes of key values: a long run of letters mixed with digits, a very long word, a known key prefix. */
const SECRET_SHAPES: readonly RegExp[] = [
  /(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{12,}/,
  /[A-Za-z0-9]{24,}/,
  /^(sk|pk|rk)_(live|test)_/i,
];

export function looksLikeSecret(text: string): boolean {
  return SECRET_SHAPES.some((shape) => shape.test(text));
}

/** A variable name as messages may show it: a name that looks like a key is replaced. */
export function shownName(name: string): string {
  return looksLikeSecret(name) || !VARIABLE_NAME.test(name) ? '<a value that is not a variable name; not shown>' : name;
}
