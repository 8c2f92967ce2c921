/** What a request body keeps in the record: a large one is sent whole and recorded cut, saying so. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './client.js';
import { RateBudgets } from './rate-budget.js';
import { okJson, profileFor, startServer, testEnv, type TestServer } from './test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(okJson);
});
afterAll(() => server.close());

const send = async (bytes: number) => {
  const c = createClient({
    profile: profileFor(server.url),
    runId: 'run-record',
    env: testEnv,
    budgets: new RateBudgets(),
  });
  const ex = await c.send({ method: 'POST', path: '/v1/echo', body: 'x'.repeat(bytes), contentType: 'text/plain' });
  await c.close();
  return ex;
};

describe('a recorded request body', () => {
  it('is whole up to 64 KiB', async () => {
    const ex = await send(64 * 1024);
    expect(ex.request.body).toBe('x'.repeat(64 * 1024));
  });

  it('is its first 64 KiB and a note of the cut above that, while the whole body went out', async () => {
    const ex = await send(1024 * 1024 + 1);
    expect(server.received.at(-1)!.body.length).toBe(1024 * 1024 + 1);
    expect(ex.request.body!.startsWith('x'.repeat(64 * 1024))).toBe(true);
    expect(ex.request.body!.length).toBeLessThan(64 * 1024 + 200);
    expect(ex.request.body!.slice(64 * 1024)).toBe(`\n[truncated: body larger than ${64 * 1024} bytes]`);
  });
});
