/**
 * A counting proxy: forwards every request to `upstream` and records what passed (method and
 * path) and what came back (status, X-Request-Id), so a test counts the requests that really
 * reached the wire. `alteringProxy` also
 * answers some requests itself or rewrites some answers: a target half set up, built from a
 * correct one.
 */
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen, type LocalServer } from './listen.js';

export interface Alterations {
  /** Answer the request here instead of forwarding it (`undefined`: forward). */
  answer?(method: string, path: string, body: string): { status: number; json: unknown } | undefined;
  /** Rewrite the upstream's answer body (`undefined`: unchanged). */
  rewrite?(method: string, path: string, body: string): string | undefined;
}

/** What the upstream answered a forwarded request. */
export interface Answered {
  path: string;
  status: number;
  requestId?: string;
}

function forward(
  target: URL,
  req: IncomingMessage,
  res: ServerResponse,
  alter: Alterations,
  answered: Answered[],
): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const own = alter.answer?.(method, path, body.toString('utf8'));
    if (own) {
      res.writeHead(own.status, { 'content-type': 'application/json', 'x-request-id': 'proxy' });
      res.end(JSON.stringify(own.json));
      return;
    }
    const headers = { ...req.headers, host: target.host };
    const out = request({ host: target.hostname, port: target.port, method, path, headers }, (up) => {
      const requestId = up.headers['x-request-id'];
      answered.push({ path, status: up.statusCode ?? 0, ...(typeof requestId === 'string' ? { requestId } : {}) });
      if (!alter.rewrite) {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
        return;
      }
      const parts: Buffer[] = [];
      up.on('data', (c: Buffer) => parts.push(c));
      up.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        const changed = alter.rewrite!(method, path, text) ?? text;
        const { 'content-length': _length, ...rest } = up.headers;
        res.writeHead(up.statusCode ?? 502, { ...rest, 'content-length': Buffer.byteLength(changed) });
        res.end(changed);
      });
    });
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    out.end(body);
  });
}

export type CountingProxy = LocalServer & { answered: Answered[] };

export function countingProxy(upstream: string): Promise<CountingProxy> {
  return alteringProxy(upstream, {});
}

export async function alteringProxy(upstream: string, alter: Alterations): Promise<CountingProxy> {
  const target = new URL(upstream);
  const answered: Answered[] = [];
  const server = await listen((req, res) => forward(target, req, res, alter, answered), { readsBody: true });
  return { ...server, answered };
}
