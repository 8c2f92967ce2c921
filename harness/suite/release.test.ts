import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { resolveRules, ruleCatalogue } from './catalogue.js';
import { createCheckContext } from './context.js';
import { answer, fakeClock, fakeTarget } from './fake-target.test-helpers.js';
import { sendReleased, timeOf } from './release.js';

const rules = resolveRules(ruleCatalogue(), 'r', ['PING-200']);
const reqs = ['a', 'b', 'c'].map((label) => ({ method: 'GET' as const, path: `/v1/ping?${label}`, label }));

describe('sendReleased', () => {
  test('releases in the order the scheduler draws, a gap before each, and answers in input order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), async (scheduler) => {
        const fake = fakeTarget((req) => answer(req, 200));
        const clock = fakeClock();
        const out = await sendReleased(createCheckContext(fake, rules), reqs, { scheduler, gaps: [5, 10] }, clock);
        expect(out.map((ex) => ex.request.url.slice(-1))).toEqual(['a', 'b', 'c']);
        // The scheduler's report lists the releases in the order it made them: the order sent.
        const released = scheduler.report().map((r) => r.label);
        expect(fake.sent.map((r) => r.label)).toEqual(released);
        expect(clock.slept).toEqual([5, 10, 0]);
        // Paced requests of one overlap are one race: their tokens reserved together.
        expect(new Set(fake.sent.map((r) => r.together?.id)).size).toBe(1);
      }),
      { numRuns: 10, seed: 1 },
    );
  });

  test('the same drawn scheduler releases the same order again (a seed and path replay it)', async () => {
    const orders = await Promise.all(
      [1, 2].map(async () => {
        const [scheduler] = fc.sample(fc.scheduler(), { seed: 7, numRuns: 1 });
        const fake = fakeTarget((req) => answer(req, 200));
        await sendReleased(createCheckContext(fake, rules), reqs, { scheduler: scheduler!, gaps: [] }, fakeClock());
        return fake.sent.map((r) => r.label).join();
      }),
    );
    expect(orders[0]).toBe(orders[1]);
  });
});

describe('timeOf', () => {
  test('when an exchange was in flight, from when it left and how long it took', () => {
    const ex = { ...answer(reqs[0]!, 200), startedAt: '2026-11-28T06:00:00.000Z', durationMs: 250 };
    expect(timeOf(ex)).toEqual({ start: Date.parse(ex.startedAt), end: Date.parse(ex.startedAt) + 250 });
  });
});
