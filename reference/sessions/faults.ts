/** Faults of the enrollment-sessions family (2.6, 4.6): conditional rules, gates, response. */
import { bodyOf, flagFault, is, rewriteFault, withoutHeader, type RequestView } from '../core/fault-kit.js';
import { GATE_IGNORED_FLAG } from '../core/fault-names.js';
import type { Fault, RouteResult } from '../types.js';
import { SESSION_FLAGS as F } from './flags.js';

const SESSIONS = '/v1/enrollment-sessions';
const created = (req: RequestView, res: RouteResult): boolean => is(req, 'POST', SESSIONS) && res.status === 200;

export const faults: Fault[] = [
  flagFault(F.agentPlanIdAccepted, 'SESSIONS-AGENT-PLAN-ID-REJECTED', 'enrollment-sessions', 'agent_assisted accepts plan_id.'),
  flagFault(F.agentCampaignAccepted, 'SESSIONS-AGENT-CAMPAIGN-REJECTED', 'enrollment-sessions', 'agent_assisted accepts a campaign block.'),
  flagFault(F.agentStateOptional, 'SESSIONS-AGENT-STATE-REQUIRED', 'enrollment-sessions', 'agent_assisted accepts a request without location.state.'),
  flagFault(F.selfServiceStateRequired, 'SESSIONS-SELF-SERVICE-PLAN-ONLY', 'enrollment-sessions', 'self_service requires location.state even when plan_id is given.'),
  flagFault(F.selfServiceNeedsOneOfIgnored, 'SESSIONS-SELF-SERVICE-STATE-OR-PLAN', 'enrollment-sessions', 'self_service accepts neither location.state nor plan_id.'),
  flagFault(F.selfServiceCampaignRejected, 'SESSIONS-SELF-SERVICE-CAMPAIGN', 'enrollment-sessions', 'self_service rejects a campaign block.'),
  flagFault(F.contextLocaleOptional, 'SESSIONS-CONTEXT-FIELDS-REQUIRED', 'enrollment-sessions', 'context.locale may be left out.'),
  flagFault(F.contextOptional, 'SESSIONS-CONTEXT-REQUIRED', 'enrollment-sessions', 'A request without context is read as a self_service default.'),
  flagFault(F.flowUnchecked, 'SESSIONS-FLOW-ENUM', 'enrollment-sessions', 'Any context.flow string is accepted (read as self_service).'),
  flagFault(F.selfServiceConsultsOauth, 'GATE-SESSIONS-SELF-SERVICE-IGNORES-OAUTH', 'enrollment-sessions', 'self_service is refused when the OAuth link is unhealthy.'),
  flagFault(F.agentConsultsDeeplink, 'GATE-SESSIONS-AGENT-IGNORES-AGENT-ID', 'enrollment-sessions', 'agent_assisted is refused without a deeplink agent id.'),
  flagFault(F.oauthUnhealthy503, 'GATE-SESSIONS-AGENT-OAUTH-403', 'enrollment-sessions', 'agent_assisted with an unhealthy OAuth link gives 503 instead of 403.'),
  flagFault(F.deeplinkAgentNotChecked, 'GATE-SESSIONS-SELF-SERVICE-AGENT-ID-403', 'enrollment-sessions', 'self_service does not need a deeplink agent id.'),
  flagFault(GATE_IGNORED_FLAG.enrollment_sessions, 'GATE-SESSIONS-UNAPPROVED-403', 'enrollment-sessions', 'Sessions do not check the account\'s approval.'),
  rewriteFault('sessions-external-id-not-echoed', 'SESSIONS-EXTERNAL-ID-ECHO', 'enrollment-sessions', 'The response external_id is a server id, not the request\'s.', (req, res) =>
    created(req, res) ? { ...res, body: { ...bodyOf(res), external_id: 'sess_server_generated' } } : res),
  rewriteFault('sessions-links-relative', 'SESSIONS-LINKS', 'enrollment-sessions', 'shopping_url is a relative path, not a URL.', (req, res) => {
    const links = bodyOf(res)?.links as Record<string, unknown> | undefined;
    return created(req, res) && links ? { ...res, body: { ...bodyOf(res), links: { ...links, shopping_url: String(links.shopping_url).replace(/^https?:\/\/[^/]+/, '') } } } : res;
  }),
  rewriteFault('request-id-missing', 'SESSIONS-REQUEST-ID', 'enrollment-sessions', 'Session responses carry no X-Request-Id.', (req, res) =>
    is(req, 'POST', SESSIONS) ? { ...res, headers: withoutHeader(res.headers, 'X-Request-Id') } : res),
  rewriteFault('sessions-200-as-201', 'SESSIONS-200', 'enrollment-sessions', 'A created session answers 201 instead of 200.', (req, res) =>
    created(req, res) ? { ...res, status: 201 } : res),
];
