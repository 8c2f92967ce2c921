/**
 * A node:http server on 127.0.0.1 port 0 for end-to-end tests: it counts what it receives and
 * closes for good (open sockets destroyed, timers of misbehaving handlers stopped).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listenOnLoopback } from '../../harness/client/test-server.js';

export interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
}

export interface LocalServer {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/** A handler answers one request; `onClose` registers cleanup (timers) for server close. */
export type Handler = (req: IncomingMessage, res: ServerResponse, onClose: (cleanup: () => void) => void) => void;

export async function listen(handler: Handler, options: { readsBody?: boolean } = {}): Promise<LocalServer> {
  const received: Received[] = [];
  const cleanups = new Set<() => void>();
  const server = createServer((req, res) => {
    received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    // Drain the request body (unless the handler reads it) so it can answer whenever it likes.
    if (!options.readsBody) req.resume();
    handler(req, res, (cleanup) => {
      cleanups.add(cleanup);
      res.on('close', () => {
        cleanup();
        cleanups.delete(cleanup);
      });
    });
  });
  const listening = await listenOnLoopback(server, () => {
    for (const c of cleanups) c();
  });
  return { ...listening, received };
}

/** A port nothing listens on: bound once, then released (connections to it are refused). */
export async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** A JSON answer with the status given. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'x-request-id': 'req-local',
    ...headers,
  });
  res.end(text);
}
