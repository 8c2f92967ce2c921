/** `plan` says whether the run would be strict (a failed inferred rule fails it), and what makes it so. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { forecastOf } from '../engine/forecast.js';
import { planRun } from '../engine/plan.js';
import { renderPlan } from './plan-command.js';

const dir = mkdtempSync(join(tmpdir(), 'plan-strict-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function profile(name: string, strict?: boolean): string {
  const path = join(dir, `${name}.json`);
  const keys = { approved: { env: 'STRICT_TEST_KEY_APPROVED', tier: 'low' } };
  writeFileSync(path, JSON.stringify({ name, baseUrl: 'https://staging.example.com', keys, strict }));
  return path;
}

const planOf = (target: string, strict?: boolean) =>
  planRun({ target, families: ['utility'], ...(strict ? { strict } : {}) }, { requireKeys: false });

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
