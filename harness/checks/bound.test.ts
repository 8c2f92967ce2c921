import { describe, expect, test } from 'vitest';
import { bindChecks, bindTable } from './bound.js';
import { exchange } from './fixtures.test-helpers.js';
import type { Check, CheckScope } from './scope.js';
import { violation } from './scope.js';
import { CHECKS } from './table.js';
import { RuleViolation } from './violation.js';

describe('the check table, bound', () => {
  test('every table entry is bound under its key, beside rules() and nothing else', () => {
    const bound = bindChecks(['R']);
    expect(Object.keys(bound).sort()).toEqual([...Object.keys(CHECKS), 'rules'].sort());
    for (const name of Object.keys(CHECKS)) expect(typeof bound[name as keyof typeof CHECKS]).toBe('function');
  });

  test('each bound check runs its table entry with its key, rules and contract in the scope', () => {
    const seen: Array<[string, CheckScope]> = [];
    const spies = Object.fromEntries(
      Object.keys(CHECKS).map((name) => [name, ((_ex, _e, scope) => void seen.push([name, scope])) as Check<unknown>]),
    );
    const contract = { validateResponse: () => ({ kind: 'valid' as const }) };
    const bound = bindTable(spies, ['R1', 'R2'], contract);
    for (const name of Object.keys(CHECKS))
      (bound[name] as (ex: unknown, e?: unknown) => void)(exchange(200, {}), undefined);
    expect(seen.map(([name]) => name)).toEqual(Object.keys(CHECKS));
    for (const [name, scope] of seen) expect(scope).toMatchObject({ check: name, rules: ['R1', 'R2'], contract });
  });

  test('the library keeps the names its violations have always carried', () => {
    expect(Object.keys(CHECKS)).toEqual(
      expect.arrayContaining([
        'transportOk',
        'status',
        'schemaValid',
        'unifiedEnvelope',
        'errorsEnvelope',
        'header',
        'noHeader',
        'replayOf',
        'retryAfter',
        'sortedBy',
        'keyNotEchoed',
        'that',
      ]),
    );
    expect(() => bindChecks(['R']).status(exchange(500, {}), 200)).toThrow(
      expect.objectContaining({ check: 'status', rules: ['R'] }),
    );
  });

  test('a new check is one table entry: bound, typed and named by its key with nothing else added', () => {
    const evenStatus: Check<void> = (ex, _e, scope) => {
      if (ex.response!.status % 2 !== 0)
        throw violation(scope, ex, 'odd status', 'an even status', `status ${ex.response!.status}`);
    };
    const bound = bindTable({ ...CHECKS, evenStatus }, ['R']);
    expect(() => bound.evenStatus(exchange(200, {}))).not.toThrow();
    expect(() => bound.rules('R').evenStatus(exchange(201, {}))).toThrow(
      expect.objectContaining({ check: 'evenStatus', title: 'odd status' }),
    );
  });

  test('notes carry the key of the check that noted them', () => {
    const notes: string[] = [];
    const noting: Check<void> = (ex, _e, scope) =>
      scope.note?.({
        check: scope.check,
        rules: scope.rules,
        disagreement: 'D',
        title: 't',
        expected: 'e',
        observed: 'o',
        exchange: ex,
      });
    bindTable({ noting }, ['R'], undefined, { note: (n) => void notes.push(n.check) }).noting(exchange(200, {}));
    expect(notes).toEqual(['noting']);
  });
});

describe('rules()', () => {
  test('names the check rules, or a subset chosen with rules()', () => {
    const expectFor = bindChecks(['PING-200', 'PING-SCHEMA']);
    expect(() => expectFor.status(exchange(500, {}), 200)).toThrow(
      expect.objectContaining({ rules: ['PING-200', 'PING-SCHEMA'] }),
    );
    expect(() => expectFor.rules('PING-SCHEMA').status(exchange(500, {}), 200)).toThrow(
      expect.objectContaining({ rules: ['PING-SCHEMA'] }),
    );
  });
  test('refuses a rule the check does not declare', () => {
    expect(() => bindChecks(['PING-200']).rules('AUTH-MISSING-KEY-403')).toThrow(/own rules/);
  });
  test('a RuleViolation without rules cannot be built', () => {
    expect(() => new RuleViolation({ rules: [], title: 't', expected: 'e', observed: 'o' })).toThrow(TypeError);
  });
});
