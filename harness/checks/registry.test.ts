import { describe, expect, test } from 'vitest';
import { bindChecks } from './bound.js';
import { exchange } from './fixtures.test-helpers.js';
import { CheckRegistry, checks } from './registry.js';
import { RuleViolation } from './violation.js';

describe('check registry', () => {
  test('refuses a duplicate name', () => {
    const registry = new CheckRegistry().register('status', () => {});
    expect(() => registry.register('status', () => {})).toThrow(/already registered/);
  });
  test('holds the library under the names its violations carry', () => {
    expect(checks.names()).toEqual(expect.arrayContaining(['status', 'schemaValid', 'unifiedEnvelope', 'errorsEnvelope', 'header', 'noHeader', 'replayOf', 'retryAfter', 'sortedBy', 'transportOk', 'keyNotEchoed', 'that']));
    try {
      checks.get('status')!(exchange(500, {}), 200, { rules: ['R'] });
      expect.unreachable();
    } catch (e) {
      expect((e as RuleViolation).check).toBe('status');
    }
  });
});

describe('bound checks', () => {
  test('name the check rules, or a subset chosen with rules()', () => {
    const expectFor = bindChecks(['PING-200', 'PING-SCHEMA']);
    expect(() => expectFor.status(exchange(500, {}), 200)).toThrow(expect.objectContaining({ rules: ['PING-200', 'PING-SCHEMA'] }));
    expect(() => expectFor.rules('PING-SCHEMA').status(exchange(500, {}), 200)).toThrow(expect.objectContaining({ rules: ['PING-SCHEMA'] }));
  });
  test('rules() refuses a rule the check does not declare', () => {
    expect(() => bindChecks(['PING-200']).rules('AUTH-MISSING-KEY-403')).toThrow(/own rules/);
  });
  test('a RuleViolation without rules cannot be built', () => {
    expect(() => new RuleViolation({ rules: [], title: 't', expected: 'e', observed: 'o' })).toThrow(TypeError);
  });
});
