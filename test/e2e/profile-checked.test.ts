/**
 * The profile is checked, not trusted (through the CLI, against a counting local target): an
 * unknown key role or fixture is exit 2 with a did-you-mean; a fixture value not of its format
 * (`state: "Kentucky"`, `policyPlanYear: "twenty-six"`, which used to become ten contract
 * failures of the target) is exit 2; a declared role whose variable is unset, or whose key
 * carries whitespace or a control character (a key pasted with a trailing newline), is exit 2.
 * Each before any request, and no key value is ever shown (canary keys).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type LocalServer } from '../fault-servers/listen.js';
import { answerPlausibly } from '../fault-servers/plausible.js';
import { runCli, saveEnv, scratch, writeProfile } from './cli.js';

const tmp = scratch('profile-checked');
const CANARY = 'canary-key-4e7a19c2f0b8';
const restoreEnv = saveEnv(['E2E_KEY_APPROVED', 'E2E_KEY_UNAPPROVED']);
let server: LocalServer;

beforeAll(async () => {
  server = await listen((req, res) => answerPlausibly(req, res));
});
afterAll(async () => {
  restoreEnv();
  await server.close();
  tmp.dispose();
});

const APPROVED = { approved: { env: 'E2E_KEY_APPROVED', tier: 'high' as const } };
const UNAPPROVED = { unapproved: { env: 'E2E_KEY_UNAPPROVED', tier: 'high' as const } };

async function run(name: string, extra: Parameters<typeof writeProfile>[2], env: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  const before = server.received.length;
  const result = await runCli(['run', '--target', writeProfile(tmp.path(`${name}.json`), server.url, extra)]);
  return { ...result, sent: server.received.length - before };
}

describe('a target profile is checked before any request', () => {
  it.each([
    [
      'an unknown key role',
      { keys: { ...APPROVED, unaproved: { env: 'E2E_KEY_UNAPPROVED', tier: 'low' as const } } },
      'E_PROFILE_ROLE_UNKNOWN',
      '"unaproved" (did you mean "unapproved"?)',
    ],
    [
      'an unknown fixture',
      { keys: APPROVED, fixtures: { zipcode: '40202' } },
      'E_PROFILE_FIXTURE_UNKNOWN',
      '"zipcode" (did you mean "zipCode"?)',
    ],
    [
      'a state that is not a USPS code',
      { keys: APPROVED, fixtures: { state: 'Kentucky' } },
      'E_PROFILE_FIXTURE_INVALID',
      'state is "Kentucky": expected a two-letter USPS code',
    ],
    [
      'a plan year in words',
      { keys: APPROVED, fixtures: { policyPlanYear: 'twenty-six' } },
      'E_PROFILE_FIXTURE_INVALID',
      'policyPlanYear is "twenty-six": expected an integer year',
    ],
  ])('%s is exit 2 with its code, nothing sent', async (_what, extra, code, text) => {
    const r = await run(code, extra, { E2E_KEY_APPROVED: CANARY });
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${code}: `);
    expect(r.err).toContain(text);
    expect(r.err).toContain('fix: ');
    expect(r.sent).toBe(0);
    expect(r.out + r.err).not.toContain(CANARY);
  });

  it('a declared role whose variable is unset is exit 2 (E_KEY_ENV_MISSING), not a skipped check', async () => {
    const r = await run(
      'unset',
      { keys: { ...APPROVED, ...UNAPPROVED } },
      {
        E2E_KEY_APPROVED: CANARY,
        E2E_KEY_UNAPPROVED: undefined,
      },
    );
    expect(r.code).toBe(2);
    expect(r.err).toContain('E_KEY_ENV_MISSING: environment variable E2E_KEY_UNAPPROVED (key role unapproved) not set');
    expect(r.sent).toBe(0);
  });

  it.each([
    ['a trailing newline', `${CANARY}\n`],
    ['a space inside', `${CANARY.slice(0, 9)} ${CANARY.slice(9)}`],
    // (A NUL would end the variable's value where the environment keeps it: a bell instead.)
    ['a control character', `${CANARY}\u0007`],
  ])('a key with %s is exit 2 (E_KEY_VALUE_MALFORMED), never shown, nothing sent', async (_what, value) => {
    const r = await run(
      'malformed',
      { keys: { ...APPROVED, ...UNAPPROVED } },
      {
        E2E_KEY_APPROVED: CANARY,
        E2E_KEY_UNAPPROVED: value,
      },
    );
    expect(r.code).toBe(2);
    expect(r.err).toContain('E_KEY_VALUE_MALFORMED: the key in E2E_KEY_UNAPPROVED (key role unapproved)');
    expect(r.sent).toBe(0);
    for (const part of [CANARY, CANARY.slice(0, 9), CANARY.slice(9)]) expect(r.out + r.err).not.toContain(part);
  });

  it('plan checks the profile as run does', async () => {
    process.env.E2E_KEY_APPROVED = CANARY;
    const before = server.received.length;
    const r = await runCli([
      'plan',
      '--target',
      writeProfile(tmp.path('plan-bad.json'), server.url, { keys: APPROVED, fixtures: { state: 'Kentucky' } }),
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('E_PROFILE_FIXTURE_INVALID');
    expect(server.received.length).toBe(before);
  });
});
