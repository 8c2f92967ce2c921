/** `Retry-After` (RFC 9110 section 10.2.3): delay-seconds or an HTTP-date. */

/** Milliseconds to wait from `nowMs` (wall clock), or undefined when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, nowMs: number = Date.now()): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined) return undefined;
  const text = raw.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  // An HTTP-date names its weekday and month; anything else Date.parse might accept is not one.
  if (!/[A-Za-z]/.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}
