/**
 * Generated session bodies with a rule oracle: flow x plan_id x campaign x location.state x
 * the key's gates, drawn from what the target is known to have (its county, plan id and keys),
 * each answered as session-oracle.ts predicts. Each case stands on a corner where one rule alone
 * decides (session-cases.ts); the first runs take every corner once. Every body carries an
 * external_id and a household drawn from the contract's domain (session-domain.ts): an accepted
 * session echoes the external_id character for character. A failure names the rule it breaks.
 */
import fc from 'fast-check';
import { expectForbidden } from '../../harness/checks/index.js';
import { draw, verifyProperty, wrongIn, type CheckContext } from '../../harness/suite/index.js';
import {
  CAMPAIGN,
  createSession,
  freshExternalId,
  optionalSessionPlanId,
  SESSION_FIXTURES,
  sessionBody,
  sessionTarget,
} from './session-body.js';
import { expectExternalIdEchoed } from './session-answer.js';
import { directedRuns, sessionRuns, type SessionCaseOptions } from './session-cases.js';
import { sessionDomain, type SessionDomain } from './session-domain.js';
import {
  GATES,
  SESSION_ORACLE_NEEDS,
  SESSION_ORACLE_RULES,
  sessionOutcome,
  wrongMembersOf,
  type SessionCase,
} from './session-oracle.js';

const today = (): string => new Date().toISOString().slice(0, 10);

/** A plan id the target accepts, or undefined when the profile has none (plan_id is then never drawn). */
const planIdOf = optionalSessionPlanId;

/** What the profile offers: the gate roles it has keys for, and whether a plan id can be sent. */
const optionsOf = (t: CheckContext): SessionCaseOptions => ({
  roles: Object.keys(GATES).filter((role) => t.target.hasRole(role)),
  planId: planIdOf(t) !== undefined,
});

async function sendCase(t: CheckContext, c: SessionCase, domain: SessionDomain): Promise<void> {
  const target = await sessionTarget(t);
  const externalId = `${freshExternalId(t)} ${domain.externalId}`;
  const body = sessionBody(target, c.flow, {
    externalId,
    withState: c.state,
    household: domain.household,
    ...(c.planId ? { planId: planIdOf(t)! } : {}),
    ...(c.campaign ? { campaign: CAMPAIGN } : {}),
  });
  const wrong = wrongMembersOf(c);
  const ex = await t.send(
    createSession(body, { role: c.role, label: JSON.stringify(c), ...(wrong.length > 0 ? wrongIn(...wrong) : {}) }),
  );
  const outcome = sessionOutcome(c);
  if (outcome.forbidden) expectForbidden(t.expect, ex, outcome.rule);
  else t.expect.rules(outcome.rule).status(ex, outcome.statuses);
  if (ex.response?.status === 200) expectExternalIdEchoed(t.expect.rules('SESSIONS-EXTERNAL-ID-ECHO'), ex, externalId);
}

type Run = [cases: SessionCase[], domain: SessionDomain];

verifyProperty(
  'generated session bodies get 200, 400 or 403 as flow, plan_id, campaign, location.state and the key’s ' +
    'gates say, and an accepted one echoes its external_id of any characters',
  [...SESSION_ORACLE_RULES, 'SESSIONS-EXTERNAL-ID-ECHO'],
  (t): fc.Arbitrary<Run> => fc.tuple(sessionRuns(optionsOf(t)), sessionDomain(today())),
  async (t, [run, domain]) => {
    for (const c of run) await sendCase(t, c, domain);
  },
  {
    needs: { writes: true, fixtures: SESSION_FIXTURES, ruleNeeds: SESSION_ORACLE_NEEDS },
    // The corners first, each with a household and an id drawn for this seed.
    examples: (t) =>
      directedRuns(optionsOf(t)).map((run, i): Run => [run, draw(t, sessionDomain(today()), `session corner ${i}`)]),
  },
);
