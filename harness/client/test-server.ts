/**
 * A local node:http server for the client's tests: listens on 127.0.0.1 port 0, records every
 * request it receives (method, path, raw headers, body, arrival time) and closes for good.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { TargetProfile } from '../run-config.js';

export interface ReceivedRequest {
  method: string;
  url: string;
  /** Header names as sent, paired with their values. */
  rawHeaders: Array<[string, string]>;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

export interface TestServer {
  url: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

export type Respond = (req: ReceivedRequest, res: ServerResponse) => void;

export async function startServer(respond: Respond): Promise<TestServer> {
  const received: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const pairs: Array<[string, string]> = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2) pairs.push([req.rawHeaders[i]!, req.rawHeaders[i + 1]!]);
      const entry: ReceivedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        rawHeaders: pairs,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      };
      received.push(entry);
      respond(entry, res);
    });
  });
  return { ...(await listenOnLoopback(server)), received };
}

/**
 * Listens on 127.0.0.1, port 0, and closes for good: `beforeClose` runs first, then every open
 * socket is destroyed, so a keep-alive or stalled connection cannot hold the close.
 */
export async function listenOnLoopback(
  server: Server,
  beforeClose: () => void = () => {},
): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        beforeClose();
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Answers every request with a small JSON body. */
export const okJson: Respond = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"ok":true}');
};

/** A profile for a test server; key values come from the env the test passes. */
export function profileFor(url: string, overrides: Partial<TargetProfile> = {}): TargetProfile {
  return {
    name: 'test',
    baseUrl: url,
    requestTimeoutMs: 2000,
    keys: {
      approved: { env: 'TEST_KEY_APPROVED', tier: 'high' },
      unapproved: { env: 'TEST_KEY_UNAPPROVED', tier: 'high' },
      tierLow: { env: 'TEST_KEY_TIER_LOW', tier: 'low' },
      medicare: { env: 'TEST_KEY_MEDICARE', tier: 'high' },
    },
    fixtures: {},
    ...overrides,
  };
}

export const testEnv: NodeJS.ProcessEnv = {
  TEST_KEY_APPROVED: 'approved-Key-0001-aaaa',
  TEST_KEY_UNAPPROVED: 'unapproved-Key-0002-bbbb',
  TEST_KEY_TIER_LOW: 'tierlow-Key-0003-cccc',
  TEST_KEY_MEDICARE: 'medicare-Key-0004-dddd',
};
