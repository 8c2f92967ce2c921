/**
 * Cancellation and termination (section 3.3, 3.4): accepted (202) only for a pending
 * (cancel) or active (terminate) policy of a carrier that supports it, with the outcome shown
 * later in policy_status; otherwise 400 invalid_field_value. Each refusal check puts the
 * application in the state the action needs, so only the named precondition can be the reason.
 * No transition or time is stated: a check whose application does not reach that state within
 * asyncTimeoutMs is skipped, never failed.
 */
import { expectSuccessShared, verify } from '../../harness/suite/index.js';
import {
  createApplication,
  pendingApplication,
  readUntilLeaves,
  refusalDraft,
  sendAction,
  statusOf,
  submitUntilEffectuated,
  settleEffectuated,
} from './applications.js';
import { expectRefused } from './observe.js';

verify(
  'cancelling a pending application of a carrier that supports it gets 202 and the application then reads cancelled',
  ['ENR-CANCEL-202', 'ENR-CANCEL-OUTCOME', 'SCHEMA-SUCCESS-JSON'],
  async (t) => {
    const app = await pendingApplication(t, 'planFull');
    const { ex } = await sendAction(t, app.id, 'cancellations');
    t.expect.rules('ENR-CANCEL-202').status(ex, 202);
    expectSuccessShared(t, 'cancelEnrollmentApplication', ex);
    const last = await readUntilLeaves(t, app.id, ['pending_effectuation'], 'poll until the cancellation shows');
    t.expect.rules('ENR-CANCEL-OUTCOME').that(last, {
      holds: statusOf(last) === 'cancelled',
      title: 'cancellation not shown',
      expected: 'policy_status cancelled',
      observed: `policy_status ${JSON.stringify(statusOf(last))}`,
    });
  },
  { needs: { writes: true, fixtures: ['planFull'] } },
);

verify(
  'cancelling a draft application gets 400 invalid_field_value',
  ['ENR-CANCEL-NOT-PENDING-400'],
  async (t) => {
    const app = await refusalDraft(t);
    const { ex } = await sendAction(t, app.id, 'cancellations');
    expectRefused(t.expect, ex, 400, 'invalid_field_value');
  },
  { needs: { writes: true, fixtures: ['planFull'] } },
);

verify(
  'terminating a draft application (no active policy) gets 400 invalid_field_value',
  ['ENR-TERMINATE-NOT-ACTIVE-400'],
  async (t) => {
    const app = await refusalDraft(t);
    const { ex } = await sendAction(t, app.id, 'terminations');
    expectRefused(t.expect, ex, 400, 'invalid_field_value');
  },
  { needs: { writes: true, fixtures: ['planFull'] } },
);

verify(
  'a pending policy becomes effectuated; terminating it gets 202 and the application then reads terminated',
  ['ENR-EFFECTUATION', 'ENR-TERMINATE-202', 'ENR-TERMINATE-OUTCOME', 'SCHEMA-SUCCESS-JSON'],
  async (t) => {
    const app = await createApplication(t, 'planFull');
    const active = await submitUntilEffectuated(t, app);
    t.expect.rules('ENR-EFFECTUATION').that(active, {
      holds: statusOf(active) === 'effectuated',
      title: 'policy never effectuated',
      expected: 'policy_status effectuated within asyncTimeoutMs',
      observed: `policy_status ${JSON.stringify(statusOf(active))}`,
    });
    const { ex } = await sendAction(t, app.id, 'terminations');
    t.expect.rules('ENR-TERMINATE-202').status(ex, 202);
    expectSuccessShared(t, 'terminateEnrollmentApplication', ex);
    const last = await readUntilLeaves(t, app.id, ['effectuated'], 'poll until the termination shows');
    t.expect.rules('ENR-TERMINATE-OUTCOME').that(last, {
      holds: statusOf(last) === 'terminated',
      title: 'termination not shown',
      expected: 'policy_status terminated',
      observed: `policy_status ${JSON.stringify(statusOf(last))}`,
    });
  },
  { needs: { writes: true, fixtures: ['planFull'] } },
);

verify(
  'cancelling a pending application of a carrier without cancellation support gets 400 invalid_field_value',
  ['ENR-CANCEL-UNSUPPORTED-CARRIER-400'],
  async (t) => {
    const app = await pendingApplication(t, 'planLimited');
    const { ex } = await sendAction(t, app.id, 'cancellations');
    expectRefused(t.expect, ex, 400, 'invalid_field_value');
  },
  { needs: { writes: true, fixtures: ['planLimited'] } },
);

verify(
  'terminating an active policy of a carrier without termination support gets 400 invalid_field_value',
  ['ENR-TERMINATE-UNSUPPORTED-CARRIER-400'],
  async (t) => {
    const app = await createApplication(t, 'planLimited');
    await settleEffectuated(t, app);
    const { ex } = await sendAction(t, app.id, 'terminations');
    expectRefused(t.expect, ex, 400, 'invalid_field_value');
  },
  { needs: { writes: true, fixtures: ['planLimited'] } },
);
