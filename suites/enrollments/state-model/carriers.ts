/**
 * What the profile's test carriers do, by plan fixture (the profile's contract with the suite:
 * planFull supports every status change, planLimited none, planSubmissionFails refuses every
 * submission). The model predicts outcomes from this table only.
 */
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
