/**
 * POST /v1/enrollment-sessions (4.6): browser deep links for on-exchange enrollment. The core
 * checks the enrollment_sessions gate and Idempotency-Key; this route checks the request and
 * the flow's own gate (OAuth link for agent_assisted, deeplink agent id for self_service).
 */
import { forbidden, json, unifiedError, validationFailed } from '../core/respond.js';
import type { IsOn } from '../core/switch.js';
import type { Account, RouteModule, RouteResult } from '../types.js';
import { SESSION_FAULTS as F } from './faults.js';
import { parseSessionRequest, type Flow } from './request.js';

const SESSION_LINK_BASE = 'https://enroll.sandbox.partner-api.example';

export const sessionRoutes: RouteModule = () => [
  {
    method: 'POST',
    pattern: '/v1/enrollment-sessions',
    family: 'enrollment-sessions',
    success: { rule: 'SESSIONS-200', status: [200] },
    gate: 'enrollment_sessions',
    idempotency: 'optional',
    handler: ({ body, account, nextId, on }) => {
      const parsed = parseSessionRequest(body, on);
      if (!parsed.ok) return validationFailed(parsed.problems);
      const refused = flowGate(parsed.request.flow, account, on);
      if (refused) return refused;
      const session = nextId('sess');
      const flow = parsed.request.flow;
      const externalId = parsed.request.externalId ?? (on(F.externalIdOmitted) ? undefined : session);
      return json({
        ...(externalId !== undefined ? { external_id: externalId } : {}),
        links: {
          shopping_url: `${SESSION_LINK_BASE}/sessions/${session}/shop?flow=${flow}`,
          client_apply_url: `${SESSION_LINK_BASE}/sessions/${session}/apply?flow=${flow}`,
        },
      });
    },
  },
];

/** 4.6 gates 2 and 3; each flow consults only its own setup. */
function flowGate(flow: Flow, account: Account, on: IsOn): RouteResult | undefined {
  if (flow === 'agent_assisted') {
    if (!account.oauthLinkHealthy) {
      if (on(F.oauthUnhealthy503))
        return unifiedError(503, 'service_unavailable', 'Deeplink generation is unavailable.');
      return forbidden(
        'agent_assisted needs a healthy marketplace OAuth link whose agent belongs to an agency approved for ' +
          'deeplink URLs.',
      );
    }
    if (on(F.agentConsultsDeeplink) && !account.deeplinkAgentId)
      return forbidden('No deeplink agent id is configured.');
    return undefined;
  }
  if (!account.deeplinkAgentId && !on(F.deeplinkAgentNotChecked)) {
    return forbidden('self_service needs a configured deeplink agent id. Ask your account manager to set one.');
  }
  if (on(F.selfServiceConsultsOauth) && !account.oauthLinkHealthy)
    return forbidden('The marketplace OAuth link is not healthy.');
  return undefined;
}
