/**
 * The preflight's table of causes (what each ping answer means) and its pings: one per key role
 * the run will use, a 5xx tried once more after a pause, every refused role named.
 */
import { describe, expect, it } from 'vitest';
import { TargetUnusable } from '../harness/errors.js';
import type { Exchange } from '../harness/model.js';
import { profileFor, startServer, testEnv, type Respond } from '../harness/client/test-server.js';
import { causeOf, isPingObject, preflight, PreflightUnusable, preflightRoles } from './preflight.js';

const answer = (status: number, body: string, json?: unknown, headers: Record<string, string> = {}): Exchange => ({
  request: { method: 'GET', url: 'http://t/v1/ping', headers: {} },
  response: { status, headers, body, ...(json !== undefined ? { json } : {}) },
  durationMs: 1,
});
const PING = { ok: true, environment: 'staging' };

describe('causeOf a ping answer', () => {
  it.each([
    ['the ping object', answer(200, JSON.stringify(PING), PING), undefined],
    [
      'a ping object whose members have other types (PING-SCHEMA judges them)',
      answer(200, '', { ok: 'yes', environment: 1 }),
      undefined,
    ],
    ['a 201 ping object (PING-200 judges the status)', answer(201, '', PING), undefined],
    ['a 429: the contract lists it, the checks judge it', answer(429, '', { error: {} }), undefined],
    ['an HTML welcome page', answer(200, '<!doctype html><title>Welcome to nginx!</title>'), 'E_TARGET_NOT_THE_API'],
    ["another service's JSON", answer(200, '{"status":"UP"}', { status: 'UP' }), 'E_TARGET_NOT_THE_API'],
    ['a JSON array', answer(200, '[]', []), 'E_TARGET_NOT_THE_API'],
    ['a redirect to a login page', answer(302, '', undefined, { location: '/login' }), 'E_TARGET_NOT_THE_API'],
    ['a 405', answer(405, '', { error: {} }), 'E_TARGET_NOT_THE_API'],
    ['a 404: a wrong path prefix', answer(404, '', { error: {} }), 'E_TARGET_PATH_NOT_FOUND'],
    ['a 500', answer(500, '', { error: {} }), 'E_TARGET_UNHEALTHY'],
    ['a 503 page', answer(503, '<html>down</html>'), 'E_TARGET_UNHEALTHY'],
    ['a 403', answer(403, '', { error: {} }), 'E_TARGET_KEY_REFUSED'],
    ['a 407 from a proxy', answer(407, ''), 'E_TARGET_PROXY_REFUSED'],
  ] as const)('%s', (_what, exchange, code) => {
    expect(causeOf(exchange)?.code).toBe(code);
  });

  it.each([
    ['ECONNREFUSED', 'E_TARGET_NOT_LISTENING'],
    ['PROXY_UNREACHABLE_ECONNREFUSED', 'E_PROXY_UNREACHABLE'],
    ['PROXY_UNREACHABLE_ENOTFOUND', 'E_PROXY_UNREACHABLE'],
    ['PROXY_REFUSED_403', 'E_TARGET_PROXY_REFUSED'],
    ['UND_ERR_HEADERS_TIMEOUT', undefined],
  ] as const)('no answer, %s', (error, code) => {
    expect(causeOf({ error })?.code).toBe(code);
  });

  it('reads the ping object as a JSON object with both members', () => {
    expect(isPingObject(PING)).toBe(true);
    expect(isPingObject({ ok: true })).toBe(false);
    expect(isPingObject(null)).toBe(false);
    expect(isPingObject('{"ok":true,"environment":"x"}')).toBe(false);
  });
});

describe('preflightRoles', () => {
  const keys = profileFor('http://t').keys;
  const all = (role: string) => role in keys || role === 'reader';
  const withReader = { ...keys, reader: { env: 'R', tier: 'high' as const } };

  it("proves every /v1 key of the profile, the utility checks' key first, not the Medicare one", () => {
    expect(preflightRoles({ keys: withReader }, 'conformance', ['utility', 'medicare'], all)).toEqual([
      'reader',
      'approved',
      'unapproved',
      'tierLow',
    ]);
  });

  it('in a run profile with a request cap, only the keys its families send with', () => {
    expect(preflightRoles({ keys: withReader }, 'smoke', ['utility', 'reference', 'enrollments'], all)).toEqual([
      'approved',
    ]);
  });

  it('leaves out a role whose variable is not set', () => {
    expect(preflightRoles({ keys }, 'conformance', ['utility'], (r) => r === 'approved')).toEqual(['approved']);
  });
});

/** A server answering the ping by key, and the pings it got. */
async function pingServer(respond: (key: string, n: number) => [number, string, Record<string, string>?]) {
  let n = 0;
  const handler: Respond = (req, res) => {
    const [status, body, headers] = respond(String(req.headers['x-api-key']), ++n);
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body);
  };
  return startServer(handler);
}

const only = { ...profileFor('http://t'), keys: { approved: profileFor('http://t').keys.approved! } };

/** A server that cuts the connection of the first `resets` requests, then answers the ping object. */
async function resettingServer(resets: number) {
  let n = 0;
  return startServer((_req, res) => {
    if (++n <= resets) {
      res.socket?.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(PING));
  });
}

/** The preflight of `runProfile` against `server` (the approved key alone), its pauses recorded and not waited. */
function preflightAt(server: { url: string }, runProfile: 'conformance' | 'smoke', extra: object = {}) {
  const pauses: number[] = [];
  const run = preflight(
    { profile: { ...only, baseUrl: server.url, ...extra }, runProfile, families: ['utility'], runId: 'p' },
    testEnv,
    async (ms) => void pauses.push(ms),
  );
  return { run, pauses, failure: run.catch((e: unknown) => e) };
}

describe('preflight', () => {
  it('tries a 5xx once more after the longer of its pause and what Retry-After asks, and goes on', async () => {
    const server = await pingServer((_k, n) =>
      n === 1 ? [503, '{}', { 'retry-after': '3' }] : [200, JSON.stringify(PING)],
    );
    try {
      const { run, pauses } = preflightAt(server, 'conformance');
      const seen = await run;
      expect(pauses).toEqual([3000]);
      expect(seen.pings.map((p) => p.status)).toEqual([503, 200]);
      expect(seen.status).toBe(200);
      expect(seen.confirmations).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('confirms a connection reset as a 5xx is: one reset is tried again, and the run goes on', async () => {
    const server = await resettingServer(1);
    try {
      const { run, pauses } = preflightAt(server, 'conformance');
      const seen = await run;
      expect(pauses).toEqual([2000]);
      expect(seen.pings.map((p) => p.status ?? p.error)).toEqual([
        expect.stringMatching(/ECONNRESET|UND_ERR_SOCKET/),
        200,
      ]);
    } finally {
      await server.close();
    }
  });

  it("smoke: the run profile's window rides out two failed pings (a reset, a 503), 5 s apart", async () => {
    let n = 0;
    const server = await startServer((_req, res) => {
      n += 1;
      if (n === 1) return void res.socket?.destroy();
      res.writeHead(n === 2 ? 503 : 200, { 'content-type': 'application/json' });
      res.end(n === 2 ? '{}' : JSON.stringify(PING));
    });
    try {
      const { run, pauses } = preflightAt(server, 'smoke');
      const seen = await run;
      expect(pauses).toEqual([5000, 5000]);
      expect(seen.status).toBe(200);
      expect(seen.confirmations).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('smoke: three resets in a row are a confirmed outage (exit 4), after every attempt of the window', async () => {
    const server = await resettingServer(3);
    try {
      const error = await preflightAt(server, 'smoke').failure;
      expect(error).toBeInstanceOf(PreflightUnusable);
      expect(error).toMatchObject({ code: 'E_TARGET_RESET', exitCode: 4, attempts: 3, confirmed: true });
      expect((error as Error).message).toContain('(3 attempts, 5 s apart); no check was run');
      expect(server.received.length).toBeLessThanOrEqual(3);
    } finally {
      await server.close();
    }
  });

  it("smoke with the profile's confirmation off: one reset stops the run at once", async () => {
    const server = await resettingServer(5);
    try {
      const error = await preflightAt(server, 'smoke', { confirm: { requests: 0 } }).failure;
      expect(error).toMatchObject({ code: 'E_TARGET_RESET', attempts: 1 });
    } finally {
      await server.close();
    }
  });

  it('ends with E_TARGET_UNHEALTHY (exit 9) on a second 5xx, before any other ping', async () => {
    const server = await pingServer(() => [500, '{"error":{"code":"internal","message":"x"}}']);
    try {
      const run = preflight(
        { profile: { ...profileFor(server.url) }, runProfile: 'conformance', families: ['utility'], runId: 'p' },
        testEnv,
        async () => undefined,
      );
      await expect(run).rejects.toMatchObject({ code: 'E_TARGET_UNHEALTHY', exitCode: 9 });
      expect(server.received).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('pings every key and names each refused role with its variable (exit 5), never a key', async () => {
    const refused = new Set([testEnv.TEST_KEY_UNAPPROVED, testEnv.TEST_KEY_TIER_LOW]);
    const server = await pingServer((key) => (refused.has(key) ? [403, '{}'] : [200, JSON.stringify(PING)]));
    try {
      const error = await preflight(
        { profile: profileFor(server.url), runProfile: 'conformance', families: ['utility'], runId: 'p' },
        testEnv,
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TargetUnusable);
      const { code, exitCode, message } = error as TargetUnusable;
      expect([code, exitCode]).toEqual(['E_TARGET_KEY_REFUSED', 5]);
      expect(message).toContain(
        'role unapproved (variable TEST_KEY_UNAPPROVED), role tierLow (variable TEST_KEY_TIER_LOW)',
      );
      expect(message).not.toContain('role approved');
      for (const key of Object.values(testEnv)) expect(message).not.toContain(key!);
      // approved, unapproved, tierLow; not the Medicare key.
      expect(server.received).toHaveLength(3);
    } finally {
      await server.close();
    }
  });

  it('quotes what came back when it is not the ping object (exit 8)', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!DOCTYPE html>\n<html><head><title>Welcome to nginx!</title></head></html>');
    });
    try {
      const run = preflight(
        { profile: { ...only, baseUrl: server.url }, runProfile: 'conformance', families: ['utility'], runId: 'p' },
        testEnv,
      );
      await expect(run).rejects.toMatchObject({
        code: 'E_TARGET_NOT_THE_API',
        exitCode: 8,
        message: expect.stringContaining('200 text/html: "<!DOCTYPE html> <html><head><title>Welcome to nginx!'),
      });
    } finally {
      await server.close();
    }
  });
});
