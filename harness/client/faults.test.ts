import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from './client.js';
import { RateBudgets } from './rate-budget.js';
import { profileFor, startServer, testEnv, type TestServer } from './test-server.js';

const MiB = 1024 * 1024;

// One server, one faulty behaviour per path.
let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const routes: Record<string, () => void> = {
      '/silent': () => {},
      '/trickle': () => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const timer = setInterval(() => res.write('.'), 40);
        res.on('close', () => clearInterval(timer));
      },
      '/reset-before-headers': () => res.socket?.destroy(),
      '/reset-mid-body': () => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('{"partial":');
        setTimeout(() => res.socket?.destroy(), 20);
      },
      '/huge': () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = 'x'.repeat(64 * 1024);
        let sent = 0;
        const pump = () => {
          while (sent < 8 * MiB && !res.destroyed) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        pump();
      },
      '/redirect': () => {
        res.writeHead(302, { location: '/redirect' });
        res.end();
      },
      '/malformed': () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"a":');
      },
    };
    (routes[req.url ?? ''] ?? (() => res.end()))();
  });
});
afterAll(() => server.close());

function client(maxBodyBytes?: number) {
  return createClient({
    profile: profileFor(server.url),
    runId: 'run-faults',
    env: testEnv,
    budgets: new RateBudgets(),
    maxBodyBytes,
  });
}

describe('faulty targets become exchanges, never exceptions', () => {
  it('records UND_ERR_HEADERS_TIMEOUT when no response comes within the timeout', async () => {
    const c = client();
    const started = performance.now();
    const ex = await c.send({ method: 'GET', path: '/silent', timeoutMs: 200 });
    await c.close();
    expect(ex.error).toBe('UND_ERR_HEADERS_TIMEOUT');
    expect(ex.response).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('records UND_ERR_BODY_TIMEOUT when a body trickles past the timeout', async () => {
    const c = client();
    const started = performance.now();
    const ex = await c.send({ method: 'GET', path: '/trickle', timeoutMs: 300 });
    await c.close();
    expect(ex.error).toBe('UND_ERR_BODY_TIMEOUT');
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('records ECONNREFUSED when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((r) => closed.close(() => r()));
    const c = createClient({
      profile: profileFor(`http://127.0.0.1:${port}`),
      runId: 'r',
      env: testEnv,
      budgets: new RateBudgets(),
    });
    const ex = await c.send({ method: 'GET', path: '/v1/ping' });
    await c.close();
    expect(ex.error).toBe('ECONNREFUSED');
    expect(c.exchanges()).toHaveLength(1);
  });

  it('records a socket error when the connection is reset before the headers', async () => {
    const c = client();
    const ex = await c.send({ method: 'GET', path: '/reset-before-headers' });
    await c.close();
    expect(ex.response).toBeUndefined();
    expect(ex.error).toMatch(/^(UND_ERR_SOCKET|ECONNRESET)$/);
  });

  it('records a socket error when the connection is reset in the middle of a body', async () => {
    const c = client();
    const ex = await c.send({ method: 'GET', path: '/reset-mid-body' });
    await c.close();
    expect(ex.error).toMatch(/^(UND_ERR_SOCKET|ECONNRESET)$/);
  });

  it('stops reading a huge body at the bound and marks the exchange truncated', async () => {
    const c = client(64 * 1024);
    const started = performance.now();
    const ex = await c.send({ method: 'GET', path: '/huge' });
    await c.close();
    expect(ex.error).toBeUndefined();
    expect(ex.truncated).toBe(true);
    expect(ex.response?.status).toBe(200);
    expect(ex.response?.body.startsWith('x'.repeat(64 * 1024))).toBe(true);
    expect(ex.response?.body).toMatch(/\[truncated: body larger than 65536 bytes\]$/);
    expect(ex.response?.json).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('records a 3xx as is and does not follow it', async () => {
    const c = client();
    const before = server.received.length;
    const ex = await c.send({ method: 'GET', path: '/redirect' });
    await c.close();
    expect(ex.response?.status).toBe(302);
    expect(ex.response?.headers.location).toBe('/redirect');
    expect(server.received.length - before).toBe(1);
  });

  it('keeps a malformed JSON body as text without json', async () => {
    const c = client();
    const ex = await c.send({ method: 'GET', path: '/malformed' });
    await c.close();
    expect(ex.response?.body).toBe('{"a":');
    expect(ex.response).not.toHaveProperty('json');
  });
});
