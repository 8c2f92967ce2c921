/**
 * A quote request the target can answer (2.5): its location comes from the counties endpoint
 * (the `fips_code` and `state` of a county of the fixture ZIP code, as the contract asks), its
 * coverage type and plan year from the profile. Members the prose leaves open (context.product,
 * coverage_family, required applicant members) follow the document's QuoteRequest.
 */
import { SkipCheck, type ApiRequest, type CheckContext, type TargetContext } from '../../harness/suite/index.js';

export const QUOTES = '/v1/quotes';

/** Fixtures a valid quote needs; declared by every check that builds one. */
export const QUOTE_FIXTURES = ['zipCode', 'planYear', 'coverageType'];

export interface QuoteTarget {
  zip: string;
  fips: string;
  state: string;
  planYear: number;
  coverageType: string;
  exchange: string;
}

/**
 * One county read per run, shared by the checks of the run: keyed by the run's client (each
 * check sees its own view of the target, which tracks what it reads; the client is the run's).
 */
const read = new WeakMap<TargetContext['client'], Promise<QuoteTarget>>();

/** Reads the fixture ZIP code's counties once a run; a failed read skips the check (it is not a quote failure). */
export function quoteTarget(t: CheckContext): Promise<QuoteTarget> {
  let target = read.get(t.target.client);
  if (!target) {
    target = readQuoteTarget(t);
    read.set(t.target.client, target);
  }
  return target;
}

/** The operation, as a read-only run's target profile opts in to it (`sideEffectFreeWrites`). */
export const QUOTE_WRITE = `POST ${QUOTES}`;

/** Fixtures of a quote built from the profile alone: the county the profile names, no county read. */
export const PROFILE_QUOTE_FIXTURES = [...QUOTE_FIXTURES, 'fipsCode', 'state'];

/**
 * A quote target from the profile's fixtures (a county its author read from the counties
 * endpoint): for a run whose request budget has no room for a county read of its own.
 */
export function profileQuoteTarget(t: CheckContext): QuoteTarget {
  return {
    zip: String(t.fixture('zipCode')),
    fips: String(t.fixture('fipsCode')),
    state: String(t.fixture('state')),
    planYear: Number(t.fixture('planYear')),
    coverageType: String(t.fixture('coverageType')),
    exchange: 'on_exchange',
  };
}

async function readQuoteTarget(t: CheckContext): Promise<QuoteTarget> {
  const zip = String(t.fixture('zipCode'));
  const ex = await t.send({
    method: 'GET',
    path: '/v1/reference/counties',
    query: { zip_code: zip },
    label: 'the county to quote in',
  });
  const county = (ex.response?.json as { counties?: Array<{ fips_code?: unknown; state?: unknown }> } | undefined)
    ?.counties?.[0];
  if (ex.response?.status !== 200 || typeof county?.fips_code !== 'string' || typeof county.state !== 'string') {
    throw new SkipCheck(
      `a county of fixture zipCode from GET /v1/reference/counties (got ${ex.response?.status ?? ex.error})`,
    );
  }
  return {
    zip,
    fips: county.fips_code,
    state: county.state,
    planYear: Number(t.fixture('planYear')),
    coverageType: String(t.fixture('coverageType')),
    exchange: 'on_exchange',
  };
}

/** The document's QuoteContext: the product of each market, the family of each coverage type. */
const PRODUCT_OF_EXCHANGE: Readonly<Record<string, string>> = { on_exchange: 'aca', off_exchange: 'ichra' };
const FAMILY_OF_COVERAGE: Readonly<Record<string, string>> = {
  medical: 'medical',
  dental: 'ancillary',
  vision: 'ancillary',
  supplemental_other: 'ancillary',
};

/** A valid quote body for one applicant; `page` when given. */
export function quoteBody(q: QuoteTarget, page?: { number: number; size: number }): Record<string, unknown> {
  return {
    context: {
      product: PRODUCT_OF_EXCHANGE[q.exchange] ?? 'aca',
      exchange: q.exchange,
      coverage_family: FAMILY_OF_COVERAGE[q.coverageType] ?? 'medical',
      coverage_type: q.coverageType,
      plan_year: q.planYear,
    },
    location: { zip_code: q.zip, fips_code: q.fips, state: q.state },
    household: {
      household_size: 1,
      annual_income: 42000,
      effective_date: `${q.planYear}-01-01`,
      applicants: [
        {
          member_id: 'applicant-1',
          age: 40,
          relationship: 'primary',
          uses_tobacco: false,
          pregnant: false,
          blind_or_disabled: false,
          native_american: false,
        },
      ],
    },
    ...(page ? { page } : {}),
  };
}

export const quoteRequest = (json: unknown, label?: string): ApiRequest => ({
  method: 'POST',
  path: QUOTES,
  json,
  label,
});
