import { describe, expect, it } from 'vitest';
import { RuleViolation } from '../checks/violation.js';
import type { Exchange } from '../model.js';
import { resolveRules, ruleCatalogue } from './catalogue.js';
import { createCheckContext } from './context.js';
import { answer, fakeTarget } from './fake-target.test-helpers.js';
import { expectSuccessAnswer } from './success.js';

const PING = { success: { rule: 'PING-200', status: 200 } };

/** The ping answer with `status` and content type `type`. */
function pingAnswer(status: number, type: string): Exchange {
  const ex = answer({ method: 'GET', path: '/v1/ping' }, status, { ok: true, environment: 'sandbox' });
  return { ...ex, response: { ...ex.response!, headers: { 'content-type': type } } };
}

const contextFor = (rules: string[]) =>
  createCheckContext(
    fakeTarget(() => pingAnswer(200, 'application/json')),
    resolveRules(ruleCatalogue(), 'c', rules),
  );

/** The rules of the violation `run` throws, or `passed`. */
function outcome(run: () => void): string[] | 'passed' {
  try {
    run();
    return 'passed';
  } catch (e) {
    if (e instanceof RuleViolation) return e.rules;
    throw e;
  }
}

describe('expectSuccessAnswer', () => {
  it("holds the answer to the operation's success status before the family's claims", () => {
    const t = contextFor(['PING-200', 'PING-SCHEMA']);
    const claimed: string[] = [];
    const ex = pingAnswer(404, 'application/json');
    expect(outcome(() => expectSuccessAnswer(t, 'ping', PING, ex, () => claimed.push('claims')))).toEqual(['PING-200']);
    expect(claimed).toEqual([]);
  });

  it('judges a shared rule the check names, after the claims, and not one it does not name', () => {
    const text = pingAnswer(200, 'text/plain');
    const naming = contextFor(['PING-200', 'SCHEMA-SUCCESS-JSON']);
    const order: string[] = [];
    const verdict = outcome(() => expectSuccessAnswer(naming, 'ping', PING, text, () => order.push('claims')));
    expect(verdict).toEqual(['SCHEMA-SUCCESS-JSON']);
    expect(order).toEqual(['claims']);
    expect(outcome(() => expectSuccessAnswer(contextFor(['PING-200']), 'ping', PING, text))).toBe('passed');
  });

  it('names the file to declare it in when the operation has no success answer', () => {
    expect(() =>
      expectSuccessAnswer(contextFor(['PING-200']), 'ping', {}, pingAnswer(200, 'application/json')),
    ).toThrow(/ping declares no success answer/);
  });
});
