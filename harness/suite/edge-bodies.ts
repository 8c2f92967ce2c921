/**
 * A valid request's JSON body broken in one way the edge answers (section 7): sent under another
 * media type (415), or cut short (malformed JSON, 400). Everything else is the valid request's,
 * so only that one thing can be the reason for the refusal.
 */
import type { ApiRequest } from '../client/index.js';

const line = ({ method, path, api }: ApiRequest): ApiRequest => ({ method, path, ...(api ? { api } : {}) });

/** The body as text declared as `contentType`. */
export const underMediaType = (req: ApiRequest, contentType: string): ApiRequest => ({
  ...line(req),
  body: JSON.stringify(req.json),
  contentType,
});

/** The body cut before its last closing brace: JSON that ends too early. */
export const cutShort = (req: ApiRequest): ApiRequest => ({
  ...line(req),
  body: JSON.stringify(req.json).slice(0, -1),
  contentType: 'application/json',
});
