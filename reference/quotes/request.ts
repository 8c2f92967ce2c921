/**
 * The quote request (2.5): the provider document's QuoteRequest decides what is accepted (its
 * required members, enums, and no member outside the schema, anywhere); the contract adds one
 * coverage type and one market per request and a `fips_code` from the counties endpoint,
 * consistent with `zip_code` and `state`. Each refusal names the field to fix.
 */
import { currentPlanYear } from '../core/plan-year.js';
import { requestProblems } from '../core/request-schemas.js';
import { detailsOf } from '../core/respond.js';
import { isObject, type Obj } from '../core/shape.js';
import { countiesForZip, countyByFips } from '../reference-data/counties.js';
import type { FieldMessages } from '../reference-data/invalid.js';
import type { Applicant, QuoteQuery } from './plans.js';

const SORT_FIELDS = ['premium', 'deductible', 'name', 'metal_level'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
const QUOTE_PAGE_DEFAULT = 20;

export interface QuoteFilters {
  issuerIds?: string[];
  premiumMin?: number;
  premiumMax?: number;
  metalLevels?: string[];
  planTypes?: string[];
}

interface QuoteRequest extends QuoteQuery {
  sort: { field: SortField; direction: 'asc' | 'desc' };
  page: { number: number; size: number };
  filters: QuoteFilters;
  /** Non-fatal advisories for `meta.warnings`. */
  warnings: string[];
}

export type Parsed = { ok: true; request: QuoteRequest } | { ok: false; details: FieldMessages };

const fail = (field: string, message: string): Parsed => ({ ok: false, details: { [field]: [message] } });

export function parseQuoteRequest(body: unknown, now: Date): Parsed {
  if (!isObject(body))
    return fail('body', 'A JSON object body is required (the quote request: context, location, household).');
  const context = isObject(body.context) ? body.context : {};
  // The contract's own wording for its two one-per-request rules, before the schema's "must be string".
  if (Array.isArray(context.coverage_type))
    return fail(
      'context.coverage_type',
      'Exactly one coverage_type per request: send a single string, and one request per coverage type.',
    );
  if (Array.isArray(context.exchange))
    return fail(
      'context.exchange',
      'One market per request: send exchange as a single string, on_exchange or off_exchange.',
    );
  const problems = requestProblems('QuoteRequest', body);
  if (problems.length) return { ok: false, details: detailsOf(problems) };
  const location = body.location as Obj;
  const county = countyByFips(String(location.fips_code));
  if (!county)
    return fail(
      'location.fips_code',
      'location.fips_code must be a county FIPS code returned by GET /v1/reference/counties.',
    );
  if (!(countiesForZip(String(location.zip_code)) ?? []).some((c) => c.fips_code === county.fips_code)) {
    return fail(
      'location.zip_code',
      `location.zip_code ${String(location.zip_code)} does not contain county ${county.fips_code}: use a ` +
        `county GET /v1/reference/counties returns for it.`,
    );
  }
  if (location.state !== undefined && location.state !== county.state)
    return fail('location.state', `location.state must be ${county.state}, the state of county ${county.fips_code}.`);
  const warnings: string[] = [];
  if (body.include !== undefined) warnings.push('include is deprecated and ignored.');
  const household = body.household as { applicants: Array<{ age: number; uses_tobacco: boolean }> };
  const applicants: Applicant[] = household.applicants.map((a) => ({ age: a.age, uses_tobacco: a.uses_tobacco }));
  return {
    ok: true,
    request: {
      product: String(context.product),
      coverageFamily: String(context.coverage_family),
      coverageType: String(context.coverage_type),
      exchange: String(context.exchange),
      planYear: typeof context.plan_year === 'number' ? context.plan_year : currentPlanYear(now),
      state: county.state,
      fips: county.fips_code,
      applicants,
      sort: sortOf(body.sort as Obj | undefined, warnings),
      page: {
        number: Number((body.page as Obj | undefined)?.number ?? 1),
        size: Number((body.page as Obj | undefined)?.size ?? QUOTE_PAGE_DEFAULT),
      },
      filters: filtersOf(body.filters as Obj | undefined, String(context.coverage_type)),
      warnings,
    },
  };
}

/** The document lets sort.field be any string: an unknown one is a warning, and premium is used. */
function sortOf(sort: Obj | undefined, warnings: string[]): QuoteRequest['sort'] {
  const direction = sort?.direction === 'desc' ? 'desc' : 'asc';
  const field = sort?.field ?? 'premium';
  if (SORT_FIELDS.includes(field as SortField)) return { field: field as SortField, direction };
  warnings.push(
    `sort.field ${String(field)} is not supported (${SORT_FIELDS.join(', ')}); results are sorted by premium.`,
  );
  return { field: 'premium', direction };
}

function filtersOf(filters: Obj | undefined, coverageType: string): QuoteFilters {
  if (!filters) return {};
  const own = filters[coverageType] as { metal_levels?: string[]; plan_types?: string[] } | undefined;
  return {
    issuerIds: filters.issuer_ids as string[] | undefined,
    premiumMin: filters.premium_min as number | undefined,
    premiumMax: filters.premium_max as number | undefined,
    metalLevels: own?.metal_levels,
    planTypes: own?.plan_types,
  };
}
