/** Confirmation before failure, on a fake target and a fake clock: what is tried again, when, and what stands. */
import { describe, expect, test } from 'vitest';
import type { ApiRequest } from '../client/index.js';
import type { Exchange } from '../model.js';
import { resolveRules, ruleCatalogue } from './catalogue.js';
import { ConfirmationBudget } from './confirm-budget.js';
import { confirmable, runConfirmed } from './confirm.js';
import type { CheckContext } from './context.js';
import { answer, fakeClock, fakeTarget } from './fake-target.test-helpers.js';

const ping: ApiRequest = { method: 'GET', path: '/v1/ping' };

function spec(body: (t: CheckContext) => Promise<void>, timeoutMs = 30_000) {
  return {
    title: 'ping answers 200',
    family: 'utility' as const,
    rules: resolveRules(ruleCatalogue(), 't', ['PING-200']),
    timeoutMs,
    body,
  };
}
const pingIs200 = spec(async (t) => t.expect.status(await t.send(ping), 200));

const noAnswer = (req: ApiRequest, error: string): Exchange => ({
  request: { method: req.method, url: `http://127.0.0.1:9${req.path}`, headers: {} },
  error,
  durationMs: 1,
});

/** A target answering each request in turn from `answers` (the last one repeats). */
function scripted(answers: Array<(req: ApiRequest) => Exchange>, requests = 2, pauseMs = 5_000, attempts = 2) {
  let n = 0;
  const target = fakeTarget((req) => answers[Math.min(n++, answers.length - 1)]!(req));
  return Object.assign(target, { confirmations: new ConfirmationBudget({ attempts, requests, pauseMs }) });
}

describe('what is tried again', () => {
  test('a failure on a 5xx or on no answer is; a wrong answer of the target is not', () => {
    const failed = (ex: Exchange) => ({
      check: 'c',
      family: 'utility' as const,
      rules: [],
      verdict: 'failed' as const,
      exchanges: [ex],
    });
    expect(confirmable(failed(answer(ping, 503)))).toBe(true);
    expect(confirmable(failed(noAnswer(ping, 'ECONNRESET')))).toBe(true);
    expect(confirmable(failed(answer(ping, 404)))).toBe(false);
    expect(confirmable(failed(noAnswer(ping, 'BUDGET_TIMEOUT')))).toBe(false);
    expect(confirmable({ ...failed(answer(ping, 503)), verdict: 'passed' })).toBe(false);
    expect(confirmable({ ...failed(answer(ping, 503)), verdict: 'warning' })).toBe(true);
  });
});

describe('runConfirmed', () => {
  test('failed once, then passed after the pause: transient, the first attempt kept beside the second', async () => {
    const clock = fakeClock();
    const target = scripted([(r) => answer(r, 503), (r) => answer(r, 200)]);
    const out = await runConfirmed(pingIs200, target, clock);
    expect(out.action).toBe('pass');
    expect(out.finding.verdict).toBe('passed');
    expect(out.finding.confirmation).toMatchObject({ result: 'transient', pauseMs: 5_000, attempts: 2 });
    expect(out.finding.confirmation!.earlier[0]!.exchanges[0]!.response!.status).toBe(503);
    expect(out.finding.exchanges.map((e) => e.response?.status)).toEqual([200]);
    expect(clock.slept).toEqual([5_000]);
    expect(target.sent).toHaveLength(2);
  });

  test('failed twice: confirmed, and the second failure is the verdict', async () => {
    const target = scripted([(r) => noAnswer(r, 'ECONNRESET'), (r) => answer(r, 502)]);
    const out = await runConfirmed(pingIs200, target, fakeClock());
    expect(out.action).toBe('fail');
    expect(out.finding.verdict).toBe('failed');
    expect(out.finding.confirmation).toMatchObject({ result: 'confirmed' });
    expect(out.finding.observed).toContain('502');
    expect(out.finding.confirmation!.earlier[0]!.exchanges[0]!.error).toBe('ECONNRESET');
  });

  test('a failure that is the target answering wrong is final at once: no pause, one request', async () => {
    const clock = fakeClock();
    const target = scripted([(r) => answer(r, 404)]);
    const out = await runConfirmed(pingIs200, target, clock);
    expect(out.finding.verdict).toBe('failed');
    expect(out.finding.confirmation).toBeUndefined();
    expect(clock.slept).toEqual([]);
    expect(target.sent).toHaveLength(1);
  });

  test('a spent budget leaves the failure unconfirmed, and failed; its one attempt is counted once', async () => {
    const target = scripted([(r) => answer(r, 503)], 1);
    const first = await runConfirmed(pingIs200, target, fakeClock());
    expect(first.finding.confirmation?.result).toBe('confirmed');
    const second = await runConfirmed(pingIs200, target, fakeClock());
    expect(second.action).toBe('fail');
    expect(second.finding.confirmation).toMatchObject({ result: 'unconfirmed', attempts: 1, earlier: [] });
    expect(second.finding.confirmation!.reason).toContain('confirmation budget (1 request(s))');
    expect(target.sent).toHaveLength(3);
  });

  test('the default rides out a blip of two failed requests: failed, failed, passed is transient', async () => {
    const clock = fakeClock();
    const target = scripted(
      [(r) => noAnswer(r, 'ECONNRESET'), (r) => answer(r, 503), (r) => answer(r, 200)],
      2,
      5_000,
      3,
    );
    const out = await runConfirmed(pingIs200, target, clock);
    expect(out.action).toBe('pass');
    expect(out.finding.confirmation).toMatchObject({ result: 'transient', attempts: 3 });
    expect(
      out.finding.confirmation!.earlier.map((a) => a.exchanges[0]!.response?.status ?? a.exchanges[0]!.error),
    ).toEqual(['ECONNRESET', 503]);
    expect(clock.slept).toEqual([5_000, 5_000]);
    expect(target.sent).toHaveLength(3);
  });

  test('confirmed only once every attempt of the window failed', async () => {
    const target = scripted([(r) => answer(r, 503)], 2, 5_000, 3);
    const out = await runConfirmed(pingIs200, target, fakeClock());
    expect(out.finding.confirmation).toMatchObject({ result: 'confirmed', attempts: 3 });
    expect(target.sent).toHaveLength(3);
  });

  test('a window cut short by the budget is unconfirmed, never confirmed', async () => {
    const target = scripted([(r) => answer(r, 503)], 1, 5_000, 3);
    const out = await runConfirmed(pingIs200, target, fakeClock());
    expect(out.action).toBe('fail');
    expect(out.finding.confirmation).toMatchObject({ result: 'unconfirmed', attempts: 2 });
    expect(out.finding.confirmation!.earlier).toHaveLength(1);
    expect(target.sent).toHaveLength(2);
  });

  test('a pause of 30 s is waited whole: the window is not capped', async () => {
    const clock = fakeClock();
    const target = scripted([(r) => answer(r, 503), (r) => answer(r, 200)], 2, 30_000);
    const out = await runConfirmed(pingIs200, target, clock);
    expect(out.finding.confirmation).toMatchObject({ result: 'transient', pauseMs: 30_000 });
    expect(clock.slept).toEqual([30_000]);
  });

  test('a warning on a 5xx (an inferred rule) is tried again as a failure is', async () => {
    const inferred = spec(async (t) => t.expect.status(await t.send(ping), 200));
    const target = scripted([(r) => answer(r, 500), (r) => answer(r, 200)]);
    const out = await runConfirmed(
      { ...inferred, rules: resolveRules(ruleCatalogue(), 't', ['LEGACY-PLAN']) },
      target,
      fakeClock(),
    );
    expect(out.finding.confirmation?.result).toBe('transient');
    expect(target.sent).toHaveLength(2);
  });

  test('a run profile that confirms nothing leaves a failure as it was', async () => {
    const target = fakeTarget((r) => answer(r, 503));
    const out = await runConfirmed(pingIs200, target, fakeClock());
    expect(out.finding.verdict).toBe('failed');
    expect(out.finding.confirmation).toBeUndefined();
    expect(target.sent).toHaveLength(1);
  });

  test("no time left before the run's deadline: unconfirmed, not tried", async () => {
    const target = scripted([(r) => answer(r, 503)], 2, 5_000);
    target.config = { ...target.config, deadlineAt: Date.now() + 4_000 };
    const out = await runConfirmed(pingIs200, target, fakeClock());
    expect(out.finding.confirmation).toMatchObject({ result: 'unconfirmed' });
    expect(out.finding.confirmation!.reason).toContain("run's deadline");
    expect(target.sent).toHaveLength(1);
  });

  test('each attempt has the whole time of the check, not what the first one left', async () => {
    const clock = fakeClock();
    const target = scripted([(r) => answer(r, 503), (r) => answer(r, 200)], 2, 5_000);
    const out = await runConfirmed(
      spec(async (t) => t.expect.status(await t.send(ping), 200), 4_000),
      target,
      clock,
    );
    expect(out.finding.confirmation).toMatchObject({ result: 'transient' });
  });
});
