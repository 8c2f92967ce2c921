import { describe, expect, it } from 'vitest';
import type { Exchange, Finding } from '../../harness/model.js';
import { unprovoked429s } from './unprovoked-429.js';

const exchange = (status: number | undefined, error?: string): Exchange => ({
  request: { method: 'GET', url: 'http://127.0.0.1/v1/ping', headers: {} },
  ...(status !== undefined ? { response: { status, headers: {}, body: '' } } : {}),
  ...(error ? { error } : {}),
  durationMs: 1,
});

const finding = (check: string, rules: string[], exchanges: Exchange[]): Finding => ({
  check,
  family: 'utility',
  rules,
  verdict: 'passed',
  exchanges,
});

describe('unprovoked429s', () => {
  it('counts 429s and budget timeouts only in checks that do not test rate limits', () => {
    const result = unprovoked429s([
      finding('burst above the tier', ['RATE-TIER-429'], [exchange(429), exchange(429)]),
      finding('ping answers', ['PING-OK'], [exchange(200), exchange(429)]),
      finding('issuers sorted', ['ISSUERS-ORDER'], [exchange(undefined, 'BUDGET_TIMEOUT'), exchange(200)]),
    ]);
    expect(result).toEqual({
      count: 1,
      budgetTimeouts: 1,
      checks: ['[utility] issuers sorted', '[utility] ping answers'],
    });
  });

  it('is zero for a run without 429s', () => {
    expect(unprovoked429s([finding('ping answers', ['PING-OK'], [exchange(200)])])).toEqual({
      count: 0,
      budgetTimeouts: 0,
      checks: [],
    });
  });
});
