/**
 * Asynchronous processing (section 3): a 202 starts the work, the outcome shows later in
 * `policy_status`. Submission settles after `processingDelayMs`; a first accepted submission
 * gives `pending_effectuation`, and the policy is effectuated a further 2 x delay later once its
 * coverage start has arrived (a future date keeps it pending, so it stays cancellable).
 * Cancellation and termination settle after `processingDelayMs`. Each outcome is an event.
 */
import type { ServerEnv } from '../types.js';
import type { Application } from './application.js';
import { isoDate } from './application.js';
import { carrierOf } from './carriers.js';
import { record } from './events.js';
import { ENROLLMENT_FAULTS as F } from './faults.js';
import type { PolicyStatus } from '../../harness/model.js';

const effectuationDelay = (env: ServerEnv): number => 2 * env.processingDelayMs;

function touch(app: Application, env: ServerEnv): string {
  app.updated_at = env.now().toISOString();
  return app.updated_at;
}

function moveTo(app: Application, env: ServerEnv, status: PolicyStatus, extra: { effective_date?: string } = {}): void {
  const old = app.policy_status;
  app.policy_status = status;
  record(app, { type: 'policy_status_updated', old_status: old, new_status: status, ...extra }, touch(app, env));
}

/**
 * When coverage starts: the `desired_effective_date`, or, when the partner left it to the
 * carrier (the document allows that), the first day of the month after the submission.
 */
function coverageStart(app: Application): string | undefined {
  const start = app.data.desired_effective_date;
  if (typeof start === 'string') return start;
  if (app.submitted_at === null) return undefined;
  const at = new Date(app.submitted_at);
  return isoDate(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)));
}

/** Effectuation is due once the coverage start date has arrived and the delay has passed. */
function effectuationDue(app: Application, env: ServerEnv, delayPassed: boolean): boolean {
  if (app.policy_status !== 'pending_effectuation' || app.pending_action !== null || env.on(F.neverEffectuated))
    return false;
  const start = coverageStart(app);
  return start !== undefined && isoDate(env.now()) >= start && delayPassed;
}

function effectuate(app: Application, env: ServerEnv): void {
  moveTo(app, env, 'effectuated', { effective_date: coverageStart(app)! });
}

/** How long after a cancellation settled the drift fault loses it. */
const DRIFT_AFTER_MS = 1_000;

/** The fault: a cancellation a second old is lost, and the policy reads pending effectuation again. */
function drift(app: Application, env: ServerEnv): void {
  if (app.policy_status !== 'cancelled') return;
  const cancelled = app.events.findLast((e) => e.type === 'cancelled');
  if (cancelled && env.now().getTime() - Date.parse(cancelled.occurred_at) >= DRIFT_AFTER_MS)
    app.policy_status = 'pending_effectuation';
}

/**
 * The fault: a change to an effectuated policy re-enrols it, pending effectuation again with no
 * effectuation to come, though section 3 sends changes by a new submission.
 */
export function reopen(app: Application, env: ServerEnv): void {
  if (app.policy_status !== 'effectuated') return;
  app.accepted_at_ms = null;
  moveTo(app, env, 'pending_effectuation');
}

/**
 * Brings a pending application up to date with the clock: called before every read or action,
 * so a future-dated policy effectuates once the (injected) clock reaches its date.
 */
export function catchUp(app: Application, env: ServerEnv): void {
  if (env.on(F.outcomeDrifts)) drift(app, env);
  if (app.accepted_at_ms === null) return;
  const passed = env.now().getTime() >= app.accepted_at_ms + effectuationDelay(env);
  if (effectuationDue(app, env, passed)) effectuate(app, env);
}

function settleSubmission(app: Application, env: ServerEnv): void {
  if (env.on(F.submitNeverSettles)) return;
  const outcome = env.on(F.submitFailureHidden) ? 'accepted' : carrierOf(app.data.plan_hios_id).submission_outcome;
  app.pending_action = null;
  if (outcome === 'failed' || app.errors.length > 0) {
    const at = touch(app, env);
    record(app, { type: 'submission_failed', message: 'The carrier refused the submission.' }, at);
    app.policy_status = 'submission_failed';
    return;
  }
  if (app.policy_status === 'draft' || app.policy_status === 'submission_failed') {
    moveTo(app, env, 'pending_effectuation');
    app.accepted_at_ms = env.now().getTime();
    // The timer effectuates when the date has come, whatever the injected clock says about the delay.
    env.later(effectuationDelay(env), () => {
      if (effectuationDue(app, env, true)) effectuate(app, env);
    });
    return;
  }
  touch(app, env);
}

export function startSubmission(app: Application, env: ServerEnv): void {
  app.pending_action = 'submission';
  app.submitted_revision = app.revision;
  app.submitted_at = touch(app, env);
  record(app, { type: 'submitted' }, app.submitted_at);
  env.later(env.processingDelayMs, () => settleSubmission(app, env));
}

const OUTCOME = { cancellation: 'cancelled', termination: 'terminated' } as const;
const NO_EFFECT_FAULT = { cancellation: F.cancelNoEffect, termination: F.terminateNoEffect } as const;

/**
 * The date a status change takes effect: a cancellation undoes coverage from its start; a
 * termination ends it on the last day of the current month.
 */
export function changeEffectiveDate(
  app: Application,
  action: 'cancellation' | 'termination',
  now: Date,
): string | null {
  if (action === 'cancellation') return coverageStart(app) ?? null;
  return isoDate(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)));
}

/** Cancellation or termination: accepted now, the policy status changes when it settles. */
export function startStatusChange(app: Application, env: ServerEnv, action: 'cancellation' | 'termination'): void {
  app.pending_action = action;
  const effective = changeEffectiveDate(app, action, env.now());
  touch(app, env);
  env.later(env.processingDelayMs, () => {
    app.pending_action = null;
    if (env.on(NO_EFFECT_FAULT[action])) {
      touch(app, env);
      return;
    }
    if (action === 'cancellation') {
      app.policy_status = 'cancelled';
      record(app, { type: 'cancelled', ...(effective ? { effective_date: effective } : {}) }, touch(app, env));
      return;
    }
    moveTo(app, env, OUTCOME[action], effective ? { effective_date: effective } : {});
  });
}
