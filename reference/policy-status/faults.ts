/** Faults of the policy-status family (4.7, 4.8) and its variants; the handlers ask with `on(POLICY_FAULTS.x)`. */
import { bodyOf, faultsOf, is, variantsOf } from '../core/declare-fault.js';
import { CORE_CHECKED } from '../core/faults.js';
import { body, serverProbe, status } from '../core/probe.js';
import type { Switch } from '../core/switch.js';
import type { RouteResult } from '../types.js';
import { allNull, minimalRow, morePagination, twoLines } from './variant-rewrites.js';

const { flag, rewrite } = faultsOf('policy-status');
const { variant, variantRewrite } = variantsOf('policy-status');

/** `fn` applied to a 200 body of `route`. */
const on200 = (res: RouteResult, fn: (body: Record<string, any>) => Record<string, unknown>): RouteResult => {
  const b = bodyOf(res);
  return res.status === 200 && b ? { ...res, body: fn(b) } : res;
};

const POL = '/v1/policy-status/applications';
const LIST = `${POL}?exchange=on_exchange&plan_year=2026`;
const READ = `${POL}/4412026000`;
/** A seeded application whose carrier has reported its policy (the first of each year has not). */
const REPORTED = `${POL}/4412026037`;
const READ_ROUTE = /^\/v1\/policy-status\/applications\/[^/]+$/;
/** A seeded application listed past the first 25 rows of its year (the 27th of 2026). */
const LATER = `${POL}/4412026962`;

export const POLICY_FAULTS = {
  productAccepted: flag(
    'policy-product-accepted',
    'POLICY-LIST-NO-PRODUCT',
    'The list accepts a product parameter.',
    serverProbe(({ call }) => status(call, 'GET', `${LIST}&product=aca`)),
  ),
  limitUnchecked: flag(
    'policy-limit-not-checked',
    'POLICY-LIST-LIMIT-RANGE',
    'limit above 100 is accepted.',
    serverProbe(({ call }) => status(call, 'GET', `${LIST}&limit=101`)),
  ),
  offsetFractionTruncated: flag(
    'policy-offset-fraction-accepted',
    'SCHEMA-BOUND-OUTSIDE',
    'An offset with a fraction (0.5) is read as its whole part, not refused.',
    serverProbe(({ call }) => status(call, 'GET', `${LIST}&offset=0.5`)),
  ),
  offsetNegativeAccepted: flag(
    'policy-offset-negative-accepted',
    'POLICY-LIST-OFFSET-RANGE',
    'A negative offset is read as 0.',
    serverProbe(({ call }) => status(call, 'GET', `${LIST}&offset=-1`)),
  ),
  defaultLimit50: flag(
    'policy-default-limit-50',
    'POLICY-LIST-LIMIT-DEFAULT',
    'Without limit, up to 50 rows come back.',
    serverProbe(({ call }) => body(call, 'GET', LIST).then((b) => b.applications.length)),
  ),
  defaultOffset1: flag(
    'policy-default-offset-1',
    'POLICY-LIST-OFFSET-DEFAULT',
    'Without offset, the list starts at offset 1.',
    serverProbe(({ call }) => body(call, 'GET', LIST).then((b) => b.applications[0].confirmation_id)),
  ),
  pagesOverlap: flag(
    'policy-pages-overlap',
    'POLICY-LIST-PAGES-CONSISTENT',
    'Pages after the first start one row early, so they overlap.',
    serverProbe(({ call }) =>
      body(call, 'GET', `${LIST}&offset=10&limit=5`).then((b) => b.applications[0].confirmation_id),
    ),
  ),
  offsetIgnored: flag(
    'policy-offset-ignored',
    'POLICY-LIST-PAGES-CONSISTENT',
    'offset is accepted but ignored: every page is the first page.',
    serverProbe(({ call }) =>
      body(call, 'GET', `${LIST}&offset=10&limit=5`).then((b) => b.applications[0].confirmation_id),
    ),
  ),
  pageOversized: flag(
    'policy-page-oversized',
    'POLICY-LIST-LIMIT-BOUND',
    'A page holds one row more than limit.',
    serverProbe(({ call }) => body(call, 'GET', `${LIST}&limit=5`).then((b) => b.applications.length)),
  ),
  listExchangeOffAccepted: flag(
    'policy-exchange-off-accepted',
    'POLICY-LIST-EXCHANGE-ON-ONLY',
    'exchange=off_exchange is accepted on the list.',
    serverProbe(({ call }) => status(call, 'GET', `${POL}?exchange=off_exchange&plan_year=2026`)),
  ),
  listExchangeOptional: flag(
    'policy-list-exchange-optional',
    'POLICY-LIST-EXCHANGE-REQUIRED',
    'The list accepts a request without exchange.',
    serverProbe(({ call }) => status(call, 'GET', `${POL}?plan_year=2026`)),
  ),
  listPlanYearOptional: flag(
    'policy-list-plan-year-optional',
    'POLICY-LIST-PLAN-YEAR-REQUIRED',
    'The list accepts a request without plan_year.',
    serverProbe(({ call }) => status(call, 'GET', `${POL}?exchange=on_exchange`)),
  ),
  readExchangeOptional: flag(
    'policy-read-exchange-optional',
    'POLICY-READ-EXCHANGE-REQUIRED',
    'The single read accepts a request without exchange.',
    serverProbe(({ call }) => status(call, 'GET', `${READ}?plan_year=2026`)),
  ),
  readPlanYearOptional: flag(
    'policy-read-plan-year-optional',
    'POLICY-READ-PLAN-YEAR-REQUIRED',
    'The single read accepts a request without plan_year.',
    serverProbe(({ call }) => status(call, 'GET', `${READ}?exchange=on_exchange`)),
  ),
  gateIgnored: CORE_CHECKED.policyStatusGateIgnored,
  unknownConfirmation200: rewrite(
    'policy-unknown-confirmation-200',
    'POLICY-READ-404',
    'An unknown confirmation id gives 200 with no policy statuses.',
    serverProbe(({ call }) => status(call, 'GET', `${POL}/0000000000?exchange=on_exchange&plan_year=2026`)),
    (req, res) =>
      is(req, 'GET', READ_ROUTE) && res.status === 404 ? { ...res, status: 200, body: { policy_statuses: [] } } : res,
  ),
  list500: rewrite(
    'policy-list-500',
    'POLICY-LIST-200',
    'The list answers 500 for plan year 2026.',
    serverProbe(({ call }) => status(call, 'GET', LIST)),
    (req, res) =>
      is(req, 'GET', POL) && res.status === 200 && req.query.plan_year === '2026'
        ? { ...res, status: 500, body: { error: { code: 'internal_error', message: 'Upstream failure.' } } }
        : res,
  ),
  read400: rewrite(
    'policy-read-400',
    'POLICY-READ-200',
    'A known confirmation id answers 400.',
    serverProbe(({ call }) => status(call, 'GET', `${READ}?exchange=on_exchange&plan_year=2026`)),
    (req, res) =>
      is(req, 'GET', READ_ROUTE) && res.status === 200
        ? { ...res, status: 400, body: { error: { code: 'invalid_request', message: 'Bad confirmation id.' } } }
        : res,
  ),
  readMissesLaterRows: flag(
    'policy-read-misses-later-rows',
    'POLICY-READ-200',
    'The single read finds only the first 25 applications of a plan year: ids the list shows further on answer 404.',
    serverProbe(({ call }) => status(call, 'GET', `${LATER}?exchange=on_exchange&plan_year=2026`)),
  ),
  // Variants: valid choices where the contract is open (2.7: alpha, names not shown, fields only when reported).
  limitMaxAsDefault: flag(
    'policy-limit-100-as-25',
    'POLICY-LIST-PAGES-CONSISTENT',
    'An explicit limit of 100, the largest, is read as the default: the page holds 25 rows and says limit 25.',
    serverProbe(({ call }) => body(call, 'GET', `${LIST}&limit=100`).then((b) => b.applications.length)),
  ),
  readOddId500: flag(
    'policy-read-odd-id-500',
    'EDGE-NO-5XX',
    'A confirmation id holding a character outside A-Z a-z 0-9 - _ crashes the read (500) instead of a 404.',
    serverProbe(({ call }) => status(call, 'GET', `${POL}/12%2034?exchange=on_exchange&plan_year=2026`)),
  ),
  // Breaks its rule only on later pages, which no check of the rule reads: the oracle over the run finds them.
  laterPagesEveryYear: flag(
    'policy-later-pages-every-year',
    'POLICY-LIST-FILTER-PLAN-YEAR',
    "Pages past the first (offset above 0) list the agent's applications of every plan year, not the one asked for.",
    serverProbe(({ call }) =>
      body(call, 'GET', `${LIST}&limit=30&offset=1`).then((b) => b.applications.map((a: any) => a.plan_year)),
    ),
  ),
  manyApplications: variant(
    'policy-many-applications',
    '4.7',
    'The agent has 1,000 applications a plan year: forty pages of the default limit, ten of the largest.',
    serverProbe(({ call }) => body(call, 'GET', `${LIST}&offset=990&limit=100`).then((b) => b.applications.length)),
  ),
  statusesAllNull: variantRewrite(
    'policy-statuses-all-null',
    '2.7',
    'No carrier has reported anything: every field of every policy status is null.',
    serverProbe(({ call }) => body(call, 'GET', `${REPORTED}?exchange=on_exchange&plan_year=2026`)),
    (req, res) =>
      is(req, 'GET', READ_ROUTE) ? on200(res, (b) => ({ ...b, policy_statuses: b.policy_statuses.map(allNull) })) : res,
  ),
  paginationMore: variantRewrite(
    'policy-pagination-more',
    '2.7',
    'List pagination carries metadata of other names besides limit and offset: count, has_more, next_offset.',
    serverProbe(({ call }) => body(call, 'GET', LIST).then((b) => b.pagination)),
    (req, res) => (is(req, 'GET', POL) ? on200(res, morePagination) : res),
  ),
  rowsMinimal: variantRewrite(
    'policy-rows-minimal',
    '2.7',
    'List rows carry the confirmation id only (external_id, plan_year and exchange_type left out).',
    serverProbe(({ call }) => body(call, 'GET', LIST).then((b) => Object.keys(b.applications[0]))),
    (req, res) =>
      is(req, 'GET', POL) ? on200(res, (b) => ({ ...b, applications: b.applications.map(minimalRow) })) : res,
  ),
  severalStatuses: variantRewrite(
    'policy-read-several-statuses',
    '2.7',
    'Every application read shows one policy status more (a second policy line of the household).',
    serverProbe(({ call }) =>
      body(call, 'GET', `${READ}?exchange=on_exchange&plan_year=2026`).then((b) => b.policy_statuses.length),
    ),
    (req, res) =>
      is(req, 'GET', READ_ROUTE) ? on200(res, (b) => ({ ...b, policy_statuses: twoLines(b.policy_statuses) })) : res,
  ),
} satisfies Record<string, Switch>;
