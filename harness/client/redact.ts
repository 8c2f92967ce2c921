/**
 * Key redaction for everything the client records. A target may echo a key back in a header or
 * a body, so every known key value is removed wherever it appears, not only in `x-api-key`.
 */

export const REDACTED = '<redacted>';

/** The forms a secret can take in recorded text: raw, URL-encoded and JSON-escaped. */
function variants(secret: string): string[] {
  const forms = new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]);
  return [...forms].filter((s) => s.length > 0);
}

/** Replaces every occurrence of every secret (longest first) by `<redacted>`. Empty secrets are ignored. */
export function redact(text: string, secrets: readonly string[]): string {
  const forms = secrets.flatMap(variants).sort((a, b) => b.length - a.length);
  let out = text;
  for (const form of forms) out = out.split(form).join(REDACTED);
  return out;
}

/** Shortest secret prefix worth hiding at a cut: shorter ones say nothing about the key. */
const MIN_PREFIX = 4;

/**
 * Redaction for text cut at a size bound: a cut can split a secret, leaving its first
 * characters at the very end, so a trailing prefix of a secret is removed too.
 */
export function redactTruncated(text: string, secrets: readonly string[]): string {
  let out = redact(text, secrets);
  for (const form of secrets.flatMap(variants)) {
    for (let n = form.length - 1; n >= MIN_PREFIX; n--) {
      if (out.endsWith(form.slice(0, n))) {
        out = out.slice(0, out.length - n) + REDACTED;
        break;
      }
    }
  }
  return out;
}

/** Header names that carry a key: their values are always redacted, whatever they hold. */
const KEY_HEADERS = new Set(['x-api-key', 'authorization', 'proxy-authorization']);

/** A header map with key headers blanked and every secret removed from the other values. */
export function redactHeaders(headers: Record<string, string>, secrets: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[redact(name, secrets)] = KEY_HEADERS.has(name.toLowerCase()) ? REDACTED : redact(value, secrets);
  }
  return out;
}
