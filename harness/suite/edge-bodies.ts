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

/**
 * The body followed by `bytes` spaces: the same JSON value, only its size wrong (JSON allows whitespace after a
 * value, so no member changes whatever the operation's body is).
 */
export const paddedPast = (req: ApiRequest, bytes: number): ApiRequest => ({
  ...line(req),
  body: JSON.stringify(req.json) + ' '.repeat(bytes),
  contentType: 'application/json',
  ...wrongAsWhole('a body above the size limit'),
});
