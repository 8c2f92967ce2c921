/**
 * The target is diagnosed before it is judged, end to end through the CLI: what answers the
 * preflight ping decides whether any check runs. A web server's welcome page, another service's
 * JSON or a redirect is not the API (exit 8), a 404 is a wrong path prefix (exit 8), a 5xx
 * twice is an unhealthy target (exit 9); a wrong key of one role beside a right key of another
 * is named (exit 5); a dead proxy is named as the proxy (exit 4); and a target too slow to
 * finish is stopped at the run's deadline (exit 7). Each ends with one cause, no check run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, listen, sendJson, type Handler, type LocalServer } from '../fault-servers/listen.js';
import { afterPreflight, answerPlausibly, keyOf } from '../fault-servers/plausible.js';
import { journalOf, readSummary, runCli, saveEnv, scratch, writeProfile } from './cli.js';

const tmp = scratch('diagnosis');
const APPROVED = 'diagnosis-approved-key-51c0';
const READER = 'diagnosis-reader-key-77ad';
const PROXY_VARS = ['HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY', 'https_proxy', 'http_proxy', 'no_proxy'] as const;
const restoreEnv = saveEnv(['E2E_KEY_APPROVED', 'E2E_KEY_READER', ...PROXY_VARS]);
const servers: LocalServer[] = [];

/** One key: the approved one. */
const KEYS = { approved: { env: 'E2E_KEY_APPROVED', tier: 'high' as const } };

beforeAll(() => {
  for (const v of PROXY_VARS) delete process.env[v];
  process.env.E2E_KEY_APPROVED = APPROVED;
  process.env.E2E_KEY_READER = READER;
});
afterAll(async () => {
  restoreEnv();
  await Promise.all(servers.map((s) => s.close()));
  tmp.dispose();
});

async function serve(handler: Handler): Promise<LocalServer> {
  const server = await listen(handler);
  servers.push(server);
  return server;
}

/** A run of the utility family against `base`; its exit code, output, report folder and the requests the server got. */
async function run(name: string, base: string, extra: Record<string, unknown> = {}, server?: LocalServer) {
  const before = server?.received.length ?? 0;
  const reportDir = tmp.path(name);
  const result = await runCli([
    'run',
    '--target',
    writeProfile(tmp.path(`${name}.json`), base, { keys: KEYS, ...extra }),
    '--family',
    'utility',
    '--report-dir',
    reportDir,
  ]);
  return { ...result, reportDir, received: server ? server.received.slice(before).map((r) => r.path) : [] };
}

const NGINX = '<!DOCTYPE html>\n<html><head><title>Welcome to nginx!</title></head><body>...</body></html>';
const html: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html', 'content-length': Buffer.byteLength(NGINX) });
  res.end(NGINX);
};

/** [what, handler, exit, code, what the message quotes]. */
const NOT_JUDGED: Array<[string, Handler, number, string, RegExp]> = [
  [
    'an nginx welcome page (HTML 200 to everything)',
    html,
    8,
    'E_TARGET_NOT_THE_API',
    /200 text\/html: "<!DOCTYPE html>/,
  ],
  [
    "another service's JSON",
    (_req, res) => sendJson(res, 200, { status: 'UP', checks: [] }),
    8,
    'E_TARGET_NOT_THE_API',
    /: 200: the answer is not the ping object/,
  ],
  [
    'a redirect to a login page',
    (_req, res) => {
      res.writeHead(302, { location: '/login', 'content-length': '0' });
      res.end();
    },
    8,
    'E_TARGET_NOT_THE_API',
    /: 302 to \/login: /,
  ],
  [
    'a 500 to everything',
    (_req, res) => sendJson(res, 500, { error: { code: 'internal_error', message: 'boom' } }),
    9,
    'E_TARGET_UNHEALTHY',
    /: 500: the target answers with a server error, and again after a pause/,
  ],
];

describe('a target that is not the API as configured, or unhealthy, is told before any check', () => {
  it.each(NOT_JUDGED)('%s', async (name, handler, exit, code, quoted) => {
    const server = await serve(handler);
    const slug = code + name.replace(/\W+/g, '-');
    const result = await run(slug, server.url, {}, server);
    expect(result.code).toBe(exit);
    expect(result.err).toMatch(new RegExp(`^${code}: preflight GET \\S+/v1/ping with the approved key: `));
    expect(result.err).toMatch(quoted);
    expect(result.err).toMatch(/; no check was run\n {2}fix: .+\n/);
    // Only the ping went out (a 5xx is tried once more after its pause); no check ran, and the
    // outage is on record with its cause and the pings it sent.
    const pings = exit === 9 ? ['/v1/ping', '/v1/ping'] : ['/v1/ping'];
    expect(result.received).toEqual(pings);
    const summary = readSummary(result.reportDir);
    expect(summary).toMatchObject({
      outcome: 'unusable',
      exitCode: exit,
      requests: pings.length,
      counts: { total: 0 },
    });
    expect(summary.preflightStop).toMatchObject({ code, exitCode: exit });
    expect(journalOf(result.reportDir).map((e) => e.check)).toEqual(pings.map(() => 'preflight'));
    expect(result.out).toContain(`Result: NOT TESTED, THE TARGET IS UNUSABLE (${code})`);
    expect(result.err + result.out).not.toContain(APPROVED);
  });

  it(
    'a wrong path prefix (the API under /partner-api, the profile without it) is ' + 'E_TARGET_PATH_NOT_FOUND',
    async () => {
      const server = await serve((req, res) => {
        if (!req.url?.startsWith('/partner-api/'))
          return sendJson(res, 404, { error: { code: 'not_found', message: 'x' } });
        req.url = req.url.slice('/partner-api'.length);
        answerPlausibly(req, res);
      });
      const result = await run('prefix', server.url, {}, server);
      expect(result.code).toBe(8);
      expect(result.err).toMatch(/^E_TARGET_PATH_NOT_FOUND: preflight GET \S+\/v1\/ping with the approved key: 404: /);
      expect(result.err).toMatch(/fix: .*path prefix/);
      expect(result.received).toEqual(['/v1/ping']);
    },
  );

  it('a 5xx the target recovers from is tried once more, and the run goes on', async () => {
    let pings = 0;
    const server = await serve((req, res) =>
      req.url === '/v1/ping' && pings++ === 0
        ? sendJson(res, 503, { error: { code: 'unavailable', message: 'warming up' } }, { 'retry-after': '1' })
        : answerPlausibly(req, res),
    );
    const result = await run('recovers', server.url, {}, server);
    expect(result.err).not.toMatch(/^E_/);
    expect(readSummary(result.reportDir).preflight?.pings?.map((p) => p.status)).toEqual([503, 200]);
    expect(result.received.slice(0, 2)).toEqual(['/v1/ping', '/v1/ping']);
  });
});

describe('every key role the run will use is proven', () => {
  it(
    'a wrong approved key beside a right reader key is exit 5 naming the approved role, ' + 'before any check',
    async () => {
      const server = await serve((req, res) =>
        keyOf(req) === READER
          ? answerPlausibly(req, res)
          : sendJson(res, 403, { error: { code: 'forbidden', message: 'invalid key' } }),
      );
      const result = await run(
        'wrong-approved',
        server.url,
        { keys: { ...KEYS, reader: { env: 'E2E_KEY_READER', tier: 'high' } } },
        server,
      );
      expect(result.code).toBe(5);
      expect(result.err).toMatch(/^E_TARGET_KEY_REFUSED: preflight GET \S+ with the approved key: 403: /);
      expect(result.err).toContain('role approved (variable E2E_KEY_APPROVED)');
      expect(result.err).not.toContain('role reader');
      // The reader key's ping (the utility checks' key) went first, then the approved key's.
      expect(result.received).toEqual(['/v1/ping', '/v1/ping']);
      expect(result.err + result.out).not.toContain(APPROVED);
      expect(result.err + result.out).not.toContain(READER);
    },
  );
});

describe('a proxy that cannot be reached', () => {
  it('is named as the proxy, with its variable, not as the target not listening (exit 4)', async () => {
    const server = await serve((req, res) => answerPlausibly(req, res));
    process.env.HTTP_PROXY = await closedPort();
    try {
      const result = await run('dead-proxy', server.url, {}, server);
      expect(result.code).toBe(4);
      expect(result.err).toMatch(
        /^E_PROXY_UNREACHABLE: preflight GET \S+ with the approved key: no response: PROXY_UNREACHABLE_ECONNREFUSED: /,
      );
      expect(result.err).toMatch(
        /the proxy cannot be reached \(the proxy http:\/\/127\.0\.0\.1:\d+\/?, named by HTTP_PROXY\)/,
      );
      expect(result.received).toEqual([]);
    } finally {
      delete process.env.HTTP_PROXY;
    }
  });
});

describe("the run's overall deadline", () => {
  it('stops a target that answers too slowly the way Ctrl-C does: exit 7, INCOMPLETE (deadline), ' +
    'in bounded time', async () => {
    // The preflight's ping is answered at once; then every answer takes 3 s, past the deadline: no
    // check gets to judge an answer (a plausible one may be wrong for some rule, which would fail it).
    const server = await serve(
      afterPreflight(1, (req, res, onClose) => {
        const timer = setTimeout(() => answerPlausibly(req, res), 3_000);
        onClose(() => clearTimeout(timer));
      }),
    );
    const result = await run('deadline', server.url, { runTimeoutMs: 2_500, requestTimeoutMs: 5_000 }, server);
    expect(result.code).toBe(7);
    expect(result.err).toMatch(/^deadline: the run has reached its overall deadline \(3 s: runTimeoutMs/m);
    expect(result.out).toContain('Result: INCOMPLETE (deadline)');
    const summary = readSummary(result.reportDir);
    expect(summary.stopped).toEqual({ reason: 'deadline' });
    expect(summary.interrupted).toBeUndefined();
    // Cut at the deadline: not the minutes a run of 3 s answers would take, and nothing sent after it.
    expect(result.ms).toBeLessThan(15_000);
    const deadline = Date.parse(summary.startedAt) + 2_500;
    const journal = journalOf(result.reportDir);
    expect(journal.length).toBe(result.received.length);
    for (const { exchange } of journal) expect(Date.parse(exchange.startedAt!)).toBeLessThan(deadline);
  }, 30_000);

  it('bounds the preflight too: a silent target is stopped at the deadline, named in every format, ' +
    'and a smoke run lists only its own checks', async () => {
    // Never answers: the ping would wait its whole request timeout (60 s) without the deadline.
    const server = await serve(() => {});
    const reportDir = tmp.path('deadline-preflight');
    const profile = writeProfile(tmp.path('deadline-preflight.json'), server.url, {
      keys: KEYS,
      runTimeoutMs: 2_000,
      requestTimeoutMs: 60_000,
      // No confirmation: its window would not fit in a deadline of 2 s (E_CONFIRM_INVALID).
      confirm: { requests: 0 },
    });
    const result = await runCli(['run', '--target', profile, '--profile', 'smoke', '--report-dir', reportDir]);
    expect(result.code).toBe(7);
    expect(result.ms).toBeLessThan(15_000);
    expect(result.err).toMatch(/^deadline: the run has reached its overall deadline/m);
    expect(result.err).not.toContain('interrupted');
    expect(result.out).toContain('Result: INCOMPLETE (deadline)');
    const summary = readSummary(reportDir);
    expect(summary).toMatchObject({ stopped: { reason: 'deadline' }, outcome: 'incomplete', exitCode: 7 });
    expect(summary.interrupted).toBeUndefined();
    // The smoke profile's checks, every one not run for the deadline, and no other.
    const smoke = JSON.parse((await runCli(['plan', '--target', profile, '--profile', 'smoke', '--json'])).out) as {
      checks: Array<{ family: string; id: string }>;
    };
    expect(summary.findings.map((f) => `${f.family}/${f.id}`).sort()).toEqual(
      smoke.checks.map((c) => `${c.family}/${c.id}`).sort(),
    );
    for (const f of summary.findings) expect(f.message, f.check).toMatch(/deadline/);
    const junit = readFileSync(join(reportDir, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<error message="INCOMPLETE \(deadline\)[^"]*" type="stopped: deadline"/);
    expect(readFileSync(join(reportDir, 'report.html'), 'utf8')).toContain('INCOMPLETE (deadline)');
  }, 30_000);
});
