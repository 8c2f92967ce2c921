/**
 * POST /v1/quotes (4.5): one market and one coverage type per request, homogeneous results,
 * answered in the provider document's QuoteResponse shape:
 * `{plans: [PlanQuoteResult], meta: {page_number, page_size, result_count, warnings}}`.
 */
import { json } from '../core/respond.js';
import type { IsOn } from '../core/switch.js';
import { invalidFields } from '../reference-data/invalid.js';
import type { RouteModule } from '../types.js';
import { QUOTE_FAULTS as F } from './faults.js';
import { quotePlans, type QuotedPlan } from './plans.js';
import { parseQuoteRequest, type QuoteFilters, type SortField } from './request.js';
import { planQuoteResult } from './result.js';
import { documentQuoteExample } from './sample.js';

export const quoteRoutes: RouteModule = () => [
  {
    method: 'POST',
    pattern: '/v1/quotes',
    family: 'quotes',
    success: { rule: 'QUOTES-200', status: [200] },
    handler: ({ body, now, on }) => {
      const parsed = parseQuoteRequest(withFaults(body, on), now());
      if (!parsed.ok) return invalidFields(parsed.details);
      const refused = householdFault(body, on);
      if (refused) return invalidFields(refused);
      const q = parsed.request;
      const plans = quotePlans(q).filter(matches(q.filters)).sort(comparator(q.sort.field, q.sort.direction));
      const start = (q.page.number - 1) * q.page.size;
      const page = on(F.pageSizeIgnored) ? plans : plans.slice(start, start + q.page.size);
      return json({
        plans: page.map(planQuoteResult),
        // result_count counts every match of the request, not only this page (as providers' meta does).
        meta: { page_number: q.page.number, page_size: q.page.size, result_count: plans.length, warnings: q.warnings },
      });
    },
  },
];

function matches(f: QuoteFilters): (p: QuotedPlan) => boolean {
  return (p) =>
    (f.issuerIds === undefined || f.issuerIds.includes(p.issuer.hios_issuer_id)) &&
    (f.premiumMin === undefined || p.premium >= f.premiumMin) &&
    (f.premiumMax === undefined || p.premium <= f.premiumMax) &&
    (f.metalLevels === undefined || f.metalLevels.includes(p.metal_level)) &&
    (f.planTypes === undefined || f.planTypes.includes(p.template.plan_type));
}

function comparator(field: SortField, direction: 'asc' | 'desc') {
  const sign = direction === 'asc' ? 1 : -1;
  return (a: QuotedPlan, b: QuotedPlan): number => {
    const x = a[field];
    const y = b[field];
    const primary = x < y ? -1 : x > y ? 1 : 0;
    return primary !== 0 ? sign * primary : a.planId < b.planId ? -1 : a.planId > b.planId ? 1 : 0;
  };
}

/** Fault paths: households a fault refuses (too large, a newborn, an income with cents), with the field to blame. */
function householdFault(body: unknown, on: IsOn): Record<string, string[]> | undefined {
  const household = (
    body as {
      household?: { household_size?: number; annual_income?: number; applicants?: Array<{ age?: number }> };
    }
  ).household;
  if (on(F.largeHouseholdRefused) && (household?.household_size ?? 0) > 6)
    return { 'household.household_size': ['household_size must be at most 6.'] };
  if (on(F.newbornRefused) && household?.applicants?.some((a) => a.age === 0))
    return { 'household.applicants': ['Every applicant must be at least 1 year old.'] };
  if (on(F.incomeFractionRefused) && !Number.isInteger(household?.annual_income ?? 0))
    return { 'household.annual_income': ['annual_income must be a whole number of dollars.'] };
  return undefined;
}

/**
 * Fault paths: an empty body becomes the document's example request; a list of coverage types, its first; an
 * applicant's age with a fraction, its whole part.
 */
function withFaults(body: unknown, on: IsOn): unknown {
  if (body === undefined && on(F.bodyOptional)) return documentQuoteExample();
  const household = (body as { household?: { applicants?: unknown } } | null)?.household;
  if (on(F.ageFractionTruncated) && Array.isArray(household?.applicants)) {
    const applicants = household.applicants.map((a: { age?: unknown }) =>
      typeof a?.age === 'number' ? { ...a, age: Math.trunc(a.age) } : a,
    );
    return { ...(body as object), household: { ...household, applicants } };
  }
  const context = (body as { context?: { coverage_type?: unknown } } | null)?.context;
  if (on(F.multipleCoverageTypesAccepted) && Array.isArray(context?.coverage_type)) {
    return { ...(body as object), context: { ...context, coverage_type: context.coverage_type[0] } };
  }
  return body;
}
