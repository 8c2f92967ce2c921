import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { bindChecks } from '../checks/bound.js';
import { MissingKeyRole } from '../client/errors.js';
import { ReadOnlyViolation } from '../errors.js';
import type { ApiRequest } from '../client/index.js';
import { resolveRules, ruleCatalogue } from './catalogue.js';
import type { CheckContext } from './context.js';
import { answer, fakeTarget, runConfigFor } from './fake-target.test-helpers.js';
import type { Needs } from './needs.js';
import { checkProperty } from './property.js';
import { runCheck } from './run-check.js';
import { stepFailed, stepStatus } from './setup-step.js';

const ping: ApiRequest = { method: 'GET', path: '/v1/ping' };
const rules = (...ids: string[]) => resolveRules(ruleCatalogue(), 'test', ids);

function spec(ids: string[], body: (t: CheckContext) => Promise<void>, needs?: Needs, timeoutMs = 2_000) {
  return { title: 'a check', family: 'utility' as const, rules: rules(...ids), needs, timeoutMs, body };
}

describe('runCheck: verdicts', () => {
  test('a passing check: passed finding with its rules, section, exchanges and command', async () => {
    const target = fakeTarget((req) => answer(req, 200, { ok: true, environment: 'x' }));
    const out = await runCheck(
      spec(['PING-200', 'PING-SCHEMA'], async (t) => t.expect.status(await t.send(ping), 200)),
      target,
    );
    expect(out.action).toBe('pass');
    expect(out.finding).toMatchObject({
      check: 'a check',
      family: 'utility',
      rules: ['PING-200', 'PING-SCHEMA'],
      section: '4.1, 2.1',
      verdict: 'passed',
    });
    expect(out.finding.exchanges).toHaveLength(1);
    expect(out.finding.reproduce).toBe('npx partner-conformance run --rule PING-200 --rule PING-SCHEMA');
  });

  test('a rule whose own needs are unmet is skipped with them; the check runs and proves the rest', async () => {
    const target = fakeTarget((req) => answer(req, 200, { ok: true, environment: 'x' }));
    const out = await runCheck(
      spec(['PING-200', 'PING-SCHEMA'], async (t) => t.expect.status(await t.send(ping), 200), {
        ruleNeeds: { 'PING-SCHEMA': { roles: ['tierLow'] } },
      }),
      target,
    );
    expect(out.finding).toMatchObject({ rules: ['PING-200'], verdict: 'passed' });
    expect(out.more).toEqual([
      expect.objectContaining({ rules: ['PING-SCHEMA'], verdict: 'skipped', needs: 'role tierLow' }),
    ]);
  });

  test('a violated stated rule fails, naming only the violated rule with expected and observed', async () => {
    const target = fakeTarget((req) => answer(req, 500, { error: 'boom' }));
    const out = await runCheck(
      spec(['PING-200', 'PING-SCHEMA'], async (t) => t.expect.rules('PING-200').status(await t.send(ping), 200)),
      target,
    );
    expect(out.action).toBe('fail');
    expect(out.finding).toMatchObject({
      rules: ['PING-200'],
      section: '4.1',
      verdict: 'failed',
      expected: 'status 200',
      message: 'unexpected status',
    });
    expect(out.finding.observed).toContain('status 500');
    expect(out.finding.exchanges[0]?.response?.status).toBe(500);
    expect(out.finding.reproduce).toBe('npx partner-conformance run --rule PING-200');
  });

  test("a violation judged on an earlier check's exchange shows that exchange too, once", async () => {
    const target = fakeTarget((req) => answer(req, 500, { error: 'boom' }));
    const earlier = await target.client.send(ping);
    const out = await runCheck(
      spec(['PING-200'], async (t) => {
        await t.send(ping);
        t.expect.status(earlier, 200);
      }),
      target,
    );
    expect(out.finding.exchanges).toHaveLength(2);
    expect(out.finding.exchanges[1]).toBe(earlier);
    const own = await runCheck(
      spec(['PING-200'], async (t) => t.expect.status(await t.send(ping), 200)),
      target,
    );
    expect(own.finding.exchanges).toHaveLength(1);
  });

  test('a violated inferred rule warns, with its reason, and does not fail the test, unless strict', async () => {
    const body = async (t: CheckContext) =>
      t.expect.status(await t.send({ method: 'GET', path: '/api/v1/plans/x' }), 404);
    const lenient = await runCheck(
      spec(['LEGACY-PLAN-404'], body),
      fakeTarget((req) => answer(req, 400)),
    );
    expect(lenient.action).toBe('pass');
    expect(lenient.finding.verdict).toBe('warning');
    const reason = ruleCatalogue().byId('LEGACY-PLAN-404')!.warning_reason!;
    expect(lenient.finding.warningReason).toBe(`LEGACY-PLAN-404 is inferred: ${reason}`);
    const strict = await runCheck(
      spec(['LEGACY-PLAN-404'], body),
      fakeTarget((req) => answer(req, 400), runConfigFor({ strict: true })),
    );
    expect(strict.action).toBe('fail');
    expect(strict.finding.verdict).toBe('failed');
  });

  test('a mixed violation (stated and inferred) fails', async () => {
    const out = await runCheck(
      spec(['LEGACY-PLAN-404', 'PING-200'], async (t) => t.expect.status(await t.send(ping), 200)),
      fakeTarget((req) => answer(req, 404)),
    );
    expect(out.finding.verdict).toBe('failed');
  });

  test('a crashing check body fails with its error, not silently', async () => {
    const out = await runCheck(
      spec(['PING-200'], async () => {
        throw new TypeError('x is undefined');
      }),
      fakeTarget((req) => answer(req, 200)),
    );
    expect(out.action).toBe('fail');
    expect(out.finding.message).toContain('TypeError: x is undefined');
  });

  test('a transport failure is a finding naming the rule, not a crash', async () => {
    const target = fakeTarget((req) => ({
      request: { method: req.method, url: req.path, headers: {} },
      error: 'ECONNREFUSED',
      durationMs: 1,
    }));
    const out = await runCheck(
      spec(['PING-200'], async (t) => t.expect.status(await t.send(ping), 200)),
      target,
    );
    expect(out.finding).toMatchObject({ verdict: 'failed', rules: ['PING-200'], message: 'no response' });
    expect(out.finding.observed).toContain('ECONNREFUSED');
  });

  test('a check past its deadline fails with the exchanges it made', async () => {
    const out = await runCheck(
      spec(
        ['PING-200'],
        async (t) => {
          await t.send(ping);
          await new Promise((r) => setTimeout(r, 500));
        },
        undefined,
        50,
      ),
      fakeTarget((req) => answer(req, 200)),
    );
    expect(out.finding.verdict).toBe('failed');
    expect(out.finding.message).toContain('did not finish within 50 ms');
    expect(out.finding.exchanges).toHaveLength(1);
  });
});

describe('runCheck: setup steps', () => {
  test('a failed step blocks the check: its rules are not judged, the step names what it breaks', async () => {
    const target = fakeTarget((req) => answer(req, 422, { errors: [] }));
    const out = await runCheck(
      spec(['PING-200'], async (t) =>
        stepStatus('reach the service', await t.send(ping), [200], { breaks: ['PING-SCHEMA'] }),
      ),
      target,
    );
    expect(out.action).toBe('skip');
    expect(out.finding).toMatchObject({
      rules: ['PING-200'],
      verdict: 'blocked',
      blockedBy: 'setup step: reach the service',
      step: { name: 'reach the service', expected: 'status 200', breaks: ['PING-SCHEMA'] },
    });
    expect(out.finding.step!.observed).toMatch(/^status 422: /);
    expect(out.finding.step!.exchange?.response?.status).toBe(422);
  });

  test('a step answered 429 or not at all breaks no rule (the rate limit, or the network, is the cause)', async () => {
    for (const status of [429, undefined]) {
      const target = fakeTarget((req) =>
        status
          ? answer(req, status, {})
          : {
              request: { method: req.method, url: `http://127.0.0.1:9${req.path}`, headers: {} },
              error: 'ECONNREFUSED',
              durationMs: 1,
            },
      );
      const out = await runCheck(
        spec(['PING-200'], async (t) =>
          stepFailed('reach the service', await t.send(ping), 'status 200', { breaks: ['PING-SCHEMA'] }),
        ),
        target,
      );
      expect(out.finding.verdict).toBe('blocked');
      expect(out.finding.step!.breaks).toEqual([]);
    }
  });
});

describe('runCheck: skips', () => {
  const sends = async (t: CheckContext) => {
    t.expect.status(await t.send(ping), 200);
  };

  test('declared needs the target lacks skip before anything is sent', async () => {
    const target = fakeTarget((req) => answer(req, 200));
    const out = await runCheck(spec(['PING-200'], sends, { roles: ['unapproved'] }), target);
    expect(out).toMatchObject({ action: 'skip', note: 'needs role unapproved' });
    expect(out.finding).toMatchObject({ verdict: 'skipped', needs: 'role unapproved', rules: ['PING-200'] });
    expect(target.sent).toHaveLength(0);
  });

  test('contrasted key roles that hold one key skip before anything is sent: needs two distinct keys', async () => {
    const target = fakeTarget(
      (req) => answer(req, 200),
      runConfigFor(),
      ['approved', 'tierHigh'],
      [['approved', 'tierHigh']],
    );
    const out = await runCheck(
      spec(['IDEMP-SCOPED-BY-KEY'], sends, {
        roles: ['tierHigh'],
        distinctKeys: ['approved', 'tierHigh'],
        writes: false,
      }),
      target,
    );
    expect(out.finding).toMatchObject({
      verdict: 'skipped',
      needs: 'two distinct keys (approved, tierHigh hold the same key)',
    });
    expect(target.sent).toHaveLength(0);
    const apart = await runCheck(
      spec(['IDEMP-SCOPED-BY-KEY'], sends, {
        roles: ['tierHigh'],
        distinctKeys: ['approved', 'tierHigh'],
        writes: false,
      }),
      fakeTarget((req) => answer(req, 200), runConfigFor(), ['approved', 'tierHigh']),
    );
    expect(apart.finding.verdict).toBe('passed');
  });

  test('writes in a read-only run are skipped, declared or implied by a rule', async () => {
    const readOnly = runConfigFor({ runProfile: 'smoke' });
    const declared = await runCheck(
      spec(['PING-200'], sends, { writes: true }),
      fakeTarget((r) => answer(r, 200), readOnly),
    );
    expect(declared.finding.needs).toBe('writes (read-only run)');
    const implied = await runCheck(
      spec(['AUTH-MEDICARE-HEADER'], sends),
      fakeTarget((r) => answer(r, 200), readOnly),
    );
    expect(implied.finding.needs).toBe('writes (read-only run)');
  });

  test('t.fixture and t.role skip the check when the profile lacks them', async () => {
    const target = fakeTarget((req) => answer(req, 200));
    const fixture = await runCheck(
      spec(['PING-200'], async (t) => {
        t.fixture('planFull');
      }),
      target,
    );
    expect(fixture.finding).toMatchObject({ verdict: 'skipped', needs: 'fixture planFull' });
    const role = await runCheck(
      spec(['PING-200'], async (t) => {
        await t.send({ ...ping, role: 'tierLow' });
      }),
      target,
    );
    expect(role.finding).toMatchObject({ verdict: 'skipped', needs: 'role tierLow' });
    expect(target.sent).toHaveLength(0);
  });

  test('client refusals (missing key role, read-only) become skips', async () => {
    const missing = await runCheck(
      spec(['PING-200'], sends),
      fakeTarget(() => new MissingKeyRole('approved')),
    );
    expect(missing.finding.needs).toBe('role approved');
    const refused = await runCheck(
      spec(['PING-200'], sends),
      fakeTarget(() => new ReadOnlyViolation('POST', '/v1/quotes')),
    );
    expect(refused.finding.needs).toBe('writes (read-only run)');
  });

  test('fixtures present are returned as the profile has them', async () => {
    let seen: unknown;
    await runCheck(
      spec(['PING-200'], async (t) => {
        seen = t.fixture('zipCode');
      }),
      fakeTarget((req) => answer(req, 200)),
    );
    expect(seen).toBe('30301');
  });
});

describe('CheckContext', () => {
  test('sendConcurrently keeps input order and every exchange joins the finding', async () => {
    const target = fakeTarget((req) => answer(req, 200, { path: req.path }));
    const out = await runCheck(
      spec(['PING-200'], async (t) => {
        const [a, b] = await t.sendConcurrently([
          { method: 'GET', path: '/a' },
          { method: 'GET', path: '/b' },
        ]);
        expect(t.json(a).path).toBe('/a');
        expect(t.json(b).path).toBe('/b');
      }),
      target,
    );
    expect(out.finding.exchanges.map((e) => e.request.url)).toEqual(['http://127.0.0.1:9/a', 'http://127.0.0.1:9/b']);
  });

  test('idempotencyKey comes from the client, with the run prefix', async () => {
    let key = '';
    await runCheck(
      spec(['PING-200'], async (t) => {
        key = t.idempotencyKey('create');
      }),
      fakeTarget((r) => answer(r, 200)),
    );
    expect(key).toMatch(/^run1-create-/);
  });
});

describe('runCheck: the default key role', () => {
  const roles = (target: ReturnType<typeof fakeTarget>) => target.sent.map((r) => r.role);

  test('ungated families send with `reader` when the profile has it; a named role still wins', async () => {
    const target = fakeTarget((req) => answer(req, 200), runConfigFor(), ['approved', 'reader', 'unapproved']);
    await runCheck(
      spec(['PING-200'], async (t) => {
        await t.send(ping);
        await t.send({ ...ping, role: 'unapproved' });
      }),
      target,
    );
    expect(roles(target)).toEqual(['reader', 'unapproved']);
  });

  test('gated families keep `approved`', async () => {
    const target = fakeTarget((req) => answer(req, 200), runConfigFor(), ['approved', 'reader', 'sessions']);
    await runCheck({ ...spec(['PING-200'], async (t) => void (await t.send(ping))), family: 'enrollments' }, target);
    expect(roles(target)).toEqual(['approved']);
  });

  test('enrollment sessions send with `sessions` when the profile has it, else `approved`', async () => {
    const withKey = fakeTarget((req) => answer(req, 200), runConfigFor(), ['approved', 'reader', 'sessions']);
    await runCheck(
      { ...spec(['PING-200'], async (t) => void (await t.send(ping))), family: 'enrollment-sessions' },
      withKey,
    );
    expect(roles(withKey)).toEqual(['sessions']);
    const without = fakeTarget((req) => answer(req, 200), runConfigFor(), ['approved', 'reader']);
    await runCheck(
      { ...spec(['PING-200'], async (t) => void (await t.send(ping))), family: 'enrollment-sessions' },
      without,
    );
    expect(roles(without)).toEqual(['approved']);
  });

  test('a smoke run uses `approved` everywhere: its key is what it proves valid', async () => {
    const target = fakeTarget((req) => answer(req, 200), runConfigFor({ runProfile: 'smoke' }), [
      'approved',
      'reader',
      'sessions',
    ]);
    await runCheck(
      spec(['PING-200'], async (t) => void (await t.send(ping))),
      target,
    );
    await runCheck(
      { ...spec(['PING-200'], async (t) => void (await t.send(ping))), family: 'enrollment-sessions' },
      target,
    );
    expect(roles(target)).toEqual(['approved', 'approved']);
  });

  test('without a `reader` role, ungated families use `approved`', async () => {
    const target = fakeTarget((req) => answer(req, 200));
    await runCheck(
      spec(['PING-200'], async (t) => void (await t.send(ping))),
      target,
    );
    expect(roles(target)).toEqual(['approved']);
  });
});

describe('runCheck: notes (answers only one source allows)', () => {
  const noted = {
    check: 'schemaValid',
    rules: ['PING-SCHEMA'],
    disagreement: 'X',
    title: 'allowed by one source only (X)',
    expected: 'a body valid for ping',
    observed: '/ok must be boolean (disagreement X: ...)',
  };

  test('a passing check with notes is a warning naming them; the test itself passes', async () => {
    const out = await runCheck(
      spec(['PING-200', 'PING-SCHEMA'], async (t) => {
        t.note(noted);
        t.note(noted);
        t.expect.status(await t.send(ping), 200);
      }),
      fakeTarget((req) => answer(req, 200)),
    );
    expect(out.action).toBe('pass');
    expect(out.finding).toMatchObject({
      verdict: 'warning',
      rules: ['PING-SCHEMA'],
      section: '2.1',
      message: noted.title,
      observed: noted.observed,
      expected: noted.expected,
      warningReason: expect.stringMatching(/^only one of the two sources allows the answer \(disagreement X\)/),
    });
    expect(out.finding.exchanges).toHaveLength(1);
  });

  test('a note does not soften a later violation', async () => {
    const out = await runCheck(
      spec(['PING-200', 'PING-SCHEMA'], async (t) => {
        t.note(noted);
        t.expect.rules('PING-200').status(await t.send(ping), 200);
      }),
      fakeTarget((req) => answer(req, 500)),
    );
    expect(out.finding).toMatchObject({ verdict: 'failed', rules: ['PING-200'] });
  });

  test('the bound schema check hands its notes to the context', async () => {
    const fields = {
      id: 'F',
      where: { operations: ['ping'], pointer: '/ok' },
      prose: { says: 'a string' },
      document: { says: 'a boolean' },
    };
    const target = {
      ...fakeTarget((req) => answer(req, 200, { ok: 'yes' })),
      validateResponse: () => ({ kind: 'invalid' as const, errors: [{ path: '/ok', message: 'must be boolean' }] }),
    };
    const out = await runCheck(
      spec(['PING-SCHEMA'], async (t) => {
        const bound = bindChecks(['PING-SCHEMA'], target, { disagreements: [fields], note: t.note });
        bound.schemaValid(await t.send(ping), 'ping');
      }),
      target,
    );
    expect(out.finding.verdict).toBe('warning');
    expect(out.finding.observed).toContain('disagreement F');
  });
});

describe('runCheck: the run deadline', () => {
  const pong = (req: ApiRequest) => answer(req, 200, { ok: true, environment: 'x' });

  test('a check that starts past the run deadline sends nothing and is not run', async () => {
    const target = fakeTarget(pong, runConfigFor({ deadlineAt: Date.now() - 1 }));
    const out = await runCheck(
      spec(['PING-200'], async (t) => t.expect.status(await t.send(ping), 200)),
      target,
    );
    expect(out.action).toBe('skip');
    expect(out.finding).toMatchObject({ verdict: 'not run', rules: ['PING-200'], exchanges: [] });
    expect(out.finding.message).toContain('deadline');
    expect(target.sent).toHaveLength(0);
  });

  test('a check still running at the run deadline is cut short there: not run, not failed', async () => {
    const target = fakeTarget(pong, runConfigFor({ deadlineAt: Date.now() + 50 }));
    const started = performance.now();
    const out = await runCheck(
      spec(['PING-200'], async (t) => {
        await t.send(ping);
        await new Promise((r) => setTimeout(r, 1_000));
      }),
      target,
    );
    expect(performance.now() - started).toBeLessThan(900);
    expect(out.finding).toMatchObject({ verdict: 'not run', exchanges: [] });
    expect(target.sent).toHaveLength(1);
  });

  test('a request the run deadline left no time to send (BUDGET_TIMEOUT): not run, not failed', async () => {
    const unsent = (req: ApiRequest) => ({ ...answer(req, 200, {}), response: undefined, error: 'BUDGET_TIMEOUT' });
    const body = async (t: CheckContext) => t.expect.status(await t.send(ping), 200);
    const cut = await runCheck(
      spec(['PING-200'], body),
      fakeTarget(unsent, runConfigFor({ deadlineAt: Date.now() + 500 })),
    );
    expect(cut.finding).toMatchObject({ verdict: 'not run', exchanges: [] });
    // With time left in the run, a budget timeout is the check's own matter: its verdict stands.
    const own = await runCheck(
      spec(['PING-200'], body),
      fakeTarget(unsent, runConfigFor({ deadlineAt: Date.now() + 60_000 })),
    );
    expect(own.finding.verdict).toBe('failed');
  });

  test("a check's own timeout, with the run deadline far, is still the check's failure", async () => {
    const target = fakeTarget(pong, runConfigFor({ deadlineAt: Date.now() + 60_000 }));
    const out = await runCheck(
      spec(['PING-200'], () => new Promise((r) => setTimeout(r, 1_000)), undefined, 50),
      target,
    );
    expect(out.finding.verdict).toBe('failed');
    expect(out.finding.message).toContain('CheckTimeout');
  });
});

describe('runCheck: a rule with nothing to judge against', () => {
  const unspecified = (base: ReturnType<typeof fakeTarget>) => ({
    ...base,
    validateResponse: () => ({ kind: 'unspecified' as const, reason: 'no such operation' }),
  });
  const pong = (req: ApiRequest) => answer(req, 200, { ok: true, environment: 'x' });

  test('is skipped with the schema it needs; the rules the check judged pass', async () => {
    const out = await runCheck(
      spec(['PING-200', 'SCHEMA-RESPONSE-VALID'], async (t) => {
        const ex = await t.send(ping);
        t.expect.rules('PING-200').status(ex, 200);
        t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, 'ping');
      }),
      unspecified(fakeTarget(pong)),
    );
    expect(out.action).toBe('pass');
    expect(out.finding).toMatchObject({ verdict: 'passed', rules: ['PING-200'] });
    expect(out.more).toEqual([
      expect.objectContaining({
        verdict: 'skipped',
        rules: ['SCHEMA-RESPONSE-VALID'],
        needs: 'a schema for ping 200 in the loaded document',
      }),
    ]);
  });

  test('a check whose only rule had nothing to judge against is skipped, never passed', async () => {
    const out = await runCheck(
      spec(['SCHEMA-RESPONSE-VALID'], async (t) => t.expect.schemaValid(await t.send(ping), 'ping')),
      unspecified(fakeTarget(pong)),
    );
    expect(out.action).toBe('skip');
    expect(out.finding).toMatchObject({ verdict: 'skipped', rules: ['SCHEMA-RESPONSE-VALID'] });
  });

  test('a rule judged on another exchange of the check stays passed', async () => {
    let calls = 0;
    const target = {
      ...fakeTarget(pong),
      validateResponse: () =>
        ++calls === 1 ? { kind: 'valid' as const } : { kind: 'unspecified' as const, reason: 'no schema' },
    };
    const out = await runCheck(
      spec(['SCHEMA-RESPONSE-VALID'], async (t) => {
        t.expect.schemaValid(await t.send(ping), 'ping');
        t.expect.schemaValid(await t.send(ping), 'ping');
      }),
      target,
    );
    expect(out.finding).toMatchObject({ verdict: 'passed', rules: ['SCHEMA-RESPONSE-VALID'] });
    expect(out.more).toBeUndefined();
  });
});

describe('runCheck: a pass is earned on judged exchanges', () => {
  const target = () => fakeTarget((req) => answer(req, 200, { ok: true, environment: 'x' }));

  test('the proof names, per rule, the exchanges judged for it; narrowed checks judge only their rules', async () => {
    const out = await runCheck(
      spec(['PING-200', 'PING-SCHEMA'], async (t) => {
        const first = await t.send(ping);
        t.expect.rules('PING-200').status(first, 200);
        const second = await t.send(ping);
        t.expect.status(second, 200);
      }),
      target(),
    );
    expect(out.finding).toMatchObject({ verdict: 'passed', proof: { 'PING-200': [0, 1], 'PING-SCHEMA': [1] } });
  });

  test('reading a body judges nothing: a check that only reads, or only sends, is skipped, never passed', async () => {
    for (const body of [
      async (t: CheckContext) => void t.json(await t.send(ping)),
      async (t: CheckContext) => void (await t.send(ping)),
      async () => {},
    ]) {
      const out = await runCheck(spec(['PING-200'], body), target());
      expect(out.action).toBe('skip');
      expect(out.finding).toMatchObject({
        verdict: 'skipped',
        needs: 'an exchange to judge (the check ended without judging one)',
      });
      expect(out.finding.proof).toBeUndefined();
    }
  });

  test("a property's passing runs keep the exchanges they judged, cited by the proof, and the runs made", async () => {
    const out = await runCheck(
      spec(['PING-200'], (t) =>
        checkProperty(
          t,
          () => fc.integer({ min: 1, max: 9 }),
          async (run) => run.expect.status(await run.send(ping), 200),
          { seed: 1, numRuns: 3, timeLimitMs: 2_000 },
        ),
      ),
      target(),
    );
    expect(out.finding.verdict).toBe('passed');
    expect(out.finding.exchanges).toHaveLength(3);
    expect(out.finding.proof).toEqual({ 'PING-200': [0, 1, 2] });
    expect(out.finding.runs).toEqual({ planned: 3, executed: 3 });
  });

  test('a property its time limit cuts short is not run: it proves nothing and keeps the runs it made', async () => {
    const out = await runCheck(
      spec(
        ['PING-200'],
        (t) =>
          checkProperty(
            t,
            () => fc.integer({ min: 1, max: 9 }),
            async (run) => {
              run.expect.status(await run.send(ping), 200);
              // Each run takes longer than a quarter of the time limit: 25 cannot all fit.
              await new Promise((resolve) => setTimeout(resolve, 60));
            },
            { seed: 1, numRuns: 25, timeLimitMs: 200 },
          ),
        undefined,
        5_000,
      ),
      target(),
    );
    expect(out.action).toBe('skip');
    expect(out.finding.verdict).toBe('not run');
    expect(out.finding.proof).toBeUndefined();
    expect(out.finding.runs!.planned).toBe(25);
    expect(out.finding.runs!.executed).toBeLessThan(25);
    // What it sent stays in the finding (the run under way when time ran out sent one more).
    expect(out.finding.exchanges.length).toBeGreaterThanOrEqual(out.finding.runs!.executed);
    expect(out.finding.needs).toBe(
      `its property to make all its 25 runs (its time limit cut it short after ${out.finding.runs!.executed})`,
    );
    expect(out.finding.message).toMatch(/^not run to its end: the property was cut short by its time limit/);
  });

  test(
    'a read the check did not declare is named in its finding; a declared one, or one the ' +
      'vocabulary allows, is not',
    async () => {
      const config = runConfigFor({}, { fixtures: { zipCode: '30301', state: 'GA', planYear: 2026 } });
      const out = await runCheck(
        spec(
          ['PING-200'],
          async (t) => {
            t.fixture('zipCode');
            t.fixture('state');
            // utility reads policyPlanYear when present (the vocabulary's optionalIn); unapproved it needs.
            t.target.fixture('policyPlanYear');
            t.target.fixture('confirmationId');
            t.expect.status(await t.send({ ...ping, role: t.role('unapproved') }), 200);
          },
          { fixtures: ['zipCode'] },
        ),
        fakeTarget((req) => answer(req, 200), config, ['approved', 'unapproved']),
      );
      expect(out.finding.undeclaredReads).toEqual([
        'fixture state',
        'fixture confirmationId (read when present)',
        'role unapproved',
      ]);
      const declared = await runCheck(
        spec(['PING-200'], async (t) => t.expect.status(await t.send(ping), 200), { fixtures: ['zipCode'] }),
        target(),
      );
      expect(declared.finding.undeclaredReads).toBeUndefined();
    },
  );

  test('the finding carries the id it was given', async () => {
    const out = await runCheck(
      { ...spec(['PING-200'], async (t) => t.expect.status(await t.send(ping), 200)), id: 'a-check' },
      target(),
    );
    expect(out.finding.id).toBe('a-check');
  });
});
