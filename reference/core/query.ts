/**
 * Query-parameter readers shared by the families: each returns a value or a message that
 * says what the parameter must be.
 */
export type Read<T> = { ok: true; value: T } | { ok: false; value: undefined; message: string };

const INTEGER = /^-?\d{1,15}$/;

/** An integer parameter: absent → fallback; not an integer → error. */
export function readInteger(query: Record<string, string>, name: string, fallback?: number): Read<number | undefined> {
  const raw = query[name];
  if (raw === undefined) return { ok: true, value: fallback };
  if (!INTEGER.test(raw)) return { ok: false, value: undefined, message: `${name} must be an integer.` };
  return { ok: true, value: Number(raw) };
}

/** Names in `query` that are not in `allowed`. */
export function unknownParams(query: Record<string, string>, allowed: readonly string[]): string[] {
  return Object.keys(query).filter((k) => !allowed.includes(k));
}
