/** Faults of the enrollment-sessions family (2.6, 4.6): conditional rules, gates, response; and its variants. */
import { uuidRequestIds } from '../core/answer-choices.js';
import { bodyOf, faultsOf, is, variantsOf, withoutHeader, type RequestView } from '../core/declare-fault.js';
import { CORE_CHECKED } from '../core/faults.js';
import { body, serverProbe, status, UNCHECKED } from '../core/probe.js';
import type { Switch } from '../core/switch.js';
import { sessionBody } from '../probe/fixtures.js';
import type { RouteResult } from '../types.js';
import { tokenLinks } from './links.js';

const { flag, rewrite } = faultsOf('enrollment-sessions');
const { variant, variantRewrite } = variantsOf('enrollment-sessions');

const S = '/v1/enrollment-sessions';
const agent = { flow: 'agent_assisted' };
const created = (req: RequestView, res: RouteResult): boolean => is(req, 'POST', S) && res.status === 200;
/** The household of sessionBody, its one applicant with `applicant`'s members besides. */
const householdOf = (applicant: Record<string, unknown>) => {
  const household = sessionBody().household as { applicants: Array<Record<string, unknown>> };
  return { ...household, applicants: [{ ...household.applicants[0], ...applicant }] };
};

export const SESSION_FAULTS = {
  agentPlanIdAccepted: flag(
    'sessions-agent-plan-id-accepted',
    'SESSIONS-AGENT-PLAN-ID-REJECTED',
    'agent_assisted accepts plan_id.',
    serverProbe(({ call }) => status(call, 'POST', S, { json: sessionBody({ plan_id: 'p1' }, agent) })),
  ),
  agentCampaignAccepted: flag(
    'sessions-agent-campaign-accepted',
    'SESSIONS-AGENT-CAMPAIGN-REJECTED',
    'agent_assisted accepts a campaign block.',
    serverProbe(({ call }) => status(call, 'POST', S, { json: sessionBody({ campaign: {} }, agent) })),
  ),
  agentStateOptional: flag(
    'sessions-agent-state-optional',
    'SESSIONS-AGENT-STATE-REQUIRED',
    'agent_assisted accepts a request without location.state.',
    serverProbe(({ call }) => status(call, 'POST', S, { json: sessionBody({ location: {} }, agent) })),
  ),
  selfServiceStateRequired: flag(
    'sessions-self-service-state-required',
    'SESSIONS-SELF-SERVICE-PLAN-ONLY',
    'self_service requires location.state even when plan_id is given.',
    serverProbe(({ call }) => status(call, 'POST', S, { json: sessionBody({ plan_id: 'p1', location: {} }) })),
  ),
  selfServiceNeedsOneOfIgnored: flag(
    'sessions-self-service-needs-nothing',
    'SESSIONS-SELF-SERVICE-STATE-OR-PLAN',
    'self_service accepts neither location.state nor plan_id.',
    serverProbe(({ call }) => status(call, 'POST', S, { json: sessionBody({ location: {} }) })),
  ),
  selfServiceCampaignRejected: flag(
    'sessions-self-service-campaign-rejected',
    'SESSIONS-SELF-SERVICE-CAMPAIGN',
    'self_service rejects a campaign block.',
    serverProbe(({ call }) => status(call, 'POST', S, { json: sessionBody({ campaign: { utm_source: 'mail' } }) })),
  ),
  contextLocaleOptional: flag(
    'sessions-context-locale-optional',
    'SESSIONS-CONTEXT-FIELDS-REQUIRED',
    'context.locale may be left out.',
    serverProbe(({ call }) => {
      const json = sessionBody();
      delete (json.context as Record<string, unknown>).locale;
      return status(call, 'POST', S, { json });
    }),
  ),
  contextOptional: flag(
    'sessions-context-optional',
    'SESSIONS-CONTEXT-REQUIRED',
    'A request without context is read as a self_service default.',
    serverProbe(({ call }) => status(call, 'POST', S, { json: { external_id: 'x', location: { state: 'KY' } } })),
  ),
  flowUnchecked: flag(
    'sessions-flow-unchecked',
    'SESSIONS-FLOW-ENUM',
    'Any context.flow string is accepted (read as self_service).',
    serverProbe(({ call }) => status(call, 'POST', S, { json: sessionBody({}, { flow: 'other' }) })),
  ),
  selfServiceConsultsOauth: flag(
    'sessions-self-service-consults-oauth',
    'GATE-SESSIONS-SELF-SERVICE-IGNORES-OAUTH',
    'self_service is refused when the OAuth link is unhealthy.',
    serverProbe(({ call }) => status(call, 'POST', S, { role: 'oauthUnhealthy', json: sessionBody() })),
  ),
  agentConsultsDeeplink: flag(
    'sessions-agent-consults-deeplink',
    'GATE-SESSIONS-AGENT-IGNORES-AGENT-ID',
    'agent_assisted is refused without a deeplink agent id.',
    serverProbe(({ call }) => status(call, 'POST', S, { role: 'selfServiceNoAgent', json: sessionBody({}, agent) })),
  ),
  oauthUnhealthy503: flag(
    'sessions-oauth-unhealthy-503',
    'GATE-SESSIONS-AGENT-OAUTH-403',
    'agent_assisted with an unhealthy OAuth link gives 503 instead of 403.',
    serverProbe(({ call }) => status(call, 'POST', S, { role: 'oauthUnhealthy', json: sessionBody({}, agent) })),
  ),
  deeplinkAgentNotChecked: flag(
    'sessions-deeplink-agent-not-checked',
    'GATE-SESSIONS-SELF-SERVICE-AGENT-ID-403',
    'self_service does not need a deeplink agent id.',
    serverProbe(({ call }) => status(call, 'POST', S, { role: 'selfServiceNoAgent', json: sessionBody() })),
  ),
  gateIgnored: CORE_CHECKED.sessionsGateIgnored,
  externalIdNotEchoed: rewrite(
    'sessions-external-id-not-echoed',
    'SESSIONS-EXTERNAL-ID-ECHO',
    "The response external_id is a server id, not the request's.",
    serverProbe(({ call }) => body(call, 'POST', S, { json: sessionBody() }).then((b) => b.external_id)),
    (req, res) =>
      created(req, res) ? { ...res, body: { ...bodyOf(res), external_id: 'sess_server_generated' } } : res,
  ),
  namesCountedInBytes: flag(
    'sessions-name-length-in-bytes',
    'SCHEMA-BOUND-INSIDE',
    "An applicant's first or last name is held to its maxLength 50 in UTF-8 bytes, not characters: a 50-character " +
      'name of letters outside ASCII is refused with 400.',
    serverProbe(({ call }) =>
      status(call, 'POST', S, {
        json: sessionBody({ household: householdOf({ first_name: '한'.repeat(50) }) }),
      }),
    ),
  ),
  oldestApplicant500: flag(
    'sessions-oldest-applicant-500',
    'EDGE-NO-5XX',
    'An applicant of age 130, the greatest the document states, fails the server (500): its age table stops at 129.',
    serverProbe(({ call }) =>
      status(call, 'POST', S, {
        json: sessionBody({ household: householdOf({ age: 130 }) }),
      }),
    ),
  ),
  externalIdAstralMangled: rewrite(
    'sessions-external-id-astral-mangled',
    'SESSIONS-EXTERNAL-ID-ECHO',
    'An external_id is echoed with each character outside the Basic Multilingual Plane (an emoji, 𝔸) replaced by ' +
      'U+FFFD: it is stored as UCS-2.',
    serverProbe(({ call }) =>
      body(call, 'POST', S, { json: sessionBody({ external_id: 'crm-😀' }) }).then((b) => b.external_id),
    ),
    (req, res) => {
      const id = bodyOf(res)?.external_id;
      return created(req, res) && typeof id === 'string'
        ? { ...res, body: { ...bodyOf(res), external_id: id.replace(/[\u{10000}-\u{10ffff}]/gu, '\ufffd') } }
        : res;
    },
  ),
  // Breaks its rule only on sessions sent with an Idempotency-Key, which no check of the rule sends: the oracle over
  // the run finds it.
  keyedExternalIdIsKey: rewrite(
    'sessions-keyed-external-id-is-key',
    'SESSIONS-EXTERNAL-ID-ECHO',
    'A session sent with an Idempotency-Key echoes the key as its external_id (the key is kept as the partner ' +
      'reference).',
    serverProbe(({ call }) =>
      body(call, 'POST', S, { json: sessionBody(), headers: { 'idempotency-key': 'k-echo' } }).then(
        (b) => b.external_id,
      ),
    ),
    (req, res) => {
      const key = req.headers['idempotency-key'];
      return created(req, res) && key ? { ...res, body: { ...bodyOf(res), external_id: key } } : res;
    },
  ),
  keyedNoRequestId: rewrite(
    'sessions-keyed-no-request-id',
    'SESSIONS-REQUEST-ID',
    'A session sent with an Idempotency-Key answers without X-Request-Id (the keyed path skips the tracing header).',
    serverProbe(({ call }) =>
      call('POST', S, { ...UNCHECKED, json: sessionBody(), headers: { 'idempotency-key': 'k-trace' } }).then(
        (r) => r.headers['x-request-id'] ?? null,
      ),
    ),
    (req, res) =>
      is(req, 'POST', S) && req.headers['idempotency-key']
        ? { ...res, headers: withoutHeader(res.headers, 'X-Request-Id') }
        : res,
  ),
  refusalNamesExternalId: flag(
    'sessions-refusal-names-external-id',
    'ENVELOPE-FIELD-NAMES-WRONG',
    'A body refused by a conditional rule of 2.6 names external_id in error.details, not the member at fault.',
    serverProbe(({ call }) =>
      body(call, 'POST', S, { json: sessionBody({ location: {} }, agent) }).then((b) => Object.keys(b.error.details)),
    ),
  ),
  linksRelative: rewrite(
    'sessions-links-relative',
    'SESSIONS-LINKS',
    'shopping_url is a relative path, not a URL.',
    serverProbe(({ call }) => body(call, 'POST', S, { json: sessionBody() }).then((b) => b.links.shopping_url)),
    (req, res) => {
      const links = bodyOf(res)?.links as Record<string, unknown> | undefined;
      return created(req, res) && links
        ? {
            ...res,
            body: {
              ...bodyOf(res),
              links: { ...links, shopping_url: String(links.shopping_url).replace(/^https?:\/\/[^/]+/, '') },
            },
          }
        : res;
    },
  ),
  requestIdMissing: rewrite(
    'request-id-missing',
    'SESSIONS-REQUEST-ID',
    'Session responses carry no X-Request-Id.',
    serverProbe(({ call }) =>
      call('POST', S, { ...UNCHECKED, json: sessionBody() }).then((r) => r.headers['x-request-id'] !== undefined),
    ),
    (req, res) => (is(req, 'POST', S) ? { ...res, headers: withoutHeader(res.headers, 'X-Request-Id') } : res),
  ),
  sessions200As201: rewrite(
    'sessions-200-as-201',
    'SESSIONS-200',
    'A created session answers 201 instead of 200.',
    serverProbe(({ call }) => status(call, 'POST', S, { json: sessionBody() })),
    (req, res) => (created(req, res) ? { ...res, status: 201 } : res),
  ),
  // Variants: valid choices where the contract is open.
  linksWithTokens: variantRewrite(
    'sessions-links-with-tokens',
    '2.6',
    'Session links live on another host and carry a signed token, a locale and a fragment in the URL.',
    serverProbe(({ call }) => body(call, 'POST', S, { json: sessionBody() }).then((b) => b.links.shopping_url)),
    (req, res) => {
      const links = bodyOf(res)?.links as Record<string, unknown> | undefined;
      return created(req, res) && links ? { ...res, body: { ...bodyOf(res), links: tokenLinks(links) } } : res;
    },
  ),
  externalIdOmitted: variant(
    'sessions-external-id-omitted',
    '2.6',
    'A request without external_id gets a response without external_id (nothing to echo), not a generated one.',
    serverProbe(({ call }) => {
      const { external_id: _e, ...json } = sessionBody();
      return body(call, 'POST', S, { json }).then((b) => Object.keys(b));
    }),
  ),
  requestIdUuid: variantRewrite(
    'request-id-uuid',
    '2.6',
    'X-Request-Id is a UUID on every answer (a replay keeps the original one).',
    serverProbe(({ call }) =>
      call('POST', S, { ...UNCHECKED, json: sessionBody() }).then((r) =>
        /^[0-9a-f-]{36}$/.test(r.headers['x-request-id'] ?? ''),
      ),
    ),
    uuidRequestIds,
  ),
} satisfies Record<string, Switch>;
