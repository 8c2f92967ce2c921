/**
 * Bad inputs (issue "Ready for CI", section 6), beyond the table of cli/main.test.ts:
 * a spec URL that cannot be fetched, base URLs that are not URLs or carry credentials, a
 * profile with a bad base URL or no `approved` role, a profile whose key variable is unset,
 * malformed --shard values, empty flag values, selections that hold no check, monitoring flags
 * (--notify, --history, --push-gateway), profile headers, and a --spec that describes none of
 * this API's operations. Each exits 2 with its stable code and a fix, and nothing
 * reaches the (counting) target.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../harness/paths.js';
import { closedPort, listen, type LocalServer } from '../fault-servers/listen.js';
import { answerPlausibly } from '../fault-servers/plausible.js';
import { runCli, scratch, writeProfile, saveEnv } from './cli.js';

const tmp = scratch('bad-inputs');
/** A key value pasted where a variable name belongs: it must never be echoed. */
const CANARY = 'PK4E7A19C2F0B83D5E6A7C';
const CANARY_LOWER = 'sk_live_9f8e7d6c5b4a3f2e1d0c';
let server: LocalServer;
let closed = '';
const restoreEnv = saveEnv(['E2E_KEY_APPROVED', 'PARTNER_CONFORMANCE_PAGERDUTY_KEY']);

beforeAll(async () => {
  server = await listen((req, res) => answerPlausibly(req, res));
  closed = await closedPort();
});
afterAll(async () => {
  await server.close();
  tmp.dispose();
});

/** [what, argv, code]; built lazily, once the servers listen. */
const BAD_INPUTS: Array<[string, () => string[], string]> = [
  [
    'spec URL that cannot be fetched',
    () => ['run', '--target', writeProfile(tmp.path('ok-1.json'), server.url), '--spec', `${closed}/partner-api.yaml`],
    'E_SPEC_UNREADABLE',
  ],
  [
    'a spec with no operation of this API (paths: {})',
    () => ['run', '--target', writeProfile(tmp.path('ok-2.json'), server.url), '--spec', specWithPaths('empty', {})],
    'E_SPEC_NO_OPERATIONS',
  ],
  [
    'a spec of another API',
    () => [
      'run',
      '--spec',
      specWithPaths('pets', { '/pets': { get: { responses: { '200': { description: 'the pets' } } } } }),
    ],
    'E_SPEC_NO_OPERATIONS',
  ],
  ['base URL that is not a URL', () => ['run', '--base-url', 'staging.example.com'], 'E_BASE_URL_INVALID'],
  [
    'base URL with credentials',
    () => ['run', '--base-url', `http://user:secret@127.0.0.1:${new URL(server.url).port}`],
    'E_BASE_URL_INVALID',
  ],
  [
    'profile whose baseUrl is not a URL',
    () => ['run', '--target', writeProfile(tmp.path('bad-url.json'), 'localhost:8080')],
    'E_PROFILE_INVALID',
  ],
  [
    'profile without the approved role',
    () => [
      'run',
      '--target',
      writeProfile(tmp.path('no-approved.json'), server.url, {
        keys: { medicare: { env: 'E2E_KEY_APPROVED', tier: 'high' } },
      }),
    ],
    'E_PROFILE_INVALID',
  ],
  [
    'profile whose key variable is unset',
    () => [
      'run',
      '--target',
      writeProfile(tmp.path('unset.json'), server.url, {
        keys: { approved: { env: 'E2E_KEY_NEVER_SET', tier: 'high' } },
      }),
    ],
    'E_KEY_ENV_MISSING',
  ],
  [
    'profile with a key value instead of a variable name',
    () => [
      'run',
      '--target',
      writeProfile(tmp.path('value.json'), server.url, {
        keys: { approved: { value: 'pk_live_x', tier: 'high' } as never },
      }),
    ],
    'E_PROFILE_INVALID',
  ],
  ['shard index 0', () => ['run', '--shard', '0/3'], 'E_SHARD_INVALID'],
  ['shard index above the count', () => ['run', '--shard', '4/3'], 'E_SHARD_INVALID'],
  ['shard without a count', () => ['run', '--shard', '2'], 'E_SHARD_INVALID'],
  ['shard that is not numbers', () => ['run', '--shard', 'a/b'], 'E_SHARD_INVALID'],
  ['report dir that is a file', () => ['run', '--report-dir', fileAt('a-file.txt')], 'E_REPORT_DIR_UNWRITABLE'],
  [
    'report dir under a file',
    () => ['run', '--report-dir', join(fileAt('b-file.txt'), 'out')],
    'E_REPORT_DIR_UNWRITABLE',
  ],
  ['base URL ending in /v1', () => ['run', '--base-url', `${server.url}/v1`], 'E_BASE_URL_HAS_V1'],
  [
    'profile baseUrl ending in /v1/',
    () => ['run', '--target', writeProfile(tmp.path('v1.json'), `${server.url}/partner-api/v1/`)],
    'E_BASE_URL_HAS_V1',
  ],
  [
    "a key value (upper case) in a profile's env",
    () => [
      'run',
      '--target',
      writeProfile(tmp.path('canary.json'), server.url, { keys: { approved: { env: CANARY, tier: 'high' } } }),
    ],
    'E_PROFILE_INVALID',
  ],
  [
    "a key value (lower case) in a profile's env",
    () => [
      'run',
      '--target',
      writeProfile(tmp.path('canary-lower.json'), server.url, {
        keys: { approved: { env: CANARY_LOWER, tier: 'high' } },
      }),
    ],
    'E_PROFILE_INVALID',
  ],
  ['--webhook-listen with the embedded server', () => ['run', '--webhook-listen', '8099'], 'E_FLAGS_CONFLICT'],
  [
    '--webhook-listen on a busy port',
    () => [
      'run',
      '--target',
      writeProfile(tmp.path('hooks.json'), server.url),
      '--webhook-listen',
      new URL(server.url).port,
    ],
    'E_PORT_IN_USE',
  ],
  [
    '--webhook-listen that is not a port',
    () => ['run', '--target', writeProfile(tmp.path('hooks2.json'), server.url), '--webhook-listen', '70000'],
    'E_USAGE',
  ],
  ['an empty --family value', () => ['run', '--family='], 'E_USAGE'],
  ['an empty --rule list', () => ['run', '--rule', ','], 'E_USAGE'],
  [
    'a rule of another family than --family',
    () => ['run', '--family', 'utility', '--rule', 'ISSUERS-ORDER'],
    'E_SELECTION_EMPTY',
  ],
  [
    '--notify without --history',
    () => ['run', '--target', writeProfile(tmp.path('n1.json'), server.url), '--notify', `json=${server.url}/hook`],
    'E_NOTIFY_NEEDS_HISTORY',
  ],
  [
    '--notify in an unknown format (its URL, a secret, never echoed)',
    () => [
      'run',
      '--target',
      writeProfile(tmp.path('n2.json'), server.url),
      '--history',
      tmp.path('history'),
      '--notify',
      `slak=https://hooks.example.com/services/${CANARY}`,
    ],
    'E_NOTIFY_INVALID',
  ],
  [
    '--notify with an unknown route',
    () => [
      'run',
      '--target',
      writeProfile(tmp.path('n3.json'), server.url),
      '--history',
      tmp.path('history'),
      '--notify',
      `secrets:slack=https://hooks.example.com/services/${CANARY}`,
    ],
    'E_NOTIFY_INVALID',
  ],
  [
    '--notify pagerduty without its routing key in the environment',
    () => [
      'run',
      '--target',
      writeProfile(tmp.path('n4.json'), server.url),
      '--history',
      tmp.path('history'),
      '--notify',
      'pagerduty=https://events.pagerduty.com/v2/enqueue',
    ],
    'E_NOTIFY_KEY_MISSING',
  ],
  [
    '--push-gateway that is not a URL',
    () => ['run', '--target', writeProfile(tmp.path('p1.json'), server.url), '--push-gateway', 'pushgateway:9091'],
    'E_PUSH_GATEWAY_INVALID',
  ],
  [
    '--history under a file',
    () => [
      'run',
      '--target',
      writeProfile(tmp.path('h1.json'), server.url),
      '--history',
      join(fileAt('c-file.txt'), 'history'),
    ],
    'E_HISTORY_UNWRITABLE',
  ],
  [
    "a profile's header whose variable is unset",
    () => [
      'run',
      '--target',
      writeProfile(tmp.path('hd1.json'), server.url, { headers: { 'X-Synthetic': { env: 'E2E_HEADER_NEVER_SET' } } }),
    ],
    'E_HEADER_ENV_MISSING',
  ],
  [
    "a profile's header the suite sets itself (the key's)",
    () => [
      'run',
      '--target',
      writeProfile(tmp.path('hd2.json'), server.url, { headers: { 'X-Api-Key': { env: 'E2E_KEY_APPROVED' } } }),
    ],
    'E_PROFILE_INVALID',
  ],
  [
    'a latency budget for an operation the documents do not have',
    () => [
      'run',
      '--target',
      writeProfile(tmp.path('lat.json'), server.url, { latency: { operations: { 'GET /v1/pings': 500 } } }),
    ],
    'E_PROFILE_OPERATION_UNKNOWN',
  ],
  [
    'a variable without braces in a base URL ($HOST: it would be sent to DNS)',
    () => ['run', '--target', writeProfile(tmp.path('bare.json'), 'http://$E2E_HOST:8080')],
    'E_PROFILE_VARIABLE_SYNTAX',
  ],
  [
    'a ${VAR} where the profile reads none (a fixture)',
    () => [
      'run',
      '--target',
      writeProfile(tmp.path('placed.json'), server.url, { fixtures: { zipCode: '${E2E_ZIP}' } }),
    ],
    'E_PROFILE_VARIABLE_SYNTAX',
  ],
  [
    '--push-gateway with the push path in it',
    () => [
      'run',
      '--target',
      writeProfile(tmp.path('p2.json'), server.url),
      '--push-gateway',
      'http://127.0.0.1:9091/metrics/job/partner',
    ],
    'E_PUSH_GATEWAY_INVALID',
  ],
  [
    '--notify given a webhook URL without its format (the URL is a secret: never shown)',
    () => [
      'run',
      '--target',
      writeProfile(tmp.path('n9.json'), server.url),
      '--history',
      tmp.path('history-n9'),
      '--notify',
      `https://hooks.slack.com/services/T0/B0/${CANARY_LOWER}`,
    ],
    'E_NOTIFY_INVALID',
  ],
  [
    'an --update-baseline path that cannot be written, before any request',
    () => [
      'run',
      '--target',
      writeProfile(tmp.path('b1.json'), server.url),
      '--baseline',
      join(fileAt('d-file.txt'), 'baseline.json'),
      '--update-baseline',
    ],
    'E_BASELINE_UNWRITABLE',
  ],
  [
    'a shard that holds no check of its run profile',
    () => [
      'run',
      '--profile',
      'smoke',
      '--family',
      'medicare',
      '--shard',
      '3/3',
      '--report-dir',
      tmp.path('empty-shard'),
    ],
    'E_SELECTION_EMPTY',
  ],
];

describe('more bad inputs exit 2 with a stable code and a fix', () => {
  it.each(BAD_INPUTS)('%s', async (_what, argv, code) => {
    process.env.E2E_KEY_APPROVED = 'bad-inputs-key-0001';
    delete process.env.PARTNER_CONFORMANCE_PAGERDUTY_KEY;
    try {
      const before = server.received.length;
      const result = await runCli(argv());
      expect(result.err).toMatch(new RegExp(`^${code}: .+\\n  fix: .+`));
      expect(result.code).toBe(2);
      expect(server.received.length).toBe(before);
      expect(result.err).not.toContain('pk_live_x');
      expect(result.err).not.toContain('secret@');
      for (const canary of [CANARY, CANARY_LOWER]) expect(result.err + result.out).not.toContain(canary);
      expect(result.err).not.toMatch(/\n\s+at /); // no stack trace
    } finally {
      restoreEnv();
    }
  });
});

/** An OpenAPI 3.1 document with these paths, as a file. */
function specWithPaths(name: string, paths: object): string {
  const path = tmp.path(`${name}.json`);
  writeFileSync(path, JSON.stringify({ openapi: '3.1.0', info: { title: name, version: '1' }, paths }));
  return path;
}

function fileAt(name: string): string {
  writeFileSync(tmp.path(name), 'not a folder\n');
  return tmp.path(name);
}

describe('setup mistakes outside run', () => {
  it('serve on a busy port exits 2 with E_PORT_IN_USE and no stack', async () => {
    const result = await runCli(['serve', '--port', new URL(server.url).port]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^E_PORT_IN_USE: port \d+ on 127\.0\.0\.1 is already in use\n {2}fix: .+/);
    expect(result.err).not.toMatch(/\n\s+at /);
  });

  it('rules --json into a reader that stops after one line ends quietly (no EPIPE)', async () => {
    const child = spawn(process.execPath, [join(PROJECT_ROOT, 'bin', 'partner-conformance.js'), 'rules', '--json'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const first = await new Promise<string>((resolve) =>
      child.stdout.once('data', (c: Buffer) => resolve(c.toString())),
    );
    child.stdout.destroy(); // as `head -1` does once it has its line
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(first.startsWith('[')).toBe(true);
    expect(err).not.toMatch(/EPIPE|internal error/);
    expect(code).toBe(0);
  }, 30_000);
});
