/**
 * Validation of the quote request (2.5). The contract states: exactly one coverage_type, one
 * market, a fips_code from the counties endpoint. Member types follow the sample; the rest of
 * required-ness is not shown, so the server needs only what it cannot quote without.
 */
import { ageOn, isDate, isInt, isNonEmptyString, isObject, type Obj } from '../core/shape.js';
import { countiesForZip, countyByFips } from '../reference-data/counties.js';
import type { Applicant, QuoteQuery } from './plans.js';

export const SORT_FIELDS = ['premium', 'deductible', 'name', 'metal_level'] as const;
export const QUOTE_PAGE_DEFAULT = 20;
export const QUOTE_PAGE_MAX = 100;

export interface QuoteRequest extends QuoteQuery {
  sort: { field: (typeof SORT_FIELDS)[number]; direction: 'asc' | 'desc' };
  page: { number: number; size: number };
}

export type Parsed = { ok: true; request: QuoteRequest } | { ok: false; message: string; field: string };

const fail = (field: string, message: string): Parsed => ({ ok: false, field, message });

export function parseQuoteRequest(body: unknown, now: Date): Parsed {
  if (!isObject(body)) return fail('body', 'A JSON object body is required.');
  const context = body.context;
  if (!isObject(context)) return fail('context', 'context is required (product, exchange, coverage_family, coverage_type, plan_year).');
  if (Array.isArray(context.coverage_type)) return fail('context.coverage_type', 'Exactly one coverage_type per request: send a single string.');
  if (!isNonEmptyString(context.coverage_type)) return fail('context.coverage_type', 'context.coverage_type is required (a single string, e.g. medical).');
  if (Array.isArray(context.exchange)) return fail('context.exchange', 'One market per request: send exchange as a single string.');
  if (!isNonEmptyString(context.exchange)) return fail('context.exchange', 'context.exchange is required (on_exchange or off_exchange).');
  if (!isInt(context.plan_year)) return fail('context.plan_year', 'context.plan_year is required and must be an integer.');
  for (const name of ['product', 'coverage_family'] as const) {
    if (context[name] !== undefined && typeof context[name] !== 'string') return fail(`context.${name}`, `context.${name} must be a string.`);
  }
  const location = body.location;
  if (!isObject(location)) return fail('location', 'location is required with the fips_code from GET /v1/reference/counties.');
  const county = typeof location.fips_code === 'string' ? countyByFips(location.fips_code) : undefined;
  if (!county) return fail('location.fips_code', 'location.fips_code must be a county FIPS code returned by GET /v1/reference/counties.');
  if (location.zip_code !== undefined && !(countiesForZip(String(location.zip_code)) ?? []).some((c) => c.fips_code === county.fips_code)) {
    return fail('location.zip_code', 'location.zip_code does not contain the county of location.fips_code.');
  }
  if (location.state !== undefined && location.state !== county.state) return fail('location.state', `location.state must be ${county.state}, the state of the county.`);
  const applicants = parseApplicants(body.household, now);
  if (!Array.isArray(applicants)) return applicants;
  const sort = parseSort(body.sort);
  if ('ok' in sort) return sort;
  const page = parsePage(body.page);
  if ('ok' in page) return page;
  return {
    ok: true,
    request: { coverageType: context.coverage_type, exchange: context.exchange, planYear: context.plan_year, state: county.state, fips: county.fips_code, applicants, sort, page },
  };
}

function parseApplicants(household: unknown, now: Date): Applicant[] | Parsed {
  if (household === undefined) return [{ age: 40, uses_tobacco: false }];
  if (!isObject(household)) return fail('household', 'household must be an object.');
  if (household.household_size !== undefined && !(isInt(household.household_size) && household.household_size >= 1)) return fail('household.household_size', 'household.household_size must be an integer of at least 1.');
  if (household.annual_income !== undefined && !(typeof household.annual_income === 'number' && household.annual_income >= 0)) return fail('household.annual_income', 'household.annual_income must be a number of at least 0.');
  if (household.effective_date !== undefined && !isDate(household.effective_date)) return fail('household.effective_date', 'household.effective_date must be a date, YYYY-MM-DD.');
  if (household.applicants === undefined) return [{ age: 40, uses_tobacco: false }];
  if (!Array.isArray(household.applicants) || household.applicants.length === 0) return fail('household.applicants', 'household.applicants must be a non-empty array.');
  const out: Applicant[] = [];
  for (const [i, a] of household.applicants.entries()) {
    const at = `household.applicants[${i}]`;
    if (!isObject(a)) return fail(at, `${at} must be an object.`);
    const checked = checkApplicant(a, at);
    if (checked) return checked;
    const age = isInt(a.age) ? a.age : isDate(a.date_of_birth) ? ageOn(a.date_of_birth, now) : 40;
    out.push({ age, uses_tobacco: a.uses_tobacco === true });
  }
  return out;
}

function checkApplicant(a: Obj, at: string): Parsed | undefined {
  if (a.age !== undefined && !(isInt(a.age) && a.age >= 0 && a.age <= 120)) return fail(`${at}.age`, `${at}.age must be an integer from 0 to 120.`);
  if (a.date_of_birth !== undefined && !isDate(a.date_of_birth)) return fail(`${at}.date_of_birth`, `${at}.date_of_birth must be a date, YYYY-MM-DD.`);
  if (a.member_id !== undefined && typeof a.member_id !== 'string') return fail(`${at}.member_id`, `${at}.member_id must be a string.`);
  for (const flag of ['uses_tobacco', 'pregnant', 'blind_or_disabled', 'native_american']) {
    if (a[flag] !== undefined && typeof a[flag] !== 'boolean') return fail(`${at}.${flag}`, `${at}.${flag} must be a boolean.`);
  }
  return undefined;
}

function parseSort(sort: unknown): QuoteRequest['sort'] | Parsed {
  if (sort === undefined) return { field: 'premium', direction: 'asc' };
  if (!isObject(sort)) return fail('sort', 'sort must be an object with field and direction.');
  const field = sort.field ?? 'premium';
  const direction = sort.direction ?? 'asc';
  if (!SORT_FIELDS.includes(field as never)) return fail('sort.field', `sort.field must be one of ${SORT_FIELDS.join(', ')}.`);
  if (direction !== 'asc' && direction !== 'desc') return fail('sort.direction', 'sort.direction must be asc or desc.');
  return { field: field as QuoteRequest['sort']['field'], direction };
}

function parsePage(page: unknown): QuoteRequest['page'] | Parsed {
  if (page === undefined) return { number: 1, size: QUOTE_PAGE_DEFAULT };
  if (!isObject(page)) return fail('page', 'page must be an object with number and size.');
  const number = page.number ?? 1;
  const size = page.size ?? QUOTE_PAGE_DEFAULT;
  if (!isInt(number) || number < 1) return fail('page.number', 'page.number must be an integer of at least 1.');
  if (!isInt(size) || size < 1 || size > QUOTE_PAGE_MAX) return fail('page.size', `page.size must be an integer from 1 to ${QUOTE_PAGE_MAX}.`);
  return { number, size };
}
