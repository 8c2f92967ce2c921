import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from './errors.js';
import { FAMILIES } from './model.js';
import { loadRules } from './rules.js';

const dir = mkdtempSync(join(tmpdir(), 'rules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rule = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  section: '4.1',
  strength: 'stated',
  families: ['utility'],
  statement: `${id} holds.`,
  ...extra,
});

function catalogue(name: string, rules: unknown[]): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify({ version: '0.0.1', rules }));
  return path;
}

describe('the shipped catalogue', () => {
  const rules = loadRules();

  it('loads, with every family covered by at least one rule', () => {
    expect(rules.rules.length).toBeGreaterThan(100);
    for (const family of FAMILIES) expect(rules.forFamily(family).length, family).toBeGreaterThan(0);
  });

  it('finds rules by id', () => {
    const first = rules.rules[0];
    expect(rules.byId(first.id)).toBe(first);
    expect(rules.has(first.id)).toBe(true);
    expect(rules.has('PING-NO-SUCH-RULE')).toBe(false);
  });
});

describe('a small catalogue', () => {
  const path = catalogue('small.json', [
    rule('PING-200'),
    rule('IDEMP-REPLAY-HEADER', { families: ['enrollment-sessions', 'enrollments'], writes: true }),
    rule('ENR-CREATE-201', { families: ['enrollments'], strength: 'inferred' }),
  ]);
  const rules = loadRules(path);

  it('lists the rules of a family, cross-cutting ones included', () => {
    expect(rules.version).toBe('0.0.1');
    expect(rules.forFamily('enrollments').map((r) => r.id)).toEqual(['IDEMP-REPLAY-HEADER', 'ENR-CREATE-201']);
    expect(rules.forFamily('utility').map((r) => r.id)).toEqual(['PING-200']);
    expect(rules.forFamily('medicare')).toEqual([]);
  });

  it('accepts known ids and names every unknown one in E_RULE_UNKNOWN', () => {
    expect(() => rules.assertKnownRules(['PING-200', 'ENR-CREATE-201'])).not.toThrow();
    let error: unknown;
    try {
      rules.assertKnownRules(['PING-200', 'PING-404', 'RATE-NOPE']);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).code).toBe('E_RULE_UNKNOWN');
    expect((error as ConfigError).message).toContain('PING-404, RATE-NOPE');
    expect((error as ConfigError).message).not.toContain('PING-200,');
  });
});

describe('a broken catalogue is refused with the rule named', () => {
  it.each([
    ['a duplicate id', [rule('PING-200'), rule('PING-200')], /duplicate rule id PING-200/],
    ['a lower-case id', [rule('ping-200')], /malformed rule id "ping-200"/],
    ['an id of no known area', [rule('FOO-BAR')], /malformed rule id "FOO-BAR"/],
    ['an id with one segment', [rule('PING')], /malformed rule id "PING"/],
    ['an unknown family', [rule('PING-200', { families: ['pets'] })], /PING-200.*unknown family "pets"/],
    ['an unknown strength', [rule('PING-200', { strength: 'maybe' })], /PING-200.*strength/],
    ['a missing statement', [rule('PING-200', { statement: '' })], /PING-200.*statement/],
  ])('%s', (_what, rules, message) => {
    expect(() => loadRules(catalogue('broken.json', rules))).toThrow(message);
  });
});
