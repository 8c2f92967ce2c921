/** A run-wide check's findings: one per violating exchange (bounded), else one passed or skipped finding. */
import { describe, expect, it } from 'vitest';
import { RuleViolation } from '../checks/violation.js';
import type { JournalEntry } from '../model.js';
import type { TargetContext } from '../target.js';
import { ruleCatalogue } from './catalogue.js';
import { runConfigFor } from './fake-target.test-helpers.js';
import { MAX_RUN_WIDE_FINDINGS, runWideFindings, skipped, type Invariant } from './run-wide.js';

const target = { config: runConfigFor(), validateResponse: () => ({ kind: 'valid' }), operationOf: () => undefined };
const entries = (n: number, status = 500): JournalEntry[] =>
  Array.from({ length: n }, (_, i) => ({
    check: `check ${i}`,
    family: 'utility',
    api: 'v1',
    exchange: {
      request: { method: 'GET', url: `http://127.0.0.1:9/v1/x/${i}`, headers: {} },
      response: { status, headers: {}, body: '' },
      durationMs: 1,
    },
  }));

/** Fails every 5xx with PING-200; holds every other answer to it. */
const no5xx: Invariant = {
  needs: 'an answer',
  judge(entry) {
    if (!entry.exchange.response) return skipped('with no answer');
    if (entry.exchange.response.status >= 500)
      throw new RuleViolation({ rules: ['PING-200'], title: 'a 5xx', expected: 'no 5xx', observed: '500' });
    return ['PING-200'];
  },
};
const rules = ['PING-200', 'PING-SCHEMA'].map((id) => ruleCatalogue().byId(id)!);
const findings = (list: JournalEntry[]) =>
  runWideFindings(list, 'no 5xx in the run', rules, no5xx, target as unknown as TargetContext);

describe('runWideFindings', () => {
  it('a finding per violating exchange, at most MAX_RUN_WIDE_FINDINGS, the last counting the rest', () => {
    const out = findings(entries(MAX_RUN_WIDE_FINDINGS + 5));
    expect(out).toHaveLength(MAX_RUN_WIDE_FINDINGS);
    expect(out.every((f) => f.verdict === 'failed' && f.family === 'contract' && f.exchanges.length === 1)).toBe(true);
    expect(out[0]!.exchanges[0]!.request.url).toMatch(/\/x\/0$/);
    expect(out.at(-1)!.message).toBe('a 5xx; and 5 more exchanges of the run (exchanges.ndjson)');
  });

  it('passes naming only the rules its exchanges were held to, citing the first exchange of each', () => {
    const list = entries(3, 200);
    expect(findings(list)).toEqual([
      expect.objectContaining({
        verdict: 'passed',
        rules: ['PING-200'],
        exchanges: [list[0]!.exchange],
        proof: { 'PING-200': [0] },
        message: "3 of the run's 3 exchanges judged (exchanges.ndjson)",
      }),
    ]);
  });

  it('is skipped with what it needs when nothing of the run applied, never passed', () => {
    const unanswered = entries(2).map((e) => ({ ...e, exchange: { ...e.exchange, response: undefined } }));
    expect(findings(unanswered)).toEqual([
      expect.objectContaining({ verdict: 'skipped', needs: 'an answer', rules: ['PING-200', 'PING-SCHEMA'] }),
    ]);
    expect(findings([])[0]!.verdict).toBe('skipped');
  });

  it('counts what it left alone by reason, beside what it judged', () => {
    const unanswered = entries(2).map((e) => ({ ...e, exchange: { ...e.exchange, response: undefined } }));
    const [passed] = findings([...entries(1, 200), ...unanswered]);
    expect(passed!.message).toBe("1 of the run's 3 exchanges judged (exchanges.ndjson); left alone: 2 with no answer");
    const [alone] = findings(unanswered);
    expect(alone).toMatchObject({
      verdict: 'skipped',
      message: "nothing of the run's 2 exchanges judged; left alone: 2 with no answer",
    });
  });
});
