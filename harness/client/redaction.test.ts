import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './client.js';
import { RateBudgets } from './rate-budget.js';
import { redact, redactTruncated } from './redact.js';
import { profileFor, startServer, testEnv, type TestServer } from './test-server.js';

const CANARY = 'CANARY-k3y/V4lue+7f3e9d"q';
const env = { ...testEnv, TEST_KEY_APPROVED: CANARY };
const OTHER = testEnv.TEST_KEY_UNAPPROVED!;

/** Every form the canary could take in recorded text. */
function leaks(text: string): boolean {
  return [CANARY, encodeURIComponent(CANARY), JSON.stringify(CANARY).slice(1, -1), 'k3y/V4lue', OTHER].some((f) =>
    text.includes(f),
  );
}

// The server echoes the key it receives in a header, in a cookie and in the JSON body.
let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const key = String(req.headers['x-api-key'] ?? '');
    res.writeHead(200, {
      'content-type': 'application/json',
      'x-echo-key': key,
      'set-cookie': `k=${encodeURIComponent(key)}`,
    });
    res.end(JSON.stringify({ yourKey: key, other: OTHER, path: req.url, padding: 'p'.repeat(200) }));
  });
});
afterAll(() => server.close());

describe('redact', () => {
  it('replaces every occurrence of every secret, longest first', () => {
    expect(redact('a=SECRET1 b=SECRET12 c=SECRET1', ['SECRET1', 'SECRET12'])).toBe(
      'a=<redacted> b=<redacted> c=<redacted>',
    );
  });
  it('replaces URL-encoded and JSON-escaped forms', () => {
    expect(redact(`?k=${encodeURIComponent('a/b c')} {"k":"q\\"x"}`, ['a/b c', 'q"x'])).toBe(
      '?k=<redacted> {"k":"<redacted>"}',
    );
  });
  it('ignores empty secrets', () => {
    expect(redact('text', [''])).toBe('text');
  });
  it('hides the start of a secret left at the end of a cut body', () => {
    expect(redactTruncated('body ends with SECRE', ['SECRETVALUE'])).toBe('body ends with <redacted>');
  });
});

describe('the canary key never appears in a recorded exchange', () => {
  it('is absent when the target echoes it in headers and body and the request carries it in URL and body', async () => {
    const c = createClient({ profile: profileFor(server.url), runId: 'run-redact', env, budgets: new RateBudgets() });
    const ex = await c.send({
      method: 'POST',
      path: `/v1/echo?k=${encodeURIComponent(CANARY)}`,
      json: { note: CANARY, other: OTHER },
      headers: { 'x-note': CANARY },
    });
    await c.close();
    // The target did get the key and did echo it: otherwise this test would prove nothing.
    expect(server.received.at(-1)!.headers['x-api-key']).toBe(CANARY);
    expect(ex.response?.status).toBe(200);
    expect(ex.request.headers['x-api-key']).toBe('<redacted>');
    expect(ex.response?.headers['x-echo-key']).toBe('<redacted>');
    expect((ex.response?.json as { yourKey?: string } | undefined)?.yourKey).toBe('<redacted>');
    expect(leaks(JSON.stringify(c.exchanges()))).toBe(false);
  });

  it('is absent when the body is cut in the middle of the echoed key', async () => {
    // {"yourKey":" is 12 bytes: a 20-byte bound cuts 8 characters into the key.
    const c = createClient({
      profile: profileFor(server.url),
      runId: 'run-redact',
      env,
      budgets: new RateBudgets(),
      maxBodyBytes: 20,
    });
    const ex = await c.send({ method: 'GET', path: '/v1/echo' });
    await c.close();
    expect(ex.truncated).toBe(true);
    expect(ex.response?.body.startsWith('{"yourKey":"<redacted>')).toBe(true);
    expect(JSON.stringify(ex)).not.toContain(CANARY.slice(0, 8));
  });

  it('is absent from the exchange of a failed request', async () => {
    const c = createClient({
      profile: profileFor('http://127.0.0.1:1'),
      runId: 'run-redact',
      env,
      budgets: new RateBudgets(),
    });
    const ex = await c.send({ method: 'GET', path: `/v1/ping?k=${CANARY}` });
    await c.close();
    expect(ex.error).toBeDefined();
    expect(leaks(JSON.stringify(ex))).toBe(false);
  });
});
