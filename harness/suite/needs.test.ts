import { describe, expect, test } from 'vitest';
import type { Rule } from '../model.js';
import { needsWrites, notSelected, unmetNeed, type Capabilities } from './needs.js';

const readRule: Rule = { id: 'PING-200', section: '4.1', strength: 'stated', families: ['utility'], statement: 's' };
const writeRule: Rule = { ...readRule, id: 'ENR-CREATE-201', writes: true };

const everything: Capabilities = {
  hasRole: () => true,
  sharedWith: () => [],
  hasFixture: () => true,
  distinctKeys: () => true,
  writable: true,
  sends: () => true,
  embedded: true,
  webhookReceiver: true,
  stageBurst: true,
  otherTier: true,
};

describe('unmetNeed', () => {
  test('nothing missing: the check runs', () => {
    expect(
      unmetNeed(
        { roles: ['unapproved'], fixtures: ['planFull'], writes: true, embedded: true },
        [writeRule],
        everything,
      ),
    ).toBeUndefined();
  });
  test('names a missing tier to measure besides tierLow', () => {
    expect(unmetNeed({ otherTier: true }, [readRule], { ...everything, otherTier: false })).toMatch(
      /^a key role of a tier other than tierLow’s/,
    );
  });
  test('names a missing webhook receiver or stage-burst keys', () => {
    expect(unmetNeed({ webhookReceiver: true }, [readRule], { ...everything, webhookReceiver: false })).toBe(
      'webhook receiver',
    );
    expect(unmetNeed({ stageBurst: true }, [readRule], { ...everything, stageBurst: false })).toMatch(
      /^key roles \(besides approved\) whose bursts together exceed/,
    );
  });
  test('a role that needs a key of its own is unmet while another role holds its key, declared contrast or not', () => {
    const shared = { ...everything, sharedWith: (r: string) => (r === 'unapproved' ? ['approved'] : []) };
    expect(unmetNeed({ roles: ['unapproved'] }, [readRule], shared)).toBe(
      'two distinct keys (approved, unapproved hold the same key)',
    );
    // A role that may share a key (reader, sessions) is not one.
    expect(unmetNeed({ roles: ['reader'] }, [readRule], { ...everything, sharedWith: () => ['approved'] })).toBe(
      undefined,
    );
  });
  test('names what the documents do not state, whatever the run offers', () => {
    expect(unmetNeed({ unstated: 'a success status for legacySubmitApplication' }, [readRule], everything)).toBe(
      'the documents to state a success status for legacySubmitApplication',
    );
  });
  test('names the missing role, fixture, writes or embedded target', () => {
    expect(
      unmetNeed({ roles: ['approved', 'unapproved'] }, [readRule], { ...everything, hasRole: (r) => r === 'approved' }),
    ).toBe('role unapproved');
    expect(
      unmetNeed({ fixtures: ['zipCode', 'planFull'] }, [readRule], {
        ...everything,
        hasFixture: (f) => f === 'zipCode',
      }),
    ).toBe('fixture planFull');
    expect(unmetNeed({ writes: true }, [readRule], { ...everything, writable: false })).toBe('writes (read-only run)');
    expect(unmetNeed({ embedded: true }, [readRule], { ...everything, embedded: false })).toBe(
      'embedded reference server',
    );
  });
  test('a side-effect-free write is met by a writable run or an opted-in read-only one, and named otherwise', () => {
    const quotes = { writes: false, sends: ['POST /v1/quotes'] };
    const readOnly = { ...everything, writable: false };
    expect(unmetNeed(quotes, [writeRule], { ...readOnly, sends: (w) => w === 'POST /v1/quotes' })).toBeUndefined();
    expect(unmetNeed(quotes, [writeRule], { ...readOnly, sends: () => false })).toBe(
      'writes (read-only run; the target profile may opt in to POST /v1/quotes in sideEffectFreeWrites)',
    );
    // Writes the rule implies are still needed when the check does not say `writes: false`.
    expect(unmetNeed({ sends: ['POST /v1/quotes'] }, [writeRule], { ...readOnly, sends: () => true })).toBe(
      'writes (read-only run)',
    );
  });
  test('contrasted key roles holding one key: needs two distinct keys, before the role (no role of its own)', () => {
    const oneKey = { ...everything, distinctKeys: () => false };
    expect(unmetNeed({ roles: ['unapproved'], distinctKeys: ['approved', 'unapproved'] }, [readRule], oneKey)).toBe(
      'two distinct keys (approved, unapproved hold the same key)',
    );
    expect(
      unmetNeed({ roles: ['unapproved'], distinctKeys: ['approved', 'unapproved'] }, [readRule], {
        ...oneKey,
        hasRole: (r) => r === 'approved',
      }),
    ).toBe('two distinct keys (approved, unapproved hold the same key)');
    expect(unmetNeed({ roles: ['unapproved'] }, [readRule], { ...everything, hasRole: (r) => r === 'approved' })).toBe(
      'role unapproved',
    );
    expect(unmetNeed({ distinctKeys: ['approved', 'unapproved'] }, [readRule], everything)).toBeUndefined();
  });
  test('a rule marked writes implies the need unless the check says writes: false', () => {
    expect(needsWrites(undefined, [readRule, writeRule])).toBe(true);
    expect(needsWrites({ writes: false }, [writeRule])).toBe(false);
    expect(unmetNeed(undefined, [writeRule], { ...everything, writable: false })).toBe('writes (read-only run)');
    expect(unmetNeed(undefined, [readRule], { ...everything, writable: false })).toBeUndefined();
  });
});

describe('notSelected', () => {
  test('the --rule filter keeps checks naming one of its rules', () => {
    expect(
      notSelected({ runProfile: 'conformance', rules: ['PING-200'] }, ['PING-200', 'PING-SCHEMA']),
    ).toBeUndefined();
    expect(notSelected({ runProfile: 'conformance', rules: ['ISSUERS-ORDER'] }, ['PING-200'])).toMatch(
      /^not selected: .*ISSUERS-ORDER/,
    );
  });
  test('--exclude-rule leaves out a check of excluded rules only; one covering another rule still runs', () => {
    const selection = { runProfile: 'conformance' as const, excludedRules: ['PING-SCHEMA'] };
    expect(notSelected(selection, ['PING-SCHEMA'])).toBe('not selected: covers only --exclude-rule PING-SCHEMA');
    expect(notSelected(selection, ['PING-200', 'PING-SCHEMA'])).toBeUndefined();
  });
  test('smoke runs only checks that list smoke; others default to conformance and certification', () => {
    expect(notSelected({ runProfile: 'smoke' }, ['PING-200'])).toMatch(/^not selected: .*smoke/);
    expect(notSelected({ runProfile: 'smoke' }, ['PING-200'], ['smoke'])).toBeUndefined();
    expect(notSelected({ runProfile: 'certification' }, ['PING-200'])).toBeUndefined();
    expect(notSelected({ runProfile: 'conformance' }, ['PING-200'], ['certification'])).toMatch(/conformance/);
  });
});
