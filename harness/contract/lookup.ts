/** How a concrete status and content type find their documented response and media type. */

/** Exact status, then its range (`4XX`, any case), then `default`. */
export function responseKeyFor(statuses: readonly string[], status: number): string | undefined {
  const exact = String(status);
  const range = `${Math.floor(status / 100)}xx`;
  return (
    statuses.find((s) => s === exact) ??
    statuses.find((s) => s.toLowerCase() === range) ??
    statuses.find((s) => s === 'default')
  );
}

/** `application/json; charset=utf-8` → `application/json`. */
function mediaTypeOf(contentType: string): string {
  return contentType.split(';')[0].trim().toLowerCase();
}

/**
 * The documented media type a response or request with `contentType` falls under: exact,
 * then `type/*`, then `*\/*`. Without a content type, JSON when documented, else the only one.
 */
export function mediaKeyFor(documented: readonly string[], contentType: string | undefined): string | undefined {
  const byType = new Map(documented.map((key) => [mediaTypeOf(key), key]));
  if (contentType === undefined || contentType.trim() === '') {
    return byType.get('application/json') ?? (documented.length === 1 ? documented[0] : undefined);
  }
  const type = mediaTypeOf(contentType);
  return byType.get(type) ?? byType.get(`${type.split('/')[0]}/*`) ?? byType.get('*/*');
}

export function isJsonMediaType(mediaType: string): boolean {
  const type = mediaTypeOf(mediaType);
  return type === 'application/json' || type.endsWith('+json');
}
