/**
 * Asynchronous processing (section 3): a 202 starts the work, the outcome shows later in
 * `policy_status`. Submission settles after `processingDelayMs`; a first accepted submission
 * gives `pending_effectuation`, and the policy is effectuated a further 2 x delay later once its
 * `desired_effective_date` has arrived (a future date keeps it pending, so it stays cancellable).
 * Cancellation and termination settle after `processingDelayMs`.
 */
import type { ServerEnv } from '../types.js';
import type { Application } from './application.js';
import { isoDate } from './application.js';
import { carrierOf } from './carriers.js';

const effectuationDelay = (env: ServerEnv): number => 2 * env.processingDelayMs;

function touch(app: Application, env: ServerEnv): void {
  app.updated_at = env.now().toISOString();
}

/** Effectuation is due once the coverage start date has arrived and the delay has passed. */
function effectuationDue(app: Application, env: ServerEnv, delayPassed: boolean): boolean {
  if (app.policy_status !== 'pending_effectuation' || app.pending_action !== null || env.faulty('enr-never-effectuated')) return false;
  const start = app.data.desired_effective_date;
  return typeof start === 'string' && isoDate(env.now()) >= start && delayPassed;
}

function effectuate(app: Application, env: ServerEnv): void {
  app.policy_status = 'effectuated';
  touch(app, env);
}

/**
 * Brings a pending application up to date with the clock: called before every read or action,
 * so a future-dated policy effectuates once the (injected) clock reaches its date.
 */
export function catchUp(app: Application, env: ServerEnv): void {
  if (app.accepted_at_ms === null) return;
  const passed = env.now().getTime() >= app.accepted_at_ms + effectuationDelay(env);
  if (effectuationDue(app, env, passed)) effectuate(app, env);
}

function settleSubmission(app: Application, env: ServerEnv): void {
  if (env.faulty('enr-submit-never-settles')) return;
  const outcome = env.faulty('enr-submit-failure-hidden') ? 'accepted' : carrierOf(app.data.plan_hios_id).submission_outcome;
  app.pending_action = null;
  if (outcome === 'failed' || app.errors.length > 0) {
    app.submission_status = 'failed';
    app.policy_status = 'submission_failed';
    touch(app, env);
    return;
  }
  app.submission_status = 'accepted';
  // Changes up to the submitted revision are now with the carrier.
  app.changes = app.changes.filter((c) => c.revision > (app.submitted_revision ?? -1));
  if (app.policy_status === 'draft' || app.policy_status === 'submission_failed') {
    app.policy_status = 'pending_effectuation';
    app.accepted_at_ms = env.now().getTime();
    // The timer effectuates when the date has come, whatever the injected clock says about the delay.
    env.later(effectuationDelay(env), () => {
      if (effectuationDue(app, env, true)) effectuate(app, env);
    });
  }
  touch(app, env);
}

export function startSubmission(app: Application, env: ServerEnv): void {
  app.pending_action = 'submission';
  app.submission_status = 'processing';
  app.submitted_revision = app.revision;
  app.submitted_at = env.now().toISOString();
  touch(app, env);
  env.later(env.processingDelayMs, () => settleSubmission(app, env));
}

const OUTCOME = { cancellation: 'cancelled', termination: 'terminated' } as const;
const NO_EFFECT_FAULT = { cancellation: 'enr-cancel-no-effect', termination: 'enr-terminate-no-effect' } as const;

/** Cancellation or termination: accepted now, the policy status changes when it settles. */
export function startStatusChange(app: Application, env: ServerEnv, action: 'cancellation' | 'termination'): void {
  app.pending_action = action;
  touch(app, env);
  env.later(env.processingDelayMs, () => {
    app.pending_action = null;
    if (!env.faulty(NO_EFFECT_FAULT[action])) app.policy_status = OUTCOME[action];
    touch(app, env);
  });
}
