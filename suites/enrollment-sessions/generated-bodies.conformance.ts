/**
 * Generated session bodies with a rule oracle: flow x plan_id x campaign x location.state x
 * the key's gates, drawn from what the target is known to have (its county, plan id and keys),
 * each answered as session-oracle.ts predicts. A failure shrinks to a minimal case (towards
 * the approved key, self_service, state given, nothing extra) and names the rule it breaks.
 */
import fc from 'fast-check';
import { expectForbidden } from '../../harness/checks/index.js';
import { SkipCheck, verifyProperty, type CheckContext } from '../../harness/suite/index.js';
import { CAMPAIGN, createSession, freshExternalId, sessionBody, sessionPlanId, sessionTarget, type Flow } from './session-body.js';
import { GATES, SESSION_ORACLE_RULES, sessionOutcome, type SessionCase } from './session-oracle.js';

/** A plan id the target accepts, or undefined when the profile has none (plan_id is then never drawn). */
function planIdOf(t: CheckContext): string | undefined {
  try {
    return sessionPlanId(t);
  } catch (e) {
    if (e instanceof SkipCheck) return undefined;
    throw e;
  }
}

function cases(t: CheckContext): fc.Arbitrary<SessionCase> {
  // Only the gate roles the profile has keys for; approved first, so a failure shrinks to it.
  const roles = Object.keys(GATES).filter((role) => t.target.hasRole(role));
  const planId = planIdOf(t) !== undefined;
  return fc.record({
    flow: fc.constantFrom<Flow>('self_service', 'agent_assisted'),
    role: fc.constantFrom(...roles),
    state: fc.boolean().map((b) => !b),
    planId: planId ? fc.boolean() : fc.constant(false),
    campaign: fc.boolean(),
  });
}

verifyProperty(
  'generated session bodies get 200, 400 or 403 as flow, plan_id, campaign, location.state and the key’s gates say',
  SESSION_ORACLE_RULES,
  (t) => cases(t),
  async (t, c) => {
    const target = await sessionTarget(t);
    const body = sessionBody(target, c.flow, {
      externalId: freshExternalId(t),
      withState: c.state,
      ...(c.planId ? { planId: planIdOf(t)! } : {}),
      ...(c.campaign ? { campaign: CAMPAIGN } : {}),
    });
    const ex = await t.send(createSession(body, { role: c.role, label: JSON.stringify(c) }));
    const outcome = sessionOutcome(c);
    if (outcome.forbidden) expectForbidden(t.expect, ex, outcome.rule);
    else t.expect.rules(outcome.rule).status(ex, outcome.statuses);
  },
  { needs: { writes: true } },
);
