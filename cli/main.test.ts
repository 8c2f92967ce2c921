/**
 * Every bad input to the command line exits 2 with its stable code and a fix, before any
 * request reaches the target (a local server counts what it receives).
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from './main.js';
import { PROJECT_ROOT } from '../harness/paths.js';

let server: Server;
let requests = 0;
let url = '';
const dir = mkdtempSync(join(tmpdir(), 'cli-bad-'));
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};

beforeAll(async () => {
  server = createServer((_req, res) => {
    requests += 1;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

async function runMain(argv: string[]) {
  let out = '';
  let err = '';
  const code = await main(argv, {
    out: { write: (s: string) => (out += s) },
    err: { write: (s: string) => (err += s) },
  });
  return { code, out, err };
}

/** [what, argv, expected code]; `url` is the counting server. */
const BAD_INPUTS: Array<[string, () => string[], string]> = [
  ['unknown command', () => ['nonsense'], 'E_USAGE'],
  ['unknown flag', () => ['run', '--bogus'], 'E_USAGE'],
  ['missing flag value', () => ['run', '--seed'], 'E_USAGE'],
  ['flag value forgotten before the next flag', () => ['run', '--family', '--strict'], 'E_USAGE'],
  ['stray word', () => ['run', 'utility'], 'E_USAGE'],
  ['--legacy-base-url without a target', () => ['run', '--legacy-base-url', url], 'E_FLAGS_CONFLICT'],
  [
    '--base-url over a profile, not http(s)',
    () => ['run', '--target', 'specs/profiles/staging.json', '--base-url', 'ftp://x/'],
    'E_BASE_URL_INVALID',
  ],
  ['--fault with a remote target', () => ['run', '--base-url', url, '--fault', 'anything'], 'E_FLAGS_CONFLICT'],
  ['unknown run profile', () => ['run', '--profile', 'nightly'], 'E_PROFILE_UNKNOWN'],
  ['unknown family', () => ['run', '--family', 'utility,billing'], 'E_FAMILY_UNKNOWN'],
  ['unknown rule', () => ['run', '--rule', 'PING-NOT-A-RULE'], 'E_RULE_UNKNOWN'],
  ['unknown excluded rule', () => ['run', '--exclude-rule', 'PING-SCHEM'], 'E_RULE_UNKNOWN'],
  ['unknown excluded family', () => ['run', '--exclude-family', 'utilty'], 'E_FAMILY_UNKNOWN'],
  ['every family excluded', () => ['run', '--family', 'utility', '--exclude-family', 'utility'], 'E_SELECTION_EMPTY'],
  ['every --rule excluded', () => ['run', '--rule', 'PING-200', '--exclude-rule', 'PING-200'], 'E_SELECTION_EMPTY'],
  ['--update-baseline without --baseline', () => ['run', '--update-baseline'], 'E_FLAGS_CONFLICT'],
  ['missing baseline', () => ['run', '--baseline', join(dir, 'absent-baseline.json')], 'E_BASELINE_MISSING'],
  [
    'baseline of another format',
    () => ['run', '--baseline', file('baseline-v3.json', '{"format":"partner-conformance.baseline/3","entries":[]}')],
    'E_BASELINE_INVALID',
  ],
  [
    'baseline naming an unknown rule',
    () => [
      'run',
      '--baseline',
      file(
        'baseline-rule.json',
        JSON.stringify({
          format: 'partner-conformance.baseline/2',
          entries: [{ rule: 'PING-SCHEM', operation: 'GET /v1/ping' }],
        }),
      ),
    ],
    'E_BASELINE_UNKNOWN',
  ],
  ['seed not an integer', () => ['run', '--seed', '1.5'], 'E_SEED_INVALID'],
  ['path that is not a fast-check path', () => ['run', '--seed', '1', '--path', '3:x'], 'E_PATH_INVALID'],
  ['path without its seed', () => ['run', '--path', '3:1@G:A'], 'E_PATH_INVALID'],
  ['runs not positive', () => ['run', '--runs', '0'], 'E_RUNS_INVALID'],
  ['unreadable spec', () => ['run', '--base-url', url, '--spec', join(dir, 'absent.yaml')], 'E_SPEC_UNREADABLE'],
  [
    'spec that is not OpenAPI',
    () => ['run', '--base-url', url, '--spec', file('not-openapi.yaml', 'title: a shopping list\nitems: [milk]\n')],
    'E_SPEC_NOT_OPENAPI',
  ],
  ['missing target profile', () => ['run', '--target', join(dir, 'absent.json')], 'E_PROFILE_MISSING'],
  ['profile that is not JSON', () => ['run', '--target', file('broken.json', '{ "name": ')], 'E_PROFILE_UNREADABLE'],
  [
    'profile of the wrong shape',
    () => ['run', '--target', file('wrong.json', '{ "name": "x", "baseUrl": 42 }')],
    'E_PROFILE_INVALID',
  ],
  ['base URL that is not http(s)', () => ['run', '--base-url', 'ftp://127.0.0.1/'], 'E_BASE_URL_INVALID'],
  ['missing key environment variable', () => ['run', '--base-url', url], 'E_KEY_ENV_MISSING'],
  ['unknown fault', () => ['run', '--fault', 'no-such-fault'], 'E_FAULT_UNKNOWN'],
  [
    '--variant with a remote target',
    () => ['run', '--base-url', url, '--variant', 'enr-create-200'],
    'E_FLAGS_CONFLICT',
  ],
  [
    'unknown variant',
    () => ['run', '--variant', 'enr-create-200', '--variant', 'no-such-variant'],
    'E_VARIANT_UNKNOWN',
  ],
  [
    "variant the run's document does not allow",
    () => ['run', '--variant', 'enr-payment-fields-map', '--spec', 'specs/provider/openapi.json'],
    'E_VARIANT_DOCUMENT',
  ],
  ['unknown variant for the sandbox', () => ['serve', '--variant', 'no-such-variant'], 'E_VARIANT_UNKNOWN'],
  ['unknown variant for the matrix', () => ['variants', '--variant', 'no-such-variant'], 'E_VARIANT_UNKNOWN'],
  ['unknown document for the matrix', () => ['variants', '--document', 'openapi'], 'E_USAGE'],
  ['bad pairing mode for the campaign', () => ['mutation', '--with-variants', 'some'], 'E_USAGE'],
  ['unknown fault in the campaign', () => ['mutation', '--fault', 'no-such-fault'], 'E_FAULT_UNKNOWN'],
  ['unknown scope of the campaign', () => ['mutation', '--scope', 'operation'], 'E_USAGE'],
  [
    'unknown family in the campaign',
    () => ['mutation', '--scope', 'operations', '--family', 'billing'],
    'E_FAMILY_UNKNOWN',
  ],
  [
    'unreadable spec for the campaign',
    () => ['mutation', '--fault', 'missing-key-401', '--spec', join(dir, 'absent.yaml')],
    'E_SPEC_UNREADABLE',
  ],
  ['unknown family for rules', () => ['rules', '--family', 'billing'], 'E_FAMILY_UNKNOWN'],
  ['route without an exit code', () => ['route'], 'E_USAGE'],
  ['route with a number that is no exit code', () => ['route', '42'], 'E_USAGE'],
];

describe('bad inputs exit 2 with a stable code and a fix', () => {
  it.each(BAD_INPUTS)('%s', async (_what, argv, code) => {
    const saved = process.env.PARTNER_KEY_APPROVED;
    delete process.env.PARTNER_KEY_APPROVED;
    try {
      const result = await runMain(argv());
      expect(result.err).toMatch(new RegExp(`^${code}: .+\\n  fix: .+`));
      expect(result.code).toBe(2);
      expect(requests).toBe(0);
    } finally {
      if (saved !== undefined) process.env.PARTNER_KEY_APPROVED = saved;
    }
  });
});

describe('hints that name the mistake', () => {
  it('an unknown --exclude-rule or --exclude-family names the closest known one', async () => {
    expect((await runMain(['run', '--exclude-rule', 'PING-SCHEM'])).err).toContain(
      '--exclude-rule: unknown rule "PING-SCHEM" (did you mean "PING-SCHEMA"?)',
    );
    expect((await runMain(['run', '--exclude-family', 'utilty'])).err).toContain(
      '--exclude-family: unknown family "utilty" (did you mean "utility"?)',
    );
  });

  it('a target profile file given to --profile points to --target', async () => {
    const result = await runMain(['run', '--profile', 'specs/profiles/staging.json']);
    expect(result.code).toBe(2);
    expect(result.err).toContain('fix: --profile takes a run profile');
    expect(result.err).toContain('--target specs/profiles/staging.json');
  });

  it('a flag npm took for itself (`npm start --family utility`) shows the command with `--`', async () => {
    const saved = { event: process.env.npm_lifecycle_event, family: process.env.npm_config_family };
    process.env.npm_lifecycle_event = 'start';
    process.env.npm_config_family = 'true';
    try {
      const result = await runMain(['run', 'utility']);
      expect(result.code).toBe(2);
      expect(result.err).toContain('npm took --family for itself');
      expect(result.err).toContain('`npm start -- --family utility`');
    } finally {
      for (const [name, value] of [
        ['npm_lifecycle_event', saved.event],
        ['npm_config_family', saved.family],
      ] as const)
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
    }
  });
});

describe('the real process', () => {
  const spawn = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
      const clean = { ...process.env, ...env };
      delete clean.PARTNER_KEY_APPROVED;
      execFile(
        process.execPath,
        ['--import', 'tsx', 'cli/main.ts', ...args],
        { cwd: PROJECT_ROOT, env: clean, timeout: 30_000 },
        (error, stdout, stderr) =>
          resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
      );
    });

  it('exits 2 and prints the code on stderr, for usage and configuration errors alike', async () => {
    const [usage, key] = await Promise.all([spawn(['run', '--family', 'billing']), spawn(['run', '--base-url', url])]);
    expect([usage.code, key.code]).toEqual([2, 2]);
    expect(usage.stderr).toContain('E_FAMILY_UNKNOWN');
    expect(key.stderr).toContain('E_KEY_ENV_MISSING: environment variable PARTNER_KEY_APPROVED');
    expect(requests).toBe(0);
  });
});

describe('help and version', () => {
  it('answer with exit 0 for every command', async () => {
    for (const command of ['run', 'serve', 'rules', 'mutation', 'variants']) {
      const help = await runMain([command, '--help']);
      expect(help.code).toBe(0);
      expect(help.out).toContain(`partner-conformance ${command} [flags]`);
    }
    expect((await runMain(['run', '--help'])).out).toContain('--base-url <url>');
    const version = await runMain(['--version']);
    expect(version.out.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(version.code).toBe(0);
  });

  it('exits 2 with the command list when no command is given', async () => {
    const none = await runMain([]);
    expect(none.code).toBe(2);
    expect(none.out).toContain('Commands:');
  });
});
