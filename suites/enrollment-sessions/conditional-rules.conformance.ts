/**
 * The conditional rules of 2.6, each from both sides:
 * 1. self_service needs location.state or plan_id (either alone is enough);
 * 2. agent_assisted needs location.state;
 * 3. plan_id and campaign are accepted in self_service only.
 * Every invalid body breaks that one rule and is otherwise valid for the target; it is marked
 * wrong in the flow and the member the rule concerns (an error may name either).
 */
import { verify, wrongIn } from '../../harness/suite/index.js';
import {
  CAMPAIGN,
  createSession,
  freshExternalId,
  sessionBody,
  optionalSessionPlanId,
  sessionPlanId,
  sessionTarget,
  SESSION_FIXTURES,
} from './session-body.js';

const writes = { writes: true, fixtures: SESSION_FIXTURES };

/**
 * For rejections only: agent_assisted refuses plan_id whatever its value, so a profile without
 * the `sessionPlanId` fixture still gets the check.
 */
const ANY_PLAN_ID = 'conformance-plan-id';

verify(
  'self_service with location.state is accepted, and with neither location.state nor plan_id is rejected with 400',
  ['SESSIONS-SELF-SERVICE-STATE-OR-PLAN'],
  async (t) => {
    const target = await sessionTarget(t);
    const accepted = await t.send(
      createSession(sessionBody(target, 'self_service', { externalId: freshExternalId(t) }), {
        label: 'state, no plan_id',
      }),
    );
    t.expect.status(accepted, 200);
    const rejected = await t.send(
      createSession(sessionBody(target, 'self_service', { externalId: freshExternalId(t), withState: false }), {
        label: 'neither state nor plan_id',
        ...wrongIn('context.flow', 'location.state', 'plan_id'),
      }),
    );
    t.expect.status(rejected, 400);
  },
  { needs: writes },
);

verify(
  'self_service with plan_id and no location.state is accepted',
  ['SESSIONS-SELF-SERVICE-PLAN-ONLY'],
  async (t) => {
    const target = await sessionTarget(t);
    const body = sessionBody(target, 'self_service', {
      externalId: freshExternalId(t),
      withState: false,
      planId: sessionPlanId(t),
    });
    const ex = await t.send(createSession(body));
    t.expect.status(ex, 200);
  },
  { needs: { ...writes, fixtures: [...writes.fixtures, 'sessionPlanId'] } },
);

verify(
  'self_service with a campaign block is accepted',
  ['SESSIONS-SELF-SERVICE-CAMPAIGN'],
  async (t) => {
    const target = await sessionTarget(t);
    const ex = await t.send(
      createSession(sessionBody(target, 'self_service', { externalId: freshExternalId(t), campaign: CAMPAIGN })),
    );
    t.expect.status(ex, 200);
  },
  { needs: writes },
);

verify(
  'agent_assisted with location.state is accepted, and without it is rejected with 400',
  ['SESSIONS-AGENT-STATE-REQUIRED'],
  async (t) => {
    const target = await sessionTarget(t);
    const accepted = await t.send(
      createSession(sessionBody(target, 'agent_assisted', { externalId: freshExternalId(t) }), { label: 'with state' }),
    );
    t.expect.status(accepted, 200);
    const rejected = await t.send(
      createSession(sessionBody(target, 'agent_assisted', { externalId: freshExternalId(t), withState: false }), {
        label: 'without state',
        ...wrongIn('context.flow', 'location.state'),
      }),
    );
    t.expect.status(rejected, 400);
  },
  { needs: writes },
);

verify(
  'agent_assisted with plan_id is rejected with 400',
  ['SESSIONS-AGENT-PLAN-ID-REJECTED'],
  async (t) => {
    const target = await sessionTarget(t);
    const planId = optionalSessionPlanId(t) ?? ANY_PLAN_ID;
    const ex = await t.send(
      createSession(
        sessionBody(target, 'agent_assisted', { externalId: freshExternalId(t), planId }),
        wrongIn('context.flow', 'plan_id'),
      ),
    );
    t.expect.status(ex, 400);
  },
  { needs: writes },
);

verify(
  'agent_assisted with a campaign block is rejected with 400',
  ['SESSIONS-AGENT-CAMPAIGN-REJECTED'],
  async (t) => {
    const target = await sessionTarget(t);
    const ex = await t.send(
      createSession(
        sessionBody(target, 'agent_assisted', { externalId: freshExternalId(t), campaign: CAMPAIGN }),
        wrongIn('context.flow', 'campaign'),
      ),
    );
    t.expect.status(ex, 400);
  },
  { needs: writes },
);
