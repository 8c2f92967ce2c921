/**
 * Generated session bodies with a rule oracle: flow x plan_id x campaign x location.state x
 * the key's gates, drawn from what the target is known to have (its county, plan id and keys),
 * each answered as session-oracle.ts predicts. Each case stands on a corner where one rule alone
 * decides (session-cases.ts); the first runs take every corner once. A failure names the rule it
 * breaks.
 */
import { expectForbidden } from '../../harness/checks/index.js';
import { verifyProperty, type CheckContext } from '../../harness/suite/index.js';
import {
  CAMPAIGN,
  createSession,
  freshExternalId,
  optionalSessionPlanId,
  SESSION_FIXTURES,
  sessionBody,
  sessionTarget,
} from './session-body.js';
import { directedRuns, sessionRuns, type SessionCaseOptions } from './session-cases.js';
import { GATES, SESSION_ORACLE_RULES, sessionOutcome, type SessionCase } from './session-oracle.js';

/** A plan id the target accepts, or undefined when the profile has none (plan_id is then never drawn). */
const planIdOf = optionalSessionPlanId;

/** What the profile offers: the gate roles it has keys for, and whether a plan id can be sent. */
const optionsOf = (t: CheckContext): SessionCaseOptions => ({
  roles: Object.keys(GATES).filter((role) => t.target.hasRole(role)),
  planId: planIdOf(t) !== undefined,
});

async function sendCase(t: CheckContext, c: SessionCase): Promise<void> {
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
}

verifyProperty(
  'generated session bodies get 200, 400 or 403 as flow, plan_id, campaign, location.state and the key’s gates say',
  SESSION_ORACLE_RULES,
  (t) => sessionRuns(optionsOf(t)),
  async (t, run) => {
    for (const c of run) await sendCase(t, c);
  },
  { needs: { writes: true, fixtures: SESSION_FIXTURES }, examples: (t) => directedRuns(optionsOf(t)) },
);
