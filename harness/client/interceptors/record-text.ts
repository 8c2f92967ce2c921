/** Turning what went over the wire into the text an Exchange records. */
import type { IncomingHttpHeaders } from 'node:http';
import { redact, redactTruncated } from '../redact.js';

/** Appended to a body cut at the bound, so a reader sees it is incomplete. */
export function truncationNote(limitBytes: number): string {
  return `\n[truncated: body larger than ${limitBytes} bytes]`;
}

/** Header values as single strings (repeated headers joined as HTTP would fold them). */
export function headerRecord(
  headers: IncomingHttpHeaders | Record<string, unknown> | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A request body as recorded text: UTF-8 text as is (bounded), binary as a short description. */
export function describeBody(body: unknown, limitBytes: number, secrets: readonly string[]): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') {
    if (Buffer.byteLength(body) <= limitBytes) return redact(body, secrets);
    const cut = Buffer.from(body).subarray(0, limitBytes).toString('utf8');
    return redactTruncated(cut, secrets) + truncationNote(limitBytes);
  }
  if (body instanceof Uint8Array) {
    try {
      return describeBody(strictUtf8.decode(body), limitBytes, secrets);
    } catch {
      return `<binary body, ${body.byteLength} bytes>`;
    }
  }
  return '<streamed body>';
}

/** JSON when the content type says so or the body parses as JSON anyway. */
export function parseJson(text: string, contentType: string | undefined): { ok: true; value: unknown } | { ok: false } {
  const declared = contentType !== undefined && /\bjson\b/i.test(contentType);
  if (!declared && !/^\s*[[{"\d-]|^\s*(true|false|null)\s*$/.test(text)) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
