/**
 * The list filters of 4.9 as data (harness/suite/list-filter.ts): what a list row shows of each
 * filtered member (by the provider's document's ApplicationListItem names) and when the value it
 * shows is outside the filter. The filter checks (list-filters.conformance.ts) and the oracle
 * over the run (suites/run-wide/) hold a list's rows to them with one judgement, expectRowsInFilter.
 */
import { differs, type ListFilter } from '../../harness/suite/list-filter.js';

/** How much coarser than it is stored an instant may be shown (whole seconds): `updated_since` allows that much. */
export const SHOWN_PRECISION_MS = 1_000;

/** A HIOS plan id starts with its issuer's 5-digit id. */
export const issuerOf = (plan: unknown): string | undefined =>
  typeof plan === 'string' ? plan.slice(0, 5) : undefined;

/**
 * `updated_since` (an ISO 8601 date-time: "applications updated after it"), compared as instants whatever offset or
 * zone either side writes: a row is outside when even a second more on its shown time is not after the filter.
 */
function notUpdatedAfter(shown: unknown, value: string): boolean {
  const [at, since] = [typeof shown === 'string' ? Date.parse(shown) : Number.NaN, Date.parse(value)];
  return Number.isFinite(at) && Number.isFinite(since) && at + SHOWN_PRECISION_MS <= since;
}

/** The filters of the enrollment list (4.9), by query parameter. */
export const ENROLLMENT_LIST_FILTERS: Readonly<Record<string, ListFilter>> = {
  policy_status: { rule: 'ENR-LIST-FILTER-POLICY-STATUS', read: (r) => r.policy_status, outside: differs },
  external_id: { rule: 'ENR-LIST-FILTER-EXTERNAL-ID', read: (r) => r.external_id, outside: differs },
  plan_year: { rule: 'ENR-LIST-FILTER-PLAN-YEAR', read: (r) => r.plan_year ?? r.context?.plan_year, outside: differs },
  issuer_hios_id: {
    rule: 'ENR-LIST-FILTER-ISSUER-HIOS-ID',
    read: (r) => r.issuer_hios_id ?? issuerOf(r.plan_hios_id),
    outside: differs,
  },
  plan_hios_id: { rule: 'ENR-LIST-FILTER-PLAN-HIOS-ID', read: (r) => r.plan_hios_id, outside: differs },
  employer_external_id: {
    rule: 'ENR-LIST-FILTER-EMPLOYER',
    read: (r) => r.employer_external_id ?? undefined,
    outside: differs,
  },
  updated_since: { rule: 'ENR-LIST-FILTER-UPDATED-SINCE', read: (r) => r.updated_at, outside: notUpdatedAfter },
};
