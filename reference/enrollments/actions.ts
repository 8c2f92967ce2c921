/**
 * POST …/submissions, …/cancellations, …/terminations (4.13, section 3). Each checks the body's
 * routing context, then its precondition (preconditions.ts), then answers 202 with the
 * application and a `status_change` block; the outcome settles asynchronously (processing.ts).
 */
import type { RouteContext, RouteResult } from '../types.js';
import type { Application } from './application.js';
import { fail, failMany } from './errors.js';
import type { Refusal } from './preconditions.js';
import { cancelRefusal, submitRefusal, terminateRefusal } from './preconditions.js';
import { startStatusChange, startSubmission } from './processing.js';
import { checkContext, notAnObject } from './request.js';
import type { Service } from './service.js';
import { isApplication, lookup } from './service.js';
import { toView } from './view.js';

type Action = 'submission' | 'cancellation' | 'termination';

interface ActionSpec {
  refusal(app: Application, ctx: RouteContext): Refusal | null;
  start(app: Application, svc: Service): void;
  /** Fault that answers success with 200 instead of 202. */
  status200Fault: string;
}

const SPECS: Record<Action, ActionSpec> = {
  submission: {
    refusal: (app, ctx) => submitRefusal(app, ctx.faulty),
    start: (app, svc) => startSubmission(app, svc.env),
    status200Fault: 'enr-submit-returns-200',
  },
  cancellation: {
    refusal: (app, ctx) => cancelRefusal(app, ctx.faulty),
    start: (app, svc) => startStatusChange(app, svc.env, 'cancellation'),
    status200Fault: 'enr-cancel-returns-200',
  },
  termination: {
    refusal: (app, ctx) => terminateRefusal(app, ctx.now(), ctx.faulty),
    start: (app, svc) => startStatusChange(app, svc.env, 'termination'),
    status200Fault: 'enr-terminate-returns-200',
  },
};

function refuse(app: Application, r: Refusal, action: Action): RouteResult {
  // A submission refused for outstanding errors lists them (3.1).
  if (action === 'submission' && r.code === 'outstanding_errors') {
    return failMany(r.status, [{ code: r.code, message: r.message }, ...app.errors]);
  }
  return fail(r.status, r.code, r.message, r.field);
}

export function statusChange(svc: Service, action: Action) {
  const spec = SPECS[action];
  return (ctx: RouteContext): RouteResult => {
    const app = lookup(svc, ctx);
    if (!isApplication(app)) {
      return action === 'submission' && ctx.faulty('enr-submit-unknown-422') ? fail(422, 'invalid_request', 'Cannot submit.') : app;
    }
    const bodyProblem = notAnObject(ctx.body) ?? checkContext(ctx.body as Record<string, unknown>, action === 'submission' && ctx.faulty('enr-submit-requires-plan-year'));
    if (bodyProblem) return bodyProblem;
    const refusal = spec.refusal(app, ctx);
    if (refusal) return refuse(app, refusal, action);

    spec.start(app, svc);
    const view = toView(app, ctx.now(), ctx.faulty);
    if (ctx.faulty('enr-submit-response-status-outside-enum') && action === 'submission') view.policy_status = 'submitted';
    view.status_change = { action, status: 'processing', requested_at: ctx.now().toISOString() };
    return { status: ctx.faulty(spec.status200Fault) ? 200 : 202, body: view };
  };
}
