/** Resolves a JSON pointer in URI-fragment form (`#/a/b~1c/0`), RFC 6901. */

/** What a pointer that names nothing resolves to (`undefined` may be a value). */
export const MISSING = Symbol('missing');

export function resolvePointer(document: unknown, pointer: string): unknown {
  if (!pointer.startsWith('#/')) return MISSING;
  let at: unknown = document;
  for (const raw of pointer.slice(2).split('/')) {
    // ~1 before ~0, as RFC 6901 says, so `~01` stays `~1`.
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, key)) return MISSING;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}
