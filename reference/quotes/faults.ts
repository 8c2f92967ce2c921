/** Faults of the quotes family (2.5, 4.5) and its variants; the handler asks for its own with `on(QUOTE_FAULTS.x)`. */
import { detailsNever } from '../core/error-choices.js';
import { bodyOf, faultsOf, is, variantsOf } from '../core/declare-fault.js';
import { body, serverProbe, status } from '../core/probe.js';
import type { Switch } from '../core/switch.js';
import type { RouteResult } from '../types.js';
import { KY_LOCATION, quoteRequestBody } from './sample.js';
import { sparsePlan } from './sparse.js';

const { flag, rewrite } = faultsOf('quotes');
const { variantRewrite } = variantsOf('quotes');

/** A 200 quote answer with `fn` applied to its body. */
const quoted = (res: RouteResult, fn: (body: Record<string, unknown>) => Record<string, unknown>): RouteResult => {
  const b = bodyOf(res);
  return res.status === 200 && b && Array.isArray(b.plans) ? { ...res, body: fn(b) } : res;
};
/** An advisory every quote answer carries under the warnings-always variant. */
const ADVISORY = 'Premiums are estimates until the carrier confirms them at enrollment.';

const Q = '/v1/quotes';
/** A quote request the provider document accepts, for the fixture county (Jefferson, KY). */
const kyQuote = (overrides: Parameters<typeof quoteRequestBody>[0] = {}) =>
  quoteRequestBody({ location: KY_LOCATION, ...overrides });

export const QUOTE_FAULTS = {
  mixedCoverage: rewrite(
    'quotes-mixed-coverage',
    'QUOTES-HOMOGENEOUS',
    'The result list ends with a plan of another coverage type.',
    serverProbe(({ call }) =>
      body(call, 'POST', Q, { json: kyQuote() }).then((b) => [
        ...new Set(b.plans.map((p: { coverage_type: string }) => p.coverage_type)),
      ]),
    ),
    (req, res) => {
      const plans = bodyOf(res)?.plans;
      if (!is(req, 'POST', Q) || res.status !== 200 || !Array.isArray(plans) || plans.length === 0) return res;
      const first = plans[0] as Record<string, unknown>;
      const coverage_type = first.coverage_type === 'dental' ? 'medical' : 'dental';
      const other = {
        ...first,
        plan_id: `${String(first.plan_id).slice(0, 7)}1010001`,
        coverage_type,
        context: { ...(first.context as object), coverage_type },
      };
      return { ...res, body: { ...bodyOf(res), plans: [...plans, other] } };
    },
  ),
  multipleCoverageTypesAccepted: flag(
    'quotes-multiple-coverage-types-accepted',
    'QUOTES-ONE-COVERAGE-TYPE',
    'A list of coverage types is accepted (the first is quoted).',
    serverProbe(({ call }) =>
      status(call, 'POST', Q, { json: kyQuote({ context: { coverage_type: ['medical', 'dental'] } }) }),
    ),
  ),
  bodyOptional: flag(
    'quotes-body-optional',
    'QUOTES-BODY-REQUIRED',
    'A quote request without a body is answered with a default quote.',
    serverProbe(({ call }) => status(call, 'POST', Q)),
  ),
  largeHouseholdRefused: flag(
    'quotes-large-household-refused',
    'QUOTES-200',
    'A household_size above 6 is refused with 400 (the contract states no largest household).',
    serverProbe(({ call }) => status(call, 'POST', Q, { json: kyQuote({ household: { household_size: 7 } }) })),
  ),
  newbornRefused: flag(
    'quotes-newborn-refused',
    'QUOTES-200',
    'An applicant of age 0 is refused with 400: ages are checked as at least 1.',
    serverProbe(({ call }) =>
      status(call, 'POST', Q, {
        json: kyQuote({
          household: {
            applicants: [
              { member_id: 'm1', age: 30, relationship: 'primary', uses_tobacco: false },
              { member_id: 'm2', age: 0, relationship: 'dependent', uses_tobacco: false },
            ],
          },
        }),
      }),
    ),
  ),
  incomeFractionRefused: flag(
    'quotes-income-fraction-refused',
    'SCHEMA-BOUND-INSIDE',
    'An annual_income with cents (a number, as 2.5 states) is refused with 400: only whole dollars are read.',
    serverProbe(({ call }) => status(call, 'POST', Q, { json: kyQuote({ household: { annual_income: 42000.5 } }) })),
  ),
  ageFractionTruncated: flag(
    'quotes-age-fraction-accepted',
    'SCHEMA-BOUND-OUTSIDE',
    "An applicant's age with a fraction (40.5, where 2.5 states an integer) is read as its whole part, not refused.",
    serverProbe(({ call }) =>
      status(call, 'POST', Q, {
        json: kyQuote({
          household: { applicants: [{ member_id: 'm1', age: 40.5, relationship: 'primary', uses_tobacco: false }] },
        }),
      }),
    ),
  ),
  pageSizeIgnored: flag(
    'quotes-page-size-ignored',
    'QUOTES-PAGE-SIZE',
    'page.size is ignored: every result comes back on one page.',
    serverProbe(({ call }) =>
      body(call, 'POST', Q, { json: kyQuote({ page: { number: 1, size: 2 } }) }).then((b) => b.plans.length),
    ),
  ),
  quotes200As201: rewrite(
    'quotes-200-as-201',
    'QUOTES-200',
    'A successful quote answers 201 instead of 200.',
    serverProbe(({ call }) => status(call, 'POST', Q, { json: kyQuote() })),
    (req, res) => (is(req, 'POST', Q) && res.status === 200 ? { ...res, status: 201 } : res),
  ),
  // Variants: valid choices where the contract is open (2.5: the response fields are not shown).
  sparsePlans: variantRewrite(
    'quotes-sparse-plans',
    '2.5',
    'Quoted plans carry only the members the document requires (no network, availability, display name or optional ' +
      'pricing and details).',
    serverProbe(({ call }) => body(call, 'POST', Q, { json: kyQuote() }).then((b) => Object.keys(b.plans[0]).sort())),
    (req, res) =>
      is(req, 'POST', Q)
        ? quoted(res, (b) => ({ ...b, plans: (b.plans as Array<Record<string, any>>).map(sparsePlan) }))
        : res,
  ),
  warningsAlways: variantRewrite(
    'quotes-warnings-always',
    '2.5',
    'Every quote answer carries an advisory in meta.warnings.',
    serverProbe(({ call }) => body(call, 'POST', Q, { json: kyQuote() }).then((b) => b.meta.warnings)),
    (req, res) =>
      is(req, 'POST', Q)
        ? quoted(res, (b) => ({
            ...b,
            meta: {
              ...(b.meta as object),
              warnings: [...((b.meta as { warnings?: string[] }).warnings ?? []), ADVISORY],
            },
          }))
        : res,
  ),
  errorDetailsAbsent: variantRewrite(
    'error-details-absent',
    '7',
    'No unified error carries details, validation failures included: the message alone says what is wrong.',
    serverProbe(({ call }) => body(call, 'POST', Q, { json: {} }).then((b) => b.error.details ?? null)),
    detailsNever,
  ),
} satisfies Record<string, Switch>;
