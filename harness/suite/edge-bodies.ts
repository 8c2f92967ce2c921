/**
 * A valid request's JSON body broken in one way the edge answers (section 7): sent under another
 * media type (415), cut short (malformed JSON, 400), or made too large (413). Everything else is
 * the valid request's (its key, its Idempotency-Key, its headers), so only that one thing can be
 * the reason for the refusal. Each is marked made wrong as a whole for the oracles over the run.
 */
import type { ApiRequest } from '../client/index.js';
import { wrongAsWhole } from './made-wrong.js';

/** The request without its body (and without the label that named the valid request). */
const line = ({ json: _json, body: _body, contentType: _type, label: _label, ...rest }: ApiRequest): ApiRequest => rest;

/** The body as text declared as `contentType`. */
export const underMediaType = (req: ApiRequest, contentType: string): ApiRequest => ({
  ...line(req),
  body: JSON.stringify(req.json),
  contentType,
  ...wrongAsWhole(`a body sent as ${contentType}`),
});

/** The body cut before its last closing brace: JSON that ends too early. */
export const cutShort = (req: ApiRequest): ApiRequest => ({
  ...line(req),
  body: JSON.stringify(req.json).slice(0, -1),
  contentType: 'application/json',
  ...wrongAsWhole('malformed JSON'),
});

/** The body with its string member `member` longer by `bytes` characters: valid JSON, only its size wrong. */
export const oversized = (req: ApiRequest, member: string, bytes: number): ApiRequest => {
  const body = req.json as Record<string, unknown>;
  return {
    ...line(req),
    json: { ...body, [member]: `${String(body[member])}-${'x'.repeat(bytes)}` },
    ...wrongAsWhole('a body above the size limit'),
  };
};
