/**
 * Enrollment session request bodies (2.6) that are valid for the target, and the variants the
 * checks break one rule at a time. The location comes from the target itself: the county of
 * the `zipCode` fixture (read once per run), else the `state` fixture, which every check that
 * builds a body declares (SESSION_FIXTURES).
 */
import type { ApiRequest, CheckContext } from '../../harness/suite/index.js';
import { targetToday } from '../../harness/suite/target-clock.js';

/** The setup step of a check that needs a session started first (a valid self_service request). */
export const START_SESSION = 'start a self_service session';

const SESSIONS_PATH = '/v1/enrollment-sessions';

/** What every check that builds a session body needs: a state to place it in (placeOf). */
export const SESSION_FIXTURES: readonly string[] = ['state'];
export type Flow = 'agent_assisted' | 'self_service';
/** Every member of `context` is required (2.6). */
export const CONTEXT_FIELDS = [
  'product',
  'exchange',
  'coverage_family',
  'coverage_type',
  'plan_year',
  'flow',
  'locale',
] as const;

interface Place {
  zip_code?: string;
  fips_code?: string;
  state: string;
}

export interface SessionTarget {
  /** The context without `flow`. */
  context: Record<string, unknown>;
  place: Place;
}

/**
 * Context values the prose leaves open ("allowed values ... not shown"): the document's
 * (EnrollmentSessionContext), which a profile can pin with these fixtures.
 */
const CONTEXT_DEFAULTS: ReadonlyArray<[member: string, fixture: string, fallback: string]> = [
  ['product', 'sessionProduct', 'aca'],
  ['exchange', 'sessionExchange', 'on_exchange'],
  ['coverage_family', 'sessionCoverageFamily', 'medical'],
  ['coverage_type', 'sessionCoverageType', 'medical'],
  ['locale', 'sessionLocale', 'en-US'],
];

/** Fixture `planYear`, else the current year on the target's clock. */
function planYear(t: CheckContext): number {
  const year = Number(t.target.fixture('planYear'));
  return Number.isInteger(year) && year > 0 ? year : targetToday(t).getUTCFullYear();
}

interface County {
  fips_code?: unknown;
  state?: unknown;
}

/** One counties read per run and worker: the place every session body uses. */
const places = new Map<string, Promise<Place | undefined>>();

async function countyPlace(t: CheckContext, zip: string): Promise<Place | undefined> {
  const ex = await t.send({
    method: 'GET',
    path: '/v1/reference/counties',
    query: { zip_code: zip },
    label: 'location for session bodies',
  });
  const county = (ex.response?.status === 200 ? (t.json<{ counties?: County[] }>(ex)?.counties ?? [])[0] : undefined) as
    | County
    | undefined;
  if (typeof county?.fips_code !== 'string' || typeof county.state !== 'string') return undefined;
  return { zip_code: zip, fips_code: county.fips_code, state: county.state };
}

async function placeOf(t: CheckContext): Promise<Place> {
  const state = t.fixture<string>('state');
  const [zip, fips] = ['zipCode', 'fipsCode'].map((name) => t.target.fixture(name));
  // The profile already names a county: no read needed.
  if (typeof zip === 'string' && typeof fips === 'string') return { zip_code: zip, fips_code: fips, state };
  if (typeof zip === 'string') {
    const key = `${t.config.runId} ${zip}`;
    if (!places.has(key)) places.set(key, countyPlace(t, zip));
    const place = await places.get(key);
    if (place) return place;
  }
  return { state };
}

export async function sessionTarget(t: CheckContext): Promise<SessionTarget> {
  const context: Record<string, unknown> = { plan_year: planYear(t) };
  for (const [member, fixture, fallback] of CONTEXT_DEFAULTS) {
    const pinned = t.target.fixture(fixture);
    context[member] = typeof pinned === 'string' ? pinned : fallback;
  }
  return { context, place: await placeOf(t) };
}

export interface SessionParts {
  externalId?: string;
  /** Include `location.state` (default true). */
  withState?: boolean;
  planId?: string;
  campaign?: Record<string, unknown>;
  /** The household in place of the one-applicant default (e.g. drawn from the domain). */
  household?: Record<string, unknown>;
}

/** A campaign block with members of the document's EnrollmentSessionCampaign (the prose shows none). */
export const CAMPAIGN = { utm_source: 'conformance-suite', utm_medium: 'api', utm_campaign: 'dialect' };

/** A request body valid for `flow` (unless the parts break a conditional rule on purpose). */
export function sessionBody(target: SessionTarget, flow: Flow, parts: SessionParts = {}): Record<string, unknown> {
  const { state, ...rest } = target.place;
  const location = parts.withState === false ? rest : { ...rest, state };
  return {
    ...(parts.externalId !== undefined ? { external_id: parts.externalId } : {}),
    context: { ...target.context, flow },
    ...(parts.planId !== undefined ? { plan_id: parts.planId } : {}),
    ...(parts.campaign !== undefined ? { campaign: parts.campaign } : {}),
    location,
    household: parts.household ?? {
      annual_income: 42000,
      household_size: 1,
      applicants: [
        {
          relationship: 'primary',
          first_name: 'Ada',
          last_name: 'Conformance',
          email: 'ada.conformance@example.com',
          phone_number: '5555550100',
          date_of_birth: '1985-04-12',
          sex: 'female',
          uses_tobacco: false,
        },
      ],
    },
  };
}

/** A POST of `json` to the sessions route. */
export function createSession(json: unknown, extra: Partial<ApiRequest> = {}): ApiRequest {
  return { method: 'POST', path: SESSIONS_PATH, json, ...extra };
}

/** A unique external_id for this run. */
export const freshExternalId = (t: CheckContext): string => t.idempotencyKey('ext');

/** A plan id for `plan_id`: the `sessionPlanId` fixture (plan ids are target data), which the check declares. */
export const sessionPlanId = (t: CheckContext): string => t.fixture<string>('sessionPlanId');

/** The `sessionPlanId` fixture when the profile has one (a check that can do without it). */
export function optionalSessionPlanId(t: CheckContext): string | undefined {
  const pinned = t.target.fixture('sessionPlanId');
  return typeof pinned === 'string' ? pinned : undefined;
}
