/**
 * What the profile's test carriers do, by plan fixture (the profile's contract with the suite:
 * planFull supports every status change, planLimited none, planSubmissionFails refuses every
 * submission). The model predicts outcomes from this table only.
 */
import type { Needs } from '../../../harness/suite/index.js';
import type { PlanFixture } from '../requests.js';

export interface CarrierTraits {
  /** Section 3.3. */
  cancellation: boolean;
  /** Section 3.4. */
  termination: boolean;
  /** Section 3.2 and 4.11. */
  postEnrollmentChanges: boolean;
  /** Section 3.6: payment_redirect_supported. */
  paymentRedirect: boolean;
  /** What asynchronous processing of a first submission ends in. */
  submission: 'pending_effectuation' | 'submission_failed';
  /** Share of the run profile's sequence runs: the carrier with every transition gets them all. */
  runShare: number;
}

export const CARRIER_TRAITS: Readonly<Record<PlanFixture, CarrierTraits>> = {
  planFull: {
    cancellation: true,
    termination: true,
    postEnrollmentChanges: true,
    paymentRedirect: true,
    submission: 'pending_effectuation',
    runShare: 1,
  },
  planLimited: {
    cancellation: false,
    termination: false,
    postEnrollmentChanges: false,
    paymentRedirect: false,
    submission: 'pending_effectuation',
    runShare: 0.3,
  },
  planSubmissionFails: {
    cancellation: false,
    termination: false,
    postEnrollmentChanges: false,
    paymentRedirect: false,
    submission: 'submission_failed',
    runShare: 0.15,
  },
};

/** The plan fixtures a model run may create applications for. */
export const MODEL_PLANS = Object.keys(CARRIER_TRAITS) as PlanFixture[];

/** Rules of the model only a carrier of some traits can show: a refusal needs a carrier that refuses. */
const SHOWN_BY: Readonly<Record<string, (c: CarrierTraits) => boolean>> = {
  'ENR-CANCEL-202': (c) => c.cancellation,
  'ENR-CANCEL-OUTCOME': (c) => c.cancellation,
  'ENR-CANCEL-UNSUPPORTED-CARRIER-400': (c) => !c.cancellation,
  'ENR-TERMINATE-202': (c) => c.termination,
  'ENR-TERMINATE-OUTCOME': (c) => c.termination,
  'ENR-TERMINATE-UNSUPPORTED-CARRIER-400': (c) => !c.termination,
  'ENR-UPDATE-UNSUPPORTED-CARRIER': (c) => !c.postEnrollmentChanges,
  'ENR-PAYMENT-200': (c) => c.paymentRedirect,
  'ENR-PAYMENT-UNSUPPORTED-422': (c) => !c.paymentRedirect,
  'ENR-EFFECTUATION': (c) => c.submission === 'pending_effectuation',
  'ENR-SUBMIT-FAILED-OUTCOME': (c) => c.submission === 'submission_failed',
};

/**
 * What a model check on `plan` applications needs to prove each rule its carrier cannot show:
 * the fixture of a carrier that can (the check runs, and such a rule is skipped with it).
 */
export function carrierRuleNeeds(plan: PlanFixture): Record<string, Needs> {
  return Object.fromEntries(
    Object.entries(SHOWN_BY).flatMap(([rule, shows]) => {
      const other = MODEL_PLANS.find((p) => shows(CARRIER_TRAITS[p]));
      return shows(CARRIER_TRAITS[plan]) || other === undefined ? [] : [[rule, { fixtures: [other] }]];
    }),
  );
}
