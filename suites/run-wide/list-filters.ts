/**
 * Every list answer of the run honours every filter its request carries, whoever sent it: the
 * enrollment list's (4.9: policy_status, external_id, plan_year, issuer_hios_id, plan_hios_id,
 * employer_external_id, and updated_since compared as an instant whatever offset or zone the
 * request wrote) and the policy-status list's as far as its rows show them (4.7: plan_year).
 * Each family's table and judgement (harness/suite/list-filter.ts) is the one its checks use; a
 * row that does not show a filtered member is not compared. A request made wrong on purpose (a
 * filter value outside its domain) is its own check's matter.
 */
import { expectRowsInFilter, type ListFilter } from '../../harness/suite/list-filter.js';
import { skipped, type Invariant } from '../../harness/suite/run-wide.js';
import { applicationRowsOf } from '../enrollments/application-reader.js';
import { ENROLLMENT_LIST_FILTERS } from '../enrollments/list-filters.js';
import { POLICY_LIST_FILTERS } from '../policy-status/list-filters.js';
import { policyRowsOf } from '../policy-status/policy-status-reader.js';
import { answerOf, byOperation, isSkipped, MADE_WRONG, queryOf } from './answer.js';
import { isObject } from '../../harness/is-object.js';

interface FilteredList {
  filters: Readonly<Record<string, ListFilter>>;
  rows(body: unknown): unknown[] | undefined;
}

/** The lists whose filters rows show, by operationId in the loaded documents. */
const LISTS: Readonly<Record<string, FilteredList>> = {
  listEnrollments: { filters: ENROLLMENT_LIST_FILTERS, rows: applicationRowsOf },
  listPolicyStatusApplications: { filters: POLICY_LIST_FILTERS, rows: policyRowsOf },
};

export const LIST_FILTER_RULES = [
  ...new Set(Object.values(LISTS).flatMap((l) => Object.values(l.filters).map((f) => f.rule))),
];

export const listHonoursFilters: Invariant = {
  needs: 'a list answer of the run whose request carries a filter',
  judge(entry, t) {
    const list = byOperation(LISTS, t.operationOf(entry));
    if (!list) return [];
    const carried = [...queryOf(entry)].filter(([name]) => list.filters[name] !== undefined);
    if (carried.length === 0) return [];
    const res = answerOf(entry);
    if (isSkipped(res)) return res;
    if (res.status !== 200) return [];
    if (entry.exchange.wrong) return MADE_WRONG;
    const rows = list.rows(res.json);
    if (!rows) return skipped('with no rows to read');
    const objects = rows.filter(isObject);
    // An empty page honours any filter: it shows nothing about one, so it proves no rule.
    if (objects.length === 0) return [];
    for (const [name, value] of carried) {
      const filter = list.filters[name]!;
      expectRowsInFilter(t.expect.rules(filter.rule), entry.exchange, objects, { ...filter, name, value });
    }
    return carried.map(([name]) => list.filters[name]!.rule);
  },
};
