/**
 * The rules a run must prove: from its run profile's `requires` and its selection, never the
 * unreachable ones; and those left unproven, each with what it needs.
 */
import { describe, expect, it } from 'vitest';
import { FAMILIES, type Finding, type Rule } from '../harness/model.js';
import { checkEntry } from '../harness/suite/inventory.js';
import { incompleteLine, missingByNeeds, missingRequired, requiredRules, type InventoryCheck } from './required.js';
import { catalogueOf } from './run-info.js';
import { ruleVerdicts } from './summary.js';

const rule = (id: string, families: Rule['families'], extra: Partial<Rule> = {}): Rule => ({
  id,
  section: '1',
  strength: 'stated',
  families,
  statement: id,
  ...extra,
});
const RULES = [
  rule('PING-200', ['utility']),
  rule('RATE-429-TIER', ['utility']),
  rule('HEADERS-REQUEST-ID', ['utility'], { strength: 'inferred' }),
  rule('SCHEMA-RESPONSE-VALID', ['utility', 'quotes']),
  rule('QUOTES-200', ['quotes']),
  rule('RATE-MONTHLY-QUOTA', ['utility', 'quotes'], { unreachable: 'a monthly quota' }),
];
const CATALOGUE = catalogueOf(RULES);
const byId = (ids: string[]) => ids.map((id) => RULES.find((r) => r.id === id)!);
const check = (family: string, title: string, ids: string[], needs = {}, profiles?: 'all'): InventoryCheck => ({
  family,
  entry: checkEntry(title, byId(ids), needs, profiles, false),
});
const INVENTORY = [
  check('utility', 'ping answers 200', ['PING-200', 'SCHEMA-RESPONSE-VALID'], {}, 'all'),
  check('utility', 'a burst gets 429', ['RATE-429-TIER'], { roles: ['tierLow'] }),
  check('quotes', 'a quote is 200', ['QUOTES-200']),
];
const EXCHANGE = { request: { method: 'GET', url: 'http://127.0.0.1:1/v1/ping', headers: {} }, durationMs: 1 };
const passed = (c: InventoryCheck): Finding => ({
  check: c.entry.title,
  id: c.entry.id,
  family: c.family as Finding['family'],
  rules: c.entry.rules,
  verdict: 'passed',
  exchanges: [EXCHANGE],
  proof: Object.fromEntries(c.entry.rules.map((r) => [r, [0]])),
});
const skipped = (c: InventoryCheck, needs: string): Finding => ({ ...passed(c), verdict: 'skipped', needs, proof: {} });
const ALL = FAMILIES;

describe('requiredRules', () => {
  it('certification and conformance: every stated rule of the selected families, the unreachable apart', () => {
    const required = requiredRules(CATALOGUE, { runProfile: 'certification', families: [...ALL] }, INVENTORY);
    expect(required.rules).toEqual(['PING-200', 'RATE-429-TIER', 'SCHEMA-RESPONSE-VALID', 'QUOTES-200']);
    expect(required.unreachable).toEqual(['RATE-MONTHLY-QUOTA']);
    expect(required.basis).toBe('every stated rule of every family');
  });

  it('a run of some families requires their own rules and the shared ones their checks name, and says so', () => {
    const utility = requiredRules(CATALOGUE, { runProfile: 'conformance', families: ['utility'] }, INVENTORY);
    expect(utility.rules).toEqual(['PING-200', 'RATE-429-TIER', 'SCHEMA-RESPONSE-VALID']);
    expect(utility.basis).toContain("families utility (the run's --family)");
    const quotes = requiredRules(CATALOGUE, { runProfile: 'conformance', families: ['quotes'] }, INVENTORY);
    // SCHEMA-RESPONSE-VALID is shared, and no quotes check of this inventory names it.
    expect(quotes.rules).toEqual(['QUOTES-200']);
  });

  it('a --rule filter requires only those rules, and says so', () => {
    const required = requiredRules(
      CATALOGUE,
      { runProfile: 'conformance', families: ['utility'], rules: ['PING-200'] },
      INVENTORY,
    );
    expect(required.rules).toEqual(['PING-200']);
    expect(required.basis).toContain('within --rule PING-200');
  });

  it('smoke: the stated rules its own checks name; a shard: those its checks name', () => {
    const smoke = requiredRules(CATALOGUE, { runProfile: 'smoke', families: [...ALL] }, INVENTORY);
    expect(smoke.rules).toEqual(['PING-200', 'SCHEMA-RESPONSE-VALID']);
    const shard = requiredRules(
      CATALOGUE,
      { runProfile: 'certification', families: [...ALL], shard: '1/2' },
      INVENTORY.filter((c) => c.family === 'quotes'),
    );
    expect(shard.rules).toEqual(['QUOTES-200']);
  });
});

describe('missingRequired', () => {
  const selection = { runProfile: 'certification' as const, families: [...ALL] };
  const required = requiredRules(CATALOGUE, selection, INVENTORY).rules;

  it('names each required rule not proven with what it needs: a role, a block, the stop, no check', () => {
    const findings = [
      passed(INVENTORY[0]!),
      skipped(INVENTORY[1]!, 'role tierLow'),
      { ...passed(INVENTORY[2]!), verdict: 'not run' as const, exchanges: [], proof: undefined },
    ];
    const missing = missingRequired(
      required,
      ruleVerdicts(findings, CATALOGUE, selection),
      findings,
      INVENTORY,
      'interrupted',
    );
    expect(missing).toEqual([
      { rule: 'RATE-429-TIER', verdict: 'skipped', needs: ['role tierLow'] },
      { rule: 'QUOTES-200', verdict: 'not run', needs: ['its checks to run (the run was interrupted by Ctrl-C)'] },
    ]);
    expect(missingByNeeds(missing)).toEqual([
      ['role tierLow', ['RATE-429-TIER']],
      ['its checks to run (the run was interrupted by Ctrl-C)', ['QUOTES-200']],
    ]);
  });

  it('a property cut short by its time limit leaves its rules unproven, saying so; the run was not stopped', () => {
    const cut: Finding = {
      ...passed(INVENTORY[2]!),
      verdict: 'not run',
      proof: undefined,
      runs: { planned: 25, executed: 7 },
      needs: 'its property to make all its 25 runs (its time limit cut it short after 7)',
    };
    const findings = [passed(INVENTORY[0]!), passed(INVENTORY[1]!), cut];
    const verdicts = ruleVerdicts(findings, CATALOGUE, selection);
    expect(verdicts['QUOTES-200']!.verdict).toBe('not run');
    expect(missingRequired(required, verdicts, findings, INVENTORY)).toEqual([
      { rule: 'QUOTES-200', verdict: 'not run', needs: [cut.needs] },
    ]);
  });

  it('a rule its passed check judged no exchange for is not reached, and says why', () => {
    const findings = [{ ...passed(INVENTORY[0]!), proof: { 'PING-200': [0] } }];
    const missing = missingRequired(
      ['SCHEMA-RESPONSE-VALID'],
      ruleVerdicts(findings, CATALOGUE, selection),
      findings,
      INVENTORY,
    );
    expect(missing).toEqual([
      {
        rule: 'SCHEMA-RESPONSE-VALID',
        verdict: 'not reached',
        needs: ['its checks to judge an exchange for it (they ended without judging one)'],
      },
    ]);
  });

  it('a failed or warned rule is judged, not missing; a rule no selected check covers says so', () => {
    const findings = [{ ...passed(INVENTORY[0]!), verdict: 'failed' as const, proof: undefined }];
    const missing = missingRequired(
      ['PING-200', 'QUOTES-200'],
      ruleVerdicts(findings, CATALOGUE, selection),
      findings,
      [],
    );
    expect(missing).toEqual([
      {
        rule: 'QUOTES-200',
        verdict: 'not reached',
        needs: ['a check that covers it in this run profile (none of the selected checks does)'],
      },
    ]);
  });

  it('the stderr line names the code, the count, the needs and the fix', () => {
    const line = incompleteLine({
      required: {
        basis: 'every stated rule of every family',
        rules: ['RATE-429-TIER'],
        missing: [{ rule: 'RATE-429-TIER', verdict: 'skipped', needs: ['role tierLow'] }],
        unreachable: [],
      },
    });
    expect(line).toMatch(/^E_INCOMPLETE: 1 required rule not proven \(needs role tierLow ×1\)/);
    expect(line).toContain('\n  fix: ');
  });
});
