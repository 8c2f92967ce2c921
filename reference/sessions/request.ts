/**
 * Validation of the enrollment session request (2.6): the required context, member types and
 * the three conditional rules. Each failure names the member to fix.
 */
import { isDate, isInt, isNonEmptyString, isObject } from '../core/shape.js';
import { SESSION_FLAGS } from './flags.js';

export const FLOWS = ['agent_assisted', 'self_service'] as const;
export type Flow = (typeof FLOWS)[number];
/** Fault path only: what a missing context is read as. */
const DEFAULT_CONTEXT = { product: 'aca', exchange: 'on_exchange', coverage_family: 'health', coverage_type: 'medical', plan_year: 2026, flow: 'self_service', locale: 'en-US' };
const CONTEXT_STRINGS = ['product', 'exchange', 'coverage_family', 'coverage_type', 'locale'] as const;

export interface SessionRequest {
  externalId?: string;
  flow: Flow;
}

export type Parsed = { ok: true; request: SessionRequest } | { ok: false; field: string; message: string };
const fail = (field: string, message: string): Parsed => ({ ok: false, field, message });

export function parseSessionRequest(body: unknown, faulty: (name: string) => boolean): Parsed {
  if (!isObject(body)) return fail('body', 'A JSON object body is required.');
  const context = body.context === undefined && faulty(SESSION_FLAGS.contextOptional) ? DEFAULT_CONTEXT : body.context;
  if (!isObject(context)) return fail('context', 'context is required with product, exchange, coverage_family, coverage_type, plan_year, flow and locale.');
  for (const name of CONTEXT_STRINGS) {
    if (name === 'locale' && context.locale === undefined && faulty(SESSION_FLAGS.contextLocaleOptional)) continue;
    if (!isNonEmptyString(context[name])) return fail(`context.${name}`, `context.${name} is required (a string).`);
  }
  if (!isInt(context.plan_year)) return fail('context.plan_year', 'context.plan_year is required (an integer).');
  if (!FLOWS.includes(context.flow as Flow) && !(faulty(SESSION_FLAGS.flowUnchecked) && isNonEmptyString(context.flow))) {
    return fail('context.flow', 'context.flow is required: agent_assisted or self_service.');
  }
  const flow: Flow = context.flow === 'agent_assisted' ? 'agent_assisted' : 'self_service';
  if (body.external_id !== undefined && typeof body.external_id !== 'string') return fail('external_id', 'external_id must be a string.');
  if (body.plan_id !== undefined && typeof body.plan_id !== 'string') return fail('plan_id', 'plan_id must be a string.');
  if (body.campaign !== undefined && !isObject(body.campaign)) return fail('campaign', 'campaign must be an object.');
  const location = body.location;
  if (location !== undefined && !isObject(location)) return fail('location', 'location must be an object.');
  if (location?.zip_code !== undefined && !(typeof location.zip_code === 'string' && /^\d{5}$/.test(location.zip_code))) return fail('location.zip_code', 'location.zip_code must be 5 digits.');
  if (location?.fips_code !== undefined && typeof location.fips_code !== 'string') return fail('location.fips_code', 'location.fips_code must be a string.');
  if (location?.state !== undefined && !(typeof location.state === 'string' && /^[A-Z]{2}$/.test(location.state))) return fail('location.state', 'location.state must be two uppercase letters.');
  const household = checkHousehold(body.household);
  if (household) return household;
  const conditional = checkConditionalRules(flow, body.plan_id !== undefined, body.campaign !== undefined, location?.state !== undefined, faulty);
  if (conditional) return conditional;
  return { ok: true, request: { flow, ...(typeof body.external_id === 'string' ? { externalId: body.external_id } : {}) } };
}

/** The three conditional rules of 2.6. */
function checkConditionalRules(flow: Flow, hasPlanId: boolean, hasCampaign: boolean, hasState: boolean, faulty: (name: string) => boolean): Parsed | undefined {
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

function checkHousehold(household: unknown): Parsed | undefined {
  if (household === undefined) return undefined;
  if (!isObject(household)) return fail('household', 'household must be an object.');
  if (household.household_size !== undefined && !isInt(household.household_size)) return fail('household.household_size', 'household.household_size must be an integer.');
  if (household.annual_income !== undefined && typeof household.annual_income !== 'number') return fail('household.annual_income', 'household.annual_income must be a number.');
  if (household.applicants === undefined) return undefined;
  if (!Array.isArray(household.applicants)) return fail('household.applicants', 'household.applicants must be an array.');
  for (const [i, a] of household.applicants.entries()) {
    const at = `household.applicants[${i}]`;
    if (!isObject(a)) return fail(at, `${at} must be an object.`);
    if (a.date_of_birth !== undefined && !isDate(a.date_of_birth)) return fail(`${at}.date_of_birth`, `${at}.date_of_birth must be a date, YYYY-MM-DD.`);
    if (a.uses_tobacco !== undefined && typeof a.uses_tobacco !== 'boolean') return fail(`${at}.uses_tobacco`, `${at}.uses_tobacco must be a boolean.`);
  }
  return undefined;
}
