import { describe, expect, test } from 'vitest';
import { resolveRules, ruleCatalogue } from './catalogue.js';

describe('resolveRules', () => {
  test('resolves ids of specs/rules.json to their entries', () => {
    const [rule] = resolveRules(ruleCatalogue(), 'ping', ['PING-200']);
    expect(rule).toMatchObject({ id: 'PING-200', section: '4.1', strength: 'stated' });
  });
  test('an unknown id throws at registration, naming check and id', () => {
    expect(() => resolveRules(ruleCatalogue(), 'ping typo', ['PING-200', 'PING-2OO'])).toThrow(/"ping typo".*PING-2OO/);
  });
  test('no rules, or a repeated rule, is refused', () => {
    expect(() => resolveRules(ruleCatalogue(), 'empty', [])).toThrow(/names no rule/);
    expect(() => resolveRules(ruleCatalogue(), 'twice', ['PING-200', 'PING-200'])).toThrow(/twice/);
  });
});

describe('verify registration', () => {
  test('verify() rejects an unknown rule id or run profile when the suite file is collected', async () => {
    const { verify } = await import('./verify.js');
    expect(() => verify('typo', ['PING-2OO'], async () => {})).toThrow(/unknown rule id\(s\) PING-2OO/);
    expect(() => verify('profile typo', ['PING-200'], async () => {}, { profiles: ['smok' as 'smoke'] })).toThrow(
      /unknown run profile/,
    );
  });
});
