import { describe, expect, it } from 'vitest';
import type { FaultInfo } from '../../mutation/outcome.js';
import { areaOf, sampleFaults } from './sample.js';

const fault = (name: string, rule: string, family = 'reference'): FaultInfo => ({
  name,
  rules: [rule],
  family,
  summary: '',
});

const FAULTS = [
  fault('a1', 'ISSUERS-ORDER'),
  fault('a2', 'ISSUERS-TIE'),
  fault('b1', 'ENR-LIST-LIMIT-DEFAULT', 'enrollments'),
  fault('c1', 'ENR-CREATE-202', 'enrollments'),
  fault('c2', 'ENR-CREATE-IDEMP', 'enrollments'),
  fault('l1', 'LEGACY-QUOTES-200', 'legacy-ichra'),
];

describe('areaOf', () => {
  it('keeps the second part of direct-enrollment rules and the first of others', () => {
    expect(areaOf('ENR-LIST-LIMIT-DEFAULT')).toBe('ENR-LIST');
    expect(areaOf('IDEMP-REPLAY-HEADER')).toBe('IDEMP');
  });
});

describe('sampleFaults', () => {
  it('takes one fault per area by default, leaving out families the /v1 spec does not describe', () => {
    expect(sampleFaults(FAULTS, { size: 'one-per-area' }).map((f) => f.name)).toEqual(['a1', 'b1', 'c1']);
  });
  it('spreads a numbered sample round-robin over the areas', () => {
    expect(sampleFaults(FAULTS, { size: 4 }).map((f) => f.name)).toEqual(['a1', 'b1', 'c1', 'a2']);
  });
  it('takes every fault of the spec with all', () => {
    expect(sampleFaults(FAULTS, { size: 'all' })).toHaveLength(5);
  });
});
