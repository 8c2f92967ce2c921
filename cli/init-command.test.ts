/**
 * `init` writes a target profile with what a run profile's checks need: filled in, `plan` finds
 * nothing a check needs missing from it (but a webhook receiver, which a profile cannot hold);
 * left unfilled, every run and plan refuse it naming each value. Bad input writes nothing.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { forecastOf } from '../engine/forecast.js';
import { planRun } from '../engine/plan.js';
import { createSuiteRunner } from '../engine/suite-runner.js';
import { ConfigError } from '../harness/errors.js';
import { FILL_PREFIX, loadTargetProfile, referenceProfilePath } from '../harness/profile.js';
import { KEY_ROLES, type KeyRoleSpec } from '../harness/profile-vocabulary.js';
import { projectPath } from '../harness/paths.js';
import { main } from './main.js';

const dir = mkdtempSync(join(tmpdir(), 'init-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function init(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io = { out: { write: (s: string) => (out += s) }, err: { write: (s: string) => (err += s) } };
  const code = await main(['init', ...args], io);
  return { code, out, err };
}

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, any>;
const reference = read(referenceProfilePath());

/** The scaffold with every FILL value given: the reference server's fixtures, each key at tier high. */
function filled(path: string): string {
  const profile = read(path);
  for (const key of Object.values(profile.keys) as Array<{ tier: string }>)
    if (key.tier.startsWith(FILL_PREFIX)) key.tier = 'high';
  for (const name of Object.keys(profile.fixtures)) profile.fixtures[name] = reference.fixtures[name];
  const out = path.replace(/\.json$/, '.filled.json');
  writeFileSync(out, JSON.stringify(profile));
  return out;
}

/** The plan of `target`, its key variables set (a run and its plan are made only then), each to a key of its own. */
async function forecast(target: string, profile: string) {
  const variables = Object.values(read(target).keys as Record<string, { env: string }>).map((k) => k.env);
  const env = Object.fromEntries(variables.map((name, i) => [name, `init-test-key-${i}`]));
  const saved = Object.fromEntries(variables.map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    const plan = await planRun({ target, profile });
    const runner = await createSuiteRunner(plan.families);
    try {
      return forecastOf(plan, (await runner.collect?.(plan.families)) ?? [], { ...process.env, ...env });
    } finally {
      await runner.close();
    }
  } finally {
    for (const [name, value] of Object.entries(saved))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  }
}

describe('partner-conformance init', () => {
  it.each(['conformance'])(
    'writes every key role and fixture a %s run needs: filled in, plan skips only the webhook checks',
    async (runProfile) => {
      const out = join(dir, `${runProfile}.json`);
      const { code, out: said } = await init(
        '--base-url',
        'https://staging.example.com/',
        '--profile',
        runProfile,
        '--out',
        out,
      );
      expect(code).toBe(0);
      const profile = read(out);
      expect(profile.baseUrl).toBe('https://staging.example.com');
      expect(profile.readOnly).toBe(false);
      for (const [role, key] of Object.entries(profile.keys) as Array<[string, { env: string }]>) {
        expect(key.env).toBe((KEY_ROLES as Record<string, KeyRoleSpec>)[role]!.env);
        expect(said).toContain(key.env);
      }
      for (const name of Object.keys(profile.fixtures)) expect(said).toMatch(new RegExp(`\\n    ${name} `));
      expect(said).toContain(`Then: partner-conformance plan --target`);
      const plan = await forecast(filled(out), runProfile);
      // Besides what the documents do not state (a success status of three older ICHRA operations), which no profile
      // can give.
      const skipped = plan.checks.filter((c) => c.will === 'skip').map((c) => c.needs ?? '');
      expect(skipped.filter((needs) => !needs.startsWith('the documents to state '))).toEqual([
        'webhook receiver',
        'webhook receiver',
      ]);
      expect(plan.complete).toBe(true);
    },
    120_000,
  );

  it('for smoke: read-only, with the one write smoke sends and the fixtures of the shipped example', async () => {
    const out = join(dir, 'smoke.json');
    expect((await init('--base-url', 'https://api.example.com', '--profile', 'smoke', '--out', out)).code).toBe(0);
    const profile = read(out);
    const production = read(projectPath('specs/profiles/production.json'));
    expect(profile.readOnly).toBe(true);
    expect(profile.sideEffectFreeWrites).toEqual(production.sideEffectFreeWrites);
    expect(Object.keys(profile.fixtures).sort()).toEqual(Object.keys(production.fixtures).sort());
    expect(Object.keys(profile.keys)).toEqual(['approved']);
    expect((await forecast(filled(out), 'smoke')).checks.every((c) => c.will === 'run')).toBe(true);
  });

  it('narrows to --family, and a profile left unfilled is refused by name (E_PROFILE_UNFILLED)', async () => {
    const out = join(dir, 'quotes.json');
    expect((await init('--base-url', 'https://q.example.com', '--family', 'quotes', '--out', out)).code).toBe(0);
    const profile = read(out);
    expect(profile.fixtures.zipCode).toMatch(/^FILL: a 5-digit ZIP code/);
    expect(profile.fixtures.confirmationId).toBeUndefined();
    expect(() => loadTargetProfile(out)).toThrow(ConfigError);
    expect(() => loadTargetProfile(out)).toThrow(
      /still has \d+ values to fill: \/keys\/approved\/tier, .*\/fixtures\//,
    );
    expect(() => loadTargetProfile(filled(out))).not.toThrow();
  });

  it.each([
    ['no base URL', [], 'E_USAGE'],
    ['an unknown run profile', ['--base-url', 'https://x.example.com', '--profile', 'smok'], 'E_PROFILE_UNKNOWN'],
    ['an unknown family', ['--base-url', 'https://x.example.com', '--family', 'quotse'], 'E_FAMILY_UNKNOWN'],
    ['a base URL ending in /v1', ['--base-url', 'https://x.example.com/v1'], 'E_BASE_URL_HAS_V1'],
    ['a base URL that is not http(s)', ['--base-url', 'ftp://x.example.com'], 'E_BASE_URL_INVALID'],
  ])('refuses %s: exit 2, its code and fix, nothing written', async (_what, args, errorCode) => {
    const out = join(dir, `bad-${errorCode}.json`);
    const { code, err } = await init(...args, '--out', out);
    expect(code).toBe(2);
    expect(err).toMatch(new RegExp(`^${errorCode}: .*\\n  fix: `));
    expect(existsSync(out)).toBe(false);
  });

  it('refuses an existing file unless --force (E_INIT_EXISTS), leaving it as it was', async () => {
    const out = join(dir, 'mine.json');
    writeFileSync(out, '{"mine": true}\n');
    const refused = await init('--base-url', 'https://x.example.com', '--family', 'utility', '--out', out);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/^E_INIT_EXISTS: .*mine\.json exists/);
    expect(readFileSync(out, 'utf8')).toBe('{"mine": true}\n');
    const forced = await init('--base-url', 'https://x.example.com', '--family', 'utility', '--out', out, '--force');
    expect(forced.code).toBe(0);
    expect(read(out).baseUrl).toBe('https://x.example.com');
  });

  it("names each role by the variable the shipped examples use (KEY_ROLES' env)", () => {
    for (const example of ['staging', 'certification', 'production', 'reference']) {
      const { keys } = read(projectPath(`specs/profiles/${example}.json`));
      for (const [role, key] of Object.entries(keys) as Array<[string, { env: string }]>)
        expect(key.env, `${example}: ${role}`).toBe((KEY_ROLES as Record<string, KeyRoleSpec>)[role]!.env);
    }
  });
});
