/**
 * The gates of 4.6. Each flow has its own setup gate and consults only it: the OAuth link for
 * agent_assisted, the deeplink agent id for self_service. Each "does not consult" rule is the
 * other direction of a 403 rule, with the same key role.
 */
import { verify } from '../../harness/suite/index.js';
import { expectForbidden } from '../../harness/checks/index.js';
import {
  createSession,
  freshExternalId,
  sessionBody,
  sessionTarget,
  type Flow,
  SESSION_FIXTURES,
} from './session-body.js';

const UNAPPROVED = 'unapproved';
/** Approved for sessions, healthy OAuth link, no deeplink agent id. */
const NO_AGENT_ID = 'selfServiceNoAgent';
/** Approved for sessions, deeplink agent id set, OAuth link unhealthy. */
const OAUTH_DOWN = 'oauthUnhealthy';

verify(
  'a key without enrollment-session approval gets 403 forbidden on both flows',
  ['GATE-SESSIONS-UNAPPROVED-403', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    const target = await sessionTarget(t);
    const role = t.role(UNAPPROVED);
    for (const flow of ['self_service', 'agent_assisted'] as const satisfies readonly Flow[]) {
      const ex = await t.send(
        createSession(sessionBody(target, flow, { externalId: freshExternalId(t) }), { role, label: flow }),
      );
      expectForbidden(t.expect, ex, 'GATE-SESSIONS-UNAPPROVED-403', 'ENVELOPE-UNIFIED-SHAPE');
    }
  },
  { needs: { writes: true, fixtures: SESSION_FIXTURES, roles: [UNAPPROVED], distinctKeys: ['approved', UNAPPROVED] } },
);

/** One flow under one role must give `status` (and `forbidden` when refused). */
function gateCheck(title: string, rule: string, role: string, flow: Flow, status: 200 | 403): void {
  verify(
    title,
    [rule],
    async (t) => {
      const target = await sessionTarget(t);
      const ex = await t.send(
        createSession(sessionBody(target, flow, { externalId: freshExternalId(t) }), { role: t.role(role) }),
      );
      if (status === 403) expectForbidden(t.expect, ex, rule);
      else t.expect.status(ex, status);
    },
    { needs: { writes: true, fixtures: SESSION_FIXTURES, roles: [role], distinctKeys: ['approved', role] } },
  );
}

gateCheck(
  'agent_assisted with an unhealthy OAuth link gets 403 forbidden, not a retryable unavailability',
  'GATE-SESSIONS-AGENT-OAUTH-403',
  OAUTH_DOWN,
  'agent_assisted',
  403,
);
gateCheck(
  'self_service is not blocked by an unhealthy OAuth link',
  'GATE-SESSIONS-SELF-SERVICE-IGNORES-OAUTH',
  OAUTH_DOWN,
  'self_service',
  200,
);
gateCheck(
  'self_service without a deeplink agent id gets 403 forbidden',
  'GATE-SESSIONS-SELF-SERVICE-AGENT-ID-403',
  NO_AGENT_ID,
  'self_service',
  403,
);
gateCheck(
  'agent_assisted is not blocked by a missing deeplink agent id',
  'GATE-SESSIONS-AGENT-IGNORES-AGENT-ID',
  NO_AGENT_ID,
  'agent_assisted',
  200,
);
