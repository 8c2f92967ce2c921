/**
 * The household members of the older interface's quote and APTC requests (the APTC sample:
 * zip_code, fip_code, household_income, plan_year, applicants[] {age, relationship, smoker}).
 * Checks answer a unified 400 naming the member to fix.
 */
import { badRequest } from '../core/respond.js';
import type { RouteResult } from '../types.js';
import { isObject } from '../core/shape.js';

export interface LegacyApplicant {
  age: number;
  relationship: string;
  smoker: boolean;
}

export interface Household {
  zip_code: string;
  fip_code?: string;
  plan_year: number;
  household_income?: number;
  applicants: LegacyApplicant[];
}

function applicantProblem(a: unknown, i: number): RouteResult | null {
  if (!isObject(a))
    return badRequest(`applicants[${i}] must be an object {age, relationship, smoker}.`, `applicants[${i}]`);
  if (!Number.isInteger(a.age) || (a.age as number) < 0 || (a.age as number) > 120)
    return badRequest(`applicants[${i}].age must be an integer from 0 to 120.`, `applicants[${i}].age`);
  if (typeof a.relationship !== 'string' || a.relationship === '')
    return badRequest(`applicants[${i}].relationship must be a string, e.g. "self".`, `applicants[${i}].relationship`);
  if (a.smoker !== undefined && typeof a.smoker !== 'boolean')
    return badRequest(`applicants[${i}].smoker must be a boolean.`, `applicants[${i}].smoker`);
  return null;
}

/** The household of a request body, or the 400 that says what to fix. */
export function readHousehold(body: unknown, incomeRequired: boolean): Household | RouteResult {
  if (!isObject(body)) return badRequest('The request body must be a JSON object.');
  if (typeof body.zip_code !== 'string' || !/^\d{5}$/.test(body.zip_code))
    return badRequest('zip_code must be a 5-digit ZIP code.', 'zip_code');
  if (body.fip_code !== undefined && (typeof body.fip_code !== 'string' || !/^\d{5}$/.test(body.fip_code)))
    return badRequest('fip_code must be a 5-digit county FIPS code.', 'fip_code');
  if (!Number.isInteger(body.plan_year) || (body.plan_year as number) < 2020 || (body.plan_year as number) > 2099)
    return badRequest('plan_year must be an integer from 2020 to 2099.', 'plan_year');
  const income = body.household_income;
  if (
    (income !== undefined || incomeRequired) &&
    (typeof income !== 'number' || !Number.isFinite(income) || income < 0)
  ) {
    return badRequest('household_income must be a non-negative number.', 'household_income');
  }
  if (!Array.isArray(body.applicants) || body.applicants.length === 0 || body.applicants.length > 20)
    return badRequest('applicants must be an array of 1 to 20 members.', 'applicants');
  for (const [i, a] of body.applicants.entries()) {
    const problem = applicantProblem(a, i);
    if (problem) return problem;
  }
  const applicants = (body.applicants as Record<string, unknown>[]).map((a) => ({
    age: a.age as number,
    relationship: a.relationship as string,
    smoker: a.smoker === true,
  }));
  return {
    zip_code: body.zip_code,
    ...(typeof body.fip_code === 'string' ? { fip_code: body.fip_code } : {}),
    plan_year: body.plan_year as number,
    ...(typeof income === 'number' ? { household_income: income } : {}),
    applicants,
  };
}

export function isHousehold(v: Household | RouteResult): v is Household {
  return 'applicants' in v;
}

/** Age curve and tobacco load applied to a 21-year-old's base rate. */
export function memberPremium(baseRate: number, a: LegacyApplicant): number {
  const ageFactor = a.age < 21 ? 0.635 : Math.min(3, 1 + (a.age - 21) * 0.045);
  return baseRate * ageFactor * (a.smoker ? 1.2 : 1);
}

export const round2 = (n: number): number => Math.round(n * 100) / 100;
