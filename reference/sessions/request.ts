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
  const applicants =
    isObject(body.household) && Array.isArray(body.household.applicants) ? body.household.applicants : [];
  const refused = applicantFault(applicants, on);
  if (refused) return refused;
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

/** The longest applicant name the document states (its maxLength). */
const NAME_MAX = 50;
/** Fault path only: the first age the fault's age table has no row for. */
const AGE_TABLE_END = 130;

/** Fault paths: a name held to its maxLength in bytes; an applicant as old as the document allows crashes. */
function applicantFault(applicants: unknown[], on: IsOn): Parsed | undefined {
  for (const [i, a] of applicants.entries()) {
    if (!isObject(a)) continue;
    if (on(F.oldestApplicant500) && typeof a.age === 'number' && a.age >= AGE_TABLE_END)
      throw new Error(`no age-table row for ${a.age}`);
    for (const name of ['first_name', 'last_name'])
      if (on(F.namesCountedInBytes) && typeof a[name] === 'string' && Buffer.byteLength(a[name]) > NAME_MAX)
        return fail(`household.applicants[${i}].${name}`, `${name} must be at most ${NAME_MAX} characters.`);
  }
  return undefined;
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
