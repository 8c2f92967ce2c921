/**
 * Fixtures the contract gives a read for, and the answer that says the target does not have
 * one: a cheap read-only request each, made before the checks (find.ts). A fixture with no
 * read in the contract (a plan id for direct enrollment, a Medicare contact) is not looked up.
 */
import type { ApiRequest } from '../client/index.js';
import type { Exchange } from '../model.js';
import type { TargetProfile } from '../run-config.js';

type Fixtures = TargetProfile['fixtures'];

export interface FixtureRead {
  /** The fixture looked up; the read runs only when the profile has it and every one of `with`. */
  fixture: string;
  with?: readonly string[];
  /** What the contract says the read answers, quoted in the warning. */
  basis: string;
  request(f: Fixtures): ApiRequest;
  /** Fixtures the answer shows the target does not have, each with why. */
  absent(ex: Exchange, f: Fixtures): Array<{ fixture: string; why: string }>;
}

const status = (ex: Exchange): number | undefined => ex.response?.status;

/** Counties of the answer (`counties[].fips_code`), empty when it shows none. */
function countyFips(ex: Exchange): string[] {
  const counties = (ex.response?.json as { counties?: unknown } | undefined)?.counties;
  return Array.isArray(counties) ? counties.map((c: { fips_code?: unknown }) => String(c?.fips_code)) : [];
}

export const FIXTURE_READS: readonly FixtureRead[] = [
  {
    fixture: 'zipCode',
    basis: 'GET /v1/reference/counties (4.2): one or more counties for a ZIP code',
    request: (f) => ({
      method: 'GET',
      path: '/v1/reference/counties',
      query: { zip_code: String(f.zipCode) },
      label: 'preflight: fixture zipCode',
    }),
    absent: (ex, f) => {
      if (status(ex) === 404)
        return [{ fixture: 'zipCode', why: `the target answers 404 for zip_code ${String(f.zipCode)}` }];
      // 2.5: quotes use "the fips_code obtained from the counties endpoint".
      const fips = countyFips(ex);
      return status(ex) === 200 && f.fipsCode !== undefined && fips.length > 0 && !fips.includes(String(f.fipsCode))
        ? [
            {
              fixture: 'fipsCode',
              why:
                `${String(f.fipsCode)} is not among the counties of zipCode ${String(f.zipCode)} ` +
                `(${fips.join(', ')})`,
            },
          ]
        : [];
    },
  },
  {
    fixture: 'confirmationId',
    with: ['policyPlanYear'],
    basis:
      'GET /v1/policy-status/applications/{confirmation_id} (4.8): 404 for an application the target does not have',
    request: (f) => ({
      method: 'GET',
      path: `/v1/policy-status/applications/${encodeURIComponent(String(f.confirmationId))}`,
      query: { exchange: 'on_exchange', plan_year: String(f.policyPlanYear) },
      label: 'preflight: fixture confirmationId',
    }),
    absent: (ex, f) =>
      status(ex) === 404
        ? [
            {
              fixture: 'confirmationId',
              why:
                `the target answers 404 for confirmation_id ${String(f.confirmationId)} in ` +
                `plan_year ${String(f.policyPlanYear)}`,
            },
          ]
        : [],
  },
  {
    fixture: 'legacyPlanHiosId',
    basis: 'GET /api/v1/plans/:hios_id (4.16): the plan lookup of the older ICHRA interface',
    request: (f) => ({
      method: 'GET',
      api: 'legacy',
      path: `/api/v1/plans/${encodeURIComponent(String(f.legacyPlanHiosId))}`,
      label: 'preflight: fixture legacyPlanHiosId',
    }),
    absent: (ex, f) =>
      status(ex) === 404
        ? [{ fixture: 'legacyPlanHiosId', why: `the target answers 404 for plan ${String(f.legacyPlanHiosId)}` }]
        : [],
  },
];
