/**
 * Requests of the older ICHRA interface (4.16) and readings of its answers. The contract shows
 * one request body (the APTC sample: zip_code, fip_code, household_income, plan_year,
 * applicants[] {age, relationship, smoker}) and no response body, so the readings below look
 * for what a rule names (an id, a URL) without assuming where a target puts it.
 */
import { applicantAge, birthDate, externalId, personName } from '../../generators/index.js';
import {
  draw,
  expectSuccessShared,
  type ApiRequest,
  type CheckContext,
  type Exchange,
} from '../../harness/suite/index.js';
import { targetToday } from '../../harness/suite/target-clock.js';
import { isObject } from '../../harness/is-object.js';

/** Fixture `planYear`, else the current year on the target's clock. */
function planYear(t: CheckContext): number {
  const year = Number(t.target.fixture('planYear'));
  return Number.isInteger(year) && year > 0 ? year : targetToday(t).getUTCFullYear();
}

/**
 * The contract's APTC sample, with the target's own ZIP code and county (fixtures `zipCode`,
 * `fipsCode` when present). Quotes get the same household: their body is not shown.
 */
function householdSample(t: CheckContext): Record<string, unknown> {
  const fips = t.target.fixture('fipsCode');
  return {
    zip_code: t.fixture('zipCode'),
    ...(fips !== undefined ? { fip_code: String(fips) } : {}),
    household_income: 42_000,
    plan_year: planYear(t),
    applicants: [
      { age: 40, relationship: 'self', smoker: false },
      { age: 38, relationship: 'spouse', smoker: true },
    ],
  };
}

/** A quote request for the household of the APTC sample (its body is not shown). */
export function quoteRequest(t: CheckContext): ApiRequest {
  return { method: 'POST', api: 'legacy', path: '/api/v1/quotes', json: householdSample(t) };
}

/** The two paths of the APTC estimates endpoint ("also written `POST /aptc_estimates`"). */
export const APTC_PATHS = { canonical: '/api/v1/aptc_estimates', alias: '/aptc_estimates' } as const;

export function aptcRequest(t: CheckContext, path: string): ApiRequest {
  return { method: 'POST', api: 'legacy', path, json: householdSample(t) };
}

export function planRequest(hiosId: string): ApiRequest {
  return { method: 'GET', api: 'legacy', path: `/api/v1/plans/${encodeURIComponent(hiosId)}` };
}

/** Well-formed (14 characters, like a HIOS plan id) and in no issuer's range. */
export const UNKNOWN_PLAN_HIOS_ID = '99999ZZ9999999';

/** An application id no create of the suite is answered with. */
export const UNKNOWN_APPLICATION_ID = 'app_conformance_unknown_000';

/**
 * An application for the `legacyPlanHiosId` fixture, with a fresh partner reference holding any
 * characters and an applicant drawn from the domain (names of every kind, a date of birth on the
 * edge of an adult's age at the effective date).
 */
export function createApplication(t: CheckContext): ApiRequest {
  const effective = `${planYear(t)}-01-01`;
  const age = draw(t, applicantAge({ min: 18, max: 64 }), 'legacy applicant age');
  return {
    method: 'POST',
    api: 'legacy',
    path: '/api/v1/applications',
    json: {
      plan_hios_id: t.fixture('legacyPlanHiosId'),
      external_id: draw(t, externalId({ stamp: `${t.idempotencyKey('legacy-app')} ` }), 'legacy external_id'),
      effective_date: effective,
      applicants: [
        {
          first_name: draw(t, personName(), 'legacy first_name'),
          last_name: draw(t, personName(), 'legacy last_name'),
          date_of_birth: draw(t, birthDate({ on: effective, age }), 'legacy date_of_birth'),
          relationship: 'self',
        },
      ],
    },
  };
}

export const readApplication = (id: string): ApiRequest => ({
  method: 'GET',
  api: 'legacy',
  path: `/api/v1/applications/${encodeURIComponent(id)}`,
});
export const submitApplication = (id: string): ApiRequest => ({
  method: 'POST',
  api: 'legacy',
  path: `/api/v1/applications/${encodeURIComponent(id)}/submit`,
  json: {},
});

type Json = Record<string, unknown>;

/** Where an application's id may sit: top level, or inside a wrapper named after the resource. */
const ID_HOLDERS: ReadonlyArray<(body: Json) => unknown> = [(b) => b, (b) => b.application, (b) => b.data];

/** The application id in a create or read answer, as a string, or undefined. */
export function applicationIdOf(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  for (const holder of ID_HOLDERS) {
    const id = (holder(body) as Json | undefined)?.id;
    if ((typeof id === 'string' && id !== '') || typeof id === 'number') return String(id);
  }
  return undefined;
}

function isWebUrl(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  try {
    const url = new URL(v);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** An absolute http(s) URL among the body's members, one level of nesting included. */
export function urlIn(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  const values = Object.values(body).flatMap((v) => (isObject(v) ? Object.values(v) : [v]));
  return values.find(isWebUrl) as string | undefined;
}

/**
 * The structure of a JSON value without its values: member names and value types, arrays by
 * their first element. Two answers to the same request from one endpoint share it.
 */
export function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.length > 0 ? [shapeOf(value[0])] : [];
  if (isObject(value))
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, shapeOf(value[k])]),
    );
  return value === null ? 'null' : typeof value;
}

/** Members that name an answer, not what it computed (an id, a time): two answers to one request may differ there. */
const NAMES_ITS_ANSWER = /(^|_)(id|at|time|timestamp)$|^(created|updated|generated)/;

/**
 * A JSON value without the members that name the answer itself (NAMES_ITS_ANSWER), keys in order:
 * two answers of one endpoint to the same request compute the same rest.
 */
export function computedOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(computedOf);
  if (isObject(value))
    return Object.fromEntries(
      Object.keys(value)
        .filter((k) => !NAMES_ITS_ANSWER.test(k))
        .sort()
        .map((k) => [k, computedOf(value[k])]),
    );
  return value;
}

/** A 2xx status: the contract shows no success status for this interface (`2XX` in its document). */
export function expectSuccess(t: CheckContext, ex: Exchange, what: string, rule: string, operationId: string): void {
  const status = ex.response?.status;
  t.expect.rules(rule).that(ex, {
    holds: status !== undefined && status >= 200 && status < 300,
    title: `${what} is not accepted`,
    expected: 'a 2xx status',
    observed: () =>
      ex.response
        ? `status ${ex.response.status} with body ${ex.response.body.slice(0, 300)}`
        : `no response (${ex.error ?? 'transport failure'})`,
  });
  // A success in JSON, no key echoed, valid for the document: the shared rules the check names (5.6, section 4).
  expectSuccessShared(t, operationId, ex);
}
