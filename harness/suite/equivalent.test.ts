import { describe, expect, test } from 'vitest';
import type { Exchange } from '../model.js';
import { answerDifferences, beyondNoise, rewritten } from './equivalent.js';

const answer = (status: number, json: unknown): Exchange => ({
  request: { method: 'GET', url: 'http://t/v1/x', headers: {} },
  response: { status, headers: {}, body: JSON.stringify(json), json },
  durationMs: 1,
});

describe('rewritten', () => {
  test('query parameters in another order, never the same one', () => {
    expect(rewritten('/v1/x?a=1&b=2&c=3', { kind: 'order', keys: [2, 1, 0] })?.target).toBe('/v1/x?c=3&b=2&a=1');
    // Keys that keep the order move the first parameter last.
    expect(rewritten('/v1/x?a=1&b=2', { kind: 'order', keys: [0, 0] })?.target).toBe('/v1/x?b=2&a=1');
    expect(rewritten('/v1/x?a=1', { kind: 'order', keys: [1, 0] })).toBeUndefined();
  });

  test('unreserved characters of values percent-encoded, escapes already there kept', () => {
    expect(rewritten('/v1/x?state=KY&y=20', { kind: 'encode', every: 1, upperHex: true })?.target).toBe(
      '/v1/x?state=%4B%59&y=%32%30',
    );
    expect(rewritten('/v1/x?at=07%3A15', { kind: 'encode', every: 2, upperHex: false })?.target).toBe(
      '/v1/x?at=0%37%3A1%35',
    );
    expect(rewritten('/v1/x', { kind: 'encode', every: 1, upperHex: true })).toBeUndefined();
  });

  test('a date-time at another offset: the same instant, the same fraction digits', () => {
    const since = encodeURIComponent('2026-11-28T07:15:56.803Z');
    expect(rewritten(`/v1/x?updated_since=${since}&limit=5`, { kind: 'offset', minutes: 330 })?.target).toBe(
      `/v1/x?updated_since=${encodeURIComponent('2026-11-28T12:45:56.803+05:30')}&limit=5`,
    );
    expect(rewritten('/v1/x?updated_since=2026-11-28T07%3A15%3A56Z', { kind: 'offset', minutes: -480 })?.target).toBe(
      `/v1/x?updated_since=${encodeURIComponent('2026-11-27T23:15:56-08:00')}`,
    );
    expect(rewritten('/v1/x?limit=5', { kind: 'offset', minutes: 60 })).toBeUndefined();
  });

  test('header names in another case leave the target as it is', () => {
    expect(rewritten('/v1/x?a=1', { kind: 'case', style: 'upper' })).toEqual({
      target: '/v1/x?a=1',
      headerCase: 'upper',
    });
  });
});

describe('answerDifferences', () => {
  test('the places two answers differ, as JSON pointers; the status first', () => {
    expect(answerDifferences(answer(200, { a: 1, b: [1, 2] }), answer(200, { a: 1, b: [1, 2] }))).toEqual([]);
    expect(answerDifferences(answer(200, { a: 1, b: [1, 2] }), answer(200, { a: 2, b: [1, 3] }))).toEqual([
      '/a',
      '/b/1',
    ]);
    expect(answerDifferences(answer(200, { a: 1 }), answer(400, { a: 1 }))).toEqual(['status']);
  });

  test('what two sends of one request differ in anyway is no difference', () => {
    expect(beyondNoise(['/fields/3/value', '/id'], ['/fields/3'])).toEqual(['/id']);
    expect(beyondNoise(['/rows/0'], [''])).toEqual([]);
  });
});
