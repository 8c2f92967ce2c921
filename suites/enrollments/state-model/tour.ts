/**
 * The directed part of the model: one fixed sequence that takes two applications of the carrier
 * with every transition through every state section 3 lets a client reach (draft, pending
 * effectuation, effectuated, terminated, cancelled). In each, the sweep after the settled change
 * tries every status change the state refuses and lists by the new status (its read holds status
 * and next_actions); in draft, pending effectuation and effectuated a PUT follows, and payment
 * redirect data and documentation where they have a rule. Random sequences may or may not line
 * these up; the tour does at every seed.
 */
import fc from 'fast-check';
import type { CheckContext } from '../../../harness/suite/index.js';
import type { PlanFixture } from '../requests.js';
import { ActionCommand } from './commands/actions.js';
import { CreateCommand } from './commands/create.js';
import { PaymentCommand, UpdateCommand, UploadCommand } from './commands/reads.js';
import { CARRIER_TRAITS, MODEL_PLANS } from './carriers.js';
import type { Model } from './model.js';
import { newReal, type Real } from './system.js';

/**
 * Application #1 (pick 0): coverage starting today, with a special enrollment period; #2 (pick 1): coverage starting
 * later.
 */
const A = 0;
const B = 1;

/**
 * The tour, step by step. No resubmission: while the carrier processes one, the contract does not
 * say whether a cancellation or termination is taken, so the tour would predict nothing there.
 */
const TOUR = (plan: PlanFixture): Array<fc.AsyncCommand<Model, Real>> => [
  new CreateCommand(plan, 'today', true, false),
  new CreateCommand(plan, 'future', false, false),
  // Draft: documentation, payment data and a change are all open.
  new UploadCommand(A),
  new PaymentCommand(A),
  new UpdateCommand(A),
  // Submitted with coverage today: on through pending effectuation to effectuated (refusals swept there).
  new ActionCommand('submit', A),
  // Effectuated: a change keeps the status (a later submission sends it).
  new UpdateCommand(A),
  new PaymentCommand(A),
  // Terminated (refusals swept there).
  new ActionCommand('terminate', A),
  // Submitted with coverage later: pending effectuation (refusals swept there), changed, then cancelled.
  new ActionCommand('submit', B),
  new UpdateCommand(B),
  new ActionCommand('cancel', B),
];

/** The carrier the tour takes: the one that allows every status change (the others refuse most of the tour). */
export const TOUR_PLAN: PlanFixture = MODEL_PLANS.find((p) => {
  const c = CARRIER_TRAITS[p];
  return c.cancellation && c.termination && c.postEnrollmentChanges && c.submission === 'pending_effectuation';
})!;

/** Runs the tour against the target of `t`, each answer held to the model (a RuleViolation names the rule broken). */
export async function runTour(t: CheckContext, plan: PlanFixture = TOUR_PLAN): Promise<void> {
  await fc.asyncModelRun(() => ({ model: { apps: [] }, real: newReal(t) }), TOUR(plan));
}
