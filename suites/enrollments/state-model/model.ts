/**
 * The model of section 3: what the suite knows of each application it made, and, for each
 * operation, the answers the contract allows from that state. A prediction names the rule a
 * different answer breaks; where the contract is silent it allows every plausible answer and
 * names no rule, and an application whose next state the contract does not fix is no longer
 * predicted (`known: false`).
 */
import { ANY_REFUSAL } from '../observe.js';
import type { PlanFixture, Start } from '../requests.js';
import { CARRIER_TRAITS, type CarrierTraits } from './carriers.js';
import type { PolicyStatus } from '../../../harness/model.js';

export interface ModelApp {
  plan: PlanFixture;
  start: Start;
  /** Created with a special enrollment period (supporting documentation applies). */
  sep: boolean;
  status: PolicyStatus;
  /** The rule whose claim put the application in `status`: a read showing another breaks it. */
  statusRule: string;
  /** Outstanding errors (created without what a submission needs, and not fixed by a PUT since). */
  hasErrors: boolean;
  submitted: boolean;
  /** A PUT was accepted since the last submission. */
  changed: boolean;
  /** False once the contract no longer fixes the application's state: the model stops predicting it. */
  known: boolean;
  /**
   * A resubmission was accepted (202) and the contract says neither when its processing ends nor
   * what a cancellation or termination meanwhile gets: from then on either may be refused.
   */
  resubmitted?: boolean;
}

export interface Model {
  apps: ModelApp[];
}

export interface Prediction {
  /** Allowed statuses. */
  statuses: readonly number[];
  /** The rule a status outside `statuses` breaks; absent where the contract is silent. */
  rule?: string;
  /** The errors[] code a refusal carries, when the contract states one. */
  code?: string;
  /** A refusal whose status the contract does not state: any 4xx of ANY_REFUSAL, in the errors[] envelope. */
  anyRefusal?: true;
}

const OK_WRITE = [200, 201, 202, 204] as const;
/** Answers the contract leaves open for a write it says nothing about in this state. */
const OPEN_WRITE = [...OK_WRITE, 400, 409, 422] as const;
const refused = (rule: string, status = 400, code?: string): Prediction => ({
  statuses: [status],
  rule,
  ...(code ? { code } : {}),
});

export const traitsOf = (app: ModelApp): CarrierTraits => CARRIER_TRAITS[app.plan];

/** Section 3.1 and 3.2. */
export function submitPrediction(app: ModelApp): Prediction {
  if (!app.submitted)
    return app.hasErrors
      ? refused('ENR-SUBMIT-OUTSTANDING-ERRORS-422', 422)
      : { statuses: [202], rule: 'ENR-SUBMIT-202' };
  if (!app.changed) {
    // 3.2 says 422; for an ended policy a refusal for its state (400) is as plausible.
    const ended = app.status === 'cancelled' || app.status === 'terminated';
    return { statuses: ended ? [400, 422] : [422], rule: 'ENR-SUBMIT-NO-CHANGES-422' };
  }
  const live = app.status === 'pending_effectuation' || app.status === 'effectuated';
  if (live && traitsOf(app).postEnrollmentChanges)
    return { statuses: [202], rule: 'ENR-SUBMIT-RESUBMIT-AFTER-CHANGES' };
  return { statuses: [202, 400, 409, 422] };
}

/**
 * A status change the contract allows, unless a resubmission may still be in processing (then refusals are open too).
 */
const allowedChange = (app: ModelApp, rule: string): Prediction =>
  app.resubmitted ? { statuses: [202, 400, 409, 422] } : { statuses: [202], rule };

/** Section 3.3: pending effectuation, and a carrier that supports it. */
export function cancelPrediction(app: ModelApp): Prediction {
  const carrier = traitsOf(app).cancellation;
  if (!carrier) return refused('ENR-CANCEL-UNSUPPORTED-CARRIER-400', 400, 'invalid_field_value');
  if (app.status === 'pending_effectuation') return allowedChange(app, 'ENR-CANCEL-202');
  if (app.status === 'draft') return refused('ENR-CANCEL-NOT-PENDING-400', 400, 'invalid_field_value');
  return refused('ENR-CANCEL-PAST-PENDING-400', 400, 'invalid_field_value');
}

/** Section 3.4: an active policy, and a carrier that supports it (the plan year has not ended). */
export function terminatePrediction(app: ModelApp): Prediction {
  if (!traitsOf(app).termination) return refused('ENR-TERMINATE-UNSUPPORTED-CARRIER-400', 400, 'invalid_field_value');
  if (app.status === 'effectuated') return allowedChange(app, 'ENR-TERMINATE-202');
  return refused('ENR-TERMINATE-NOT-ACTIVE-400', 400, 'invalid_field_value');
}

/** Section 4.11: changes to a submitted application only for carriers that support them. */
export function updatePrediction(app: ModelApp): Prediction {
  if (!app.submitted) return { statuses: OPEN_WRITE };
  if (!traitsOf(app).postEnrollmentChanges)
    return { statuses: ANY_REFUSAL, rule: 'ENR-UPDATE-UNSUPPORTED-CARRIER', anyRefusal: true };
  const live = app.status === 'pending_effectuation' || app.status === 'effectuated';
  return live ? { statuses: OK_WRITE, rule: 'ENR-UPDATE-TRACKED' } : { statuses: OPEN_WRITE };
}

/** Section 3.6 and 4.14: redirect data for a carrier that supports it, 422 otherwise. */
export function paymentPrediction(app: ModelApp): Prediction {
  if (!traitsOf(app).paymentRedirect) return { statuses: [422], rule: 'ENR-PAYMENT-UNSUPPORTED-422' };
  const live = app.status === 'draft' || app.status === 'pending_effectuation' || app.status === 'effectuated';
  return live ? { statuses: [200], rule: 'ENR-PAYMENT-200' } : { statuses: [200, 422] };
}

/** Section 4.15: a draft with a special enrollment period takes a PDF; later states are not described. */
export function uploadPrediction(app: ModelApp): Prediction {
  return app.status === 'draft' ? { statuses: [200, 201], rule: 'ENR-DOCS-JSON' } : { statuses: OPEN_WRITE };
}

/** A prediction the contract states as a refusal: the action is not available in this state. */
export const isRefusal = (p: Prediction): boolean => p.rule !== undefined && p.statuses.every((s) => s >= 400);

/** Actions by the route suffix a next_actions href names, with what the model predicts for each. */
export const ACTION_ROUTES: ReadonlyArray<{ suffix: string; predict: (app: ModelApp) => Prediction }> = [
  { suffix: '/submissions', predict: submitPrediction },
  { suffix: '/cancellations', predict: cancelPrediction },
  { suffix: '/terminations', predict: terminatePrediction },
];

/** The route suffixes among `paths` (next_actions hrefs) of actions the model says section 3 refuses to `app`. */
export const refusedOffers = (app: ModelApp, paths: readonly string[]): string[] =>
  ACTION_ROUTES.filter((r) => isRefusal(r.predict(app)) && paths.some((p) => p.endsWith(r.suffix))).map(
    (r) => r.suffix,
  );

/** A new application as created (draft; outstanding errors when the body left them). */
export function createdApp(plan: PlanFixture, start: Start, sep: boolean, incomplete: boolean): ModelApp {
  return {
    plan,
    start,
    sep,
    status: 'draft',
    statusRule: 'ENR-CREATE-INITIAL-DRAFT',
    hasErrors: incomplete,
    submitted: false,
    changed: false,
    known: true,
  };
}
