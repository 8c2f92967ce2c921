/**
 * Request body decoding: media-type classification (for 415), strict UTF-8 JSON (for 400)
 * and multipart/form-data (supporting documentation). Never throws: every failure is a value.
 */
import { parseMultipart } from './multipart.js';

export type BodyType = 'json' | 'multipart';

export type Decoded =
  | { ok: true; body: unknown }
  | { ok: false; kind: 'unsupported_media_type' | 'malformed'; message: string };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** `application/json`, `application/<x>+json` → json; `multipart/form-data` → multipart. */
function classify(contentType: string | undefined): { type?: BodyType; mediaType: string; boundary?: string } {
  const [head = '', ...params] = (contentType ?? '').split(';');
  const mediaType = head.trim().toLowerCase();
  if (mediaType === 'application/json' || /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(mediaType))
    return { type: 'json', mediaType };
  if (mediaType === 'multipart/form-data') {
    const param = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('boundary='));
    const boundary = param?.slice('boundary='.length).replace(/^"(.*)"$/, '$1');
    return { type: 'multipart', mediaType, ...(boundary ? { boundary } : {}) };
  }
  return { mediaType };
}

/** Decode a body for a route accepting `accepted` media types. An empty body decodes to undefined. */
export function decodeBody(
  raw: Buffer,
  contentType: string | undefined,
  accepted: BodyType[],
  lenient = false,
): Decoded {
  const kind = classify(contentType);
  if (raw.length === 0 && (kind.type !== undefined || contentType === undefined)) return { ok: true, body: undefined };
  const type = kind.type !== undefined && accepted.includes(kind.type) ? kind.type : lenient ? 'json' : undefined;
  if (type === undefined) {
    return {
      ok: false,
      kind: 'unsupported_media_type',
      message:
        `Content-Type ${kind.mediaType || '(none)'} is not supported here; ` +
        `send ${accepted.map(mediaName).join(' or ')}.`,
    };
  }
  if (type === 'multipart') {
    if (!kind.boundary)
      return { ok: false, kind: 'malformed', message: 'multipart/form-data needs a boundary parameter.' };
    const parsed = parseMultipart(raw, kind.boundary);
    return parsed
      ? { ok: true, body: parsed }
      : { ok: false, kind: 'malformed', message: 'The multipart/form-data body could not be parsed.' };
  }
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    return { ok: false, kind: 'malformed', message: 'The request body is not valid UTF-8.' };
  }
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch {
    return { ok: false, kind: 'malformed', message: 'The request body is not valid JSON.' };
  }
}

function mediaName(t: BodyType): string {
  return t === 'json' ? 'application/json' : 'multipart/form-data';
}
