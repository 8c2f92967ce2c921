/**
 * Named fixtures of direct enrollment on the reference server (the profile's fixture names),
 * and a complete, valid create body for tests and examples.
 */
import { planOfCarrier } from './carriers.js';

export const ENROLLMENT_FIXTURES = {
  /** Carrier supporting cancellation, termination, post-enrollment changes and payment redirect. */
  planFull: planOfCarrier('full'),
  /** Carrier supporting none of those. */
  planLimited: planOfCarrier('limited'),
  /** Carrier whose submissions end `submission_failed`. */
  planSubmissionFails: planOfCarrier('refusing'),
} as const;

/** A create body with no outstanding errors; `overrides` replace top-level members. */
export function validCreateBody(
  planHiosId: string,
  overrides: Record<string, unknown> = {},
  today = new Date(),
): Record<string, unknown> {
  const year = today.getUTCFullYear();
  return {
    context: { product: 'ichra', exchange: 'off_exchange', plan_year: year },
    external_id: `ext-${planHiosId}-${Math.floor(today.getTime() % 1e6)}`,
    plan_hios_id: planHiosId,
    desired_effective_date: today.toISOString().slice(0, 10),
    applicants: {
      primary: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        date_of_birth: '1985-12-10',
        gender: 'female',
        email: 'ada@example.com',
        phone: '5555550123',
        signature: 'Ada Lovelace',
      },
    },
    residential_address: { street_address_1: '1 Analytical Way', city: 'Sacramento', state: 'CA', zip_code: '95814' },
    ...overrides,
  };
}

/**
 * A create body the provider's schema accepts but the carrier cannot submit yet: the primary
 * applicant lacks `missing` (by default its date of birth and signature), so the application is
 * a draft whose errors[] names them.
 */
export function incompleteCreateBody(
  planHiosId: string,
  missing: readonly string[] = ['date_of_birth', 'signature'],
  today = new Date(),
): Record<string, unknown> {
  const body = validCreateBody(planHiosId, {}, today);
  const primary = (body.applicants as { primary: Record<string, unknown> }).primary;
  for (const member of missing) delete primary[member];
  return body;
}
