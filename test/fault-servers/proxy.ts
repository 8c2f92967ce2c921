/**
 * A counting proxy: forwards every request to `upstream` unchanged and records what passed
 * (method and path), so a test counts the requests that really reached the wire.
 */
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen, type LocalServer } from './listen.js';

function forward(target: URL, req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const headers = { ...req.headers, host: target.host };
    const out = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    out.end(Buffer.concat(chunks));
  });
}

export function countingProxy(upstream: string): Promise<LocalServer> {
  const target = new URL(upstream);
  return listen((req, res) => forward(target, req, res), { readsBody: true });
}
