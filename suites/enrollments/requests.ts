/**
 * Direct-enrollment requests (2.8, 4.9–4.15): paths, the routing context, and create bodies
 * valid for the target. Plans come from the profile (`planFull`, `planLimited`,
 * `planSubmissionFails`); everything else is the 2.8 sample shape with neutral values.
 */
import { applicantAge, birthDate, externalId, personName } from '../../generators/index.js';
import { draw, type ApiRequest, type CheckContext } from '../../harness/suite/index.js';
import { targetToday } from '../../harness/suite/target-clock.js';

export const ENROLLMENTS_PATH = '/v1/enrollments';
/** The only routing this family accepts (4.9, 4.12–4.15). */
export const ROUTING = { product: 'ichra', exchange: 'off_exchange' } as const;

/** Plan fixtures by the carrier behaviour a check relies on. */
export type PlanFixture = 'planFull' | 'planLimited' | 'planSubmissionFails';

/** A well-formed id no target issued, for the 404 checks and the edge checks that never reach a lookup. */
export const UNKNOWN_ENROLLMENT_ID = 'enr_conformance_unknown_0000';

export const itemPath = (id: string, suffix = ''): string => `${ENROLLMENTS_PATH}/${encodeURIComponent(id)}${suffix}`;

/** When coverage starts: today (a policy can become active now) or later (it stays pending, so it can be cancelled). */
export type Start = 'today' | 'future';
const FUTURE_DAYS = 60;

export function isoDay(offsetDays = 0, now = new Date()): string {
  return new Date(now.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Plan year of new applications: fixture `enrollmentPlanYear`, else the target's current year (a
 * policy must be active to be terminated).
 */
export function planYear(t: CheckContext): number {
  const pinned = Number(t.target.fixture('enrollmentPlanYear'));
  return Number.isInteger(pinned) && pinned > 0 ? pinned : targetToday(t).getUTCFullYear();
}

export interface BodyParts {
  start?: Start;
  planYear?: number;
  /**
   * A primary applicant without the members a carrier needs before submission (INCOMPLETE_LEAVES_OUT):
   * an application the document accepts, with outstanding errors.
   */
  incomplete?: boolean;
  /** A special enrollment period, so supporting documentation applies. */
  withSep?: boolean;
  /** Member overrides, e.g. a changed phone number. */
  extra?: Record<string, unknown>;
}

/** A qualifying event from the document's SpecialEnrollmentPeriod.event_type enum. */
const SEP_EVENT_TYPE = 'loss_of_mec';

/**
 * What an incomplete primary applicant leaves out: members carriers need for submission that
 * the document's PrimaryApplicant does not require (it requires name, date_of_birth, gender).
 */
export const INCOMPLETE_LEAVES_OUT = ['signature', 'email', 'phone'] as const;

/** A complete 2.8 create body for `plan` (the document's EnrollmentRequest), with a per-run unique external_id. */
export function createBody(t: CheckContext, plan: string, parts: BodyParts = {}): Record<string, unknown> {
  const start = parts.start ?? 'today';
  return {
    context: { ...ROUTING, plan_year: parts.planYear ?? planYear(t) },
    external_id: t.idempotencyKey('enr'),
    plan_hios_id: plan,
    desired_effective_date: isoDay(start === 'future' ? FUTURE_DAYS : 0, targetToday(t)),
    applicants: { primary: parts.incomplete ? incompleteApplicant() : primaryApplicant() },
    residential_address: { street_address_1: '1 Conformance Way', city: 'Sacramento', state: 'CA', zip_code: '95814' },
    ...(parts.withSep
      ? { special_enrollment_period: { event_type: SEP_EVENT_TYPE, event_date: isoDay(-10, targetToday(t)) } }
      : {}),
    ...parts.extra,
  };
}

/** The complete primary applicant (the document's PrimaryApplicant plus what carriers need to submit). */
export function primaryApplicant(phone = '5555550123'): Record<string, string> {
  return {
    first_name: 'Ada',
    last_name: 'Conformance',
    date_of_birth: '1985-12-10',
    gender: 'female',
    email: 'ada.conformance@example.com',
    phone,
    signature: 'Ada Conformance',
  };
}

/** Members of the create body an application shows back as sent (ENR-CREATE-DATA-ROUND-TRIP). */
export const ROUND_TRIP_MEMBERS = [
  'external_id',
  'applicants.primary.first_name',
  'applicants.primary.last_name',
  'applicants.primary.date_of_birth',
] as const;

/**
 * Members of a PUT body the application its answer shows holds as sent (ENR-UPDATE-ANSWER-SHOWN):
 * those of a create, and the phone every PUT of the suite changes.
 */
export const UPDATE_SHOWN_MEMBERS = [...ROUND_TRIP_MEMBERS, 'applicants.primary.phone'] as const;

/**
 * Create-body members drawn from the contract's domain (generators/domain), per run seed and
 * `label`: an external_id over every character a string allows after a run-unique stamp, names
 * of every kind, and a date of birth on an edge of an adult's age today.
 */
export function domainMembers(t: CheckContext, label: string): Record<string, unknown> {
  const age = draw(t, applicantAge({ min: 18, max: 64 }), `${label} age`);
  return {
    external_id: draw(t, externalId({ stamp: `${t.idempotencyKey(label)} ` }), `${label} external_id`),
    applicants: {
      primary: {
        ...primaryApplicant(),
        first_name: draw(t, personName(), `${label} first_name`),
        last_name: draw(t, personName(), `${label} last_name`),
        date_of_birth: draw(t, birthDate({ on: isoDay(0, targetToday(t)), age }), `${label} date_of_birth`),
      },
    },
  };
}

/** The primary applicant without INCOMPLETE_LEAVES_OUT. */
function incompleteApplicant(): Record<string, string> {
  const applicant = primaryApplicant();
  for (const member of INCOMPLETE_LEAVES_OUT) delete applicant[member];
  return applicant;
}

/**
 * A PUT body (the document's EnrollmentUpdateRequest): the whole application as created, with
 * the routing context and the application's plan year, and `primary` as the primary applicant.
 * A target that merges and one that replaces (PUT-MERGE-OR-REPLACE) read it alike: nothing it
 * leaves out could be cleared.
 */
export function updateBody(
  created: Record<string, unknown>,
  primary: Record<string, string> = primaryApplicant(),
): Record<string, unknown> {
  const context = created.context as { plan_year?: unknown } | undefined;
  const applicants = (created.applicants ?? {}) as Record<string, unknown>;
  return {
    ...created,
    context: { ...ROUTING, plan_year: context?.plan_year },
    applicants: { ...applicants, primary },
  };
}

/** PUT /v1/enrollments/{id} with `json`. */
export function updateRequest(id: string, json: unknown, extra: Partial<ApiRequest> = {}): ApiRequest {
  return { method: 'PUT', path: itemPath(id), json, ...extra };
}

/** POST /v1/enrollments with a fresh Idempotency-Key unless one is given. */
export function createRequest(json: unknown, extra: Partial<ApiRequest> = {}): ApiRequest {
  return { method: 'POST', path: ENROLLMENTS_PATH, json, idempotencyKey: true, ...extra };
}

export function listRequest(
  query: Record<string, string | number | undefined> = {},
  extra: Partial<ApiRequest> = {},
): ApiRequest {
  return { method: 'GET', path: ENROLLMENTS_PATH, query: { ...ROUTING, ...query }, ...extra };
}

export function readRequest(id: string, extra: Partial<ApiRequest> = {}): ApiRequest {
  return { method: 'GET', path: itemPath(id), query: { ...ROUTING }, ...extra };
}

export type Action = 'submissions' | 'cancellations' | 'terminations';

/** Body of submit, cancel and terminate (4.13): the routing context, no plan_year. */
export function actionRequest(id: string, action: Action, extra: Partial<ApiRequest> = {}): ApiRequest {
  return { method: 'POST', path: itemPath(id, `/${action}`), json: { context: { ...ROUTING } }, ...extra };
}

export function paymentRequest(id: string, extra: Partial<ApiRequest> = {}): ApiRequest {
  return { method: 'GET', path: itemPath(id, '/payment_redirect'), query: { ...ROUTING }, ...extra };
}
