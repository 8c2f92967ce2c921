/**
 * A proxy in front of a correct target that misbehaves as a test scripts it: slow answers, a
 * 5xx or a reset connection for the next few requests to a path, then healthy again. It counts
 * what reached it (method, path, headers), so a test sees the wire, confirmations included.
 */
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen, sendJson, type LocalServer } from './listen.js';

interface Misbehaviour {
  /** Requests whose path (query left out) starts with this. */
  path: string;
  /** How many such requests it touches (default: all). */
  times?: number;
  /** Wait this long before forwarding. */
  delayMs?: number;
  /** Answer with this status (an error envelope) instead of forwarding. */
  status?: number;
  /** Cut the connection without an answer. */
  reset?: boolean;
}

export interface ScriptedProxy extends LocalServer {
  /** Adds misbehaviours (first match wins, in the order added). */
  script(...rules: Misbehaviour[]): void;
  /** Back to a faithful proxy. */
  heal(): void;
}

function forward(target: URL, req: IncomingMessage, res: ServerResponse): void {
  const headers = { ...req.headers, host: target.host };
  const out = request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  out.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(out);
}

export async function scriptedProxy(upstream: string): Promise<ScriptedProxy> {
  const target = new URL(upstream);
  let rules: Array<Misbehaviour & { left: number }> = [];
  const server = await listen(
    (req, res, onClose) => {
      const path = (req.url ?? '/').split('?')[0]!;
      const rule = rules.find((r) => r.left > 0 && path.startsWith(r.path));
      if (!rule) return forward(target, req, res);
      rule.left -= 1;
      if (rule.reset) {
        req.socket.destroy();
        return;
      }
      if (rule.status !== undefined) {
        req.resume();
        sendJson(res, rule.status, { error: { code: 'service_unavailable', message: 'scripted failure' } });
        return;
      }
      const timer = setTimeout(() => forward(target, req, res), rule.delayMs ?? 0);
      onClose(() => clearTimeout(timer));
    },
    { readsBody: true },
  );
  return {
    ...server,
    script: (...added) => {
      rules = [...rules, ...added.map((r) => ({ ...r, left: r.times ?? Number.POSITIVE_INFINITY }))];
    },
    heal: () => {
      rules = [];
    },
  };
}
