/**
 * Plausible answers for any path of the Partner API, enough for a read-only run to complete:
 * a ping object for `/ping`, the unified 403 envelope without a key, an empty list elsewhere.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, type Handler } from './listen.js';

export function keyOf(req: IncomingMessage): string | undefined {
  const value = req.headers['x-api-key'];
  return Array.isArray(value) ? value[0] : value;
}

/** The JSON body a conforming target might send for `path` (with `extra` members merged in). */
export function plausibleBody(path: string, extra: Record<string, unknown> = {}): unknown {
  if (/\/ping(\?|$)/.test(path)) return { ok: true, environment: 'local', ...extra };
  return { data: [], result_count: 0, limit: 1, offset: 0, ...extra };
}

export function answerPlausibly(
  req: IncomingMessage,
  res: ServerResponse,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): void {
  if (!keyOf(req)) {
    sendJson(res, 403, { error: { code: 'forbidden', message: 'missing API key', ...extra } }, headers);
    return;
  }
  sendJson(res, 200, plausibleBody(req.url ?? '/', extra), headers);
}

/**
 * `handler`, once the first `pings` requests for `/v1/ping` (the run's preflight, one per key
 * role) got the ping object: a target that passes the preflight and then goes bad.
 */
export function afterPreflight(pings: number, handler: Handler): Handler {
  let answered = 0;
  return (req, res, onClose) => {
    if (answered < pings && /\/v1\/ping(\?|$)/.test(req.url ?? '')) {
      answered += 1;
      answerPlausibly(req, res);
      return;
    }
    handler(req, res, onClose);
  };
}
