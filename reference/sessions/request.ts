/**
 * Validation of the enrollment session request: the provider's EnrollmentSessionRequest schema
 * (required context, enums, no member outside the schema) and the three conditional rules of
 * 2.6, which the schema only describes in prose. Each failure names the members to fix.
 * Faults that loosen a rule rewrite the request into one the clean server accepts first.
 */
import { requestProblems, type Problem } from '../core/request-schemas.js';
import { isNonEmptyString, isObject, type Obj } from '../core/shape.js';
import { SESSION_FLAGS } from './flags.js';

export const FLOWS = ['agent_assisted', 'self_service'] as const;
export type Flow = (typeof FLOWS)[number];
/** Fault path only: what a missing context is read as. */
const DEFAULT_CONTEXT = { product: 'aca', exchange: 'on_exchange', coverage_family: 'medical', coverage_type: 'medical', plan_year: 2026, flow: 'self_service', locale: 'en-US' };

export interface SessionRequest {
  externalId?: string;
  flow: Flow;
}

export type Parsed = { ok: true; request: SessionRequest } | { ok: false; problems: Problem[] };
const fail = (field: string, message: string): Parsed => ({ ok: false, problems: [{ field, message }] });

type Faulty = (name: string) => boolean;

/** The request as the clean server would read it under the fault switched on. */
function loosened(body: Obj, faulty: Faulty): Obj {
  const given = body.context === undefined && faulty(SESSION_FLAGS.contextOptional) ? DEFAULT_CONTEXT : body.context;
  if (!isObject(given)) return body;
  const context: Obj = { ...given };
  if (context.locale === undefined && faulty(SESSION_FLAGS.contextLocaleOptional)) context.locale = 'en-US';
  if (isNonEmptyString(context.flow) && !FLOWS.includes(context.flow as Flow) && faulty(SESSION_FLAGS.flowUnchecked)) context.flow = 'self_service';
  return { ...body, context };
}

export function parseSessionRequest(raw: unknown, faulty: Faulty): Parsed {
  if (!isObject(raw)) return fail('body', 'A JSON object body is required.');
  const body = loosened(raw, faulty);
  const problems = requestProblems('EnrollmentSessionRequest', body);
  if (problems.length) return { ok: false, problems };
  const context = body.context as Obj;
  const flow = context.flow as Flow;
  const location = isObject(body.location) ? body.location : {};
  const conditional = checkConditionalRules(flow, body.plan_id !== undefined, body.campaign !== undefined, location.state !== undefined, faulty);
  if (conditional) return conditional;
  return { ok: true, request: { flow, ...(typeof body.external_id === 'string' ? { externalId: body.external_id } : {}) } };
}

/** The three conditional rules of 2.6. */
function checkConditionalRules(flow: Flow, hasPlanId: boolean, hasCampaign: boolean, hasState: boolean, faulty: Faulty): Parsed | undefined {
  if (flow === 'self_service') {
    if (hasCampaign && faulty(SESSION_FLAGS.selfServiceCampaignRejected)) return fail('campaign', 'campaign is not accepted.');
    if (faulty(SESSION_FLAGS.selfServiceStateRequired) && !hasState) return fail('location.state', 'location.state is required.');
    if (!hasState && !hasPlanId && !faulty(SESSION_FLAGS.selfServiceNeedsOneOfIgnored)) return fail('location.state', 'self_service needs location.state or plan_id.');
    return undefined;
  }
  if (!hasState && !faulty(SESSION_FLAGS.agentStateOptional)) return fail('location.state', 'agent_assisted needs location.state.');
  if (hasPlanId && !faulty(SESSION_FLAGS.agentPlanIdAccepted)) return fail('plan_id', 'plan_id is accepted only in self_service.');
  if (hasCampaign && !faulty(SESSION_FLAGS.agentCampaignAccepted)) return fail('campaign', 'campaign is accepted only in self_service.');
  return undefined;
}
