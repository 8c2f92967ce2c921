/** A JSON object: not null, not an array. The one such test of the core library and the suites. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
