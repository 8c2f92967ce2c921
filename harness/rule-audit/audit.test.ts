import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Rule } from '../model.js';
import { loadRules } from '../rules.js';
import { auditProblems, normalise, WARNING_REASON_MAX, type AuditedRule } from './audit.js';
import { MISSING, resolvePointer } from './json-pointer.js';
import { AUDIT_PAGE, auditSources } from './sources.js';
import { auditPage } from './table.js';

const shipped = loadRules().rules as readonly AuditedRule[];
const sources = auditSources();

describe("the shipped catalogue's audit", () => {
  it(
    'gives every rule what its check relies on and verbatim contract words, every inferred rule its reading and ' +
      'its reason to warn, and resolves every pointer',
    () => {
      expect(auditProblems(shipped, sources)).toEqual([]);
    },
  );

  it('is published in docs/rule-audit.md exactly as the catalogue says (npm run audit:rules regenerates it)', () => {
    expect(existsSync(AUDIT_PAGE), 'docs/rule-audit.md is missing: npm run audit:rules').toBe(true);
    expect(readFileSync(AUDIT_PAGE, 'utf8')).toBe(auditPage(shipped));
  });

  it('has one row per rule, each naming its rule once', () => {
    const rows = auditPage(shipped)
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    expect(rows.map((row) => row.slice(3, row.indexOf('`', 3)))).toEqual(shipped.map((r) => r.id));
  });
});

/** A small contract and provider document the synthetic rules are held to. */
const small = {
  contract:
    '## 4.1 `GET /v1/ping`\nNo parameters. `200` returns\n   the ping object (2.1).\n| state | yes | string | two ' +
    'uppercase letters |',
  providerDocument: {
    components: { schemas: { 'a/b': { properties: { ok: { type: 'boolean' } } } } },
    list: [{ x: 1 }],
  },
};

const audited = (extra: Record<string, unknown> = {}): Rule =>
  ({
    id: 'PING-200',
    section: '4.1',
    strength: 'stated',
    families: ['utility'],
    statement: 'ping is 200.',
    relies_on: 'GET /v1/ping answers 200.',
    contract_words: ['`200` returns the ping object'],
    ...extra,
  }) as unknown as Rule;

describe('a catalogue whose audit is broken is refused, naming the rule and the field', () => {
  it('accepts a complete entry, with quotes matched across line breaks and table padding', () => {
    expect(
      auditProblems([audited({ contract_words: ['`200` returns the   ping object', 'state | yes | string'] })], small),
    ).toEqual([]);
  });

  it.each([
    ['no relies_on', { relies_on: undefined }, /PING-200: relies_on/],
    ['an empty relies_on', { relies_on: '  ' }, /PING-200: relies_on/],
    ['no contract_words', { contract_words: undefined }, /PING-200: contract_words must quote/],
    ['an empty list of words', { contract_words: [] }, /PING-200: contract_words must quote/],
    [
      'words the contract does not hold',
      { contract_words: ['`200` returns the pong object'] },
      /PING-200: contract_words: not in the contract: "`200` returns the pong object"/,
    ],
    ['words changed in case', { contract_words: ['`200` Returns the ping object'] }, /not in the contract/],
    [
      'an inferred rule without its reading',
      { strength: 'inferred', warning_reason: 'A target may.' },
      /PING-200: an inferred rule must write its reading/,
    ],
    [
      'an empty reading',
      { strength: 'inferred', reading: '', warning_reason: 'A target may.' },
      /PING-200: reading must be a non-empty string/,
    ],
    [
      'an inferred rule without its reason to warn',
      { strength: 'inferred', reading: 'Read so.' },
      /PING-200: an inferred rule must say why a conforming implementation could break it \(warning_reason\)/,
    ],
    ['a reason to warn on a stated rule', { warning_reason: 'A target may.' }, /PING-200: a stated rule fails/],
    [
      'a reason of two lines',
      { strength: 'inferred', reading: 'Read so.', warning_reason: 'A target\nmay.' },
      /PING-200: warning_reason must be one line/,
    ],
    [
      'a reason longer than a line',
      { strength: 'inferred', reading: 'Read so.', warning_reason: 'a'.repeat(WARNING_REASON_MAX + 1) },
      /PING-200: warning_reason must be one line of at most/,
    ],
    [
      'a pointer that resolves to nothing',
      { provider_document: ['#/components/schemas/a~1b/properties/nope'] },
      /PING-200: provider_document: #\/components\/schemas\/a~1b\/properties\/nope does not resolve/,
    ],
    ['a pointer not in fragment form', { provider_document: ['components/schemas'] }, /does not resolve/],
    ['an empty finding', { finding: '' }, /PING-200: finding must be a non-empty string/],
  ])('%s', (_what, extra, problem) => {
    const problems = auditProblems([audited(extra)], small);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(problem);
  });

  it('accepts an inferred rule with its reading and a pointer that resolves (array indices and ~1 included)', () => {
    const rule = audited({
      strength: 'inferred',
      reading: 'Read so.',
      warning_reason: 'A target may answer otherwise.',
      provider_document: ['#/components/schemas/a~1b/properties/ok', '#/list/0/x'],
    });
    expect(auditProblems([rule], small)).toEqual([]);
  });
});

describe('the published page', () => {
  const rule = audited({
    strength: 'inferred',
    reading: 'A | in it.',
    warning_reason: 'A target may <differ>.',
    provider_document: ['#/x'],
    finding: 'Check <this>.',
    contract_words: ['a `<url string>` | b'],
  }) as unknown as AuditedRule;
  const page = auditPage([rule]);

  it('changes when the catalogue does, so a stale page fails the test above', () => {
    expect(auditPage([{ ...rule, relies_on: 'something else' }])).not.toBe(page);
  });

  it('keeps each row on one line with pipes escaped and no stray HTML outside code spans', () => {
    const row = page.split('\n').find((line) => line.startsWith('| `PING-200`'));
    expect(row).toBe(
      '| `PING-200` | 4.1 | inferred | GET /v1/ping answers 200. | “a `<url string>` \\| b” | A \\| in it. ' +
        '**Warns, not fails, because** A target may &lt;differ>. Provider document: `#/x`. ' +
        '**Open finding:** Check &lt;this>. |',
    );
    expect(page).toContain("1 rules: 0 stated, 1 inferred; 1 rely on the provider's document; 1 open findings.");
  });
});

describe('JSON pointers and whitespace', () => {
  it('resolves RFC 6901 pointers and tells a missing member from an undefined value', () => {
    const doc = { 'a/b': { '~c': [null, 0] } };
    expect(resolvePointer(doc, '#/a~1b/~0c/1')).toBe(0);
    expect(resolvePointer(doc, '#/a~1b/~0c/0')).toBeNull();
    expect(resolvePointer(doc, '#/a~1b/~0c/2')).toBe(MISSING);
    expect(resolvePointer(doc, '#/a~1b/~0c/0/deeper')).toBe(MISSING);
  });

  it('normalises runs of whitespace only', () => {
    expect(normalise('  a\n\t b  |  c ')).toBe('a b | c');
  });
});
