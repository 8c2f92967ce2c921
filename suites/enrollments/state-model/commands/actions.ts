/**
 * Submit, cancel and terminate (3, 4.13) from whatever state the sequence reached: the answer
 * the model predicts for that state, and after a 202 the asynchronous outcome by bounded polling.
 */
import { sendAction, SHARED_STEPS, statusOf } from '../../applications.js';
import { readRequest, type Action } from '../../requests.js';
import {
  cancelPrediction,
  submitPrediction,
  terminatePrediction,
  traitsOf,
  type ModelApp,
  type Prediction,
} from '../model.js';
import { beginStep, expectPredicted, settle, sweepRefusals, type CarrierMismatch, type Real } from '../system.js';
import { AppCommand, type Picked } from './app-command.js';

interface ActionSpec {
  action: Action;
  verb: string;
  predict(app: ModelApp): Prediction;
  /** After a 202: wait for the outcome and move the model there. */
  settle(real: Real, picked: Picked, what: string, before: ModelApp): Promise<void>;
}

async function submitted(real: Real, { app, index }: Picked, what: string, before: ModelApp): Promise<void> {
  const first = !before.submitted;
  app.submitted = true;
  app.changed = false;
  if (first) {
    if (traitsOf(app).submission === 'submission_failed') {
      await settle(
        real,
        index,
        app,
        ['draft'],
        ['submission_failed'],
        'ENR-SUBMIT-FAILED-OUTCOME',
        `${what}: poll until the outcome shows`,
      );
      return;
    }
    // submission_failed is an outcome the contract allows: from a carrier the profile says accepts, the fixture is
    // wrong.
    const mismatch: CarrierMismatch = { shown: 'submission_failed', ...SHARED_STEPS.acceptedSubmission(app.plan) };
    if (app.start === 'future') {
      await settle(
        real,
        index,
        app,
        ['draft'],
        ['pending_effectuation'],
        'ENR-SUBMIT-ASYNC-OUTCOME',
        `${what}: poll until the outcome shows`,
        mismatch,
      );
      return;
    }
    // Coverage starting today: one poll on through pending_effectuation until the policy is active
    // (so termination can be tried from it); a poll stuck in draft breaks the submission's rule.
    await settle(
      real,
      index,
      app,
      ['draft', 'pending_effectuation'],
      ['effectuated'],
      (shown) => (shown === 'pending_effectuation' ? 'ENR-EFFECTUATION' : 'ENR-SUBMIT-ASYNC-OUTCOME'),
      `${what}: poll until the policy is effectuated`,
      mismatch,
    );
    return;
  }
  // A resubmission sends changes; the contract does not say what the status shows meanwhile.
  app.resubmitted = true;
  const last = await real.t.poll(
    { ...readRequest(real.apps[index].id), label: `${what}: poll until the status settles` },
    (ex) => statusOf(ex) === before.status,
  );
  if (statusOf(last) !== before.status) app.known = false;
}

const SPECS: Record<'submit' | 'cancel' | 'terminate', ActionSpec> = {
  submit: { action: 'submissions', verb: 'submit', predict: submitPrediction, settle: submitted },
  cancel: {
    action: 'cancellations',
    verb: 'cancel',
    predict: cancelPrediction,
    settle: (real, { app, index }, what) =>
      settle(
        real,
        index,
        app,
        ['pending_effectuation'],
        ['cancelled'],
        'ENR-CANCEL-OUTCOME',
        `${what}: poll until the cancellation shows`,
      ),
  },
  terminate: {
    action: 'terminations',
    verb: 'terminate',
    predict: terminatePrediction,
    settle: (real, { app, index }, what) =>
      settle(
        real,
        index,
        app,
        ['effectuated'],
        ['terminated'],
        'ENR-TERMINATE-OUTCOME',
        `${what}: poll until the termination shows`,
      ),
  },
};

export class ActionCommand extends AppCommand {
  constructor(
    readonly kind: keyof typeof SPECS,
    pick: number,
  ) {
    super(pick);
  }
  protected verb(): string {
    return SPECS[this.kind].verb;
  }
  protected async act(picked: Picked, real: Real, what: string): Promise<void> {
    const spec = SPECS[this.kind];
    const before = { ...picked.app };
    const prediction = spec.predict(before);
    const label = beginStep(real, `${what} (${before.status})`);
    const { ex } = await sendAction(real.t, real.apps[picked.index].id, spec.action, label);
    expectPredicted(real.t, ex, prediction);
    if (ex.response?.status !== 202) return;
    // A 202 the contract does not fix the outcome of: the model stops predicting the application.
    if (prediction.rule === undefined) {
      picked.app.known = false;
      return;
    }
    await spec.settle(real, picked, label, before);
    if (picked.app.known) await sweepRefusals(real, picked.index, picked.app, label);
  }
}
