import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BODY_CORNERS, directedRuns, sessionRuns } from './session-cases.js';
import { GATES, SESSION_ORACLE_RULES, sessionOutcome } from './session-oracle.js';

const every = { roles: Object.keys(GATES), planId: true };

describe('the cases of the generated-session property', () => {
  test('the directed runs reach every rule the oracle can name', () => {
    const named = new Set(
      directedRuns(every)
        .flat()
        .map((c) => sessionOutcome(c).rule),
    );
    expect([...named].sort()).toEqual([...SESSION_ORACLE_RULES].sort());
  });

  test('every drawn case has one answer, decided by one rule', () => {
    fc.assert(
      fc.property(sessionRuns(every), (run) => {
        for (const c of run) expect(sessionOutcome(c).statuses).toHaveLength(1);
      }),
    );
  });

  test('without a plan id or gate roles, no case sends plan_id and every case uses the approved key', () => {
    const runs = [
      ...directedRuns({ roles: ['approved'], planId: false }),
      ...fc.sample(sessionRuns({ roles: ['approved'], planId: false }), 20),
    ];
    expect(runs.flat().every((c) => !c.planId && c.role === 'approved')).toBe(true);
    expect(BODY_CORNERS.some((b) => b.planId)).toBe(true);
  });
});
