/**
 * The policy-status list's filters as far as its rows show them (4.7; harness/suite/list-filter.ts):
 * `plan_year`, which a row shows (PolicyStatusApplicationListItem). `exchange` is for routing
 * only and not forwarded, so no row is held to it; `limit` and `offset` are paging.
 */
import { differs, type ListFilter } from '../../harness/suite/list-filter.js';

export const POLICY_LIST_FILTERS: Readonly<Record<string, ListFilter>> = {
  plan_year: { rule: 'POLICY-LIST-FILTER-PLAN-YEAR', read: (r) => r.plan_year ?? undefined, outside: differs },
};
