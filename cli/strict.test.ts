/**
 * Strictness: `--strict` and the target profile's `strict` agree. Either makes the run strict
 * (a failed inferred rule fails it); the flag only ever adds strictness, and nothing makes a
 * strict profile's run lenient. The repeated command keeps it, and `plan` says which.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forecastOf } from '../engine/forecast.js';
import { planRun } from '../engine/plan.js';
import { runInfoOf } from '../engine/plan-outputs.js';
import { renderPlan } from './plan-command.js';

const dir = mkdtempSync(join(tmpdir(), 'strict-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function profile(name: string, strict?: unknown): string {
  const path = join(dir, `${name}.json`);
  const keys = { approved: { env: 'STRICT_TEST_KEY_APPROVED', tier: 'low' } };
  writeFileSync(path, JSON.stringify({ name, baseUrl: 'https://staging.example.com', keys, strict }));
  return path;
}

// A run (and its plan) is made only with its key variables set.
beforeAll(() => {
  process.env.STRICT_TEST_KEY_APPROVED = 'strict-test-key-0001';
});
afterAll(() => {
  delete process.env.STRICT_TEST_KEY_APPROVED;
});

const planOf = (target: string, strict?: boolean) =>
  planRun({ target, families: ['utility'], ...(strict ? { strict } : {}) });
const commandOf = async (target: string, strict?: boolean) => {
  const plan = await planOf(target, strict);
  return runInfoOf(plan, { profile: plan.profile }, new Date()).command;
};

describe('a strict run, from the flag or the target profile', () => {
  it.each([
    ['neither', undefined, undefined, false],
    ['the flag alone', undefined, true, true],
    ['the profile alone', true, undefined, true],
    ['both', true, true, true],
    ['the flag over a profile that says false', false, true, true],
  ])('%s', async (_what, inProfile, flag, strict) => {
    const plan = await planOf(profile(`p-${String(inProfile)}-${String(flag)}`, inProfile), flag);
    expect(plan.strict).toBe(strict);
  });

  it('the repeated command names --strict only for what the profile does not already say', async () => {
    expect(await commandOf(profile('lenient'), true)).toMatch(/ --strict$/);
    expect(await commandOf(profile('strict', true))).not.toContain('--strict');
    expect(await commandOf(profile('strict-and-flag', true), true)).not.toContain('--strict');
    expect(await commandOf(profile('none'))).not.toContain('--strict');
  });

  it('a profile whose strict is not a boolean is refused before any request (E_PROFILE_INVALID)', async () => {
    await expect(planOf(profile('bad', 'yes'))).rejects.toMatchObject({ code: 'E_PROFILE_INVALID' });
  });
});

describe('plan says whether the run is strict, and what makes it so', () => {
  const render = async (target: string, flag?: boolean) => renderPlan(forecastOf(await planOf(target, flag), [], {}));

  it('lenient: inferred rules warn with their reasons', async () => {
    const plan = await planOf(profile('plan-lenient'));
    expect(forecastOf(plan, [], {}).strict).toEqual({ on: false, inferred: 0 });
    expect(await render(profile('plan-lenient'))).toMatch(
      /^Strict: no: a failed inferred rule warns, with the reason/m,
    );
  });

  it('by the profile, or by the flag', async () => {
    expect(forecastOf(await planOf(profile('plan-profile', true)), [], {}).strict).toMatchObject({
      on: true,
      by: 'profile',
    });
    expect(await render(profile('plan-profile', true))).toMatch(
      /^Strict: yes \(the target profile's "strict": true\)/m,
    );
    expect(await render(profile('plan-flag'), true)).toMatch(
      /^Strict: yes \(--strict\): a failed inferred rule fails/m,
    );
  });
});
