/**
 * Validation of the enrollment session request: the provider's EnrollmentSessionRequest schema
 * (required context, enums, no member outside the schema) and the three conditional rules of
 * 2.6, which the schema only describes in prose. Each failure names the members to fix.
 * Faults that loosen a rule rewrite the request into one the clean server accepts first.
 */
import { requestProblems, type Problem } from '../core/request-schemas.js';
import { isNonEmptyString, isObject, type Obj } from '../core/shape.js';
import type { IsOn } from '../core/switch.js';
import { SESSION_FAULTS as F } from './faults.js';

const FLOWS = ['agent_assisted', 'self_service'] as const;
export type Flow = (typeof FLOWS)[number];
/** Fault path only: what a missing context is read as. */
const DEFAULT_CONTEXT = {
  product: 'aca',
  exchange: 'on_exchange',
  coverage_family: 'medical',
  coverage_type: 'medical',
  plan_year: 2026,
  flow: 'self_service',
  locale: 'en-US',
};

interface SessionRequest {
  externalId?: string;
  flow: Flow;
}

export type Parsed = { ok: true; request: SessionRequest } | { ok: false; problems: Problem[] };
const fail = (field: string, message: string): Parsed => ({ ok: false, problems: [{ field, message }] });

/** The request as the clean server would read it under the fault switched on. */
function loosened(body: Obj, on: IsOn): Obj {
  const given = body.context === undefined && on(F.contextOptional) ? DEFAULT_CONTEXT : body.context;
  if (!isObject(given)) return body;
  const context: Obj = { ...given };
  if (context.locale === undefined && on(F.contextLocaleOptional)) context.locale = 'en-US';
  if (isNonEmptyString(context.flow) && !FLOWS.includes(context.flow as Flow) && on(F.flowUnchecked))
    context.flow = 'self_service';
  return { ...body, context };
}

export function parseSessionRequest(raw: unknown, on: IsOn): Parsed {
  if (!isObject(raw)) return fail('body', 'A JSON object body is required.');
  const body = loosened(raw, on);
  const problems = requestProblems('EnrollmentSessionRequest', body);
  if (problems.length) return { ok: false, problems };
  const context = body.context as Obj;
  const flow = context.flow as Flow;
  const location = isObject(body.location) ? body.location : {};
  const conditional = checkConditionalRules(
    flow,
    body.plan_id !== undefined,
    body.campaign !== undefined,
    location.state !== undefined,
    on,
  );
  // The fault names the partner reference instead of the member at fault.
  if (conditional && !conditional.ok && on(F.refusalNamesExternalId))
    return { ok: false, problems: conditional.problems.map((p) => ({ ...p, field: 'external_id' })) };
  if (conditional) return conditional;
  return {
    ok: true,
    request: { flow, ...(typeof body.external_id === 'string' ? { externalId: body.external_id } : {}) },
  };
}

/** The three conditional rules of 2.6. */
function checkConditionalRules(
  flow: Flow,
  hasPlanId: boolean,
  hasCampaign: boolean,
  hasState: boolean,
  on: IsOn,
): Parsed | undefined {
  if (flow === 'self_service') {
    if (hasCampaign && on(F.selfServiceCampaignRejected)) return fail('campaign', 'campaign is not accepted.');
    if (on(F.selfServiceStateRequired) && !hasState) return fail('location.state', 'location.state is required.');
    if (!hasState && !hasPlanId && !on(F.selfServiceNeedsOneOfIgnored))
      return fail('location.state', 'self_service needs location.state or plan_id.');
    return undefined;
  }
  if (!hasState && !on(F.agentStateOptional)) return fail('location.state', 'agent_assisted needs location.state.');
  if (hasPlanId && !on(F.agentPlanIdAccepted)) return fail('plan_id', 'plan_id is accepted only in self_service.');
  if (hasCampaign && !on(F.agentCampaignAccepted))
    return fail('campaign', 'campaign is accepted only in self_service.');
  return undefined;
}
