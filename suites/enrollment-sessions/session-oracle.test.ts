import { describe, expect, it, test } from 'vitest';
import { SESSION_ORACLE_NEEDS, SESSION_ORACLE_RULES, sessionOutcome, type SessionCase } from './session-oracle.js';

const base: SessionCase = { flow: 'self_service', role: 'approved', state: true, planId: false, campaign: false };
const at = (c: Partial<SessionCase>) => sessionOutcome({ ...base, ...c });

describe('sessionOutcome', () => {
  test('a valid body with an approved key is a 200 of the rule it proves', () => {
    expect(at({})).toEqual({ statuses: [200], rule: 'SESSIONS-200', forbidden: false });
    expect(at({ state: false, planId: true }).rule).toBe('SESSIONS-SELF-SERVICE-PLAN-ONLY');
    expect(at({ campaign: true }).rule).toBe('SESSIONS-SELF-SERVICE-CAMPAIGN');
    expect(at({ role: 'oauthUnhealthy' })).toEqual({
      statuses: [200],
      rule: 'GATE-SESSIONS-SELF-SERVICE-IGNORES-OAUTH',
      forbidden: false,
    });
    expect(at({ flow: 'agent_assisted', role: 'selfServiceNoAgent' }).rule).toBe(
      'GATE-SESSIONS-AGENT-IGNORES-AGENT-ID',
    );
  });

  test('the conditional rules of 2.6 give 400', () => {
    expect(at({ state: false })).toEqual({
      statuses: [400],
      rule: 'SESSIONS-SELF-SERVICE-STATE-OR-PLAN',
      forbidden: false,
    });
    expect(at({ flow: 'agent_assisted', planId: true }).rule).toBe('SESSIONS-AGENT-PLAN-ID-REJECTED');
    expect(at({ flow: 'agent_assisted', campaign: true }).rule).toBe('SESSIONS-AGENT-CAMPAIGN-REJECTED');
    expect(at({ flow: 'agent_assisted', state: false, campaign: true }).rule).toBe('SESSIONS-AGENT-STATE-REQUIRED');
  });

  test('a gate gives 403 forbidden; with a refused body too, either answer', () => {
    expect(at({ role: 'unapproved' })).toEqual({
      statuses: [403],
      rule: 'GATE-SESSIONS-UNAPPROVED-403',
      forbidden: true,
    });
    expect(at({ role: 'selfServiceNoAgent' }).rule).toBe('GATE-SESSIONS-SELF-SERVICE-AGENT-ID-403');
    expect(at({ flow: 'agent_assisted', role: 'oauthUnhealthy' }).rule).toBe('GATE-SESSIONS-AGENT-OAUTH-403');
    expect(at({ role: 'unapproved', state: false })).toEqual({
      statuses: [400, 403],
      rule: 'SESSIONS-SELF-SERVICE-STATE-OR-PLAN',
      forbidden: false,
    });
  });
});

describe('SESSION_ORACLE_NEEDS', () => {
  it('names only rules of the oracle, each gate rule with its gate role', () => {
    for (const rule of Object.keys(SESSION_ORACLE_NEEDS)) expect(SESSION_ORACLE_RULES).toContain(rule);
    expect(SESSION_ORACLE_NEEDS['GATE-SESSIONS-UNAPPROVED-403']).toEqual({ roles: ['unapproved'] });
    expect(SESSION_ORACLE_NEEDS['GATE-SESSIONS-AGENT-IGNORES-AGENT-ID']).toEqual({ roles: ['selfServiceNoAgent'] });
    expect(SESSION_ORACLE_NEEDS['SESSIONS-200']).toBeUndefined();
  });
});
